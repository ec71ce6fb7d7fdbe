/// The names of the types generated Swift declares, spelled here and nowhere else (spec
/// sections 2, 10 and 12): the generators write these spellings, `duplicate-name` judges
/// from them which names collide, and a rename is refused when its new name would make two
/// collide.
///
/// Each name is a ``Form`` spelled from the name of what it is generated for, its *owner*
/// (`Auth` in `AuthCoordinator`), or once for the module (`FlowLink`):
/// - **Top-level names**, in the app's module, which must be distinct (spec section 2): a
///   declared type's own name, the forms of ``ofCoordinator`` for each coordinator that has
///   them, and the forms of ``ofModule``.
/// - **Nested enums**, inside `<C>Coordinator`: one per screen, decision and alert
///   (``nodeEnums``), which would hide a top-level name spelled the same there.
///
/// Beside them: the factory properties of `<C>Screens` (``factory(of:)``), the identifiers
/// of `ScreenID.<C>` (``screenIdentifiers(of:)``) and the generated files' names.
///
/// Revision 3 (spec section 13) adds a line to these tables, not a spelling elsewhere:
/// `SharedScreens` to ``ofModule`` (for a module with shared screens, decisions or alerts),
/// and the top-level enums of the shared nodes (``ofSharedNodes``): `<S>Event`, `<D>Answer`
/// and `<A>Button`, spelled by the forms of the nested ones (``nodeEnum(of:)``) but generated
/// once, outside any coordinator, with `ScreenID.Shared` for the shared screens' identifiers.
package struct GeneratedNames: Sendable {
  /// For each coordinator, in module order, the lowerCamelCase form of its name that names
  /// its factory (`addressBook` in `addressBookScreens`): distinct across the module.
  private let lowerCamelCoordinators: [String]

  package init(module: FlowModule) {
    lowerCamelCoordinators = Self.lowerCamel(module.coordinators.map(\.name.text))
  }

  // MARK: Forms

  /// How one kind of generated name is spelled from its owner's name.
  package struct Form: Hashable, Sendable {
    /// What the generated declaration is, as findings say it (`class`, `screen protocol`);
    /// `nil` for a declared type, whose generated name is its own.
    package let role: String?
    /// What follows the owner's name (`Coordinator`), or the whole name of a form generated
    /// once for the module.
    private let suffix: String
    /// Whether the name is ``suffix`` alone, with no owner (`FlowLink`).
    private let isFixed: Bool

    /// A form spelled `<owner><suffix>`.
    fileprivate init(_ role: String?, suffix: String) {
      self.role = role
      self.suffix = suffix
      isFixed = false
    }

    /// A form generated once for the module, spelled `name`.
    fileprivate init(_ role: String, fixed name: String) {
      self.role = role
      suffix = name
      isFixed = true
    }

    /// The name generated for an owner named `owner` (ignored by a form generated once).
    package func name(for owner: String) -> String {
      isFixed ? suffix : owner + suffix
    }

    /// The name of a form generated once for the module.
    package var name: String { name(for: "") }

    /// The name of the owner for which this form spells `name` (`Auth` for
    /// `AuthCoordinator`), or `nil` when it spells `name` for none; the empty string for a
    /// form generated once that is `name`.
    package func owner(of name: String) -> String? {
      if isFixed { return name == suffix ? "" : nil }
      // Bytes, not characters: a character of the owner's may join the suffix's first.
      let count = name.utf8.count - suffix.utf8.count
      guard count > 0, name.utf8.dropFirst(count).elementsEqual(suffix.utf8) else { return nil }
      return String(decoding: name.utf8.prefix(count), as: UTF8.self)
    }
  }

  /// `<C>Coordinator`: the class that runs coordinator C.
  package static let coordinatorClass = Form("class", suffix: "Coordinator")
  /// `<C>Screens`: the protocol through which the app makes C's screens.
  package static let screensProtocol = Form("screen protocol", suffix: "Screens")
  /// `<C>Result`: how C finishes, for an inline result.
  package static let resultEnum = Form("result enum", suffix: "Result")
  /// `<C>ExternalEvent`: what the app sends to a running C (spec section 7b).
  package static let externalEventEnum = Form("external event enum", suffix: "ExternalEvent")
  /// (r3) `<C>Request`: what a running C asks of its parent without ending (spec section
  /// 13.3).
  package static let requestEnum = Form("request enum", suffix: "Request")
  /// A declared type, generated under its own name (an external type is the app's, under its
  /// own name too).
  package static let declaredType = Form(nil, suffix: "")
  /// `FlowLink`: the module's deep links (spec section 12).
  package static let linkEnum = Form("enum", fixed: "FlowLink")
  /// `FlowLinkValues`: through which the app makes the values of links' `values`.
  package static let linkValuesProtocol = Form("protocol", fixed: "FlowLinkValues")
  /// (r3) `SharedScreens`: the protocol through which the app makes the shared screens and
  /// alerts and answers the shared decisions (spec section 13.2).
  package static let sharedScreensProtocol = Form("protocol", fixed: "SharedScreens")
  /// `FlowAccessibility`: FlowRuntime's namespace of the accessibility identifiers, which
  /// each coordinator's file extends with its screens', events' and alert buttons'
  /// (``FlowAccessibilityGenerator``). Not a top-level name of the module: a declared type
  /// of that name makes the extensions name the runtime's, `FlowRuntime.FlowAccessibility`.
  package static let accessibilityNamespace = Form("enum", fixed: "FlowAccessibility")

  /// `<S>Event`, nested in `<C>Coordinator`: the events of screen S; at the top level for a
  /// shared screen (r3).
  package static let eventEnum = Form("event enum", suffix: "Event")
  /// `<D>Answer`, nested in `<C>Coordinator`: the answers to decision D; at the top level for
  /// a shared decision (r3).
  package static let answerEnum = Form("answer enum", suffix: "Answer")
  /// `<A>Button`, nested in `<C>Coordinator`: the buttons of alert A; at the top level for a
  /// shared alert (r3).
  package static let buttonEnum = Form("button enum", suffix: "Button")

  // MARK: Top-level names

  /// The top-level names generated for each coordinator, in the order they are checked,
  /// with whether a coordinator has each: one line per form.
  package static let ofCoordinator: [(form: Form, has: @Sendable (Coordinator) -> Bool)] = [
    (coordinatorClass, { _ in true }),
    (screensProtocol, { _ in true }),
    (resultEnum, { if case .inline = $0.result { true } else { false } }),
    (externalEventEnum, { !$0.events.isEmpty }),
    (requestEnum, { !$0.requests.isEmpty }),
  ]

  /// The top-level names generated once for the module, with what generates each (as
  /// findings say it) and whether the module has it: one line per form.
  package static let ofModule:
    [(form: Form, generatedBy: String, has: @Sendable (FlowModule) -> Bool)] = [
      (linkEnum, "the module's links", { !$0.links.isEmpty }),
      (linkValuesProtocol, "the module's links", { $0.links.contains { !$0.values.isEmpty } }),
      (sharedScreensProtocol, "the module's shared screens", { !$0.shared.isEmpty }),
    ]

  /// (r3) The top-level enum of each shared screen, decision and alert of `module` (spec
  /// section 13.2), each with its form and the node: screens, then decisions, then alerts,
  /// in file order.
  package static func ofSharedNodes(
    _ module: FlowModule
  ) -> [(name: String, form: Form, node: Coordinator.Node)] {
    module.shared.allNodes.map { node in
      let form = nodeEnum(of: node).form
      return (form.name(for: module.shared.name(of: node).text), form, node)
    }
  }

  /// The top-level names generated for `coordinator`, each with its form, in the order of
  /// ``ofCoordinator``.
  package static func topLevelNames(of coordinator: Coordinator) -> [(name: String, form: Form)] {
    let owner = coordinator.name.text
    return ofCoordinator.compactMap { form, has in
      has(coordinator) ? (form.name(for: owner), form) : nil
    }
  }

  /// Every top-level name of the module's generated Swift, each with its form: the declared
  /// types', then each coordinator's in module order, then the module's own, then the shared
  /// nodes' enums. A name that two owners generate appears once for each.
  package static func topLevelNames(of module: FlowModule) -> [(name: String, form: Form)] {
    var names = module.types.map { ($0.name.text, declaredType) }
    for coordinator in module.coordinators { names += topLevelNames(of: coordinator) }
    for (form, _, has) in ofModule where has(module) { names.append((form.name, form)) }
    for (name, form, _) in ofSharedNodes(module) { names.append((name, form)) }
    return names
  }

  /// The coordinators of `module` (first definitions, by index) that generate the top-level
  /// name `name`, each with the form that spells it: one hash lookup per form.
  package static func coordinators(
    generating name: String, in module: FlowModule
  ) -> [(index: Int, form: Form)] {
    ofCoordinator.compactMap { form, has in
      guard let owner = form.owner(of: name), let index = module.coordinatorIndex(named: owner),
        has(module.coordinators[index])
      else { return nil }
      return (index, form)
    }
  }

  // MARK: Enums nested in <C>Coordinator

  /// The enum nested in `<C>Coordinator` for each kind of node, with the kind as findings
  /// name it.
  package static let nodeEnums: [(kind: String, form: Form)] = [
    nodeEnum(of: .screen(0)), nodeEnum(of: .decision(0)), nodeEnum(of: .alert(0)),
  ]

  /// The enum nested in `<C>Coordinator` for `node`, with the node's kind as findings name
  /// it.
  package static func nodeEnum(of node: Coordinator.Node) -> (kind: String, form: Form) {
    switch node {
    case .screen: ("screen", eventEnum)
    case .decision: ("decision", answerEnum)
    case .alert: ("alert", buttonEnum)
    }
  }

  /// The enums nested in `<C>Coordinator` for the coordinator's nodes, each with the name of
  /// its node, the node's kind and the form: screens, then decisions, then alerts, in file
  /// order. Its copies of shared nodes (r3) have none: their enums are top-level
  /// (``ofSharedNodes(_:)``).
  package static func nestedEnums(
    of coordinator: Coordinator
  ) -> [(name: String, node: Identifier, kind: String, form: Form)] {
    let nodes = [
      coordinator.screens.filter { $0.copyOf == nil }.map(\.name),
      coordinator.decisions.filter { $0.copyOf == nil }.map(\.name),
      coordinator.alerts.filter { $0.copyOf == nil }.map(\.name),
    ]
    var enums: [(name: String, node: Identifier, kind: String, form: Form)] = []
    for ((kind, form), names) in zip(nodeEnums, nodes) {
      for name in names { enums.append((form.name(for: name.text), name, kind, form)) }
    }
    return enums
  }

  // MARK: Members

  /// `<c>Screens`: the property through which `<P>Screens` of each coordinator P that starts
  /// the coordinator at `index` (in module order) asks for its factory, and the default of
  /// it in an extension of that coordinator's own `<C>Screens`. Distinct across the module,
  /// since the lowerCamelCase forms are.
  package func factory(of index: Int) -> String {
    lowerCamelCoordinators[index] + Self.screensProtocol.name(for: "")
  }

  /// For each screen of `coordinator` written in it, in order, its identifier in
  /// `ScreenID.<C>`: the lowerCamelCase form of its name (`review`), escaped where it is a
  /// reserved word. An owner's copies of shared screens (r3), which come after them, are
  /// identified in ``sharedScreenNamespace`` instead.
  package static func screenIdentifiers(of coordinator: Coordinator) -> [String] {
    screenIdentifiers(coordinator.screens.filter { $0.copyOf == nil })
  }

  /// For each of `screens`, in order, its identifier: see ``screenIdentifiers(of:)``.
  package static func screenIdentifiers(_ screens: [Screen]) -> [String] {
    lowerCamel(screens.map(\.name.text)).map(SwiftNames.identifier)
  }

  /// (r3) `Shared`: the namespace of the shared screens' identifiers in `ScreenID`
  /// (`ScreenID.Shared.profile`), and the coordinator those identifiers name. No coordinator
  /// of a module with shared nodes has this name: its `SharedScreens` would collide with
  /// the module's (`duplicate-name`).
  package static let sharedScreenNamespace = "Shared"

  /// (r3) `sharedScreens`: the property through which the `<C>Screens` of each owner of
  /// shared nodes asks for the factory of the shared ones, and its default in an extension
  /// of `SharedScreens`. No coordinator's factory has this name: that would be a coordinator
  /// named `Shared`.
  package static let sharedFactory = "sharedScreens"

  // MARK: Files

  /// `<C>Coordinator.swift`: the file of coordinator C.
  package static func file(ofCoordinator coordinator: String) -> String {
    coordinatorClass.name(for: coordinator) + ".swift"
  }
  /// The file of the declared types.
  package static let typesFile = "FlowTypes.swift"
  /// `FlowLink.swift`: the file of the module's links.
  package static let linksFile = linkEnum.name + ".swift"
  /// (r3) `SharedScreens.swift`: the file of the module's shared screens, decisions and alerts.
  package static let sharedFile = sharedScreensProtocol.name + ".swift"

  // MARK: lowerCamelCase forms

  /// UpperCamelCase names (of one namespace, so distinct) in lowerCamelCase, as Swift's API
  /// guidelines write them: a leading acronym is lowered whole (`URLPicker` is `urlPicker`,
  /// `Review` is `review`); a form may be a reserved word (``SwiftNames/identifier(_:)``).
  /// Names whose forms would then be equal (`URLPicker` and `UrlPicker`) have only their
  /// first letter lowered (`uRLPicker`, `urlPicker`), and if even that left two equal, every
  /// name has: a name's first letter alone tells it apart, so the forms stay distinct.
  static func lowerCamel(_ names: [String]) -> [String] {
    var forms = names.map(lowerCamel)
    var counts: [String: Int] = [:]
    for form in forms { counts[form, default: 0] += 1 }
    for index in forms.indices where counts[forms[index], default: 0] > 1 {
      forms[index] = lowerFirst(names[index])
    }
    if Set(forms).count < forms.count { forms = names.map(lowerFirst) }
    return forms
  }

  /// `name` with its leading acronym lowered: the run of capitals and digits it starts with,
  /// but for the capital that begins the next word (`URLPicker`: `urlPicker`), or all of it
  /// when it is the whole name (`URL`: `url`).
  private static func lowerCamel(_ name: String) -> String {
    asciiLowerCamel(name) ?? scalarLowerCamel(name)
  }

  /// ``lowerCamel(_:)`` of any name, scalar by scalar.
  static func scalarLowerCamel(_ name: String) -> String {
    let scalars = Array(name.unicodeScalars)
    var run = 0
    while run < scalars.count, isCapitalOrDigit(scalars[run]) { run += 1 }
    // One capital starts the only word of the run; a longer run keeps its last capital for
    // the next word, unless it is the whole name.
    let lowered = run == scalars.count ? run : max(1, run - 1)
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      if index < lowered {
        result.append(contentsOf: String(scalar).lowercased().unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// ``lowerCamel(_:)`` of an ASCII name, byte by byte (names are nearly always ASCII, and
  /// lowering a scalar through `String.lowercased()` is a Unicode lookup); `nil` otherwise.
  static func asciiLowerCamel(_ name: String) -> String? {
    var bytes = Array(name.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    func isCapitalOrDigit(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    var run = 0
    while run < bytes.count, isCapitalOrDigit(bytes[run]) { run += 1 }
    let lowered = run == bytes.count ? run : max(1, run - 1)
    for index in 0..<min(lowered, bytes.count)
    where (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index]) {
      bytes[index] += 0x20
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `name` with its first letter lowered.
  private static func lowerFirst(_ name: String) -> String {
    guard let first = name.unicodeScalars.first else { return name }
    return String(first).lowercased() + String(name.unicodeScalars.dropFirst())
  }

  private static func isCapitalOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
  }
}
