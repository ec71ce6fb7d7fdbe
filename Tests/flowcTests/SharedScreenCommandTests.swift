import Foundation
import Testing

/// Shared screens (FLOW-SPEC 13.2) end to end: checked, drawn and generated (the shared nodes
/// once, in `SharedScreens.swift`); a relative link (13.6) opened through every coordinator
/// that can own its screen.
@Suite struct SharedScreenCommandTests {
  static let flow = """
    version: 1
    types:
      AccountID: external
      ThreadID: external
    screens:
      Profile:
        input: AccountID
        on:
          openThread: { payload: ThreadID, push: Thread }
          back: pop
      Thread:
        input: ThreadID
        on:
          openProfile: { payload: AccountID, push: Profile }
          back: pop
    coordinators:
      Home:
        entry: true
        start: Feed
        screens:
          Feed:
            on:
              author: { payload: AccountID, push: Profile }
              search: { start: Search, style: sheet, on: { closed: stay } }
      Search:
        result: { closed: ~ }
        leave: closed
        start: Results
        screens:
          Results:
            on:
              thread: { payload: ThreadID, push: Thread }
              close: { finish: closed }

    """

  @Test func checkFindsNothingInAModuleWithSharedScreens() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    let result = try flowc(["check"], in: directory.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func generateWritesTheSharedScreensOnceBesideTheirOwners() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    let result = try flowc(["generate", "--output", "Generated"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    let written = try FileManager.default.contentsOfDirectory(
      atPath: directory.url.appendingPathComponent("Generated").path)
    #expect(
      written.sorted() == [
        "HomeCoordinator.swift", "SearchCoordinator.swift", "SharedScreens.swift",
      ])
    let shared = try String(
      contentsOf: directory.url.appendingPathComponent("Generated/SharedScreens.swift"),
      encoding: .utf8)
    #expect(shared.contains("protocol SharedScreens {"))
    #expect(shared.contains("enum ProfileEvent {"))
    let home = try String(
      contentsOf: directory.url.appendingPathComponent("Generated/HomeCoordinator.swift"),
      encoding: .utf8)
    #expect(home.contains("screens.sharedScreens.makeProfile(input, send: send)"))
    #expect(!home.contains("enum ProfileEvent"))
    let again = try flowc(["generate", "--output", "Generated", "--check"], in: directory.url)
    #expect(again.status == 0, "\(again.stderr)")
  }

  @Test func generateOpensARelativeLinkThroughEveryCoordinatorThatCanOwnIt() throws {
    let flow =
      Self.flow + """
        links:
          profile:
            url: /profiles/{id}
            params: { id: String }
            values: { AccountID: [id] }
            to: Profile

        """
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": flow])
    defer { directory.cleanUp() }
    let check = try flowc(["check"], in: directory.url)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let result = try flowc(["generate", "--output", "Generated"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    func generated(_ file: String) throws -> String {
      try String(
        contentsOf: directory.url.appendingPathComponent("Generated/\(file)"), encoding: .utf8)
    }
    let links = try generated("FlowLink.swift")
    #expect(
      links.contains(#"let route = LinkRoute(link: "profile", relative: "Profile") { owner in"#))
    #expect(links.contains("if let owner = owner as? HomeCoordinator {"))
    // Search shows Thread only, which reaches Profile: it owns Profile when its screen is on top.
    #expect(links.contains("if let owner = owner as? SearchCoordinator {"))
    #expect(links.contains("owner.pushProfile(value1)"))
    for coordinator in ["Home", "Search"] {
      let code = try generated("\(coordinator)Coordinator.swift")
      #expect(code.contains("  func pushProfile(_ input: AccountID) {"), "\(coordinator)")
    }
    let again = try flowc(["generate", "--output", "Generated", "--check"], in: directory.url)
    #expect(again.status == 0, "\(again.stderr)")
  }

  @Test func graphDrawsAModuleWithSharedScreensInEveryFormat() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    for format in ["dot", "mermaid", "json"] {
      let result = try flowc(["graph", "--format", format], in: directory.url)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      #expect(result.stdout.contains("Profile"), "\(format)")
    }
  }
}
