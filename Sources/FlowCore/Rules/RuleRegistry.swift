/// Every rule flowc has, in the order `flowc rules` and the rule reference list them.
public enum RuleRegistry {
  /// All rules. The list is written by `make lists` from the rule types declared in
  /// `Rules/` (`RuleListsTests` fails while it is stale): a new rule joins at the end, and
  /// a line moved stays where it was moved.
  public static let all: [any Rule.Type] = [
    YAMLSyntaxRule.self,
    SchemaRule.self,
    InvalidNameRule.self,
    DuplicateNameRule.self,
    UnknownReferenceRule.self,
    TypeMismatchRule.self,
    UnhandledResultRule.self,
    NeverFinishesRule.self,
    InvalidBackRule.self,
    UnreachableScreenRule.self,
    OrphanedCoordinatorRule.self,
    CannotFinishRule.self,
    BackLeakRule.self,
    CoordinatorCycleRule.self,
    UnusedResultCaseRule.self,
    UnusedTypeRule.self,
    UnusedSuppressionRule.self,
    UnreachableLinkRule.self,
    EmptyWindowRule.self,
  ]

  /// The rules that run over the module, in the order they run.
  package static let moduleRules: [any ModuleRule.Type] = all.compactMap {
    $0 as? any ModuleRule.Type
  }

  /// The ids of all rules.
  public static let ids: [RuleID] = all.map { $0.id }

  /// The rules whose findings always stop `flowc generate`, in registry order.
  public static let blockingGeneration: [RuleID] = all.filter { $0.blocksGeneration }.map {
    $0.id
  }

  /// The rule with this id.
  public static func rule(_ id: RuleID) -> (any Rule.Type)? {
    all.first { $0.id == id }
  }
}
