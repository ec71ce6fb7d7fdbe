import FlowCore
import Testing

/// (r3) Split coordinators and `show` in the drawing (spec section 13.4, issue 33): a lane
/// per column inside the split's box, and each `show` drawn apart from a `start`, with its
/// column.
@Suite struct SplitDrawingTests {
  private let yaml = flow(
    """
    Chats:
      entry: true
      split: tripleColumn
      start: Rooms
      screens:
        Rooms:
          on:
            selected: { payload: String, show: Room, on: { left: stay } }
            info: { show: Info, column: secondary }
            settings: { start: Settings, style: sheet, on: { done: dismiss } }
    Room:
      input: String
      result: { left: ~ }
      start: Timeline
      screens:
        Timeline:
          on:
            thread: { show: Thread }
            leave: { finish: left }
    Thread:
      start: Replies
      screens: { Replies: {} }
    Info:
      start: Details
      screens: { Details: {} }
    Settings:
      result: { done: ~ }
      start: Prefs
      screens: { Prefs: { on: { close: { finish: done } } } }
    """)

  @Test func aSplitsColumnsAreLanesOfItsBoxWithItsOwnScreensInThePrimaryOne() throws {
    let diagram = try drawing(yaml)
    let chats = try #require(diagram.clusters.first { $0.name == "Chats" })
    #expect(chats.split == .tripleColumn)
    #expect(chats.lanes.map(\.column) == [.primary, .supplementary, .secondary])
    #expect(
      chats.lanes.map(\.id) == [
        "cluster_Chats__primary", "cluster_Chats__supplementary", "cluster_Chats__secondary",
      ])
    #expect(chats.lanes[0].nodes.map { diagram.nodes[$0].id } == ["Chats_Rooms"])
    // Each later lane names the children shown there: Room from the split, Thread from
    // Room (the column after Room's), Info by the column it names.
    #expect(chats.lanes.map(\.shows) == [[], ["Room"], ["Thread", "Info"]])
    #expect(
      chats.lanes[1].nodes.map { diagram.nodes[$0].id } == ["Chats__column_supplementary"])
    #expect(diagram.node("Chats__column_secondary")?.kind == .column)
    #expect(diagram.node("Chats__column_secondary")?.label == "Thread · Info")
    // Every lane node is a node of the cluster too.
    #expect(chats.lanes.flatMap(\.nodes).allSatisfy(chats.nodes.contains))
    // No other coordinator has lanes.
    #expect(diagram.clusters.filter { !$0.lanes.isEmpty }.map(\.name) == ["Chats"])
  }

  @Test func aShowIsDrawnApartFromAStartWithItsColumn() throws {
    let diagram = try drawing(yaml)
    #expect(
      diagram.edgeLines.filter { $0.contains("-show->") } == [
        "Chats_Rooms -show-> Room__start \"selected: show → supplementary\" (String) [push]",
        "Chats_Rooms -show-> Info__start \"info: show → secondary\" [push]",
        "Room_Timeline -show-> Thread__start \"thread: show → secondary\" [push]",
      ])
    #expect(
      diagram.edges.filter { $0.kind == .show }.map(\.column) == [
        .supplementary, .secondary, .secondary,
      ])
    #expect(diagram.edges.filter { $0.kind == .show }.allSatisfy { $0.action == "show" })
    // A start beside them stays a start.
    #expect(diagram.edgeLines.contains("Chats_Rooms -start-> Settings__start \"settings\" [sheet]"))

    let dot = DOTWriter.write(diagram)
    #expect(dot.contains("    subgraph \"cluster_Chats__secondary\" {\n"))
    // The payload follows the event it belongs to, not the column.
    #expect(
      dot.contains(
        "label=<selected<font color=\"#78909c\">(String)</font>: show → supplementary>"))
    #expect(dot.contains("arrowhead=normalnormal"))
    try expectGraphvizAccepts(dot)

    let mermaid = MermaidWriter.write(diagram)
    #expect(
      mermaid.contains(
        "    subgraph cluster_Chats__primary [\"primary column\"]\n      Chats_Rooms"))
    #expect(mermaid.contains("      Chats__column_secondary[\\\"Thread · Info\"\\]\n    end\n"))
    #expect(mermaid.contains("  Chats_Rooms ==>|\"info: show → secondary\"| Info__start\n"))
    #expect(
      mermaid.contains(
        "  Chats_Rooms ==>|\"selected(String): show → supplementary\"| Room__start\n"))

    let json = DiagramJSON.write(diagram)
    #expect(json.contains("\"split\": \"tripleColumn\""))
    #expect(json.contains("\"column\": \"supplementary\""))
    #expect(json.contains("\"kind\": \"show\""))
  }

  /// A show in a handler leaves the child's result node, labelled with the column alone; one
  /// of no coordinator leads to a missing node and still says which column it names.
  @Test func aShowInAHandlerAndAShowOfNothing() throws {
    let diagram = try drawing(
      flow(
        """
        Chats:
          entry: true
          split: doubleColumn
          start: Rooms
          screens:
            Rooms:
              on:
                pick: { start: Picker, style: sheet, on: { picked: { show: Room } } }
                typo: { show: Rom, column: secondary }
        Picker:
          result: { picked: ~ }
          start: List
          screens: { List: { on: { done: { finish: picked } } } }
        Room:
          start: Timeline
          screens: { Timeline: {} }
        """))
    #expect(
      diagram.edgeLines.filter { $0.contains("-show->") } == [
        "Picker__result_picked -show-> Room__start \"show → secondary\" [push]",
        "Chats_Rooms -show-> Chats__missing_Rom \"typo: show → secondary\" [push]",
      ])
    #expect(diagram.node("Chats__column_secondary")?.label == "Room")
  }

  /// A show from a coordinator in no split says no column, and no lane is drawn.
  @Test func aShowOutsideAnySplitHasNoColumn() throws {
    let diagram = try drawing(
      flow(
        """
        App:
          entry: true
          start: Home
          screens: { Home: { on: { go: { show: Room } } } }
        Room:
          start: Timeline
          screens: { Timeline: {} }
        """))
    #expect(diagram.edgeLines.contains("App_Home -show-> Room__start \"go: show\" [push]"))
    #expect(diagram.edges.first { $0.kind == .show }?.column == nil)
    #expect(diagram.clusters.allSatisfy { $0.lanes.isEmpty && $0.split == nil })
  }

  /// A coordinator collapsed in a focused drawing is still reached by a show edge; the
  /// split's lanes are drawn in its own focused drawing.
  @Test func focusedDrawings() throws {
    let focused = try drawing(yaml, focus: "Chats")
    #expect(
      focused.edgeLines.contains(
        "Chats_Rooms -show-> Room__coordinator \"selected: show → supplementary\" (String) [push]"))
    #expect(focused.clusters.first?.lanes.count == 3)
    try expectGraphvizAccepts(DOTWriter.write(focused))
  }
}
