import FlowRuntime
import Testing

/// What generated `send(_:)` and `receive(_:)` rely on for external events (FLOW-SPEC r2,
/// sections 7b and 10): the outermost running coordinator of a type, and ending the children
/// a coordinator started before its event acts.
@MainActor
@Suite struct ExternalEventsRuntimeTests {
  @Test func theOutermostRunningCoordinatorOfTheTypeIsFound() throws {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let outer = Flow("A", router: router)
    root.start(outer, style: .push, onFinish: Results().record())
    let inner = Flow("B", router: router)
    outer.start(inner, style: .sheet, onFinish: Results().record())
    #expect(root.outermost(Flow.self) === outer)
    var received: [String] = []
    #expect(root.deliver(to: Flow.self) { received.append($0.first) })
    #expect(received == ["A"])
    outer.finish("done")
    #expect(root.outermost(Flow.self) == nil)
    #expect(!root.deliver(to: Flow.self) { received.append($0.first) })
    #expect(received == ["A"])
  }

  @Test func endingChildrenRemovesTheirScreensRunsNoHandlerAndKeepsTheTabs() {
    let router = RecordingRouter()
    let tabs = Endless("Tabs", router: router)
    tabs.start()
    let stack = router.makeTabStack()
    let tab = Endless("Feed", router: stack.router)
    tabs.startTab(tab)
    let results = Results()
    let child = Flow("Promo", router: router, leave: "closed")
    tabs.start(child, style: .sheet, onFinish: results.record())
    let grandchild = Flow("Terms", router: router)
    child.start(grandchild, style: .push, onFinish: results.record())
    #expect(names(router.stacks) == [["Tabs"], ["Promo", "Terms"]])
    tabs.endChildren()
    #expect(names(router.stacks) == [["Tabs"]])
    #expect(tabs.children.count == 1, "the tab stays")
    #expect(child.isFinished && grandchild.isFinished)
    #expect(results.values.isEmpty)
  }
}
