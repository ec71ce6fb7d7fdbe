import Foundation
import Testing

/// Split coordinators and `show` (FLOW-SPEC 13.4) end to end: checked in every output
/// format and drawn, but not generated yet, so `flowc generate` refuses the module cleanly
/// rather than write a `show` as a push.
@Suite struct SplitCommandTests {
  static let flow = """
    version: 1
    coordinators:
      Chats:
        entry: true
        start: RoomList
        split: doubleColumn
        screens:
          RoomList:
            on:
              selected: { show: Room, on: { left: stay } }
      Room:
        result: { left: ~ }
        leave: left
        start: Timeline
        screens:
          Timeline:
            on:
              leave: { finish: left }

    """

  @Test func checkFindsNothingInAModuleWithASplit() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    let result = try flowc(["check"], in: directory.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aShowOutsideAnySplitIsReportedInEveryFormat() throws {
    let broken = Self.flow.replacingOccurrences(of: "    split: doubleColumn\n", with: "")
    #expect(broken != Self.flow)
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": broken])
    defer { directory.cleanUp() }
    let message =
      "coordinator 'Chats' runs in no split coordinator, in any way it is started, so "
      + "'show: Room' has no column to show it in; use 'start: Room' outside a split"
    let text = try flowc(["check"], in: directory.url)
    #expect(text.status == 1)
    #expect(
      text.stdout.hasPrefix(
        "flows/app.flow.yaml:9:23: error: \(message) [unknown-reference]\n"), "\(text.stdout)")
    for format in ["json", "sarif", "github"] {
      let result = try flowc(["check", "--format", format], in: directory.url)
      #expect(result.status == 1, "\(format)")
      #expect(result.stdout.contains("unknown-reference"), "\(format)")
      #expect(result.stdout.contains("runs in no split coordinator"), "\(format)")
    }
  }

  @Test func generateRefusesASplitAndWritesNothing() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    for arguments in [
      ["--output", "Generated"], ["--output", "Generated", "--check"],
      ["--output-file", "Flows.swift"],
    ] {
      let result = try flowc(["generate"] + arguments, in: directory.url)
      #expect(result.status == 1, "\(arguments)")
      #expect(
        result.stderr
          == "flowc: error: flows/app.flow.yaml:6:12: 'split' in coordinator 'Chats': split "
          + "coordinators and 'show' (FLOW-SPEC 13.4) are checked but not generated yet; nothing "
          + "generated\n", "\(arguments)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["flows"])
    }
  }

  /// The first in file order is named: here a `show` in a module whose split comes later.
  @Test func generateNamesTheFirstShowWhenItComesBeforeAnySplit() throws {
    let flow = """
      version: 1
      coordinators:
        Room:
          start: Timeline
          screens:
            Timeline: { on: { more: { show: Other } } }
        Other:
          start: Page
          screens:
            Page: { on: { next: stay } }
        Chats:
          entry: true
          split: tripleColumn
          start: RoomList
          screens:
            RoomList: { on: { selected: { show: Room } } }

      """
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": flow])
    defer { directory.cleanUp() }
    let check = try flowc(["check"], in: directory.url)
    #expect(check.status == 0, "\(check.stdout)")
    let result = try flowc(["generate", "--output", "Generated"], in: directory.url)
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "flowc: error: flows/app.flow.yaml:6:33: 'show' in coordinator 'Room': "),
      "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["flows"])
  }

  /// A `show` is drawn as a child's start until drawings learn columns.
  @Test func graphDrawsAModuleWithASplitInEveryFormat() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    for format in ["dot", "mermaid", "json"] {
      let result = try flowc(["graph", "--format", format], in: directory.url)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      #expect(result.stdout.contains("RoomList"), "\(format)")
      #expect(result.stdout.contains("Timeline"), "\(format)")
    }
  }
}
