import Foundation
import Testing

/// Split coordinators and `show` (FLOW-SPEC 13.4, issue 33) drawn by `flowc graph` and
/// compared by `flowc diff`, end to end, in every format.
@Suite struct SplitDrawingCommandTests {
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
              info: { start: Room, on: { left: pop } }
      Room:
        result: { left: ~ }
        leave: left
        start: Timeline
        screens:
          Timeline:
            on:
              leave: { finish: left }

    """

  @Test func graphDrawsTheLanesAndTheShowInEveryFormat() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    let dot = try flowc(["graph"], in: directory.url)
    #expect(dot.status == 0, "\(dot.stderr)")
    #expect(dot.stdout.contains("subgraph \"cluster_Chats__primary\""))
    #expect(dot.stdout.contains("subgraph \"cluster_Chats__secondary\""))
    #expect(dot.stdout.contains("label=<selected: show → secondary>"))
    let rendered = try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["dot", "-Tsvg"], input: dot.stdout)
    #expect(rendered.status == 0 && rendered.stderr == "", "\(rendered.stderr)")

    let mermaid = try flowc(["graph", "--format", "mermaid"], in: directory.url)
    #expect(mermaid.status == 0)
    #expect(mermaid.stdout.contains("    subgraph cluster_Chats__secondary [\"secondary column\"]"))
    #expect(
      mermaid.stdout.contains("  Chats_RoomList ==>|\"selected: show → secondary\"| Room__start"))

    let json = try flowc(["graph", "--format", "json"], in: directory.url)
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let clusters = try #require(object["clusters"] as? [[String: Any]])
    let chats = try #require(clusters.first { $0["coordinator"] as? String == "Chats" })
    #expect(chats["split"] as? String == "doubleColumn")
    let lanes = try #require(chats["lanes"] as? [[String: Any]])
    #expect(lanes.map { $0["column"] as? String } == ["primary", "secondary"])
    #expect(lanes.last?["shows"] as? [String] == ["Room"])
    let edges = try #require(object["edges"] as? [[String: Any]])
    let shows = edges.filter { $0["kind"] as? String == "show" }
    #expect(shows.count == 1)
    #expect(shows.first?["column"] as? String == "secondary")
    // A start keeps its kind and has no column key.
    #expect(edges.contains { $0["kind"] as? String == "start" && $0["column"] == nil })
  }

  @Test func diffReportsSplitAndShowChangesInEveryFormat() throws {
    let new =
      Self.flow
      .replacingOccurrences(of: "split: doubleColumn", with: "split: tripleColumn")
      .replacingOccurrences(
        of: "info: { start: Room, on: { left: pop } }",
        with: "info: { show: Room, column: secondary, on: { left: stay } }")
    #expect(new != Self.flow)
    let directory = try TemporaryDirectory(files: [
      "old/app.flow.yaml": Self.flow, "new/app.flow.yaml": new,
    ])
    defer { directory.cleanUp() }
    let text = try flowc(["diff", "old", "new"], in: directory.url)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(
      text.stdout.contains(
        "new/app.flow.yaml:3:3: changed coordinator 'Chats': entry, start: RoomList, split: "
          + "doubleColumn → entry, start: RoomList, split: tripleColumn\n"), "\(text.stdout)")
    #expect(
      text.stdout.contains(
        "changed transition 'Chats.RoomList.info': start: Room → show: Room (column: "
          + "secondary)\n"), "\(text.stdout)")
    let markdown = try flowc(["diff", "--format", "markdown", "old", "new"], in: directory.url)
    #expect(markdown.stdout.contains("split\\: tripleColumn"), "\(markdown.stdout)")
    #expect(markdown.stdout.contains("show\\: Room \\(column\\: secondary\\)"))
    let json = try flowc(["diff", "--format", "json", "old", "new"], in: directory.url)
    #expect(json.stdout.contains("\"new\": \"show: Room (column: secondary)\""), "\(json.stdout)")
    #expect(json.stdout.contains("\"old\": \"start: Room\""))
    let dot = try flowc(["diff", "--format", "dot", "old", "new"], in: directory.url)
    // Amber: the changed coordinator and the start that became a show; the new lane is drawn.
    #expect(dot.stdout.contains("subgraph \"cluster_Chats__supplementary\""))
    #expect(
      dot.stdout.split(separator: "\n").contains {
        $0.contains("\"Chats_RoomList\" -> \"Room__start\"") && $0.contains("#bf8700")
          && $0.contains("show → secondary")
      }, "\(dot.stdout)")
    let rendered = try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["dot", "-Tsvg"], input: dot.stdout)
    #expect(rendered.status == 0 && rendered.stderr == "", "\(rendered.stderr)")
    let mermaid = try flowc(["diff", "--format", "mermaid", "old", "new"], in: directory.url)
    #expect(mermaid.stdout.contains("subgraph cluster_Chats__supplementary"))
  }
}
