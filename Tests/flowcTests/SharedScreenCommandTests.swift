import Foundation
import Testing

/// Shared screens (FLOW-SPEC 13.2) end to end: checked, drawn, but not generated yet, so
/// `flowc generate` refuses the module cleanly rather than write each owner's copy as a
/// screen of its own.
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

  @Test func generateRefusesSharedScreensAndWritesNothing() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    for extra in [[], ["--check"]] {
      let result = try flowc(["generate", "--output", "Generated"] + extra, in: directory.url)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "flowc: error: flows/app.flow.yaml:6:3: shared screen 'Profile': shared screens, "
          + "decisions and alerts (FLOW-SPEC 13.2) are checked but not generated yet; nothing "
          + "generated\n")
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
