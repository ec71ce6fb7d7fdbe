/// A coordinator: a flow of screens and decisions that it shows through a router, the
/// children it starts, and the result it finishes with (spec section 4).
public struct Coordinator: Equatable, Sendable {
  /// How a coordinator begins.
  public enum Root: Equatable, Sendable {
    /// At this screen or decision (`start:`); the range is the `start` key's.
    case start(Identifier, keyRange: SourceRange)
    /// With these child coordinators, one per tab, all at once (`tabs:`).
    case tabs([Tab])
    /// Neither was given (a `schema` finding says so).
    case missing
  }

  /// The coordinator's name.
  public var name: Identifier
  /// Its `doc:` text.
  public var doc: String?
  /// Whether the app itself starts it (`entry: true`).
  public var isEntry: Bool
  /// (r3) Whether it has a `split` key whose value could not be read (a `schema` finding):
  /// which column its screens and shown children are in is unknown, so no `show` under it
  /// is judged. Beside ``isEntry``, in what was padding.
  package var splitIsBroken = false
  /// The payload it must be started with.
  public var input: TypeReference?
  /// The cases it finishes with.
  public var result: ResultDeclaration?
  /// (r3) What it asks of its parent while it keeps running (`requests:`, spec section 13.3),
  /// in file order, each with its payload type or none; empty without `requests`.
  public var requests: [PayloadCase] = []
  /// What it finishes with when the user leaves it (spec section 8, r2); `nil` when the
  /// flow does not say (`leave` absent): then, as with `leave: ~`, it is dropped.
  public var leave: Leave?
  /// Where it begins.
  public var root: Root
  /// (r3) Its columns when it is a split coordinator (`split:`, spec section 13.4), with the
  /// range of the `split` value; `nil` otherwise.
  public var split: Split?
  /// Its screens, in file order.
  public var screens: [Screen]
  /// Its decisions, in file order.
  public var decisions: [Decision]
  /// Its alerts, in file order (r2).
  public var alerts: [Alert] = []
  /// Its external events (r2): what the app, not a screen, sends to the running
  /// coordinator, in file order, each leading to one action (spec section 7b).
  public var events: [Transition] = []
  /// Rules it suppresses for findings inside it.
  public var lint: Lint?
  /// From the name to the end of the definition.
  public var range: SourceRange

  public init(
    name: Identifier, doc: String? = nil, isEntry: Bool = false, input: TypeReference? = nil,
    result: ResultDeclaration? = nil, root: Root, screens: [Screen] = [],
    decisions: [Decision] = [], lint: Lint? = nil, range: SourceRange
  ) {
    self.name = name
    self.doc = doc
    self.isEntry = isEntry
    self.input = input
    self.result = result
    self.root = root
    self.screens = screens
    self.decisions = decisions
    self.lint = lint
    self.range = range
  }

  /// What a coordinator does when the user leaves it with the system's back or swipe
  /// (spec section 8, "Leaving").
  public enum Leave: Equatable, Sendable {
    /// Finishes with this result case (`leave: cancelled`), as `finish` would.
    case result(Identifier)
    /// Is dropped, on purpose (`leave: ~`): removed from its parent without a result. The
    /// range is the `leave` key's.
    case dropped(SourceRange)
  }

  /// (r3) The columns of a split coordinator (spec section 13.4).
  ///
  /// Its fields live behind one reference, as a ``Transition``'s do: a coordinator without
  /// `split` pays 8 bytes for it, not the 32 of a layout and a range.
  public struct Split: Equatable, Sendable {
    private final class Fields: Sendable {
      let layout: SplitLayout
      let range: SourceRange

      init(layout: SplitLayout, range: SourceRange) {
        self.layout = layout
        self.range = range
      }
    }

    private let fields: Fields

    public init(layout: SplitLayout, range: SourceRange) {
      fields = Fields(layout: layout, range: range)
    }

    /// How many columns it has.
    public var layout: SplitLayout { fields.layout }
    /// The `split` value.
    public var range: SourceRange { fields.range }

    public static func == (lhs: Split, rhs: Split) -> Bool {
      lhs.fields === rhs.fields || (lhs.layout == rhs.layout && lhs.range == rhs.range)
    }
  }

  /// The tabs, for a tab coordinator; empty otherwise.
  public var tabs: [Tab] {
    if case .tabs(let tabs) = root { return tabs }
    return []
  }
}

/// What a coordinator finishes with.
public enum ResultDeclaration: Equatable, Sendable {
  /// An inline enum (generated as `<Coordinator>Result`); the range is the `result` value's.
  case inline([PayloadCase], range: SourceRange)
  /// The name of an enum declared under `types:`.
  case named(TypeReference)
}

/// A screen: UI the app builds, and the events it emits (spec section 5).
public struct Screen: Equatable, Sendable {
  // The fields are declared in an order that leaves little padding between them: a module
  // holds one screen per screen written, and the one-byte flags fill the end of the payload.

  /// The screen's name.
  public var name: Identifier
  /// Its `doc:` text.
  public var doc: String?
  /// The events it emits, in file order, each leading to one action.
  public var events: [Transition]
  /// Rules it suppresses for findings inside it.
  public var lint: Lint?
  /// From the name to the end of the definition.
  public var range: SourceRange
  /// The payload every transition into it carries.
  public var input: TypeReference?
  /// Whether the system's back button and swipe-back gesture work here (`systemBack`,
  /// r2; by default they do).
  public var systemBack = true
  /// Whether the user can swipe its sheet away while it is on top (`dismissible`, r2; by
  /// default they can).
  public var dismissible = true
  /// Whether the decoder reported a `schema` problem inside it. Such a node causes no
  /// findings of other rules (spec section 8, "Where findings go"): its starts do not count
  /// as starting a child, and nothing is said that what was lost from it could make false.
  public var isBroken = false
  /// (r3) For an owner's copy of a shared screen (``SharedNodes``), the index of the original
  /// in the module's ``FlowModule/shared`` screens; `nil` for a screen written in place.
  package var copyOf: Int?

  public init(
    name: Identifier, doc: String? = nil, input: TypeReference? = nil, events: [Transition] = [],
    lint: Lint? = nil, range: SourceRange
  ) {
    self.name = name
    self.doc = doc
    self.input = input
    self.events = events
    self.lint = lint
    self.range = range
  }
}

/// A decision: a node without UI that the app answers at run time (spec section 6).
public struct Decision: Equatable, Sendable {
  /// The decision's name.
  public var name: Identifier
  /// Its `doc:` text.
  public var doc: String?
  /// Its cases, in file order, each leading to one action.
  public var cases: [Transition]
  /// Rules it suppresses for findings inside it.
  public var lint: Lint?
  /// From the name to the end of the definition.
  public var range: SourceRange
  /// Whether the decoder reported a `schema` problem inside it. Such a node causes no
  /// findings of other rules (spec section 8, "Where findings go"): its starts do not count
  /// as starting a child, and nothing is said that what was lost from it could make false.
  public var isBroken = false
  /// (r3) For an owner's copy of a shared decision, the index of the original in the
  /// module's ``FlowModule/shared`` decisions (see ``Screen/copyOf``).
  package var copyOf: Int?

  public init(
    name: Identifier, doc: String? = nil, cases: [Transition] = [], lint: Lint? = nil,
    range: SourceRange
  ) {
    self.name = name
    self.doc = doc
    self.cases = cases
    self.lint = lint
    self.range = range
  }
}

/// An alert (r2): system UI shown over whatever is on top, which closes itself when the user
/// taps one of its buttons; the buttons' actions run on the screen that showed it (spec
/// section 6b).
public struct Alert: Equatable, Sendable {
  /// The alert's name.
  public var name: Identifier
  /// Its `doc:` text.
  public var doc: String?
  /// The payload `alert:` must carry.
  public var input: TypeReference?
  /// Its buttons (`on:`), in order, each leading to one action.
  public var buttons: [Transition]
  /// Rules it suppresses for findings inside it.
  public var lint: Lint?
  /// From the name to the end of the definition.
  public var range: SourceRange
  /// Whether the decoder reported a `schema` problem inside it (see ``Screen/isBroken``).
  public var isBroken = false
  /// (r3) For an owner's copy of a shared alert, the index of the original in the module's
  /// ``FlowModule/shared`` alerts (see ``Screen/copyOf``).
  package var copyOf: Int?

  public init(
    name: Identifier, doc: String? = nil, input: TypeReference? = nil,
    buttons: [Transition] = [], lint: Lint? = nil, range: SourceRange
  ) {
    self.name = name
    self.doc = doc
    self.input = input
    self.buttons = buttons
    self.lint = lint
    self.range = range
  }
}

/// A named way forward: a screen's event, a decision's case, an alert's button, an
/// external event, or a handler of a child's result case. Each leads to exactly one action.
///
/// Its fields live behind one reference: the graph's steps and the analyses copy
/// transitions by the hundred thousand, and a reference is 8 bytes where the fields are
/// 136. A transition is still a value: setting a field gives it fields of its own.
public struct Transition: Equatable, Sendable {
  private final class Fields: Sendable {
    let name: Identifier
    /// The payload behind a reference of its own: many events carry none, and a type
    /// reference is 56 bytes.
    let payload: Indirect<TypeReference>?
    let doc: String?
    let action: Action

    init(name: Identifier, payload: TypeReference?, doc: String?, action: Action) {
      self.name = name
      self.payload = payload.map(Indirect.init)
      self.doc = doc
      self.action = action
    }
  }

  private var fields: Fields

  public init(name: Identifier, payload: TypeReference? = nil, doc: String? = nil, action: Action) {
    fields = Fields(name: name, payload: payload, doc: doc, action: action)
  }

  /// The event, case or handled result case.
  public var name: Identifier {
    get { fields.name }
    set { self = Transition(name: newValue, payload: payload, doc: doc, action: action) }
  }

  /// The payload it carries (always `nil` for handlers: theirs is the result case's).
  public var payload: TypeReference? {
    get { fields.payload?.value }
    set { self = Transition(name: name, payload: newValue, doc: doc, action: action) }
  }

  /// Its `doc:` text.
  public var doc: String? {
    get { fields.doc }
    set { self = Transition(name: name, payload: payload, doc: newValue, action: action) }
  }

  /// What it does.
  public var action: Action {
    get { fields.action }
    set { self = Transition(name: name, payload: payload, doc: doc, action: newValue) }
  }

  public static func == (lhs: Transition, rhs: Transition) -> Bool {
    lhs.fields === rhs.fields
      || (lhs.name == rhs.name && lhs.payload == rhs.payload && lhs.doc == rhs.doc
        && lhs.action == rhs.action)
  }
}

/// One action (spec section 7), with where it is written.
public struct Action: Equatable, Sendable {
  /// What an action does.
  public enum Kind: Equatable, Sendable {
    /// Shows the screen on the current navigation stack.
    case push(Identifier)
    /// Shows the screen modally, in a navigation stack of its own, in a style.
    case present(Identifier, PresentationStyle)
    /// Makes the screen the only one of this coordinator on the current stack.
    case replace(Identifier)
    /// Goes back one screen on the current stack.
    case pop
    /// Goes back to the first screen this coordinator shows on the current stack (r2); it
    /// never leaves the coordinator.
    case popToRoot
    /// Closes the modal stack the screen is in.
    case dismiss
    /// Does not navigate.
    case stay
    /// Runs the decision of this coordinator.
    case decide(Identifier)
    /// Finishes this coordinator with the result case.
    case finish(Identifier)
    /// Starts the child coordinator; (r3) or shows it in a column of the nearest split
    /// coordinator (`show: C`, spec section 13.4), when ``ChildStart/show`` says so.
    ///
    /// Indirect: a start is the largest kind by far, and every action would be its size.
    indirect case start(ChildStart)
    /// Shows the alert of this coordinator over what is on top (r2).
    case alert(Identifier)
    /// Shows the tab that starts this coordinator, in the nearest tab coordinator around
    /// the one holding the action (r2).
    case select(Identifier)
    /// Sends this request of the coordinator holding the action to its parent, which handles
    /// it while the coordinator keeps running (r3, spec section 13.3): no navigation here.
    case request(Identifier)
    /// Runs these actions in order, each on the screen the one before leads to (r3, spec
    /// section 13.1): two or more, every one but the last a `pop`, `popToRoot`, `dismiss`,
    /// `push`, `present` or `replace`. None is itself a sequence.
    case sequence([Action])
    /// Could not be read; a `schema` finding says why, and no other rule looks at it.
    case invalid
  }

  /// What it does.
  public var kind: Kind
  /// The action key of the mapping form, or the scalar of the scalar form; for a sequence,
  /// its `do` key, or the start of the list.
  public var range: SourceRange

  public init(_ kind: Kind, at range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  /// The result case a `finish` names (empty for other actions).
  public var finishedCase: String {
    if case .finish(let name) = kind { return name.text }
    return ""
  }

  /// The word that names the action in the language: `push`, `start`, …
  public var keyword: String {
    switch kind {
    case .push: return "push"
    case .present: return "present"
    case .replace: return "replace"
    case .pop: return "pop"
    case .popToRoot: return "popToRoot"
    case .dismiss: return "dismiss"
    case .stay: return "stay"
    case .decide: return "decide"
    case .finish: return "finish"
    case .start(let child): return child.isShow ? "show" : "start"
    case .alert: return "alert"
    case .select: return "select"
    case .request: return "request"
    case .sequence: return "do"
    case .invalid: return "invalid"
    }
  }

  /// The actions it runs, in order: a sequence's elements, or the action itself (r3).
  public var elements: [Action] {
    if case .sequence(let elements) = kind { return elements }
    return [self]
  }

  /// Whether it is a sequence of actions (r3).
  public var isSequence: Bool {
    if case .sequence = kind { return true }
    return false
  }
}

/// How the user can dismiss a modal stack (spec sections 7 and 8, r2; 13.5, r3): what the
/// checks model of a presentation style. Every style but full screen is a *sheet* here.
public enum ModalStyle: String, Sendable {
  /// A stack the user dismisses (a page sheet, a form sheet, a popover: a swipe down, or a tap
  /// outside a popover), unless its top screen says `dismissible: false`.
  case sheet
  /// Full screen (or over full screen, or over the current context): no gesture dismisses it.
  case fullScreen
}

/// The `style` written on a `present` or a modal `start` (spec section 7, r2; 13.5, r3): how
/// the generated code shows the modal stack. Its raw value is the word of the language and
/// the name of FlowRuntime's `ModalStyle` case.
public enum PresentationStyle: String, Sendable, CaseIterable {
  /// A page sheet (SwiftUI: `sheet`).
  case sheet
  /// A form sheet (r3; SwiftUI: a sheet with form sizing).
  case formSheet
  /// A popover anchored on the presenting screen, a sheet in a compact width (r3).
  case popover
  /// Full screen (SwiftUI: `fullScreenCover`).
  case fullScreen

  /// How the user can dismiss it: a form sheet and a popover as a sheet (spec 13.5).
  public var modal: ModalStyle { self == .fullScreen ? .fullScreen : .sheet }

  /// How drawings, hovers and the diff name it: "sheet", "form sheet", "popover", "full
  /// screen".
  public var phrase: String {
    switch self {
    case .sheet: return "sheet"
    case .formSheet: return "form sheet"
    case .popover: return "popover"
    case .fullScreen: return "full screen"
    }
  }
}

/// How a child coordinator is shown.
public enum StartStyle: String, Sendable {
  /// On the parent's navigation stack.
  case push
  /// In a modal stack of its own, as a sheet (`style: sheet`, or `style: present`).
  case sheet
  /// In a modal stack of its own, as a form sheet (r3).
  case formSheet
  /// In a modal stack of its own, as a popover (r3).
  case popover
  /// In a modal stack of its own, full screen.
  case fullScreen

  /// How the child's modal stack is shown; `nil` for a push-style start.
  public var presentation: PresentationStyle? {
    switch self {
    case .push: return nil
    case .sheet: return .sheet
    case .formSheet: return .formSheet
    case .popover: return .popover
    case .fullScreen: return .fullScreen
    }
  }

  /// How the user can dismiss the child's modal stack; `nil` for a push-style start.
  public var modal: ModalStyle? { presentation?.modal }

  /// Whether the child gets a modal stack of its own.
  public var isModal: Bool { self != .push }
}

/// (r3) How many columns a split coordinator has (spec section 13.4); the raw value is the
/// word of the language.
public enum SplitLayout: String, Sendable, CaseIterable {
  /// A primary (sidebar) column and a secondary one.
  case doubleColumn
  /// A primary, a supplementary and a secondary column.
  case tripleColumn

  /// Its columns, in order.
  public var columns: [SplitColumn] {
    self == .doubleColumn ? [.primary, .secondary] : [.primary, .supplementary, .secondary]
  }

  /// The column after `column`, where a `show` without `column:` puts its child; `nil` after
  /// the last.
  public func column(after column: SplitColumn) -> SplitColumn? {
    columns.first { $0.rawValue > column.rawValue }
  }
}

/// (r3) A column of a split coordinator, in order (spec section 13.4).
public enum SplitColumn: Int, Sendable, Comparable, CaseIterable {
  /// The sidebar: the split coordinator's own screens.
  case primary
  /// The middle column of a triple-column split.
  case supplementary
  /// The last column.
  case secondary

  /// The word of the language: `primary`, `supplementary`, `secondary`.
  public var word: String {
    switch self {
    case .primary: "primary"
    case .supplementary: "supplementary"
    case .secondary: "secondary"
    }
  }

  public static func < (lhs: SplitColumn, rhs: SplitColumn) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A `start` of a child coordinator: which, how, and what to do with each result case.
public struct ChildStart: Equatable, Sendable {
  /// The child coordinator.
  public var coordinator: Identifier
  /// How it is shown.
  public var style: StartStyle
  /// One handler per result case and per request (r3) of the child, in file order.
  public var handlers: [Transition]
  /// (r3) For a `show: C` (spec section 13.4), where it shows the child; `nil` for a `start`.
  /// A show's ``style`` is `push`: in a compact width it is a push-style start.
  public var show: Show?

  public init(
    coordinator: Identifier, style: StartStyle = .push, handlers: [Transition] = [],
    show: Show? = nil
  ) {
    self.coordinator = coordinator
    self.style = style
    self.handlers = handlers
    self.show = show
  }

  /// (r3) Whether it is a `show` rather than a `start`.
  public var isShow: Bool { show != nil }

  /// (r3) Where a `show` shows its child: the column it names, if any.
  ///
  /// Its fields live behind one reference, as a ``Transition``'s do: every action is as
  /// large as its largest kind, a start, so a `start` pays 8 bytes for it, not 32.
  public struct Show: Equatable, Sendable {
    private final class Fields: Sendable {
      let column: SplitColumn?
      let columnRange: SourceRange?

      init(column: SplitColumn?, columnRange: SourceRange?) {
        self.column = column
        self.columnRange = columnRange
      }
    }

    private let fields: Fields

    public init(column: SplitColumn? = nil, columnRange: SourceRange? = nil) {
      fields = Fields(column: column, columnRange: columnRange)
    }

    /// The column `column:` names; `nil` for the column after the holder's.
    public var column: SplitColumn? { fields.column }
    /// The `column` value, when written.
    public var columnRange: SourceRange? { fields.columnRange }

    public static func == (lhs: Show, rhs: Show) -> Bool {
      lhs.fields === rhs.fields
        || (lhs.column == rhs.column && lhs.columnRange == rhs.columnRange)
    }
  }
}

/// One tab of a tab coordinator: a child started at the root of a stack of its own.
public struct Tab: Equatable, Sendable {
  /// The child, its style and its handlers.
  public var child: ChildStart
  /// Its `doc:` text.
  public var doc: String?
  /// The tab's `start` key.
  public var range: SourceRange

  public init(child: ChildStart, doc: String? = nil, range: SourceRange) {
    self.child = child
    self.doc = doc
    self.range = range
  }
}

/// `lint: { ignore: [...] }` on a coordinator, screen, decision or alert.
public struct Lint: Equatable, Sendable {
  /// The rule ids to suppress, as written.
  public var ignore: [Identifier]

  public init(ignore: [Identifier]) {
    self.ignore = ignore
  }
}
