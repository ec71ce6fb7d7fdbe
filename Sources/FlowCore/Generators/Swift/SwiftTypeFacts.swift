/// What the generator must know about the module's declared types to make them compile:
/// which conformances each can have, and how recursive types are stored.
///
/// - A type that contains only builtins and generated types (no `external` type, at any
///   depth) is *self-contained*: it gets `Codable`, `Hashable` and `Sendable`, and so do
///   the generated enums whose payloads are all self-contained. Nothing is promised about
///   the app's external types, so a type that contains one gets no conformance, except
///   `Hashable` when it is used as a dictionary key (then its external types must be
///   `Hashable` too).
/// - An enum that contains itself inline (through its payloads, optionals and other
///   declared types, not through arrays or dictionaries) is `indirect`; a struct field
///   through which a struct contains itself is stored out of line (`@Indirect`).
struct SwiftTypeFacts: Sendable {
  /// The module's type names, as the graph resolved them.
  private let types: ResolvedTypes
  /// Declared struct and enum types that contain an external type.
  private var withExternals: Set<String> = []
  /// Declared types with an external type that are used as dictionary keys.
  private var hashableKeys: Set<String> = []
  /// Enums to declare `indirect`.
  private(set) var indirectEnums: Set<String> = []
  /// `Type.field` of each struct field to store out of line.
  private(set) var boxedFields: Set<String> = []
  /// Declared types that keep the app's default isolation: see ``isNonisolated(_:)``.
  private var keepIsolation: Set<String> = []

  init(graph: FlowGraph) {
    let module = graph.module
    types = graph.types
    let declared = module.types.filter {
      switch $0.kind {
      case .structure, .enumeration: return true
      case .external, .invalid: return false
      }
    }
    var index: [String: Int] = [:]
    for (offset, type) in declared.enumerated() where index[type.name.text] == nil {
      index[type.name.text] = offset
    }
    let members = declared.map(Self.memberTypes)
    findExternals(declared, members: members, index: index, module: module)
    findHashableKeys(graph, members: members, index: index)
    findRecursion(declared, members: members, index: index)
    findKeptIsolation(declared, members: members, index: index)
  }

  /// The types of a declared type's fields or case payloads.
  private static func memberTypes(_ type: TypeDeclaration) -> [TypeExpression] {
    switch type.kind {
    case .structure(let fields): return fields.map(\.type.type)
    case .enumeration(let cases): return cases.compactMap { $0.payload?.type }
    case .external, .invalid: return []
    }
  }

  /// Marks every declared type that reaches an external type, walking backwards from the
  /// types that name one directly: O(size of the types).
  private mutating func findExternals(
    _ declared: [TypeDeclaration], members: [[TypeExpression]], index: [String: Int],
    module: FlowModule
  ) {
    var users: [[Int]] = Array(repeating: [], count: declared.count)
    var pending: [Int] = []
    for (offset, types) in members.enumerated() {
      for name in types.flatMap(\.names) {
        if let used = index[name] {
          users[used].append(offset)
        } else if !TypeExpression.builtins.contains(name) {
          pending.append(offset)
        }
      }
    }
    while let offset = pending.popLast() {
      guard withExternals.insert(declared[offset].name.text).inserted else { continue }
      pending.append(contentsOf: users[offset])
    }
  }

  /// Marks the types with externals that must be `Hashable` because a dictionary uses them
  /// as keys, and the declared types inside them.
  private mutating func findHashableKeys(
    _ graph: FlowGraph, members: [[TypeExpression]], index: [String: Int]
  ) {
    var pending: [String] = []
    graph.forEachTypeExpression { type in
      for key in type.dictionaryKeys { pending.append(contentsOf: key.names) }
    }
    while let name = pending.popLast() {
      guard withExternals.contains(name), hashableKeys.insert(name).inserted,
        let offset = index[name]
      else { continue }
      pending.append(contentsOf: members[offset].flatMap(\.names))
    }
  }

  /// Marks every declared type that holds an external type or a struct with a field stored
  /// out of line, at any depth, walking backwards from those: O(size of the types).
  private mutating func findKeptIsolation(
    _ declared: [TypeDeclaration], members: [[TypeExpression]], index: [String: Int]
  ) {
    var users: [[Int]] = Array(repeating: [], count: declared.count)
    for (offset, types) in members.enumerated() {
      for name in types.flatMap(\.names) {
        if let used = index[name] { users[used].append(offset) }
      }
    }
    var boxedStructs: Set<String> = []
    for field in boxedFields {
      if let dot = field.firstIndex(of: ".") { boxedStructs.insert(String(field[..<dot])) }
    }
    var pending = declared.indices.filter {
      let name = declared[$0].name.text
      return withExternals.contains(name) || boxedStructs.contains(name)
    }
    while let offset = pending.popLast() {
      guard keepIsolation.insert(declared[offset].name.text).inserted else { continue }
      pending.append(contentsOf: users[offset])
    }
  }

  /// Finds the enums and struct fields that must be stored out of line.
  private mutating func findRecursion(
    _ declared: [TypeDeclaration], members: [[TypeExpression]], index: [String: Int]
  ) {
    let inline = members.map { types in types.flatMap(\.inlineNames).compactMap { index[$0] } }
    let all = Components(count: declared.count) { inline[$0] }
    var isStruct: [Bool] = []
    for (offset, type) in declared.enumerated() {
      switch type.kind {
      case .enumeration:
        isStruct.append(false)
        if all.isCyclic[offset] { indirectEnums.insert(type.name.text) }
      default:
        isStruct.append(true)
      }
    }
    // Cycles through an indirect enum are broken by it; those left go through structs only.
    let structs = Components(count: declared.count) { offset in
      isStruct[offset] ? inline[offset].filter { isStruct[$0] } : []
    }
    for (offset, type) in declared.enumerated() where isStruct[offset] && structs.isCyclic[offset] {
      guard case .structure(let fields) = type.kind else { continue }
      for field in fields {
        let inside = field.type.type.inlineNames.contains { name in
          index[name].map { isStruct[$0] && structs.component[$0] == structs.component[offset] }
            ?? false
        }
        if inside { boxedFields.insert("\(type.name.text).\(field.name.text)") }
      }
    }
  }

  /// Whether every type a value of `type` holds is a builtin or a self-contained declared
  /// type.
  func isSelfContained(_ type: TypeExpression) -> Bool {
    type.names.allSatisfy { name in
      if TypeExpression.builtins.contains(name) { return true }
      switch types.declaration(named: name)?.kind {
      case .structure, .enumeration: return !withExternals.contains(name)
      case .external, .invalid, nil: return false
      }
    }
  }

  /// The conformances of a declared struct or enum.
  func conformances(of type: TypeDeclaration, names: SwiftNames) -> [SwiftType] {
    let name = type.name.text
    if withExternals.contains(name) {
      return hashableKeys.contains(name) ? [.named(names.swift("Hashable"))] : []
    }
    var list: [SwiftType] = [
      .named(names.swift("Codable")), .named(names.swift("Hashable")),
      .named(names.swift("Sendable")),
    ]
    // An enum without cases cannot be decoded, so Swift does not synthesize Codable for it.
    if case .enumeration(let cases) = type.kind, cases.isEmpty { list.removeFirst() }
    return list
  }

  /// Whether a declared struct or enum is generated `nonisolated`, so that it is plain data
  /// whatever the app's default isolation: unless it holds, at any depth, an external type
  /// or a struct with a field stored out of line. Those keep the app's default isolation:
  /// built with `-default-isolation MainActor`, a nonisolated type could not use the
  /// main-actor conformances of the app's own types, and Swift (6.3) rejects a property
  /// wrapper such as `@Indirect` in a nonisolated type ("'nonisolated' cannot be applied to
  /// mutable stored properties").
  func isNonisolated(_ type: TypeDeclaration) -> Bool {
    !keepIsolation.contains(type.name.text)
  }

  /// Whether a generated enum whose payloads are `payloads` is generated `nonisolated`: when
  /// every type a payload holds is a builtin or a nonisolated declared type.
  func isNonisolated(payloads: [TypeExpression]) -> Bool {
    payloads.allSatisfy { type in
      type.names.allSatisfy { name in
        if TypeExpression.builtins.contains(name) { return true }
        switch types.declaration(named: name)?.kind {
        case .structure, .enumeration: return !keepIsolation.contains(name)
        case .external, .invalid, nil: return false
        }
      }
    }
  }

  /// The conformances of a generated enum whose payloads are `payloads`.
  func conformances(payloads: [TypeExpression], names: SwiftNames) -> [SwiftType] {
    guard payloads.allSatisfy({ isSelfContained($0) }) else { return [] }
    return [.named(names.swift("Hashable")), .named(names.swift("Sendable"))]
  }
}

extension FlowGraph {
  /// Calls `body` with every type expression written in the module: the declared types',
  /// and the inputs, results and payloads of its coordinators (a handler's payload is the
  /// handled result case's, written there).
  func forEachTypeExpression(_ body: (TypeExpression) -> Void) {
    for type in module.types {
      switch type.kind {
      case .structure(let fields): for field in fields { body(field.type.type) }
      case .enumeration(let cases): for item in cases { item.payload.map { body($0.type) } }
      case .external, .invalid: break
      }
    }
    for (coordinator, graph) in zip(module.coordinators, coordinators) {
      coordinator.input.map { body($0.type) }
      if case .inline(let cases, _) = coordinator.result {
        for item in cases { item.payload.map { body($0.type) } }
      }
      for screen in coordinator.screens { screen.input.map { body($0.type) } }
      for steps in graph.steps {
        for step in steps where step.handlerOf.isEmpty {
          step.transition.payload.map { body($0.type) }
        }
      }
    }
  }
}
