import FlowCore
import Testing

/// The resolved graph the check builds once: handlers resolved to their child's result
/// case, steps grouped by nesting, and start cycles found by the one component finder.
@Suite struct FlowGraphTests {
  private func resolved(_ text: String) throws -> ResolvedModule {
    let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: flow(text)))])
    return checked.resolved
  }

  @Test func aHandlerIsResolvedToTheChildsResultCaseWithItsPayload() throws {
    let module = try resolved(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { go: { start: Child, on: { done: { push: Home }, gone: stay } } } }
      Child:
        result: { cancelled: ~, done: String }
        start: Only
        screens:
          Only: { on: { a: { finish: done }, b: { finish: cancelled } } }
      """)
    let app = module.graph.coordinators[0]
    let steps = app.steps[0]
    #expect(steps.map(\.transition.name.text) == ["go", "done", "gone"])
    #expect(steps.map(\.handledCase) == [nil, 1, nil])
    #expect(module.graph.payload(of: steps[1])?.type == .named("String"))
    #expect(module.graph.payload(of: steps[2]) == nil)
    #expect(app.results.isEmpty)
    #expect(module.graph.coordinators[1].results.map(\.name.text) == ["cancelled", "done"])
  }

  @Test func nestedStepsGroupEachStartWithItsHandlers() throws {
    let module = try resolved(
      """
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              go: { start: Child, on: { done: { start: Child, on: { done: stay } } } }
              stay: stay
      Child:
        result: { done: ~ }
        start: Only
        screens:
          Only: { on: { a: { finish: done } } }
      """)
    var outline: [String] = []
    func walk(_ steps: NestedSteps, depth: Int) {
      for (step, handlers) in steps {
        outline.append(String(repeating: " ", count: depth) + step.transition.name.text)
        walk(handlers, depth: depth + 1)
      }
    }
    walk(module.graph.coordinators[0].transitions(of: 0), depth: 0)
    #expect(outline == ["go", " done", "  done", "stay"])
  }

  @Test func startCyclesAreTheGroupsThatStartEachOtherInFileOrder() throws {
    let module = try resolved(
      """
      A:
        entry: true
        start: S
        screens: { S: { on: { b: { start: B }, c: { start: C } } } }
      B:
        start: S
        screens: { S: { on: { a: { start: A } } } }
      C:
        start: S
        screens: { S: { on: { c: { start: C } } } }
      """)
    #expect(module.analysis.startCycles() == [[0, 1], [2]])
  }
}
