import Foundation
import Testing

/// Shared screens (FLOW-SPEC 13.2) end to end: checked, drawn and generated (the shared nodes
/// once, in `SharedScreens.swift`); a relative link (13.6), which the generated code cannot
/// open yet, makes `flowc generate` refuse the module cleanly.
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

  @Test func generateRefusesARelativeLinkAndWritesNothing() throws {
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
    for extra in [[], ["--check"]] {
      let result = try flowc(["generate", "--output", "Generated"] + extra, in: directory.url)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "flowc: error: flows/app.flow.yaml:35:3: link 'profile' is relative (its 'to' names "
          + "shared screen 'Profile' without a coordinator): relative links (FLOW-SPEC 13.6) are "
          + "checked but not generated yet; route it through an owner ('to: "
          + "Coordinator.Profile'); nothing generated\n")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["flows"])
    }
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
