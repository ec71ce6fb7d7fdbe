/// What a finding is about: an element of the module, named by the path of names that leads
/// to it from the top of its file, with no position. `coordinator 'App' › screen 'Home' ›
/// event 'next'` is the action of the event `next` of the screen `Home`, wherever it is
/// written and however it is worded.
///
/// The subject is a finding's identity across runs, with its rule, message id and file (see
/// `FindingIdentity`): moving lines, rewording a message or fixing another finding does not
/// change it. It also says which definition the finding was found in, which the findings of
/// content shared through an anchor are merged by (`SharedFindings`).
///
/// A path starts at a definition of the file's top level (a coordinator, a type, a link; the
/// empty path is the file itself) and goes down through what the element is written in:
///
/// - a coordinator's screens, decisions and alerts, result cases, external events and tabs;
/// - a type's fields and cases, a link's params;
/// - a node's events, decision cases or buttons, then the handlers of the child a `start`
///   there starts (`handler`), at any depth; in revision 3, the position of an action in a
///   sequence (`element`), and a shared screen, decision or alert as a path of its own that
///   starts at it (no coordinator), through which its owners are named as for an anchor;
/// - a key of the element before (`start`, `leave`, `input`, `payload`, `lint`, …), and a
///   name written there (`reference`: a type name, a rule id of `lint: ignore`, the target an
///   unknown reference names), since one place can hold several.
public struct SymbolRef: Hashable, Sendable, CustomStringConvertible {
  /// One step of the path.
  public enum Component: Hashable, Sendable {
    /// A coordinator.
    case coordinator(String)
    /// A screen of the coordinator before (or, r3, a shared screen at the top).
    case screen(String)
    /// A decision of the coordinator before (or, r3, a shared decision).
    case decision(String)
    /// An alert of the coordinator before (or, r3, a shared alert).
    case alert(String)
    /// A type declared under `types:`.
    case type(String)
    /// A link (spec section 12).
    case link(String)
    /// A result case of the coordinator before, written inline.
    case resultCase(String)
    /// (r3) A request of the coordinator before (spec section 13.3).
    case request(String)
    /// A case of the enum type before.
    case enumCase(String)
    /// A field of the struct type before.
    case field(String)
    /// A param of the link before.
    case param(String)
    /// An event of the screen before.
    case event(String)
    /// An external event of the coordinator before (r2).
    case externalEvent(String)
    /// A case of the decision before.
    case decisionCase(String)
    /// A button of the alert before.
    case button(String)
    /// A tab of the coordinator before, by the coordinator the tab starts.
    case tab(String)
    /// The handler of this result case (or, r3, request) in the `on` of the `start` before.
    case handler(String)
    /// (r3) The action at this position, from 0, of the sequence before.
    case element(Int)
    /// A key of the element before, such as `start`, `leave`, `input` or `lint`.
    case key(String)
    /// A name written at the place before: a type name, a rule id of `lint: ignore`, the
    /// name an action or key refers to.
    case reference(String)

    /// The word messages name the element with: `screen`, `external event`.
    public var kind: String {
      switch self {
      case .coordinator: "coordinator"
      case .screen: "screen"
      case .decision: "decision"
      case .alert: "alert"
      case .type: "type"
      case .link: "link"
      case .resultCase: "result case"
      case .request: "request"
      case .enumCase: "case"
      case .field: "field"
      case .param: "param"
      case .event: "event"
      case .externalEvent: "external event"
      case .decisionCase: "decision case"
      case .button: "button"
      case .tab: "tab"
      case .handler: "handler"
      case .element: "element"
      case .key: "key"
      case .reference: "reference"
      }
    }

    /// The name, or the position of an element.
    public var name: String {
      switch self {
      case .coordinator(let name), .screen(let name), .decision(let name), .alert(let name),
        .type(let name), .link(let name), .resultCase(let name), .request(let name),
        .enumCase(let name),
        .field(let name), .param(let name), .event(let name), .externalEvent(let name),
        .decisionCase(let name), .button(let name), .tab(let name), .handler(let name),
        .key(let name), .reference(let name):
        name
      case .element(let position): String(position)
      }
    }

    /// Whether the element is a definition findings are placed in and shared content is
    /// read by: a coordinator, a screen, decision or alert, a type or a link.
    public var isDefinition: Bool {
      switch self {
      case .coordinator, .screen, .decision, .alert, .type, .link: true
      default: false
      }
    }
  }

  /// The steps, from the top of the file down.
  public var path: [Component]

  public init(_ path: [Component]) {
    self.path = path
  }

  /// The file itself: a finding about its text or its top level.
  public static let file = SymbolRef([])

  /// A coordinator.
  public static func coordinator(_ name: String) -> SymbolRef { SymbolRef([.coordinator(name)]) }

  /// A type.
  public static func type(_ name: String) -> SymbolRef { SymbolRef([.type(name)]) }

  /// A link.
  public static func link(_ name: String) -> SymbolRef { SymbolRef([.link(name)]) }

  /// This element's `component`.
  public func appending(_ component: Component) -> SymbolRef {
    var longer: [Component] = []
    longer.reserveCapacity(path.count + 1)
    longer.append(contentsOf: path)
    longer.append(component)
    return SymbolRef(longer)
  }

  /// This element's `components`, in order.
  public func appending(_ components: [Component]) -> SymbolRef {
    var longer: [Component] = []
    longer.reserveCapacity(path.count + components.count)
    longer.append(contentsOf: path)
    longer.append(contentsOf: components)
    return SymbolRef(longer)
  }

  /// The innermost definition the element is in, or is: `screen 'Home'` of coordinator
  /// `App` for an event of it; `nil` for the file.
  public var definition: SymbolRef? {
    guard let last = path.lastIndex(where: \.isDefinition) else { return nil }
    return SymbolRef(Array(path[...last]))
  }

  /// The definitions the element is in, innermost first: a screen, then its coordinator.
  public var definitions: [SymbolRef] {
    path.indices.reversed().filter { path[$0].isDefinition }.map { SymbolRef(Array(path[...$0])) }
  }

  /// The coordinator the element is in, if any.
  public var coordinator: String? {
    if case .coordinator(let name)? = path.first { return name }
    return nil
  }

  /// `coordinator 'App' › screen 'Home' › event 'next'`; `the file` for the empty path.
  public var description: String {
    guard !path.isEmpty else { return "the file" }
    return path.map { "\($0.kind) '\($0.name)'" }.joined(separator: " › ")
  }

  /// The path as text no two paths share, for fingerprints: each step its kind and its
  /// name, the name's length first, so that no name can read as another step.
  package var identityKey: String {
    var key = ""
    for component in path {
      key += component.kind + ":" + String(component.name.utf8.count) + ":" + component.name + "/"
    }
    return key
  }
}
