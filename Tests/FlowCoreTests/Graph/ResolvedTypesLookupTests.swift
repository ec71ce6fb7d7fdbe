import FlowCore
import Foundation
import Testing

/// The rules ask the resolved types about a name with one lookup (``ResolvedTypes/reason(of:)``
/// and ``ResolvedTypes/isUsable(_:)``), and walk a reference's names without building their
/// array for a plain name; each says what ``ResolvedTypes/resolution(of:)`` and
/// ``TypeReference/names`` say, for the names the module writes and for others.
@Suite struct ResolvedTypesLookupTests {
  private func graph(_ yaml: String) throws -> FlowGraph {
    try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))]).resolved.graph
  }

  private let module = """
    version: 1
    types:
      Item: { struct: { id: Int, owner: Usr, maker: Shop, price: Pric, tags: "[String: Price]?" } }
      Price: external
      Broken: bogus
    coordinators:
      Shop:
        entry: true
        start: Home
        screens:
          Home: { input: Broken, on: { pick: { payload: Item, push: Home } } }
    """

  /// Names the module writes (builtin, declared, invalid, unresolved of each reason) and
  /// names it does not.
  private let names = [
    "Int", "String", "Item", "Price", "Broken", "Usr", "Shop", "Pric", "Home", "Bool", "Nope",
    "Prices",
  ]

  @Test func theReasonOfANameIsTheReasonOfItsResolution() throws {
    let types = try graph(module).types
    for name in names {
      let expected: UnresolvedReason?
      if case .unresolved(let reason) = types.resolution(of: name) {
        expected = reason
      } else {
        expected = nil
      }
      #expect(types.reason(of: name) == expected, "\(name)")
    }
    #expect(types.reason(of: "Shop") == .wrongKind(.coordinator, suggestion: nil))
    #expect(types.reason(of: "Item") == nil)
    #expect(types.reason(of: "Broken") == nil)
  }

  @Test func aUsableNameIsBuiltinOrDeclaredAndReadable() throws {
    let types = try graph(module).types
    for name in names {
      let usable: Bool
      switch types.resolution(of: name) {
      case .builtin: usable = true
      case .declared(let declaration):
        if case .invalid = declaration.kind { usable = false } else { usable = true }
      case .unresolved: usable = false
      }
      #expect(types.isUsable(name) == usable, "\(name)")
    }
    #expect(types.isUsable("Price"))
    #expect(!types.isUsable("Broken"))
    #expect(!types.isUsable("Usr"))
  }

  @Test func aReferencesNameTextsAreItsNamesInOrder() throws {
    let module = try Pipeline.check([
      .source(SourceFile(path: "a.flow.yaml", text: module))
    ]).resolved.module
    guard case .structure(let fields) = module.types[0].kind else {
      Issue.record("Item is a struct")
      return
    }
    #expect(fields.count == 5)
    for field in fields {
      var texts: [String] = []
      field.type.forEachNameText { texts.append($0) }
      #expect(texts == field.type.names.map(\.text), "\(field.name.text)")
      #expect(field.type.allNameTexts { $0 != "Price" } == !texts.contains("Price"))
    }
    var tags: [String] = []
    fields[4].type.forEachNameText { tags.append($0) }
    #expect(tags == ["String", "Price"])
  }

  @Test func stepReasonsAreThereOnlyWhenAnActionNamesNothing() throws {
    #expect(try !graph(module).targets.hasStepReasons)
    let broken = module.replacingOccurrences(of: "push: Home", with: "push: Hom")
    #expect(try graph(broken).targets.hasStepReasons)
  }
}
