/// A deep link whose target screen no route from an entry coordinator reaches with the
/// payloads the link can give (spec section 12).
package enum UnreachableLinkRule: ModuleRule {
  package static let id: RuleID = "unreachable-link"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A link whose target no route from an entry coordinator reaches with the payloads the "
    + "link can give; the message names the step where every route stops."
  package static let rationale = """
    A link is followed by taking the app from an entry coordinator's start to the target \
    screen, step by step: screen events, decision cases, alert buttons, child starts and \
    the tab to select at a tab container (handlers, external events, back actions and \
    `select` are not steps). An event or button that carries `payload: T` takes it from the \
    one param of type `T` (or of `U`, for `T` = `U?`) or from a type in `values`; with none, \
    or two params that fit, no route takes that step. `via` makes the route pass through \
    those coordinators in order. A link with no route would open nothing at run time, or \
    leave the app halfway; the message says where every route stops: the screen that is in \
    no entry's reach, the step whose payload the link cannot give, or the `via` coordinator \
    that no route passes through. `flowc links` shows the route of every link that has one.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        Shop:
          entry: true
          start: List
          screens:
            List: { on: { open: { payload: Int, push: Detail } } }
            Detail: { input: Int }
            Lost: {}
      links:
        ↓product: { url: '/products/{name}', params: { name: String }, to: Shop.Detail }
        ↓lost: { url: /lost, to: Shop.Lost }
      """),
    .passing(
      """
      version: 1
      coordinators:
        Shop:
          entry: true
          start: List
          screens:
            List: { on: { open: { payload: Int, push: Detail } } }
            Detail: { input: Int }
      links:
        product: { url: '/products/{id}', params: { id: Int }, to: Shop.Detail }
      """),
  ]

  /// Reads the routes the check found once (``LinkRoutes``): O(links).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    for (index, outcome) in context.links.outcomes.enumerated() {
      guard case .unreachable(let why) = outcome else { continue }
      let link = module.links[index]
      let target = link.target?.text ?? ""
      let start = "link '\(link.name)' cannot be followed: "
      var notes: [Note] = []
      let message: String
      switch why.reason {
      case .outOfReach(let coordinatorReached):
        let coordinator = link.target?.coordinator.text ?? ""
        let entries = why.entries.map { "'\(module.coordinators[$0].name)'" }
        let from =
          entries.isEmpty
          ? "the module has no coordinator to start from"
          : "routes start at \(list(entries))"
        if coordinatorReached {
          message =
            start
            + "routes reach coordinator '\(coordinator)', but no screen event, decision case or "
            + "alert button of it leads to screen '\(link.target?.screen.text ?? "")' (\(from))"
        } else {
          message =
            start
            + "screen '\(target)' is in no entry's reach: no route of screen events, decision "
            + "cases, alert buttons, child starts and tabs starts coordinator '\(coordinator)' "
            + "(\(from))"
        }
      case .payload(let step, let type, let fitting):
        let place = step.summary(in: context.graph, link: link)
        let problem =
          fitting.count > 1
          ? "params " + list(fitting.map { "'\(link.params[$0].name)'" })
            + " all fit, and a payload takes exactly one"
          : "no param of the link has that type: add one, or build it with 'values'"
        message =
          start + "every route to '\(target)' stops at the step (\(place)), which needs a payload "
          + "'\(type)'; " + problem
        if let range = step.range(in: context.graph) {
          notes.append(Note("every route stops here", at: range))
        }
      case .via(let index):
        let names = link.via
        guard names.indices.contains(index) else { continue }
        let after = index > 0 ? " after '\(names[index - 1])'" : ""
        message =
          start + "no route to '\(target)' passes through '\(names[index])'\(after), as 'via' "
          + "asks"
        notes.append(Note("'via' asks for it here", at: names[index].range))
      }
      findings.add(self, message, at: link.name.range, notes: notes)
    }
  }

  /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
  private static func list(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }
}
