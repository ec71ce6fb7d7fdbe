import FlowCore
import Foundation
import Testing

/// Random valid modules get no finding; one planted defect gets exactly its rule's finding
/// at the planted node. Seeds are printed with every failure, so any failure replays:
/// `FLOWC_PROPS_SEED=<seed> FLOWC_PROPS_COUNT=1 swift test --filter PropertyTests`.
/// CI runs a fixed range of seeds; `make props` runs many more.
@Suite struct PropertyTests {
  static let count = Int(ProcessInfo.processInfo.environment["FLOWC_PROPS_COUNT"] ?? "") ?? 1000
  static let firstSeed = UInt64(ProcessInfo.processInfo.environment["FLOWC_PROPS_SEED"] ?? "") ?? 1

  private func findings(_ yaml: String) throws -> [Finding] {
    try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))]).findings
  }

  @Test func randomValidModulesHaveNoFinding() throws {
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.count)) {
      let module = RandomModule(seed: seed, leavingShapes: true, sequences: true)
      let yaml = module.yaml()
      let found = try findings(yaml)
      #expect(found.isEmpty, "seed \(seed): \(described(found))\n\(yaml)")
      if !found.isEmpty { return }
    }
  }

  @Test func plantedDefectsAreFoundAtTheirNode() throws {
    var planted: [Mutation: Int] = [:]
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.count)) {
      var random = SeededGenerator(seed: seed ^ 0xDEFEC7)
      let module = RandomModule(seed: seed, leavingShapes: true, sequences: true)
      guard let (mutation, rule, mutated) = Mutation.plant(in: module, using: &random) else {
        continue
      }
      planted[mutation, default: 0] += 1
      let marked = MarkedModule([mutated])
      let found = try Pipeline.check(marked.files.map { .source($0) }).findings
      let expected = marked.marks.map { "\(rule) \($0.line):\($0.column)" }
      #expect(
        found.map { "\($0.rule) \($0.line):\($0.column)" } == expected,
        "seed \(seed): \(described(found))\n\(mutated)")
      if found.count != expected.count { return }
    }
    let total = planted.values.reduce(0, +)
    #expect(total >= Self.count * 9 / 10, "\(planted)")
    if Self.count >= 100 {
      #expect(
        planted.count == Mutation.allCases.count, "every kind of defect is planted: \(planted)")
    }
  }

  /// The defects of issue 27's shapes, planted in every seed whose module has the shape,
  /// each give exactly their finding: a schema error on the only way into a screen hides
  /// what the screen does wrong, a `dismiss` that leaves a parent without `leave` with its
  /// child is a `back-leak`, and a coordinator left only through its child's swipe is stuck
  /// when started full screen (spec section 8).
  @Test func theDefectsOfIssue27AreFoundWhereverTheirShapeIs() throws {
    for mutation in [Mutation.breakOnlyWayIn, .parentLeftWithChild, .sheetThroughChildFullScreen] {
      var planted = 0
      for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.count)) {
        var random = SeededGenerator(seed: seed ^ 0x27_DEFEC7)
        let module = RandomModule(seed: seed, leavingShapes: true, sequences: true)
        guard let (rule, mutated) = mutation.planted(in: module, using: &random) else { continue }
        planted += 1
        let marked = MarkedModule([mutated])
        let found = try Pipeline.check(marked.files.map { .source($0) }).findings
        let expected = marked.marks.map { "\(rule) \($0.line):\($0.column)" }
        #expect(
          found.map { "\($0.rule) \($0.line):\($0.column)" } == expected,
          "seed \(seed), \(mutation): \(described(found))\n\(mutated)")
        if found.count != expected.count { return }
      }
      #expect(planted >= Self.count / 10, "\(mutation) planted in \(planted) seeds")
    }
  }

  /// The random valid modules have the shapes of issue 27 (spec section 8), each in many of
  /// them, so that `randomValidModulesHaveNoFinding` checks them clean and the generated
  /// Swift meets them: a sheet left only through the push-style child on top of it, a
  /// parent without `leave` above a child with one, and a start decision that an external
  /// event decides again while its coordinator starts at the root of a stack. (A schema
  /// error on the only way in is a planted defect: `breakOnlyWayIn`.)
  @Test func randomModulesHaveTheShapesOfIssue27() {
    var sheets = 0
    var bareParents = 0
    var decided = 0
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.count)) {
      let blocks = Self.coordinatorBlocks(
        RandomModule(seed: seed, leavingShapes: true, sequences: true).yaml())
      for (name, block) in blocks {
        let lines = block.split(separator: "\n")
        // Started as a sheet, no screen of it can be swiped, a screen starts a push-style
        // child.
        let startedAsSheet = blocks.values.contains {
          $0.contains("start: \(name), style: sheet")
        }
        let children = lines.compactMap { line -> Substring? in
          guard let range = line.range(of: "{ start: "), line.contains(", style: push") else {
            return nil
          }
          return line[range.upperBound...].prefix { $0 != "," }
        }
        let swipeable =
          lines.contains { $0.hasPrefix("      S") && $0.hasSuffix(":") }
          && lines.filter { $0.hasPrefix("      S") }.count
            > lines.filter { $0.hasSuffix("dismissible: false") }.count
        if startedAsSheet, !swipeable, let child = children.first {
          sheets += 1
          let childLeaves = blocks[String(child)]?.contains("\n    leave: ") ?? false
          if !block.contains("\n    leave: ") && childLeaves { bareParents += 1 }
        }
        if block.contains("\n    start: Launch\n")
          && block.contains("reset: { decide: Launch }")
          && blocks.values.contains(where: {
            $0.contains("start: \(name), style: sheet")
              || $0.contains("start: \(name), style: fullScreen")
          })
        {
          decided += 1
        }
      }
    }
    #expect(sheets >= Self.count / 5, "\(sheets) sheets left through a child")
    #expect(bareParents >= Self.count / 20, "\(bareParents) parents without leave")
    #expect(decided >= Self.count / 5, "\(decided) start decisions decided by an event")
  }

  /// The text of each coordinator of a module's YAML, by name.
  private static func coordinatorBlocks(_ yaml: String) -> [String: String] {
    var blocks: [String: String] = [:]
    var name: String?
    for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") {
        name = String(line.dropFirst(2).dropLast())
      } else if !line.hasPrefix("  ") {
        name = nil
      }
      if let name { blocks[name, default: ""] += line + "\n" }
    }
    return blocks
  }

  /// The random valid modules use every construct of revision 2 that leaving and the
  /// system's controls brought (spec sections 4, 5, 7 and 8), each in many of them, so that
  /// `randomValidModulesHaveNoFinding` checks them clean and the generated Swift meets them.
  @Test func randomModulesUseTheRevisedConstructs() {
    // Each construct, as the lines of a module's YAML that would show it.
    let constructs: [(name: String, isUsed: (Substring) -> Bool)] = [
      ("leave: c", { $0.hasPrefix("    leave: ") && !$0.hasSuffix("~") }),
      ("leave: ~", { $0 == "    leave: ~" }),
      ("popToRoot", { $0.hasSuffix(": popToRoot") }),
      (
        "{ popToRoot: ~, payload: T }",
        { $0.contains("{ payload: ") && $0.hasSuffix(", popToRoot: ~ }") }
      ),
      ("start, style: sheet", { $0.contains("start: C") && $0.contains("style: sheet, on:") }),
      (
        "start, style: fullScreen",
        { $0.contains("start: C") && $0.contains("style: fullScreen, on:") }
      ),
      ("present, style: sheet", { $0.contains("present: S") && $0.hasSuffix("style: sheet }") }),
      (
        "present, style: fullScreen",
        { $0.contains("present: S") && $0.hasSuffix("style: fullScreen }") }
      ),
      ("dismissible: false", { $0.hasSuffix("  dismissible: false") }),
      ("systemBack: false", { $0.hasSuffix("  systemBack: false") }),
      (
        "{ stay: ~, payload: T } on a screen",
        { $0.hasPrefix("          ") && $0.contains("{ payload: ") && $0.hasSuffix(", stay: ~ }") }
      ),
      ("{ stay, payload: T }", { $0.contains("{ payload: ") && $0.hasSuffix(", stay }") }),
      ("{ pop: ~ }", { $0.hasSuffix(": { pop: ~ }") }),
      ("{ dismiss: ~ }", { $0.hasSuffix(": { dismiss: ~ }") }),
      ("a sequence (r3)", { $0.contains(": [{ push: S") }),
      ("do: with a payload (r3)", { $0.contains("{ payload: String, do: [{ push: S") }),
      (
        "style: formSheet or popover (r3)",
        { $0.contains("style: formSheet") || $0.contains("style: popover") }
      ),
    ]
    var uses = [Int](repeating: 0, count: constructs.count)
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.count)) {
      let lines = RandomModule(seed: seed, leavingShapes: true, sequences: true).yaml().split(
        separator: "\n")
      for (index, construct) in constructs.enumerated()
      where lines.contains(where: construct.isUsed) {
        uses[index] += 1
      }
    }
    let counted = zip(constructs, uses).map { "\($0.name): \($1)" }
    #expect(uses.allSatisfy { $0 >= Self.count / 20 }, "\(counted)")
  }

  /// The control of the `swipeOnlyChild` mutations: a child whose only way out is being
  /// left, started as a sheet that the user can swipe away, ends with its `leave` case and
  /// gets no finding (spec section 8, "Leaving").
  @Test func aChildLeftOnlyByTheSwipeOfItsSheetIsClean() throws {
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(max(Self.count / 4, 1))) {
      var module = RandomModule(seed: seed, leavingShapes: true, sequences: true)
      guard module.coordinators[0].tabs.isEmpty else { continue }
      module.coordinators[0].screens[0].events.append(
        .init(name: "trap", payload: nil, action: Mutation.swipeOnlyStart("sheet")))
      let yaml = module.yaml() + Mutation.swipeOnlyChild(marked: false, dismissible: true)
      let found = try findings(yaml)
      #expect(found.isEmpty, "seed \(seed): \(described(found))\n\(yaml)")
      if !found.isEmpty { return }
    }
  }

  /// A wrong target in the event set that the screens of a coordinator share through a
  /// merge key is one finding, at the anchor, naming every screen that has the event
  /// (spec section 8, "Where findings go").
  @Test func aWrongTargetInASharedEventSetIsOneFindingAtTheAnchor() throws {
    var planted = 0
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.count)) {
      let module = RandomModule(seed: seed, leavingShapes: true, sequences: true)
      let anchor = "<<: &shared0 { sharedIdle: stay }"
      let yaml = module.yaml()
      guard yaml.contains(anchor) else { continue }
      planted += 1
      let mutated = yaml.replacing(anchor, with: "<<: &shared0 { sharedIdle: { push: ↓Nowhere } }")
      let marked = MarkedModule([mutated])
      let found = try Pipeline.check(marked.files.map { .source($0) }).findings
      let screens = module.coordinators[0].screens.filter { !$0.events.isEmpty }.map(\.name)
      let named = screens.map { "'\($0)'" }
      let list =
        named.count > 1
        ? " (in screens " + named.dropLast().joined(separator: ", ") + " and "
          + named[named.count - 1] + ")"
        : ""
      let expected = marked.marks.map {
        "\($0.line):\($0.column) screen 'Nowhere' does not exist in coordinator 'C0'\(list) "
          + "[unknown-reference]"
      }
      #expect(described(found) == expected, "seed \(seed)\n\(mutated)")
      if described(found) != expected { return }
    }
    #expect(planted >= Self.count / 8)
  }

  /// A screen whose action is misspelt is broken: whatever its lost action did (a start, a
  /// push, a finish), it gives only `schema` findings, all inside that screen (spec section
  /// 8, "Where findings go").
  @Test func aBrokenScreenCausesNoFindingsOfOtherRules() throws {
    var broken = 0
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.count)) {
      var random = SeededGenerator(seed: seed ^ 0xB20C_E4)
      var module = RandomModule(seed: seed, leavingShapes: true, sequences: true)
      let targets = module.coordinators.indices.flatMap { c in
        module.coordinators[c].screens.indices.flatMap { s in
          module.coordinators[c].screens[s].events.indices.compactMap { e in
            module.coordinators[c].screens[s].events[e].action.hasPrefix("{ ") ? (c, s, e) : nil
          }
        }
      }
      guard let (c, s, e) = targets.randomElement(using: &random) else { continue }
      let action = module.coordinators[c].screens[s].events[e].action
      module.coordinators[c].screens[s].events[e].action =
        action.replacingOccurrences(of: "{ ", with: "{ x", options: [], range: nil)
      broken += 1
      let yaml = module.yaml()
      let found = try findings(yaml)
      let screen = "coordinator C\(c), screen \(module.coordinators[c].screens[s].name)"
      #expect(!found.isEmpty, "seed \(seed): no finding for the broken \(screen)")
      #expect(
        found.allSatisfy { $0.rule == "schema" },
        "seed \(seed), \(screen): \(described(found))\n\(yaml)")
      if !found.allSatisfy({ $0.rule == "schema" }) { return }
    }
    #expect(broken >= Self.count * 9 / 10)
  }

  /// A later duplicate of a coordinator, in a file of its own, gets its `duplicate-name`
  /// finding and nothing else: it is never started, and what it starts does not count.
  @Test func aLaterDuplicateCoordinatorCausesNoOtherFinding() throws {
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.count)) {
      var random = SeededGenerator(seed: seed ^ 0xD0_B1E)
      let module = RandomModule(seed: seed, leavingShapes: true, sequences: true)
      let yaml = module.yaml()
      let index = Int.random(in: 0..<module.coordinators.count, using: &random)
      guard let copy = Self.coordinatorText(named: module.coordinators[index].name, in: yaml)
      else {
        Issue.record("seed \(seed): no text for coordinator \(index)")
        return
      }
      let files = [yaml, "version: 1\ncoordinators:\n" + copy].enumerated().map { number, text in
        FlowInput.source(SourceFile(path: number == 0 ? "a.flow.yaml" : "b.flow.yaml", text: text))
      }
      let found = try Pipeline.check(files).findings
      let placed = found.map { "\($0.file):\($0.line):\($0.column) [\($0.rule)]" }
      #expect(
        placed == ["b.flow.yaml:3:3 [duplicate-name]"],
        "seed \(seed): \(described(found))\n\(yaml)\n---\n\(copy)")
      if placed.count != 1 { return }
    }
  }

  /// The lines of coordinator `name` in a module's YAML, from its name to the next
  /// coordinator.
  private static func coordinatorText(named name: String, in yaml: String) -> String? {
    let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.firstIndex(of: "  \(name):"[...]) else { return nil }
    let end = lines[(first + 1)...].firstIndex { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
    return lines[first..<(end ?? lines.endIndex)].joined(separator: "\n") + "\n"
  }
}

/// The defects planted in random modules, each with the rule that must find it.
enum Mutation: CaseIterable {
  case dropHandler, trapScreen, popOnChildStart, misspellReference, changePayload, trapChild
  case hideAlert, misspellInAlert, selectOutsideTabs, misspellExternalEvent
  case leaveWithPayload, misspellLeave, popToRootOnFirstScreen
  case swipeOnlyChildFullScreen, swipeOnlyChildNotDismissible
  case swipeOnlyScreenFullScreen, swipeOnlyScreenNotDismissible
  case breakOnlyWayIn, parentLeftWithChild, sheetThroughChildFullScreen

  /// Plants one applicable defect and returns it, its rule and the YAML, with `↓` at the
  /// place the finding must be.
  static func plant(in module: RandomModule, using random: inout SeededGenerator)
    -> (Mutation, RuleID, String)?
  {
    for mutation in allCases.shuffled(using: &random) {
      if let (rule, yaml) = mutation.apply(to: module, &random) { return (mutation, rule, yaml) }
    }
    return nil
  }

  /// Plants this defect, if the module allows it: its rule and the YAML, marked.
  func planted(in module: RandomModule, using random: inout SeededGenerator) -> (RuleID, String)? {
    apply(to: module, &random)
  }

  private func apply(to original: RandomModule, _ random: inout SeededGenerator) -> (
    RuleID, String
  )? {
    var module = original
    switch self {
    case .dropHandler:
      // A start whose child has a result: remove one handler.
      guard
        let start = original.starts.shuffled(using: &random).first(where: {
          !original.coordinators[$0.child].result.isEmpty
        })
      else { return nil }
      let child = original.coordinators[start.child]
      let dropped = child.result.randomElement(using: &random)?.name ?? ""
      let handlers = child.result.filter { $0.name != dropped }.map { "\($0.name): stay" }
      let owner = owner(of: start, in: original)
      module.coordinators[owner].screens[start.screen].events[start.event].action =
        "{ {{marker}}start: C\(start.child), style: \(start.style), on: { \(handlers.joined(separator: ", ")) } }"
      return ("unhandled-result", module.yaml(marked: (owner, start.screen, start.event)))

    case .trapScreen:
      // A leaf screen of a coordinator with a result, whose only way out is back (an
      // event, or the user's own back or swipe): it stays, with the system's controls off.
      for (c, coordinator) in original.coordinators.enumerated().shuffled(using: &random)
      where !coordinator.result.isEmpty {
        for (s, screen) in coordinator.screens.enumerated().shuffled(using: &random)
        where s > 0
          && (screen.events.isEmpty
            || (screen.events.count == 1 && screen.events[0].name == "back"))
          && !original.hasIncomingOther(c, s)
        {
          module.coordinators[c].screens[s].events = [
            .init(name: "wait", payload: nil, action: "stay")
          ]
          module.coordinators[c].screens[s].keys = ["systemBack: false", "dismissible: false"]
          return ("cannot-finish", module.yaml(markScreen: (c, s)))
        }
      }
      return nil

    case .popOnChildStart:
      // The first screen of a child started only with style push, from screens: a pop
      // there leaves the child unfinished (one with a `leave` key is meant to be left).
      for child in original.coordinators.indices.dropFirst().shuffled(using: &random)
      where original.coordinators[child].tabs.isEmpty && original.coordinators[child].leave == nil {
        let starts = original.starts.filter { $0.child == child }
        guard !starts.isEmpty, starts.allSatisfy({ $0.style == "push" }) else { continue }
        let event = module.coordinators[child].screens[0].events.count
        module.coordinators[child].screens[0].events.append(
          .init(name: "up", payload: nil, action: "pop"))
        return ("back-leak", module.yaml(marked: (child, 0, event)))
      }
      return nil

    case .misspellReference:
      // A push to a screen, misspelt: the finding is at the misspelt name, not at 'push'.
      for (c, coordinator) in original.coordinators.enumerated().shuffled(using: &random) {
        for (s, screen) in coordinator.screens.enumerated() {
          for (e, event) in screen.events.enumerated() where event.action.hasPrefix("{ push: ") {
            module.coordinators[c].screens[s].events[e].action =
              event.action.replacingOccurrences(of: "{ push: ", with: "{ push: {{marker}}")
              .replacingOccurrences(of: " }", with: "x }")
            return ("unknown-reference", module.yaml(marked: (c, s, e)))
          }
        }
      }
      return nil

    case .misspellExternalEvent:
      // An external event that pushes a screen that does not exist: the finding is at the
      // name, in the coordinator's `events`.
      guard
        let c = original.coordinators.indices.shuffled(using: &random).first(where: {
          original.coordinators[$0].tabs.isEmpty
        })
      else { return nil }
      let e = module.coordinators[c].events.count
      module.coordinators[c].events.append(
        .init(name: "lost", payload: nil, action: "{ push: {{marker}}Nowhere }"))
      return ("unknown-reference", module.yaml(markedExternal: (c, e)))

    case .trapChild:
      // A child without result in a full-screen modal, whose only screen has no way out:
      // no back (it is a root), no swipe (full screen), no finish (spec section 8, r2).
      guard original.coordinators[0].tabs.isEmpty, !original.coordinators[0].screens.isEmpty
      else { return nil }
      module.coordinators[0].screens[0].events.append(
        .init(name: "trap", payload: nil, action: "{ start: Trap, style: fullScreen }"))
      let trap = "  ↓Trap:\n    start: S0\n    screens:\n      S0: { on: { wait: stay } }\n"
      return ("never-finishes", module.yaml() + trap)

    case .leaveWithPayload:
      // `leave` naming a case with a payload: there is nothing to carry when the user
      // leaves, a `type-mismatch` at the value (spec section 4).
      for (c, coordinator) in original.coordinators.enumerated().shuffled(using: &random)
      where coordinator.tabs.isEmpty {
        guard let carrying = coordinator.result.first(where: { $0.payload != nil }) else {
          continue
        }
        module.coordinators[c].leave = "↓" + carrying.name
        return ("type-mismatch", module.yaml())
      }
      return nil

    case .misspellLeave:
      // `leave` naming a case the result does not have: at the value.
      for (c, coordinator) in original.coordinators.enumerated().shuffled(using: &random)
      where coordinator.tabs.isEmpty && !coordinator.result.isEmpty {
        module.coordinators[c].leave = "↓" + (coordinator.result[0].name) + "x"
        return ("unknown-reference", module.yaml())
      }
      return nil

    case .swipeOnlyChildFullScreen, .swipeOnlyChildNotDismissible:
      // A child whose only way out is being left, which a sheet allows by its swipe (its
      // `leave` case then ends it: `aChildLeftOnlyByTheSwipeOfItsSheetIsClean`); started
      // full screen, or with its only screen not dismissible, it has none (spec section 8).
      guard original.coordinators[0].tabs.isEmpty else { return nil }
      let fullScreen = self == .swipeOnlyChildFullScreen
      module.coordinators[0].screens[0].events.append(
        .init(
          name: "trap", payload: nil,
          action: Self.swipeOnlyStart(fullScreen ? "fullScreen" : "sheet")))
      return (
        "never-finishes",
        module.yaml() + Self.swipeOnlyChild(marked: true, dismissible: fullScreen)
      )

    case .swipeOnlyScreenFullScreen, .swipeOnlyScreenNotDismissible:
      // A presented screen with no event, in a coordinator that can finish: the swipe is
      // its only way out. Shown full screen, or with `dismissible: false`, it has none.
      for (c, coordinator) in original.coordinators.enumerated().shuffled(using: &random)
      where !coordinator.result.isEmpty {
        // Only where its `go` event is the one way in: the checker asks whether a screen
        // has a way out in any way it is shown, so a decision presenting it as a sheet
        // too would give it one.
        for (s, screen) in coordinator.screens.enumerated().shuffled(using: &random)
        where screen.arrival == .presented && screen.events.isEmpty
          && !coordinator.decisions.contains(where: { decision in
            decision.cases.contains { $0.action.contains(" S\(s) }") }
          })
        {
          if self == .swipeOnlyScreenNotDismissible {
            module.coordinators[c].screens[s].keys = ["dismissible: false"]
          } else {
            for (from, origin) in coordinator.screens.enumerated() {
              for (e, event) in origin.events.enumerated() where event.name == "go\(s)" {
                module.coordinators[c].screens[from].events[e].action =
                  "{ present: S\(s), style: fullScreen }"
              }
            }
          }
          return ("cannot-finish", module.yaml(markScreen: (c, s)))
        }
      }
      return nil

    case .breakOnlyWayIn:
      // The only event into a screen gets a second action, a `schema` error (spec section
      // 8, "Where findings go"): the screen, reached only through that broken one, gets no
      // finding of its own, although it pushes a screen that does not exist and finishes
      // with a case there is not.
      for (c, coordinator) in original.coordinators.enumerated().shuffled(using: &random) {
        let actions =
          coordinator.screens.flatMap { $0.events.map(\.action) }
          + coordinator.decisions.flatMap { $0.cases.map(\.action) }
          + coordinator.alerts.flatMap { $0.buttons.map(\.action) }
          + coordinator.events.map(\.action)
        for (s, screen) in coordinator.screens.enumerated().shuffled(using: &random) where s > 0 {
          let ways = actions.filter { $0.contains(" S\(s) }") || $0.contains(" S\(s),") }
          guard ways.count == 1,
            let from = coordinator.screens.firstIndex(where: {
              $0.events.contains { $0.name == "go\(s)" }
            }),
            let e = coordinator.screens[from].events.firstIndex(where: { $0.name == "go\(s)" })
          else { continue }
          let (first, second) =
            screen.arrival == .presented ? ("present", "push") : ("push", "present")
          module.coordinators[c].screens[from].events[e].action =
            "{ \(first): S\(s), {{marker}}\(second): S\(s) }"
          module.coordinators[c].screens[s].events += [
            .init(name: "lost", payload: nil, action: "{ push: Nowhere }"),
            .init(name: "over", payload: nil, action: "{ finish: nowhere }"),
          ]
          return ("schema", module.yaml(marked: (c, from, e)))
        }
      }
      return nil

    case .parentLeftWithChild:
      // A `dismiss` on the first screen of the child that the sheet's screen starts: it
      // closes the sheet, which leaves the child (with its `leave`) and the sheet's
      // coordinator, which has none (spec section 8, "Leaving", and `back-leak`).
      guard let (sheet, child) = original.leftThroughChild,
        original.coordinators[sheet].leave == nil, original.coordinators[child].leave != nil
      else { return nil }
      let event = module.coordinators[child].screens[0].events.count
      module.coordinators[child].screens[0].events.append(
        .init(name: "close", payload: nil, action: "dismiss"))
      return ("back-leak", module.yaml(marked: (child, 0, event)))

    case .sheetThroughChildFullScreen:
      // The coordinator left only through its child's swipe, started full screen instead:
      // the child's screen cannot be swiped away either, and nothing else ends it.
      guard let (sheet, _) = original.leftThroughChild else { return nil }
      for (c, coordinator) in original.coordinators.enumerated() {
        for (s, screen) in coordinator.screens.enumerated() {
          for (e, event) in screen.events.enumerated() where event.name == "help\(sheet)" {
            module.coordinators[c].screens[s].events[e].action = event.action
              .replacingOccurrences(of: "style: sheet", with: "style: fullScreen")
          }
        }
      }
      return ("never-finishes", module.yaml(markCoordinator: sheet))

    case .popToRootOnFirstScreen:
      // `popToRoot` on the first screen of a coordinator: it is always the first its
      // coordinator shows on its stack, so there is nowhere to go (`invalid-back`).
      guard
        let c = original.coordinators.indices.shuffled(using: &random).first(where: {
          original.coordinators[$0].tabs.isEmpty
        })
      else { return nil }
      let event = module.coordinators[c].screens[0].events.count
      module.coordinators[c].screens[0].events.append(
        .init(name: "home", payload: nil, action: "popToRoot"))
      return ("invalid-back", module.yaml(marked: (c, 0, event)))

    case .hideAlert:
      // An alert whose showing event is gone: unreachable, at the alert's name; what its
      // buttons reach is reached another way too.
      for (c, coordinator) in original.coordinators.enumerated().shuffled(using: &random) {
        guard let alert = coordinator.alerts.first else { continue }
        module.coordinators[c].screens[alert.screen].events.remove(at: alert.event)
        return ("unreachable-screen", module.yaml(markAlert: (c, 0, nil)))
      }
      return nil

    case .misspellInAlert:
      // A button's push, misspelt: the finding is at the misspelt name in the alert.
      for (c, coordinator) in original.coordinators.enumerated().shuffled(using: &random) {
        guard let alert = coordinator.alerts.first,
          let b = alert.buttons.firstIndex(where: { $0.action.hasPrefix("{ push: ") })
        else { continue }
        module.coordinators[c].alerts[0].buttons[b].action =
          alert.buttons[b].action.replacingOccurrences(of: "{ push: ", with: "{ push: {{marker}}")
          .replacingOccurrences(of: " }", with: "x }")
        return ("unknown-reference", module.yaml(markAlert: (c, 0, b)))
      }
      return nil

    case .selectOutsideTabs:
      // The entry, which runs in no tab coordinator, selects a tab: nothing can show it.
      guard let tabs = original.coordinators.first(where: { !$0.tabs.isEmpty }),
        let tab = tabs.tabs.first, original.coordinators[0].tabs.isEmpty
      else { return nil }
      let event = module.coordinators[0].screens[0].events.count
      module.coordinators[0].screens[0].events.append(
        .init(name: "pick", payload: nil, action: "{ select: {{marker}}C\(tab.child) }"))
      return ("unknown-reference", module.yaml(marked: (0, 0, event)))

    case .changePayload:
      // An event carrying a builtin payload that its target needs: carry another builtin.
      for (c, coordinator) in original.coordinators.enumerated().shuffled(using: &random) {
        for (s, screen) in coordinator.screens.enumerated() {
          for (e, event) in screen.events.enumerated()
          where event.payload == "String"
            && (event.action.hasPrefix("{ push") || event.action.hasPrefix("{ present")
              || event.action.hasPrefix("{ finish") || event.action.contains("start:"))
          {
            module.coordinators[c].screens[s].events[e].payload = "Bool"
            return ("type-mismatch", module.yaml(marked: (c, s, e)))
          }
        }
      }
      return nil
    }
  }

  /// The start of ``swipeOnlyChild(marked:dismissible:)`` from a screen, with `style`.
  static func swipeOnlyStart(_ style: String) -> String {
    "{ start: Trap, style: \(style), on: { closed: stay } }"
  }

  /// A coordinator `Trap` whose one screen only stays: the user gets out of it only by
  /// leaving it, which ends it with its `leave` case.
  static func swipeOnlyChild(marked: Bool, dismissible: Bool) -> String {
    "  \(marked ? "↓" : "")Trap:\n    result: { closed: ~ }\n    leave: closed\n    start: S0\n"
      + "    screens:\n      S0: { \(dismissible ? "" : "dismissible: false, ")on: { wait: stay } }\n"
  }

  private func owner(of start: RandomModule.Start, in module: RandomModule) -> Int {
    for (c, coordinator) in module.coordinators.enumerated() {
      guard start.screen < coordinator.screens.count,
        start.event < coordinator.screens[start.screen].events.count
      else { continue }
      if coordinator.screens[start.screen].events[start.event].action.contains(
        "start: C\(start.child),")
      {
        return c
      }
    }
    return 0
  }
}

extension RandomModule {
  /// Whether screen `s` of coordinator `c` is reached by a decision too (then trapping it
  /// by its own events is still a trap, but the generator keeps mutations simple).
  func hasIncomingOther(_ c: Int, _ s: Int) -> Bool {
    coordinators[c].screens.contains { screen in
      screen.events.contains {
        $0.action.contains("S\(s) }") && screen.name != "S\(s)" && $0.name != "go\(s)"
      }
    }
  }
}
