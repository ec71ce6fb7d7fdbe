/// The colours of a drawing, by what they mean. DOT and Mermaid draw with these same
/// colours, so a module looks the same in both; each writer only spells them its own way.
enum DiagramPalette {
  /// Lines and text.
  static let ink = "#37474f"
  /// Secondary text, decisions and `stay`.
  static let muted = "#78909c"
  /// Modal stacks: `present` and `dismiss`.
  static let modal = "#1565c0"
  static let replace = "#6a1b9a"
  static let finish = "#e65100"
  /// Alerts and `alert`.
  static let alert = "#ad1457"
  /// Deep links (r2): their nodes and entry arrows.
  static let link = "#4527a0"
  /// Child coordinators: `start`, tabs and handlers.
  static let child = "#2e7d32"
  /// A handler that stays: the most common and least surprising.
  static let quietChild = "#81c784"
  /// (r3) Requests: their nodes, `request` and the parents' handlers of them.
  static let request = "#00838f"
  /// (r3) A handler of a request that stays.
  static let quietRequest = "#4dd0e1"
  /// (r3) `show` (spec section 13.4) and the nodes of the columns it shows children in.
  static let show = "#00695c"
  /// (r3) The border of a split coordinator's lanes.
  static let lane = "#90a4ae"
  /// An element a finding marks.
  static let problem = "#d32f2f"
  /// An element nothing leads to.
  static let unreachable = "#9e9e9e"
  static let clusterFill = "#f6f8fa"
  static let clusterBorder = "#b0bec5"
  /// The box of the shared screens (r3), which any coordinator shows: apart from the
  /// coordinators' boxes.
  static let sharedFill = "#eef7f6"
  static let sharedBorder = "#4db6ac"
  static let paper = "#ffffff"
  static let problemFill = "#ffebee"
  static let unreachableFill = "#f5f5f5"
  /// What `flowc diff` finds added, removed and changed, with their fills: GitHub's own
  /// colours for a diff, so that a pull request's picture reads like its text.
  static let added = "#1a7f37"
  static let removed = "#cf222e"
  static let changed = "#bf8700"
  static let addedFill = "#dafbe1"
  static let removedFill = "#ffebe9"
  static let changedFill = "#fff8c5"

  /// The fill of a node of `kind` that no finding marks.
  static func fill(of kind: FlowDiagram.Node.Kind) -> String {
    switch kind {
    case .start: return ink
    case .tabs: return "#eceff1"
    case .decision: return "#fffde7"
    case .app: return "#e3f2fd"
    case .alert: return "#fce4ec"
    case .result: return "#fff3e0"
    case .request: return "#e0f7fa"
    case .coordinator: return "#e8f5e9"
    case .missing: return problemFill
    case .link: return "#ede7f6"
    case .screen: return paper
    case .point: return ink
    case .column: return "#e0f2f1"
    }
  }

  /// The colour of an edge that no finding marks; `nil` for ink.
  static func color(of edge: FlowDiagram.Edge) -> String? {
    switch edge.kind {
    case .begin, .push, .pop, .popToRoot: return nil
    case .present, .dismiss: return modal
    case .replace: return replace
    case .decide, .stay: return muted
    case .finish: return finish
    case .alert: return alert
    case .handler where edge.action == "stay": return quietChild
    case .start, .tab, .select, .handler: return child
    case .show: return show
    case .requestHandler where edge.action == "stay": return quietRequest
    case .request, .requestHandler: return request
    case .link: return link
    }
  }
}
