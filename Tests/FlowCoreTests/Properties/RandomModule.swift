import FlowCore

/// A small, fast, seedable random generator (SplitMix64), so every property-test failure
/// replays from the seed it prints.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A random module that is correct by construction: every screen reachable and able to
/// finish, every child attached, started with every case handled, back actions only where
/// they go back within their coordinator (and some screens with none, the user's own back
/// or swipe being their way back), payloads that match, every type used. Besides
/// screens, decisions and children started both ways, it may have a tab coordinator (whose
/// tabs' children select each other's tab),
/// a result that is a declared enum, recursive types, collections of declared types and an
/// external type (``externalTypes``), so that the generated Swift meets all of them.
///
/// It is built as data first (so that mutations can plant one known defect), then written
/// as YAML where each planted node can carry a `↓` marker.
struct RandomModule {
  /// How a screen is shown from its parent screen.
  enum Arrival: Equatable {
    case start, pushed, presented
  }

  /// An event of a screen.
  struct Event {
    var name: String
    var payload: String?
    /// The action, as written after `name: `; with `{{marker}}` where a marker may go.
    var action: String
  }

  struct Screen {
    var name: String
    var input: String?
    var arrival: Arrival
    var events: [Event] = []
    /// Keys written before `on`, such as `systemBack: false`.
    var keys: [String] = []
  }

  struct Start {
    var child: Int
    var style: String
    /// The screen it is on, and the event's index.
    var screen: Int
    var event: Int
  }

  struct Coordinator {
    var name: String
    var isEntry: Bool
    /// Its `start`: its first screen, or a decision.
    var start = "S0"
    var input: String?
    var result: [(name: String, payload: String?)] = []
    /// Its `leave` (r2), as written after `leave: `: a case's name or `~`; `nil` for none.
    var leave: String?
    var screens: [Screen] = []
    var decisions: [(name: String, cases: [Event])] = []
    /// A declared enum that is the result, whose cases `result` lists; `nil` for an inline one.
    var resultType: String?
    /// For a tab coordinator (which then has no screens): each tab's child and handlers.
    var tabs: [(child: Int, on: String)] = []
    /// Its external events (spec section 7b).
    var events: [Event] = []
    /// Its alerts (r2): each shown by one event of one screen, with buttons that stay,
    /// push a screen or finish.
    var alerts: [Alert] = []
  }

  /// An alert: its input, its buttons, and the screen whose event `show` shows it.
  struct Alert {
    var name: String
    var input: String?
    var buttons: [Event]
    var screen: Int
    var event: Int
  }

  var coordinators: [Coordinator] = []
  var starts: [Start] = []
  /// A coordinator started as a sheet whose screens cannot be swiped, left only through the
  /// push-style child one of its screens starts (spec section 8, "Leaving"), if the module
  /// has one.
  var leftThroughChild: (sheet: Int, child: Int)?
  /// A modal child whose start decision starts a permanent child and which an external
  /// event decides again (spec section 8, "Permanent"), if the module has one.
  var decidedAgain: (coordinator: Int, permanent: Int)?
  var types: [(name: String, body: String)] = []
  /// The declared types that are `external`: the app must define them.
  var externalTypes: [String] = []
  let seed: UInt64

  /// The body of the declared enums, which may be a coordinator's result.
  private static let enumBody = "{ enum: { first: ~, second: String } }"

  /// The payload types the generator picks from; every declared type is among them, so
  /// each one ends up used (the generator makes sure of it below).
  private var payloadTypes: [String] = ["String", "Int", "Bool", "[String]", "URL?"]

  /// The module of `seed`; with `leavingShapes`, also the shapes of issue 27 that leaving
  /// and start decisions bring (``addSheetLeftThroughChild(_:)``,
  /// ``addStartDecisionDecidedAgain(_:)``), and with `navigatingEvents` external events that
  /// push and present screens (``addNavigatingEvents(_:)``, for links' routes), each from a
  /// stream of its own, so that the rest of the module is the same either way.
  init(
    seed: UInt64, leavingShapes: Bool = false, navigatingEvents: Bool = false,
    sequences: Bool = false
  ) {
    self.seed = seed
    var random = SeededGenerator(seed: seed)
    let typeCount = Int.random(in: 0...2, using: &random)
    for index in 0..<typeCount {
      let name = "T\(index)"
      if Bool.random(using: &random) {
        types.append((name, "{ struct: { id: Int, note: String? } }"))
      } else {
        types.append((name, Self.enumBody))
      }
      payloadTypes.append(name)
    }
    // Types that are harder to generate, from a stream of their own.
    var extra = SeededGenerator(seed: seed ^ 0x7E57_7E57)
    addHarderTypes(&extra)
    let count = Int.random(in: 1...6, using: &random)
    for index in 0..<count {
      coordinators.append(makeCoordinator(index, &random))
    }
    // Attach every coordinator but the entry to an earlier one, from one of its screens.
    for child in coordinators.indices.dropFirst() {
      let parent = Int.random(in: 0..<child, using: &random)
      attach(child, to: parent, &random)
    }
    // Use every declared type at least once: as the payload of an event that decides a
    // decision which stays (the payload is dropped).
    for (name, _) in types {
      let owner = Int.random(in: 0..<coordinators.count, using: &random)
      let screen = Int.random(in: 0..<coordinators[owner].screens.count, using: &random)
      let index = coordinators[owner].screens[screen].events.count
      if !coordinators[owner].decisions.contains(where: { $0.name == "Use" }) {
        coordinators[owner].decisions.append(
          ("Use", [Event(name: "again", payload: nil, action: "stay")]))
      }
      coordinators[owner].screens[screen].events.append(
        Event(name: "use\(index)", payload: name, action: "{ decide: Use }"))
    }
    if Int.random(in: 0..<3, using: &extra) == 0 { addTabs(&extra) }
    var words = SeededGenerator(seed: seed ^ 0x0000_4E55_4C4C)
    addWordNames(&words)
    var events = SeededGenerator(seed: seed ^ 0x0000_0000_E7E7)
    addExternalEvents(&events)
    var alerting = SeededGenerator(seed: seed ^ 0xA1E2_7000)
    addAlerts(&alerting)
    var leaving = SeededGenerator(seed: seed ^ 0x1EA7_E000)
    addLeaving(&leaving)
    var styling = SeededGenerator(seed: seed ^ 0x5717_1E00)
    addStyles(&styling)
    if navigatingEvents {
      var navigating = SeededGenerator(seed: seed ^ 0x0000_E7E7_0013)
      addNavigatingEvents(&navigating)
    }
    if sequences {
      var sequencing = SeededGenerator(seed: seed ^ 0x5E0_0013_0001)
      addSequences(&sequencing)
    }
    // The shapes of issue 27, last, so that no pass above changes them.
    guard leavingShapes else { return }
    var sheets = SeededGenerator(seed: seed ^ 0x5EE7_0027)
    addSheetLeftThroughChild(&sheets)
    var deciding = SeededGenerator(seed: seed ^ 0xDEC1_0027)
    addStartDecisionDecidedAgain(&deciding)
  }

  /// Maybe (two seeds in three) a coordinator started as a sheet from a random screen, with
  /// one screen or two, none of which can be swiped down (`dismissible: false`), and no
  /// result: the user leaves it only by swiping away the push-style child that its last
  /// screen starts, which takes the sheet with it (spec section 8, "Leaving"). The child is
  /// new, can finish, and has `leave` half the time; the sheet has `leave: ~` a third of the
  /// time, otherwise none (a parent without `leave` above a child with one).
  private mutating func addSheetLeftThroughChild(_ random: inout SeededGenerator) {
    guard Int.random(in: 0..<3, using: &random) != 0 else { return }
    let parents = coordinators.indices.filter { !coordinators[$0].screens.isEmpty }
    guard let parent = parents.randomElement(using: &random) else { return }
    let sheet = coordinators.count
    var coordinator = Coordinator(name: "C\(sheet)", isEntry: false)
    if Int.random(in: 0..<3, using: &random) == 0 { coordinator.leave = "~" }
    coordinator.screens = [Screen(name: "S0", arrival: .start, keys: ["dismissible: false"])]
    if Bool.random(using: &random) {
      coordinator.screens[0].events.append(
        Event(name: "go1", payload: nil, action: "{ push: S1 }"))
      coordinator.screens.append(
        Screen(name: "S1", arrival: .pushed, keys: ["dismissible: false"]))
    }
    coordinators.append(coordinator)
    let child = coordinators.count
    var inner = makeCoordinator(child, &random)
    if !inner.result.isEmpty && Bool.random(using: &random) {
      inner.leave = inner.result.first { $0.payload == nil }?.name ?? "~"
    }
    coordinators.append(inner)
    let last = coordinators[sheet].screens.count - 1
    let handlers = inner.result.map { "\($0.name): stay" }.joined(separator: ", ")
    coordinators[sheet].screens[last].events.append(
      Event(
        name: "ask\(child)", payload: inner.input,
        action: "{ {{marker}}start: C\(child), style: push, on: { \(handlers) } }"))
    starts.append(
      Start(
        child: child, style: "push", screen: last,
        event: coordinators[sheet].screens[last].events.count - 1))
    let screen = Int.random(in: 0..<coordinators[parent].screens.count, using: &random)
    coordinators[parent].screens[screen].events.append(
      Event(
        name: "help\(sheet)", payload: nil,
        action: "{ {{marker}}start: C\(sheet), style: sheet, on: {  } }"))
    starts.append(
      Start(
        child: sheet, style: "sheet", screen: screen,
        event: coordinators[parent].screens[screen].events.count - 1))
    leftThroughChild = (sheet, child)
  }

  /// Maybe (two seeds in three) a child started as a sheet or full screen from a random
  /// screen, whose start is a decision `Launch`: one case starts a new child without result
  /// whose first screen has no back (permanent: it lives as long as its parent, spec section
  /// 8), the other pushes a screen that finishes; an external event `reset` decides `Launch`
  /// again, which still acts below the coordinator and starts the same permanent child.
  private mutating func addStartDecisionDecidedAgain(_ random: inout SeededGenerator) {
    guard Int.random(in: 0..<3, using: &random) != 0 else { return }
    let parents = coordinators.indices.filter { !coordinators[$0].screens.isEmpty }
    guard let parent = parents.randomElement(using: &random) else { return }
    let index = coordinators.count
    let permanent = index + 1
    var coordinator = Coordinator(name: "C\(index)", isEntry: false)
    coordinator.start = "Launch"
    coordinator.result = [("done", nil)]
    coordinator.screens = [
      Screen(
        name: "S0", arrival: .start,
        events: [Event(name: "close", payload: nil, action: "{ finish: done }")])
    ]
    coordinator.decisions = [
      (
        "Launch",
        [
          Event(name: "ready", payload: nil, action: "{ start: C\(permanent) }"),
          Event(name: "intro", payload: nil, action: "{ push: S0 }"),
        ]
      )
    ]
    coordinator.events = [Event(name: "reset", payload: nil, action: "{ decide: Launch }")]
    coordinators.append(coordinator)
    var child = makeCoordinator(permanent, &random)
    child.result = []
    child.resultType = nil
    child.input = nil
    child.screens[0].input = nil
    child.screens[0].events.removeAll { $0.action.hasPrefix("{ finish:") }
    child.screens[0].keys = ["systemBack: false"]
    coordinators.append(child)
    let style = Bool.random(using: &random) ? Self.sheetLike(&random) : "fullScreen"
    let screen = Int.random(in: 0..<coordinators[parent].screens.count, using: &random)
    coordinators[parent].screens[screen].events.append(
      Event(
        name: "flow\(index)", payload: nil,
        action: "{ {{marker}}start: C\(index), style: \(style), on: { done: stay } }"))
    starts.append(
      Start(
        child: index, style: style, screen: screen,
        event: coordinators[parent].screens[screen].events.count - 1))
    decidedAgain = (index, permanent)
  }

  /// Maybe, on some children with a result, `leave` (spec sections 4 and 8, r2): a case
  /// without payload, or `~`; and on some screens the r2 forms of going back: `popToRoot`
  /// (scalar, or a mapping carrying a payload) on a pushed screen, which is never the first
  /// its coordinator shows on its stack; a `back` written `{ pop: ~ }` or `{ dismiss: ~ }`;
  /// an event that stays with a payload (`{ stay: ~ }` or flow-style `{ stay }`). From a
  /// stream of its own, so the rest of each module stays as it was.
  private mutating func addLeaving(_ random: inout SeededGenerator) {
    for index in coordinators.indices.dropFirst()
    where coordinators[index].tabs.isEmpty && !coordinators[index].result.isEmpty {
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        coordinators[index].leave = coordinators[index].result.first { $0.payload == nil }?.name
      case 1: coordinators[index].leave = "~"
      default: break
      }
    }
    for index in coordinators.indices where coordinators[index].tabs.isEmpty {
      let pushed = coordinators[index].screens.indices.filter {
        coordinators[index].screens[$0].arrival == .pushed
      }
      if let screen = pushed.randomElement(using: &random),
        Int.random(in: 0..<2, using: &random) == 0
      {
        let payload = Bool.random(using: &random) ? payloadTypes.randomElement(using: &random) : nil
        let action =
          payload == nil && Bool.random(using: &random) ? "popToRoot" : "{ popToRoot: ~ }"
        coordinators[index].screens[screen].events.append(
          Event(name: "home", payload: payload, action: action))
      }
      for screen in coordinators[index].screens.indices {
        for event in coordinators[index].screens[screen].events.indices
        where coordinators[index].screens[screen].events[event].name == "back"
          && Int.random(in: 0..<3, using: &random) == 0
        {
          let action = coordinators[index].screens[screen].events[event].action
          coordinators[index].screens[screen].events[event].action = "{ \(action): ~ }"
        }
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        let screen = Int.random(in: 0..<coordinators[index].screens.count, using: &random)
        let action = Bool.random(using: &random) ? "{ stay: ~ }" : "{ stay }"
        coordinators[index].screens[screen].events.append(
          Event(name: "note", payload: payloadTypes.randomElement(using: &random), action: action))
      }
    }
  }

  /// Maybe (two seeds in three) sequences of actions (spec 13.1) on one screen of a
  /// coordinator or two: an event pushes two new screens in one step, each with a `back:
  /// pop`; in the list form, or half the time the `do:` form with a `String` payload that
  /// the second screen takes as its input. Sending the event shows both screens, the second
  /// on top, so the module stays clean. From a stream of its own; off unless asked, so that
  /// the modules of tests written before revision 3 stay what they were.
  private mutating func addSequences(_ random: inout SeededGenerator) {
    guard Int.random(in: 0..<3, using: &random) != 0 else { return }
    let owners = coordinators.indices.filter { !coordinators[$0].screens.isEmpty }
    for _ in 0..<Int.random(in: 1...2, using: &random) {
      guard let owner = owners.randomElement(using: &random) else { return }
      let from = Int.random(in: 0..<coordinators[owner].screens.count, using: &random)
      let first = coordinators[owner].screens.count
      let second = first + 1
      let carries = Bool.random(using: &random)
      for index in [first, second] {
        coordinators[owner].screens.append(
          Screen(
            name: "S\(index)", input: carries && index == second ? "String" : nil,
            arrival: .pushed, events: [Event(name: "back", payload: nil, action: "pop")]))
      }
      let elements = "[{ push: S\(first) }, { push: S\(second) }]"
      coordinators[owner].screens[from].events.append(
        carries
          ? Event(name: "seq\(first)", payload: "String", action: "{ do: \(elements) }")
          : Event(name: "seq\(first)", payload: nil, action: elements))
    }
  }

  /// A style the user dismisses as a sheet (spec 13.5): `sheet`, or revision 3's `formSheet`
  /// or `popover`, which every check must treat alike.
  static func sheetLike(_ random: inout SeededGenerator) -> String {
    ["sheet", "formSheet", "popover"][Int.random(in: 0..<3, using: &random)]
  }

  /// Maybe the r2 presentation styles and system controls, each where the module stays
  /// clean (spec section 8): a child started `sheet` instead of `present`, or `fullScreen`
  /// (every child here can finish by itself, from its first screen, so it needs no swipe);
  /// a presented screen with a `back` of its own shown `fullScreen` (or `style: sheet`
  /// written out); and on one screen per coordinator that has a `back` of its own,
  /// `dismissible: false`, `systemBack: false` or both. From a stream of its own.
  private mutating func addStyles(_ random: inout SeededGenerator) {
    for index in starts.indices where Int.random(in: 0..<3, using: &random) == 0 {
      let start = starts[index]
      guard !coordinators[start.child].result.isEmpty else { continue }
      let style =
        start.style == "present" && Bool.random(using: &random)
        ? Self.sheetLike(&random) : "fullScreen"
      for c in coordinators.indices {
        guard start.screen < coordinators[c].screens.count,
          start.event < coordinators[c].screens[start.screen].events.count,
          coordinators[c].screens[start.screen].events[start.event].action.contains(
            "start: C\(start.child), style: \(start.style),")
        else { continue }
        coordinators[c].screens[start.screen].events[start.event].action =
          coordinators[c].screens[start.screen].events[start.event].action.replacingOccurrences(
            of: "style: \(start.style),", with: "style: \(style),")
        starts[index].style = style
        break
      }
    }
    for index in coordinators.indices where coordinators[index].tabs.isEmpty {
      let screens = coordinators[index].screens
      for target in screens.indices
      where screens[target].arrival == .presented
        && screens[target].events.contains(where: { $0.name == "back" })
        && Bool.random(using: &random)
      {
        let style =
          Int.random(in: 0..<3, using: &random) == 0 ? Self.sheetLike(&random) : "fullScreen"
        for from in screens.indices {
          for event in screens[from].events.indices
          where screens[from].events[event].name == "go\(target)" {
            coordinators[index].screens[from].events[event].action =
              "{ present: S\(target), style: \(style) }"
          }
        }
      }
      let withBack = screens.indices.filter { screens[$0].events.contains { $0.name == "back" } }
      if let screen = withBack.randomElement(using: &random), Bool.random(using: &random) {
        coordinators[index].screens[screen].keys =
          [
            ["dismissible: false"], ["systemBack: false"],
            ["systemBack: false", "dismissible: false"],
          ]
          .randomElement(using: &random) ?? []
      }
    }
  }

  /// Maybe, on some coordinators, external events that keep the module clean: one that
  /// finishes with a case without payload, one that stays with a payload, one that stays.
  private mutating func addExternalEvents(_ random: inout SeededGenerator) {
    for index in coordinators.indices where Int.random(in: 0..<3, using: &random) == 0 {
      var events: [Event] = [Event(name: "refreshed", payload: "String", action: "{ stay: ~ }")]
      if let plain = coordinators[index].result.first(where: { $0.payload == nil }) {
        events.append(Event(name: "expired", payload: nil, action: "{ finish: \(plain.name) }"))
      }
      if Bool.random(using: &random) {
        events.append(Event(name: "ping", payload: nil, action: "stay"))
      }
      coordinators[index].events = events
    }
  }

  /// Maybe, in some coordinators that start at a screen, external events that the app sends
  /// to show one of its screens again, from whatever screen of it is on top (spec 7b): one
  /// that pushes a pushed screen, one that presents a presented one, each carrying the
  /// screen's input (or sometimes a payload it drops). They keep the module clean (the
  /// screen goes back where it came from, as it already could) and give links' routes a way
  /// through the app's events (spec 13.6).
  private mutating func addNavigatingEvents(_ random: inout SeededGenerator) {
    for index in coordinators.indices
    where coordinators[index].tabs.isEmpty && coordinators[index].start == "S0"
      && Bool.random(using: &random)
    {
      let screens = coordinators[index].screens
      for arrival in [Arrival.pushed, .presented] {
        guard
          let target = screens.indices.filter({ screens[$0].arrival == arrival })
            .randomElement(using: &random)
        else { continue }
        let screen = screens[target]
        var payload = screen.input
        if payload == nil, Bool.random(using: &random) { payload = "String" }
        let verb = arrival == .presented ? "present" : "push"
        coordinators[index].events.append(
          Event(name: "show\(target)", payload: payload, action: "{ \(verb): \(screen.name) }"))
      }
    }
  }

  /// Maybe, in some coordinators with screens, an alert (spec section 6b, r2) shown from a
  /// random screen, with or without an input the showing event carries; its buttons stay,
  /// and maybe push a pushed screen (carrying its input) or finish with a case (carrying
  /// its payload). From a stream of its own, so the rest of each module stays as it was.
  private mutating func addAlerts(_ random: inout SeededGenerator) {
    for index in coordinators.indices where coordinators[index].tabs.isEmpty {
      guard Int.random(in: 0..<3, using: &random) == 0 else { continue }
      let coordinator = coordinators[index]
      let input = Bool.random(using: &random) ? payloadTypes.randomElement(using: &random) : nil
      var buttons = [Event(name: "keep", payload: nil, action: "stay")]
      let pushed = coordinator.screens.filter { $0.arrival == .pushed }
      if let screen = pushed.randomElement(using: &random), Bool.random(using: &random) {
        buttons.append(
          Event(name: "open", payload: screen.input, action: "{ push: \(screen.name) }"))
      }
      if let resultCase = coordinator.result.randomElement(using: &random),
        Bool.random(using: &random)
      {
        buttons.append(
          Event(
            name: "done", payload: resultCase.payload, action: "{ finish: \(resultCase.name) }"))
      }
      buttons.shuffle(using: &random)
      let screen = Int.random(in: 0..<coordinator.screens.count, using: &random)
      let event = coordinator.screens[screen].events.count
      coordinators[index].screens[screen].events.append(
        Event(name: "confirm", payload: input, action: "{ alert: A0 }"))
      coordinators[index].alerts.append(
        Alert(name: "A0", input: input, buttons: buttons, screen: screen, event: event))
    }
  }

  /// Names that YAML 1.1 or the core schema would read as null, booleans or numbers' kin:
  /// keys are raw text (spec section 2), so each is a name like any other.
  static let wordNames = ["null", "true", "false", "yes", "no", "on", "off", "y", "n"]
  static let wordTypeNames = ["Null", "NULL", "True", "FALSE", "Yes", "No", "On", "OFF", "Y", "N"]

  /// Maybe, in some coordinators with screens, a decision with such a name, decided from the
  /// first screen by an event with such a name, whose cases have such names and stay.
  private mutating func addWordNames(_ random: inout SeededGenerator) {
    for index in coordinators.indices where coordinators[index].tabs.isEmpty {
      guard Int.random(in: 0..<2, using: &random) == 0 else { continue }
      let decision = Self.wordTypeNames.randomElement(using: &random) ?? "Null"
      let cases = Self.wordNames.shuffled(using: &random).prefix(
        Int.random(in: 1...3, using: &random))
      let event = Self.wordNames.randomElement(using: &random) ?? "null"
      coordinators[index].decisions.append(
        (decision, cases.map { Event(name: $0, payload: nil, action: "stay") }))
      coordinators[index].screens[0].events.append(
        Event(name: event, payload: nil, action: "{ decide: \(decision) }"))
    }
  }

  /// Maybe an external type, a recursive struct, a recursive enum, and a struct of
  /// collections and optionals of the types before it.
  private mutating func addHarderTypes(_ random: inout SeededGenerator) {
    if Bool.random(using: &random) {
      types.append(("X0", "external"))
      externalTypes.append("X0")
      payloadTypes.append("X0")
    }
    if Bool.random(using: &random) {
      let value = payloadTypes.randomElement(using: &random) ?? "Int"
      types.append(
        ("Tree", "{ struct: { value: \(quoted(value)), children: \"[Tree]\", up: Tree? } }"))
      payloadTypes.append("Tree")
    }
    if Bool.random(using: &random) {
      types.append(
        ("Chain", "{ enum: { end: ~, link: Chain, fork: \"[Chain]\", at: \"[String: Chain]\" } }"))
      payloadTypes.append("Chain")
    }
    if Bool.random(using: &random) {
      let inner = payloadTypes.filter { !$0.hasSuffix("?") }.randomElement(using: &random) ?? "Int"
      let key = ["String", "Int", "UUID"].randomElement(using: &random) ?? "String"
      let body =
        "{ struct: { items: \"[\(inner)]\", byKey: \"[\(key): \(inner)?]\", maybe: \"\(inner)?\", "
        + "when: Date, id: UUID, data: Data, ratio: Double, link: URL } }"
      types.append(("Box", body))
      payloadTypes.append("Box")
    }
  }

  /// A tab coordinator of one to three tabs, each a new child; at least one child has a
  /// result, one of whose cases finishes the tabs. It is started from an earlier screen like
  /// any child.
  private mutating func addTabs(_ random: inout SeededGenerator) {
    let index = coordinators.count
    var tabs = Coordinator(name: "C\(index)", isEntry: false)
    tabs.result = [("r0", nil)]
    coordinators.append(tabs)
    let count = Int.random(in: 1...3, using: &random)
    let finishing = Int.random(in: 0..<count, using: &random)
    for tab in 0..<count {
      let child = coordinators.count
      var coordinator = makeCoordinator(child, &random)
      // A tab's child is started with the tabs' input, which they do not have.
      coordinator.input = nil
      coordinator.screens[0].input = nil
      if tab != finishing && Bool.random(using: &random) {
        // It lives as long as the tabs.
        coordinator.result = []
        coordinator.resultType = nil
        coordinator.screens[0].events.removeAll { $0.action.hasPrefix("{ finish:") }
      }
      let handlers = coordinator.result.enumerated().map { offset, resultCase in
        "\(resultCase.name): \(tab == finishing && offset == 0 ? "{ finish: r0 }" : "stay")"
      }
      coordinators.append(coordinator)
      coordinators[index].tabs.append(
        (child, handlers.isEmpty ? "" : "{ \(handlers.joined(separator: ", ")) }"))
    }
    // Each tab's child shows the next tab (spec section 7, `select`): the tab coordinator
    // is the nearest one around it, and it has that tab.
    let children = coordinators[index].tabs.map(\.child)
    if children.count > 1 {
      for (offset, child) in children.enumerated() {
        let next = children[(offset + 1) % children.count]
        coordinators[child].screens[0].events.append(
          Event(name: "pick", payload: nil, action: "{ select: C\(next) }"))
      }
    }
    attach(index, to: Int.random(in: 0..<index, using: &random), &random)
  }

  private mutating func makeCoordinator(_ index: Int, _ random: inout SeededGenerator)
    -> Coordinator
  {
    var coordinator = Coordinator(name: "C\(index)", isEntry: index == 0)
    let enumTypes = types.filter { $0.body == Self.enumBody }.map(\.name)
    if index > 0, let named = enumTypes.first, Int.random(in: 0..<4, using: &random) == 0 {
      coordinator.resultType = named
      coordinator.result = [("first", nil), ("second", "String")]
      if Int.random(in: 0..<3, using: &random) == 0 {
        coordinator.input = payloadTypes.randomElement(using: &random)
      }
    } else if index > 0 {
      let caseCount = Int.random(in: 1...3, using: &random)
      coordinator.result = (0..<caseCount).map { number in
        (
          "r\(number)",
          Bool.random(using: &random) ? payloadTypes.randomElement(using: &random) : nil
        )
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        coordinator.input = payloadTypes.randomElement(using: &random)
      }
    }
    let screenCount = Int.random(in: 1...6, using: &random)
    for number in 0..<screenCount {
      var screen = Screen(name: "S\(number)", arrival: number == 0 ? .start : .pushed)
      if number == 0 {
        screen.input = coordinator.input
      } else {
        screen.arrival = Int.random(in: 0..<4, using: &random) == 0 ? .presented : .pushed
        if Bool.random(using: &random) { screen.input = payloadTypes.randomElement(using: &random) }
        // Reach it from an earlier screen, carrying the payload it needs.
        let from = Int.random(in: 0..<number, using: &random)
        let verb = screen.arrival == .presented ? "present" : "push"
        coordinator.screens[from].events.append(
          Event(name: "go\(number)", payload: screen.input, action: "{ \(verb): S\(number) }"))
        // And back, the way it came; or, a third of the time, by the user's own back or
        // swipe alone (spec section 8, r2).
        if Int.random(in: 0..<3, using: &random) != 0 {
          screen.events.append(
            Event(
              name: "back", payload: nil, action: screen.arrival == .presented ? "dismiss" : "pop"))
        }
      }
      coordinator.screens.append(screen)
    }
    // Finish with every case from the first screen, so every screen can finish.
    for resultCase in coordinator.result {
      coordinator.screens[0].events.append(
        Event(
          name: "end\(resultCase.name)", payload: resultCase.payload,
          action: "{ finish: \(resultCase.name) }"))
    }
    // A decision, decided from a random screen, that goes on or finishes.
    if Bool.random(using: &random), coordinator.screens.count > 1 {
      let from = Int.random(in: 0..<coordinator.screens.count, using: &random)
      let target = coordinator.screens.indices.dropFirst().randomElement(using: &random) ?? 1
      let screen = coordinator.screens[target]
      var cases = [Event(name: "again", payload: nil, action: "stay")]
      let verb = screen.arrival == .presented ? "present" : "push"
      if screen.arrival != .start {
        cases.append(
          Event(name: "onward", payload: screen.input, action: "{ \(verb): \(screen.name) }"))
      }
      coordinator.decisions.append(("D0", cases))
      coordinator.screens[from].events.append(
        Event(name: "ask", payload: nil, action: "{ decide: D0 }"))
    }
    return coordinator
  }

  private mutating func attach(_ child: Int, to parent: Int, _ random: inout SeededGenerator) {
    let screen = Int.random(in: 0..<coordinators[parent].screens.count, using: &random)
    let style = Bool.random(using: &random) ? "push" : "present"
    var handlers: [String] = []
    for resultCase in coordinators[child].result {
      let action = handler(for: resultCase.payload, in: parent, &random)
      handlers.append("\(resultCase.name): \(action)")
    }
    let event = coordinators[parent].screens[screen].events.count
    coordinators[parent].screens[screen].events.append(
      Event(
        name: "open\(child)", payload: coordinators[child].input,
        action:
          "{ {{marker}}start: C\(child), style: \(style), on: { \(handlers.joined(separator: ", ")) } }"
      ))
    starts.append(Start(child: child, style: style, screen: screen, event: event))
  }

  /// What the parent does when a child finishes with a case carrying `payload`: stay, finish
  /// with a case that takes that payload or none, push a screen that needs it or nothing, or
  /// decide `D0`, with or without it.
  private func handler(
    for payload: String?, in parent: Int, _ random: inout SeededGenerator
  ) -> String {
    let coordinator = coordinators[parent]
    var options = ["stay"]
    for resultCase in coordinator.result
    where resultCase.payload == nil || resultCase.payload == payload {
      options.append("{ finish: \(resultCase.name) }")
    }
    for screen in coordinator.screens.dropFirst()
    where screen.arrival == .pushed && (screen.input == nil || screen.input == payload) {
      options.append("{ push: \(screen.name) }")
    }
    if coordinator.decisions.contains(where: { $0.name == "D0" }) {
      options.append("{ decide: D0 }")
    }
    return options.randomElement(using: &random) ?? "stay"
  }

  /// The module as YAML; `{{marker}}` becomes `↓` in the one event `marked`, and nothing
  /// elsewhere.
  func yaml(
    marked: (coordinator: Int, screen: Int, event: Int)? = nil, markScreen: (Int, Int)? = nil,
    markedExternal: (coordinator: Int, event: Int)? = nil,
    markAlert: (coordinator: Int, alert: Int, button: Int?)? = nil, markCoordinator: Int? = nil
  ) -> String {
    var text = "version: 1\n"
    if !types.isEmpty {
      text += "types:\n"
      for (name, body) in types { text += "  \(name): \(body)\n" }
    }
    text += "coordinators:\n"
    // Some modules share an event set between the screens of each coordinator through a
    // merge key (spec section 1, revision 2), written once at the first screen with events:
    // every screen then has the event, and the module still checks clean.
    let sharesEvents = seed % 4 == 3
    for (c, coordinator) in coordinators.enumerated() {
      var shared = false
      text += "  \(markCoordinator == c ? "↓" : "")\(coordinator.name):\n"
      if coordinator.isEntry { text += "    entry: true\n" }
      if let input = coordinator.input { text += "    input: \(quoted(input))\n" }
      if let resultType = coordinator.resultType {
        text += "    result: \(resultType)\n"
      } else if !coordinator.result.isEmpty {
        let cases = coordinator.result.map { "\($0.name): \($0.payload.map(quoted) ?? "~")" }
        text += "    result: { \(cases.joined(separator: ", ")) }\n"
      }
      if let leave = coordinator.leave { text += "    leave: \(leave)\n" }
      if !coordinator.events.isEmpty {
        text += "    events:\n"
        for (e, event) in coordinator.events.enumerated() {
          let isMarked = markedExternal.map { $0 == (c, e) } ?? false
          text += "      \(event.name): " + render(event, marked: isMarked) + "\n"
        }
      }
      if !coordinator.tabs.isEmpty {
        text += "    tabs:\n"
        for tab in coordinator.tabs {
          text += "      - start: \(coordinators[tab.child].name)\n"
          if !tab.on.isEmpty { text += "        on: \(tab.on)\n" }
        }
        continue
      }
      text += "    start: \(coordinator.start)\n    screens:\n"
      for (s, screen) in coordinator.screens.enumerated() {
        let mark = markScreen.map { $0 == (c, s) } ?? false
        text += "      \(mark ? "↓" : "")\(screen.name):\n"
        if let input = screen.input { text += "        input: \(quoted(input))\n" }
        for key in screen.keys { text += "        \(key)\n" }
        if screen.events.isEmpty { continue }
        text += "        on:\n"
        if sharesEvents {
          text +=
            shared
            ? "          <<: *shared\(c)\n" : "          <<: &shared\(c) { sharedIdle: stay }\n"
          shared = true
        }
        for (e, event) in screen.events.enumerated() {
          let isMarked = marked.map { $0 == (c, s, e) } ?? false
          text += "          \(event.name): " + render(event, marked: isMarked) + "\n"
        }
      }
      if !coordinator.decisions.isEmpty {
        text += "    decisions:\n"
        for decision in coordinator.decisions {
          let cases = decision.cases.map { "\($0.name): \(render($0, marked: false))" }
          text += "      \(decision.name): { cases: { \(cases.joined(separator: ", ")) } }\n"
        }
      }
      if !coordinator.alerts.isEmpty {
        text += "    alerts:\n"
        for (a, alert) in coordinator.alerts.enumerated() {
          let mark = markAlert.map { $0.coordinator == c && $0.alert == a } ?? false
          let buttons = alert.buttons.enumerated().map { b, button in
            "\(button.name): \(render(button, marked: mark && markAlert?.button == b))"
          }
          var body = "on: { \(buttons.joined(separator: ", ")) }"
          if let input = alert.input { body = "input: \(quoted(input)), " + body }
          let name = (mark && markAlert?.button == nil ? "↓" : "") + alert.name
          text += "      \(name): { \(body) }\n"
        }
      }
    }
    return text
  }

  private func render(_ event: Event, marked: Bool) -> String {
    var action = event.action.replacingOccurrences(of: "{{marker}}", with: marked ? "↓" : "")
    if marked && !event.action.contains("{{marker}}") {
      action = action.hasPrefix("{ ") ? "{ ↓" + action.dropFirst(2) : "↓" + action
    }
    guard let payload = event.payload, action.hasPrefix("{ ") else { return action }
    return "{ payload: \(quoted(payload)), " + action.dropFirst(2)
  }

  private func quoted(_ type: String) -> String {
    type.contains("[") || type.contains("?") ? "\"\(type)\"" : type
  }
}
