import FlowCore
import Testing

/// The sizes of the values a module holds one of per screen, transition and step: a module
/// of 100,000 screens holds them by the hundred thousand, so a field that grows one of them
/// by 8 bytes costs megabytes (docs/performance.md, "Where the memory goes now"). Each bound
/// is the size today; a change that passes one should say in docs/performance.md what it
/// buys for the memory it costs.
@Suite struct ModelSizeTests {
  @Test func anActionIsAsLargeAsItsLargestInlineKindNotAStart() {
    // A start (its child's name, style, handlers and show) is held behind a reference: every
    // action would be its size otherwise (88 bytes).
    #expect(MemoryLayout<Action.Kind>.size <= MemoryLayout<Identifier>.size + 1)
    #expect(MemoryLayout<Action>.size <= 72)
  }

  @Test func aResolvedActionIsAWordAndATag() {
    // A step holds one; a child's start inline made every step 170 bytes, not 64.
    #expect(MemoryLayout<ResolvedAction>.size <= 9)
  }

  @Test func aScreenHasNoPaddingToSpare() {
    #expect(MemoryLayout<Screen>.stride <= 176)
  }

  @Test func aTransitionIsOneReference() {
    #expect(MemoryLayout<Transition>.size == MemoryLayout<Int>.size)
  }

  @Test func aPayloadBehindAReferenceReadsBackAsWritten() {
    let range = SourceRange(
      file: FileName("f.flow.yaml"), start: .init(line: 3, column: 7),
      end: .init(line: 3, column: 11))
    let payload = TypeReference(.named("Item"), at: range, names: [Identifier("Item", at: range)])
    var transition = Transition(
      name: Identifier("open", at: range), payload: payload, action: Action(.pop, at: range))
    #expect(transition.payload == payload)
    let copy = transition
    transition.payload = nil
    #expect(transition.payload == nil)
    #expect(copy.payload == payload)
    #expect(copy != transition)
  }
}
