import FlowCore
import Testing

/// Where findings go (spec section 8): a finding whose culprit is a value is placed at that
/// value, its range covering what is written there; one about an action as a whole stays at
/// the action.
@Suite struct FindingPositionTests {
  /// The text each finding's range covers in `file`, in report order.
  private func underlined(_ findings: [Finding], in file: SourceFile) -> [String] {
    let lines = String(decoding: file.bytes, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
    return findings.map { finding in
      let range = finding.range
      guard range.start.line == range.end.line, range.start.line <= lines.count else {
        return "(\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column))"
      }
      let line = Array(lines[range.start.line - 1].utf8)
      let from = min(range.start.column - 1, line.count)
      let to = min(max(range.end.column - 1, from), line.count)
      return String(decoding: line[from..<to], as: UTF8.self)
    }
  }

  @Test func aMisspeltTargetIsUnderlinedNotItsKey() throws {
    let source = SourceFile(
      path: "a.flow.yaml",
      text: flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: Detial } } }
            Detail: {}
        """))
    let findings = try Pipeline.check([.source(source)]).findings
    let text = TextReporter(colored: false, sources: [source.path: source]).render(findings)
    #expect(
      text == """
        a.flow.yaml:7:35: error: screen 'Detial' does not exist in coordinator 'App'; did you mean 'Detail'? [unknown-reference]
                  Home: { on: { next: { push: Detial } } }
                                              ^~~~~~

        """)
  }

  @Test func everyNameThatDoesNotResolveIsFoundAtTheName() throws {
    let module = MarkedModule([
      """
      version: 1
      types:
        Item: { struct: { id: ↓Intt, tags: "[↓Strng]" } }
      coordinators:
        App:
          entry: true
          input: ↓Usr?
          start: ↓Hom
          lint: { ignore: [↓cannot-finsh] }
          screens:
            Home:
              input: ↓Iteem
              on:
                a: { push: ↓Setings }
                b: { present: ↓Hlep }
                c: { replace: ↓Gaet }
                d: { decide: ↓Home }
                e: { payload: ↓Itm, push: ↓Auth }
                f: { start: ↓Atuh }
                g: { start: Auth, on: { ↓canceled: stay, done: stay } }
                h: { push: ↓Login }
                i:
                  push:
                    ↓Setings
                j: { push: ↓"Setings" }
          decisions:
            Gate: { cases: { yes: { present: ↓Gate } } }
        Tabs:
          tabs:
            - start: ↓Feeed
            - start: ↓Hom
          screens: {}
        Auth:
          result: { done: ~ }
          start: Login
          screens:
            Login: { on: { next: { finish: ↓dnoe }, other: { decide: ↓Nope } } }
      """
    ])
    let file = module.files[0]
    let findings = try Pipeline.check([.source(file)]).findings.of("unknown-reference")
    #expect(findings.map(Place.init).sorted() == module.marks.sorted(), "\(described(findings))")
    // Each underline covers the value, quotes included, and nothing else.
    #expect(
      underlined(findings, in: file) == [
        "Intt", "Strng", "Usr", "Hom", "cannot-finsh", "Iteem", "Setings", "Hlep", "Gaet", "Home",
        "Itm", "Auth", "Atuh", "canceled", "Login", "Setings", "\"Setings\"", "Gate", "Feeed",
        "Hom", "dnoe", "Nope",
      ], "\(described(findings))")
  }

  @Test func findingsAboutTheActionAsAWholeStayAtTheAction() throws {
    let module = MarkedModule([
      """
      version: 1
      types:
        Item: { struct: { id: Int } }
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                a: { ↓finish: done }
                b: { ↓push: Detail }
                c: { ↓start: Auth, on: { cancelled: stay } }
                d: ↓pop
            Detail: { input: Item }
        Auth:
          result: { done: ~, cancelled: ~ }
          start: Login
          screens:
            Login: { on: { next: { finish: done }, back: { finish: cancelled } } }
      """
    ])
    let findings = try Pipeline.check(module.files.map { .source($0) }).findings
    let placed = findings.filter {
      ["unknown-reference", "type-mismatch", "unhandled-result", "invalid-back"].contains($0.rule)
    }
    #expect(
      placed.map(\.rule) == [
        "unknown-reference", "type-mismatch", "unhandled-result", "invalid-back",
      ], "\(described(findings))")
    #expect(placed.map(Place.init).sorted() == module.marks.sorted(), "\(described(findings))")
  }

  /// An action written as a mapping is found at its action key wherever that key stands:
  /// after `payload` and `doc`, in flow and block style, in events, decision cases, alert
  /// buttons, handlers and external events (spec section 8, "Where findings go").
  @Test func aMappingActionIsFoundAtItsActionKeyWhereverItStands() throws {
    let module = MarkedModule([
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                a: { payload: Int, doc: d, ↓push: Detail }
                b:
                  doc: Starts the child.
                  payload: String
                  ↓↓start: Auth
                  on: { done: { doc: d, ↓finish: done } }
                c: { doc: d, ↓dismiss: ~ }
                d:
                  payload: Int
                  ↓pop: ~
                e: { payload: Int, decide: Gate }
                f: { doc: d, payload: Int, alert: Sure }
            Detail: { input: String }
          decisions:
            Gate: { cases: { go: { payload: Int, doc: d, ↓present: Detail } } }
          alerts:
            Sure:
              on:
                ok:
                  doc: d
                  payload: Int
                  ↓replace: Detail
          events:
            later: { payload: Bool, doc: d, ↓push: Detail }
        Auth:
          input: Int
          result: { done: ~, other: ~ }
          start: Login
          screens:
            Login: { on: { next: { finish: done }, skip: { finish: other } } }
      """
    ])
    let findings = try Pipeline.check(module.files.map { .source($0) }).findings
    let placed = findings.filter {
      ["unknown-reference", "type-mismatch", "unhandled-result", "invalid-back"].contains($0.rule)
    }
    #expect(placed.map(Place.init).sorted() == module.marks.sorted(), "\(described(findings))")
  }

  @Test func aValueOnTheNextLineIsStillInsideItsNodeForLintIgnore() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home:
              lint: { ignore: [unknown-reference] }
              on:
                next:
                  push:
                    Setings
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func drawingsMarkTheEdgeOfAMisspeltTarget() throws {
    let diagram = try drawing(
      flow(
        """
        App:
          entry: true
          tabs:
            - start: Feeed
            - start: Feed
              on: { done: { decide: Gaet } }
          screens: {}
        Feed:
          result: { done: ~ }
          start: Posts
          screens: { Posts: { on: { next: { present: Psts }, up: { finish: don } } } }
        """))
    let marked = diagram.edges.filter { !$0.findings.isEmpty }.map {
      "\($0.label) \($0.findings.map(\.rule.rawValue))"
    }
    #expect(
      marked == [
        "tab 1 [\"unknown-reference\"]", "decide [\"unknown-reference\"]",
        "next [\"unknown-reference\"]", "up [\"unknown-reference\"]",
      ])
  }
}
