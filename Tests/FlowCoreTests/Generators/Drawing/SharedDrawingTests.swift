import FlowCore
import Testing

/// (r3) Shared screens, decisions and alerts (spec section 13.2) in the drawing: once, in a
/// box of their own, with each owner's edges into them (issue 31).
@Suite struct SharedDrawingTests {
  private func sharedFixture(focus: String? = nil) throws -> FlowDiagram {
    try drawing(loadModule(["\(GraphFixtures.directory)/shared.flow.yaml"]), focus: focus)
  }

  @Test func sharedNodesAreDrawnOnceInABoxOfTheirOwn() throws {
    let diagram = try sharedFixture()
    let shared = try #require(diagram.clusters.first { $0.isShared })
    #expect(shared.name == "shared")
    #expect(diagram.clusters.filter(\.isShared).count == 1)
    #expect(
      shared.nodes.map { diagram.nodes[$0].id } == [
        "shared_Profile", "shared_Thread", "shared_Lost", "shared_Visible", "shared_Report",
      ])
    #expect(
      shared.nodes.map { diagram.nodes[$0].kind } == [
        .screen, .screen, .screen, .decision, .alert,
      ])
    #expect(diagram.node("shared_Profile")?.detail == "AccountID")
    // No owner draws a copy of its own.
    for cluster in diagram.clusters where !cluster.isShared {
      let labels = cluster.nodes.map { diagram.nodes[$0].label }
      for name in ["Profile", "Thread", "Lost", "Visible", "Report"] {
        #expect(!labels.contains(name), "\(cluster.name) draws \(name)")
      }
    }
    // Lost is shown by nobody: greyed by its finding.
    #expect(diagram.node("shared_Lost")?.emphasis == .unreachable)
  }

  @Test func eachOwnerHasItsEdgesIntoTheBoxAndTheSharedEdgesAreDrawnOnce() throws {
    let lines = try sharedFixture().edgeLines
    func count(_ line: String) -> Int { lines.filter { $0 == line }.count }
    // Each owner's push into the shared box.
    #expect(count("Feed_Posts -push-> shared_Profile \"author\" (AccountID)") == 1, "\(lines)")
    #expect(count("Search_Results -push-> shared_Profile \"account\" (AccountID)") == 1)
    // The shared screens' own edges, once for both owners.
    #expect(count("shared_Profile -push-> shared_Thread \"openThread\" (ThreadID)") == 1)
    #expect(count("shared_Thread -push-> shared_Profile \"openProfile\" (AccountID)") == 1)
    #expect(count("shared_Thread -decide-> shared_Visible \"check\"") == 1)
    #expect(count("shared_Profile -alert-> shared_Report \"report\"") == 1)
    #expect(count("shared_Report -stay-> shared_Report \"ok\"") == 1)
    // The child a shared screen starts: one edge into the child, one handler back.
    #expect(count("shared_Profile -start-> Compose__start \"follow\" [sheet]") == 1)
    #expect(count("Compose__result_sent -handler-> shared_Profile \"stay\"") == 1)
    // A back action leads to what lies below in each owner: the owners' screens, and the
    // shared screen below it in both (once).
    #expect(count("shared_Profile -pop-> Feed_Posts \"close\"") == 1)
    #expect(count("shared_Profile -pop-> Search_Results \"close\"") == 1)
    #expect(count("shared_Profile -pop-> shared_Thread \"close\"") == 1)
    #expect(lines.count == Set(lines).count, "an edge is drawn twice: \(lines)")
  }

  @Test func aFocusedDrawingShowsTheSharedNodesItsCoordinatorReaches() throws {
    let diagram = try sharedFixture(focus: "Feed")
    let shared = try #require(diagram.clusters.first { $0.isShared })
    #expect(
      shared.nodes.map { diagram.nodes[$0].id } == [
        "shared_Profile", "shared_Thread", "shared_Visible", "shared_Report",
      ])
    #expect(diagram.edgeLines.contains("shared_Profile -pop-> Feed_Posts \"close\""))
    #expect(!diagram.edgeLines.contains { $0.contains("Search_") }, "\(diagram.edgeLines)")
    #expect(
      diagram.edgeLines.contains("shared_Profile -start-> Compose__coordinator \"follow\" [sheet]"))
  }

  /// A relative link (13.6) and a routed link to a shared screen through an owner (13.2)
  /// both lead into the one shared node.
  @Test func linksToASharedScreenLeadIntoTheSharedBox() throws {
    let diagram = try drawing(
      """
      version: 1
      screens:
        Profile: { input: String, on: { back: pop } }
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { payload: String, push: Profile } } }
      links:
        relative: { url: '/p/{id}', params: { id: String }, to: Profile }
        routed: { url: '/r/{id}', params: { id: String }, to: App.Profile }
      """)
    #expect(
      diagram.edgeLines.filter { $0.hasPrefix("link_") } == [
        "link_relative -link-> shared_Profile \"/p/{id}\"",
        "link_routed -link-> shared_Profile \"/r/{id}\"",
      ], "\(diagram.edgeLines)")
  }

  @Test func aModuleWithoutSharedNodesHasNoSharedBox() throws {
    let diagram = try drawing(
      flow(
        """
        App:
          entry: true
          start: Home
          screens: { Home: {} }
        """))
    #expect(!diagram.clusters.contains { $0.isShared })
  }

  @Test func theJSONDrawingMarksTheSharedBox() throws {
    let json = DiagramJSON.write(try sharedFixture())
    #expect(json.contains("\"shared\" : true") || json.contains("\"shared\": true"), "\(json)")
  }
}
