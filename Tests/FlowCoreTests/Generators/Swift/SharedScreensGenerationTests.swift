import FlowCore
import Testing

/// (r3) The Swift of shared screens, decisions and alerts (FLOW-SPEC 13.2): declared once in
/// `SharedScreens.swift`, made and handled by each owner on its own router. The whole output
/// of a module with shared nodes is the golden `Tests/SharedScreenAppTests/Generated`.
@Suite struct SharedScreensGenerationTests {
  static let flow = """
    version: 1
    screens:
      Empty: {}
      Viewer:
        input: String
        on:
          again: [pop, { push: Empty }]
          ask: { payload: String, decide: Pick }
    decisions:
      Pick:
        cases:
          view: { payload: String, push: Viewer }
          none: stay
    coordinators:
      A:
        entry: true
        start: Home
        screens:
          Home:
            on:
              open: { payload: String, push: Viewer }
              b: { start: B, style: sheet, on: { done: stay } }
      B:
        result: { done: ~ }
        leave: done
        start: Pick
    """

  @Test func aSharedDecisionIsAskedWithEveryPayloadItsOwnersDecideItWith() throws {
    let files = try generate(Self.flow)
    let shared = try #require(files["SharedScreens.swift"])
    // A decides it from its copy of Viewer with a String; B starts with it, with no payload.
    #expect(
      shared.contains(
        "func decidePick(_ payload: String, answer: @escaping @MainActor (PickAnswer) -> Void)\n"))
    #expect(
      shared.contains("  func decidePick(answer: @escaping @MainActor (PickAnswer) -> Void)\n"))
    #expect(shared.contains("AsyncDecision.answer(answer, decision: \"Pick\", of: \"Shared\")"))
    #expect(shared.contains("decision(\"Pick\", of: \"Shared\", answer: answer)"))
    let b = try #require(files["BCoordinator.swift"])
    #expect(b.contains("  override func start() {\n    decidePick()\n  }"))
    #expect(b.contains("screens.sharedScreens.decidePick(answer: answer)"))
    #expect(!b.contains("enum PickAnswer"))
  }

  @Test func eachOwnerMakesItsCopiesThroughTheSharedFactoryAndNamesThemShared() throws {
    let files = try generate(Self.flow)
    let a = try #require(files["ACoordinator.swift"])
    #expect(a.contains("  var sharedScreens: any SharedScreens { get }\n"))
    #expect(a.contains("    nameNextScreen(.Shared.viewer)\n"))
    #expect(a.contains("    return screens.sharedScreens.makeViewer(input, send: send)\n"))
    // A screen without events is made with no sink, as a coordinator's own is.
    #expect(
      a.contains(
        "    return screens.sharedScreens.makeEmpty { (_: EmptyEvent) in }\n"))
    #expect(
      !a.contains(
        "func makeViewer(\n    _ input: String,\n    send: @escaping @MainActor (ACoordinator.ViewerEvent)"
      ))
    #expect(!a.contains("ScreenID(\"Viewer\""))
    let shared = try #require(files["SharedScreens.swift"])
    #expect(
      shared.contains(
        "    static let viewer = ScreenID(\"Viewer\", of: \"Shared\", accessibilityIdentifier: "
          + "\"Viewer\")\n"))
    #expect(shared.contains("extension RecordingScreens: SharedScreens {"))
    #expect(shared.contains("  var sharedScreens: any SharedScreens { self }\n"))
  }

  @Test func publicAccessReachesEverySharedDeclaration() throws {
    let shared = try #require(try generate(Self.flow, access: .public)["SharedScreens.swift"])
    #expect(shared.contains("public protocol SharedScreens {"))
    #expect(shared.contains("  public var sharedScreens: any SharedScreens { self }\n"))
    #expect(shared.contains("public nonisolated enum ViewerEvent: Hashable, Sendable {"))
    #expect(
      shared.contains(
        "    public static let viewer = ScreenID(\"Viewer\", of: \"Shared\", "
          + "accessibilityIdentifier: \"Viewer\")\n"))
    #expect(shared.contains("  public func makeViewer("))
  }

  @Test func aModuleWithoutSharedNodesHasNoSharedScreensFile() throws {
    let files = try generate(
      "version: 1\ncoordinators:\n  A:\n    entry: true\n    start: Home\n    screens:\n"
        + "      Home: { on: { a: stay } }\n")
    #expect(files["SharedScreens.swift"] == nil)
    #expect(files["ACoordinator.swift"]?.contains("sharedScreens") == false)
  }
}
