import FlowRuntime
import Testing

/// A modal child whose first node is a start decision that starts a push-style child: that
/// child's screens are in the modal stack (issue 16, item 6), as `check` models them
/// (FLOW-SPEC section 8: a push-style child a start decision starts sits on what is below
/// it, which for a modal start is the new modal stack).
@MainActor
@Suite struct ModalStartTests {
  @Test func theGrandchildsFirstScreenOpensTheModalStackOfTheStyleTheChildWasStartedWith() {
    for style in [StartStyle.sheet, .fullScreen] {
      let router = RecordingRouter()
      let root = Endless("Home", router: router)
      root.start()
      let results = Results()
      let grandchild = Flow("Review", router: router, leave: "inner")
      let child = Through(grandchild, router: router, leave: "outer", results: results)
      root.start(child, style: style, onFinish: results.record("root's handler "))
      grandchild.push(Screen("Payment"))
      #expect(names(router.stacks) == [["Home"], ["Review", "Payment"]])
      #expect(router.modalStyles == [style.modal])
      #expect(!root.canAct, "the sheet is on top")
    }
  }

  @Test func swipingTheSheetAwayLeavesTheChildAndOnlyItFinishes() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    let grandchild = Flow("Review", router: router, leave: "inner")
    let child = Through(grandchild, router: router, leave: "outer", results: results)
    root.start(child, style: .sheet, onFinish: results.record("root's handler "))
    router.userDismisses()
    #expect(results.values == ["root's handler outer"])
    #expect(root.children.isEmpty)
    #expect(names(router.stacks) == [["Home"]])
    #expect(root.canAct)
  }

  @Test func aGrandchildThatFinishesTakesTheStackItOpenedAndTheNextScreenOpensItAgain() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    let grandchild = Flow("Review", router: router)
    let child = Through(grandchild, router: router, leave: nil, results: results)
    root.start(child, style: .fullScreen, onFinish: results.record("root's handler "))
    grandchild.finish("done")
    #expect(results.values == ["through's handler done"])
    #expect(names(router.stacks) == [["Home"]])
    child.push(Screen("Receipt"))
    #expect(names(router.stacks) == [["Home"], ["Receipt"]])
    #expect(router.modalStyles == [.fullScreen])
    #expect(
      router.operations == [
        .push(ScreenID("Home")), .present(ScreenID("Review"), style: .fullScreen),
        .unwind(to: .at(0, 1)),
        .present(ScreenID("Receipt"), style: .fullScreen),
      ])
  }

  @Test func aPushChildOfAPushChildStillSitsOnItsParentsStack() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    let grandchild = Flow("Review", router: router)
    root.start(
      Through(grandchild, router: router, leave: nil, results: results), style: .push,
      onFinish: results.record())
    #expect(names(router.stacks) == [["Home", "Review"]])
  }
}
