import FlowCore
import Testing

/// A transition keeps its fields behind one shared reference, yet is a value: a copy that
/// is changed does not change the original.
@Suite struct TransitionTests {
  private let place = SourceRange.startOfFile("a.flow.yaml")

  @Test func changingACopyLeavesTheOriginal() {
    let original = Transition(
      name: Identifier("next", at: place), doc: "Goes on.", action: Action(.pop, at: place))
    var copy = original
    copy.name = Identifier("back", at: place)
    copy.doc = nil
    copy.action = Action(.dismiss, at: place)

    #expect(original.name.text == "next")
    #expect(original.doc == "Goes on.")
    guard case .pop = original.action.kind else {
      Issue.record("the original's action changed: \(original.action.kind)")
      return
    }
    #expect(copy.name.text == "back")
    #expect(copy.doc == nil)
    guard case .dismiss = copy.action.kind else {
      Issue.record("the copy's action did not change: \(copy.action.kind)")
      return
    }
  }
}
