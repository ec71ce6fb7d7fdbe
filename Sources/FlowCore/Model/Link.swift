/// A deep link (spec section 12, r2): a URL pattern with typed params, the screen it takes
/// the app to, and what the route there may use.
public struct LinkDefinition: Equatable, Sendable {
  /// The link's name (lowerCamelCase): the case of the generated `FlowLink`.
  public var name: Identifier
  /// Its `doc:` text.
  public var doc: String?
  /// Its `url:` pattern; `nil` when it is missing or could not be read (a `schema` finding
  /// says why).
  public var url: URLPattern?
  /// Its `params:`, in file order: each `{name}` of the pattern with its type.
  public var params: [LinkParam]
  /// Its `values:`, in file order: the types the app builds from params.
  public var values: [LinkValue]
  /// Its `to:` target; `nil` when it is missing or could not be read, or names a shared
  /// screen (``relative``).
  public var target: LinkTarget?
  /// (r3) The shared screen a relative link's `to:` names, with no `Coordinator.` prefix
  /// (spec section 13.6): opened on whatever stack is on top, with no route.
  package var relative: Identifier?
  /// Its `via:` coordinators, in order: the route must pass through them in this order.
  public var via: [Identifier]
  /// Whether a route that meets a decision answered another way waits for the navigation to
  /// come back to it (`waits:`, by default `true`) rather than being dropped.
  public var waits: Bool
  /// Rules it suppresses for findings inside it.
  public var lint: Lint?
  /// From the name to the end of the definition.
  public var range: SourceRange
  /// Whether the decoder reported a `schema` problem inside it: then no other rule reports
  /// on it (spec section 8, "Where findings go"), and it gets no route.
  public var isBroken = false

  public init(
    name: Identifier, doc: String? = nil, url: URLPattern? = nil, params: [LinkParam] = [],
    values: [LinkValue] = [], target: LinkTarget? = nil, via: [Identifier] = [],
    waits: Bool = true, lint: Lint? = nil, range: SourceRange
  ) {
    self.name = name
    self.doc = doc
    self.url = url
    self.params = params
    self.values = values
    self.target = target
    self.via = via
    self.waits = waits
    self.lint = lint
    self.range = range
  }

  /// The param named `name`, if the link has one.
  public func param(named name: String) -> LinkParam? {
    params.first { $0.name.text == name }
  }
}

/// A link's URL pattern (spec section 12): `/`-separated literal and `{name}` segments, then
/// optionally `?key={name}&…`. It is a path: no scheme, no host, no literal query values.
public struct URLPattern: Hashable, Sendable, CustomStringConvertible {
  /// One segment of the path.
  public enum Segment: Hashable, Sendable {
    /// A literal segment, percent-decoded (`my%20items` is `my items`): matched exactly
    /// against a URL's decoded segments, and percent-encoded once when a URL is built.
    case literal(String)
    /// A whole segment that is the value of this param.
    case param(String)
  }

  /// One query item: the value of `?key=` is the param `param`.
  public struct QueryItem: Hashable, Sendable {
    /// The query key, percent-decoded as a literal segment is.
    public var key: String
    /// The param its value gives.
    public var param: String

    public init(key: String, param: String) {
      self.key = key
      self.param = param
    }
  }

  /// The pattern as written.
  public var text: String
  /// Where the `url:` value stands.
  public var range: SourceRange
  /// The path's segments, in order; empty for `/`.
  public var segments: [Segment]
  /// The query items, in order.
  public var query: [QueryItem]
  /// Whether the path ends with `/` (allowed, and ignored when matching).
  public var hasTrailingSlash: Bool

  public init(
    text: String, range: SourceRange, segments: [Segment], query: [QueryItem] = [],
    hasTrailingSlash: Bool = false
  ) {
    self.text = text
    self.range = range
    self.segments = segments
    self.query = query
    self.hasTrailingSlash = hasTrailingSlash
  }

  public var description: String { text }

  /// Every param the pattern names, path segments first, then query items, in order (a
  /// param named twice appears twice).
  public var paramNames: [String] {
    segments.compactMap { segment in
      if case .param(let name) = segment { return name }
      return nil
    } + query.map(\.param)
  }

  /// Whether `param` is a query param (only those may be optional).
  public func isQueryParam(_ param: String) -> Bool {
    query.contains { $0.param == param }
  }

  /// What two links with the same pattern share (spec section 12: the same literal
  /// segments, params in the same places): the literal segments, with `nil` for each param.
  /// Query items do not count: they do not tell URLs apart.
  public var shape: [String?] {
    segments.map { segment in
      if case .literal(let text) = segment { return text }
      return nil
    }
  }
}

/// A param of a link: a `{name}` of its URL pattern and its type.
public struct LinkParam: Equatable, Sendable {
  /// The param's name, where it is written under `params:`.
  public var name: Identifier
  /// Its type: `String`, `Int`, `Double`, `Bool`, `UUID`, `URL`, or one of these optional
  /// (only for a query param).
  public var type: TypeReference

  public init(name: Identifier, type: TypeReference) {
    self.name = name
    self.type = type
  }

  /// The builtin types a param may have (spec section 12).
  public static let allowedTypes: Set<String> = ["String", "Int", "Double", "Bool", "UUID", "URL"]
}

/// One entry of a link's `values:`: a type the app builds from some of the link's params,
/// when the route needs a payload of that type.
public struct LinkValue: Equatable, Sendable {
  /// The type the app builds.
  public var type: TypeReference
  /// The params it is built from, in order.
  public var params: [Identifier]

  public init(type: TypeReference, params: [Identifier]) {
    self.type = type
    self.params = params
  }
}

/// A link's `to:`, `Coordinator.Screen`.
public struct LinkTarget: Equatable, Sendable {
  /// The coordinator, located within the `to:` value.
  public var coordinator: Identifier
  /// The screen, located within the `to:` value.
  public var screen: Identifier
  /// Where the `to:` value stands.
  public var range: SourceRange

  public init(coordinator: Identifier, screen: Identifier, range: SourceRange) {
    self.coordinator = coordinator
    self.screen = screen
    self.range = range
  }

  /// `Coordinator.Screen`, as written.
  public var text: String { "\(coordinator.text).\(screen.text)" }
}

/// The route of a link (spec section 12): from the start of an entry coordinator (or, in a
/// module without entries, one that no other starts) to the target screen on top, step by
/// step. Found by ``LinkRoutes``.
package struct LinkRoute: Sendable {
  /// The coordinator the route starts in (its index in the module): the app starts it, and
  /// its start node (or, for a tab coordinator, its tab container) is shown first.
  package var entry: Int
  /// The steps, in order; empty when the target is the entry's own first screen.
  package var steps: [LinkStep]

  package init(entry: Int, steps: [LinkStep]) {
    self.entry = entry
    self.steps = steps
  }

  /// The coordinators the route runs in, in order, the entry first (a coordinator started
  /// twice appears twice).
  package var coordinators: [Int] {
    [entry]
      + steps.compactMap { step in
        if case .selectTab(_, let child) = step.kind { return child }
        if case .start(let child)? = step.action { return child.child }
        return nil
      }
  }
}

/// One step of a route: one action taken from one node of one coordinator, with what
/// generated code needs to perform it.
package struct LinkStep: Sendable {
  /// What the step does.
  package enum Kind: Sendable {
    /// A screen's event (`from` is the screen): its action pushes, presents or replaces a
    /// screen, decides, shows an alert or starts a child (see ``LinkStep/action``).
    case event(Step)
    /// A decision's case (`from` is the decision): the app answers it with this case; its
    /// payload, if any, is the app's answer.
    case decisionCase(Step)
    /// An alert's button (`from` is the alert): the user, here the link, taps it.
    case button(Step)
    /// At a tab container (`from` is `nil`): selects the tab at this index of the
    /// coordinator's `tabs`, whose child (its index in the module) is then on top.
    case selectTab(Int, child: Int)
    /// An external event of the coordinator (r3, spec 13.6), which the link sends: `from` is
    /// the coordinator's screen on top it is sent at, or `nil` at its tab container. Its
    /// action pushes, presents or replaces a screen, decides, shows an alert or starts a
    /// child, as an event's does.
    case externalEvent(Step)
  }

  /// The coordinator whose node acts (its index in the module).
  package var coordinator: Int
  /// The node the step acts from (for an external event, the screen on top it is sent at);
  /// `nil` at a tab container.
  package var from: NodeID?
  /// What the step does.
  package var kind: Kind
  /// Where its payload comes from, when it must carry one (an event, button or external event
  /// with `payload:`); `nil` otherwise.
  package var payload: LinkPayloadSource?

  package init(coordinator: Int, from: NodeID?, kind: Kind, payload: LinkPayloadSource? = nil) {
    self.coordinator = coordinator
    self.from = from
    self.kind = kind
    self.payload = payload
  }

  /// The graph's step this one takes (the event, case, button or external event and its
  /// resolved action); `nil` for a tab selection.
  package var step: Step? {
    switch kind {
    case .event(let step), .decisionCase(let step), .button(let step), .externalEvent(let step):
      return step
    case .selectTab: return nil
    }
  }

  /// The resolved action the step performs: push, present, replace, decide, alert or a
  /// child start (with its style); `nil` for a tab selection.
  package var action: ResolvedAction? { step?.action }

  /// Where the step is written: the action of its event, case, button or external event, or
  /// the tab's `start` key (given by the caller, which has the graph).
  package func range(in graph: FlowGraph) -> SourceRange? {
    switch kind {
    case .event(let step), .decisionCase(let step), .button(let step), .externalEvent(let step):
      return step.written.range
    case .selectTab(let tab, _):
      let tabs = graph.module.coordinators[coordinator].tabs
      return tabs.indices.contains(tab) ? tabs[tab].range : nil
    }
  }
}

/// Where a route step's payload comes from (spec section 12).
public enum LinkPayloadSource: Hashable, Sendable {
  /// The link param at this index of ``LinkDefinition/params`` (of the payload's type, or,
  /// for a payload `U?`, of type `U`).
  case param(Int)
  /// The value the app builds for the `values:` entry at this index of
  /// ``LinkDefinition/values``.
  case value(Int)
}
