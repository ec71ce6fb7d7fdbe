/// A module with what the check works out from it once for every back end: its resolved
/// graph (``FlowGraph``) and what the graph's paths allow (``ModuleAnalysis``).
///
/// The check builds it once; the rules read it, the Swift
/// generator translates its graph, and the drawings draw it. No back end looks a name up
/// again or walks the actions its own way.
public struct ResolvedModule: Sendable {
  /// The module's navigation graph, its paths and how each screen can be shown.
  package let analysis: ModuleAnalysis
  /// The route of each deep link, or why it has none (spec section 12).
  public let links: LinkRoutes

  /// The module resolved.
  public var module: FlowModule { analysis.graph.module }

  /// Its navigation graph, every reference resolved.
  public var graph: FlowGraph { analysis.graph }

  /// Resolves `module` and analyses its graph: O(size of the module). `children` says who
  /// removes a child the user leaves (the configuration's `children`).
  public init(module: FlowModule, children: ChildRemoval = .generated) {
    analysis = ModuleAnalysis(graph: FlowGraph(module: module), children: children)
    links = LinkRoutes(analysis: analysis)
  }

  /// The module an analysis was made of.
  package init(analysis: ModuleAnalysis) {
    self.analysis = analysis
    links = LinkRoutes(analysis: analysis)
  }
}
