import Foundation
import Testing

/// Split coordinators and `show` (FLOW-SPEC 13.4) end to end: checked in every output
/// format, generated and drawn.
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

  /// The split coordinator makes its split before its first screen; each `show` makes its
  /// child on the column's router and shows it there, with the holder's handlers.
  @Test func generateWritesASplitAndItsShows() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    let result = try flowc(["generate", "--output", "Generated"], in: directory.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let generated = directory.url.appendingPathComponent("Generated")
    let chats = try String(
      contentsOf: generated.appendingPathComponent("ChatsCoordinator.swift"), encoding: .utf8)
    #expect(
      chats.contains(
        """
          override func start() {
            showSplit(.doubleColumn)
            push(makeRoomList())
          }
        """), "\(chats)")
    #expect(
      chats.contains(
        """
              let child = RoomCoordinator(screens: screens.roomScreens, router: columnRouter())
              show(child) { result in
        """), "\(chats)")
    let room = try String(
      contentsOf: generated.appendingPathComponent("RoomCoordinator.swift"), encoding: .utf8)
    #expect(!room.contains("showSplit"), "only a split coordinator makes a split")
    let again = try flowc(["generate", "--output", "Generated", "--check"], in: directory.url)
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
  }

  /// A `column:` is passed to both calls, so that the child runs on the router of the column
  /// it is shown in.
  @Test func generateNamesAShowsColumnInBothCalls() throws {
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
            RoomList:
              on:
                selected: { show: Room }
                help: { show: Other, column: secondary }

      """
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": flow])
    defer { directory.cleanUp() }
    let result = try flowc(["generate", "--output-file", "Flows.swift"], in: directory.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let code = try String(
      contentsOf: directory.url.appendingPathComponent("Flows.swift"), encoding: .utf8)
    #expect(code.contains("showSplit(.tripleColumn)"))
    let shownInTheSecondary =
      "let child = OtherCoordinator(screens: screens.otherScreens, router: "
      + "columnRouter(.secondary))\n      show(child, column: .secondary)\n"
    #expect(code.contains(shownInTheSecondary), "\(code)")
    #expect(
      code.contains(
        """
              let child = OtherCoordinator(screens: screens.otherScreens, router: columnRouter())
              show(child)
        """), "\(code)")
  }

  /// A `show` that has no column is an error, so nothing is generated from the module.
  @Test func generateRefusesAShowOutsideAnySplit() throws {
    let broken = Self.flow.replacingOccurrences(of: "    split: doubleColumn\n", with: "")
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": broken])
    defer { directory.cleanUp() }
    let result = try flowc(["generate", "--output", "Generated"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout.contains("[unknown-reference]"), "\(result.stdout)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["flows"])
  }

  /// A module with a split is drawn in every format (the lanes and the show edge:
  /// `SplitDrawingCommandTests`).
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
