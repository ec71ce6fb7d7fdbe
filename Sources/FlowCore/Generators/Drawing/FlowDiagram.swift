/// A drawing of a module's navigation, before any format writes it: clusters (one per
/// coordinator drawn in full, and one for the shared screens, r3), nodes and edges, each
/// with its place in the flow files and the findings that mark it. ``DiagramBuilder`` makes
/// it; `DOTWriter`, `MermaidWriter` and `DiagramJSON` each own the text of one format, so all
/// formats show the same thing.
///
/// Everything is in a stable order: coordinators in module order (files sorted by path,
/// then position), then each coordinator's nodes and steps in file order; the shared
/// cluster comes after the coordinators', its nodes in file order.
public struct FlowDiagram: Sendable {
  /// The coordinators drawn in full, in module order, then the shared cluster (r3), if any.
  public var clusters: [Cluster] = []
  /// Every node; a node in a cluster is listed in its ``Cluster/nodes`` too.
  public var nodes: [Node] = []
  /// Every edge, in drawing order.
  public var edges: [Edge] = []

  public init() {}

  /// How a drawn element is marked by the module's findings.
  public enum Emphasis: String, Sendable {
    /// No finding: drawn plainly.
    case normal
    /// Nothing reaches it (`unreachable-screen`), or it leaves such a node: greyed, dashed.
    case unreachable
    /// Another finding is placed on it (an orphaned coordinator, an unhandled result, a
    /// leak, a bad reference, …): drawn red.
    case problem
    /// New in the module `flowc diff` compares with an older one: drawn green.
    case added
    /// Gone from the module `flowc diff` compares with an older one, drawn from the older
    /// module: red and dashed.
    case removed
    /// In both modules `flowc diff` compares, but different: drawn amber.
    case changed
  }

  /// A coordinator drawn in full, a box around its nodes; or (r3) the box of the shared
  /// screens, decisions and alerts, which any coordinator may show (``isShared``).
  public struct Cluster: Sendable {
    /// An identifier unique in the drawing, made only of `[A-Za-z0-9_]`: `cluster_Auth`.
    public var id: String
    /// The coordinator's name; `shared` for the shared box.
    public var name: String
    /// (r3) Whether it is the box of the shared screens, decisions and alerts (spec section
    /// 13.2), drawn once whichever coordinators show them, rather than a coordinator.
    public var isShared: Bool
    /// Whether it is the legend (`flowc graph --legend`), rather than a coordinator.
    public var isLegend: Bool
    /// Whether the app itself starts it.
    public var isEntry: Bool
    /// The type of its input, as written: `String?`.
    public var input: String?
    /// Its result cases, in order: `signedIn(User)`, `cancelled`.
    public var resultCases: [String]
    /// (r3) Its requests, in order, as result cases are shown: `openExternal(URL)`.
    public var requests: [String]
    /// A second, smaller line for its label: input and result cases, like a function's
    /// signature: `(String?) → signedIn(User) · cancelled`.
    public var detail: String?
    /// The indices of its nodes in ``FlowDiagram/nodes``, in drawing order.
    public var nodes: [Int] = []
    /// The coordinator's name in the flow files.
    public var location: SourceRange?
    /// The findings placed on the coordinator's name.
    public var findings: [Finding] = []
    /// How the findings mark it.
    public var emphasis: Emphasis = .normal
    /// (r3) Its columns, when it is a split coordinator (spec section 13.4); `nil` otherwise.
    public var split: SplitLayout?
    /// (r3) For a split coordinator, one lane per column, in column order: a box inside its
    /// box. Its own screens, decisions and alerts are in the primary lane; each later lane
    /// holds one ``Node/Kind/column`` node naming the children shown in that column (their
    /// boxes stay where they are). Empty for any other cluster.
    public var lanes: [Lane] = []

    public init(
      id: String, name: String, isShared: Bool = false, isLegend: Bool = false,
      isEntry: Bool = false, input: String? = nil,
      resultCases: [String] = [], requests: [String] = [], detail: String? = nil,
      nodes: [Int] = [],
      location: SourceRange? = nil, findings: [Finding] = [], emphasis: Emphasis = .normal,
      split: SplitLayout? = nil, lanes: [Lane] = []
    ) {
      self.id = id
      self.name = name
      self.isShared = isShared
      self.isLegend = isLegend
      self.isEntry = isEntry
      self.input = input
      self.resultCases = resultCases
      self.requests = requests
      self.detail = detail
      self.nodes = nodes
      self.location = location
      self.findings = findings
      self.emphasis = emphasis
      self.split = split
      self.lanes = lanes
    }
  }

  /// (r3) One column of a split coordinator, drawn as a lane inside its cluster (spec
  /// section 13.4).
  public struct Lane: Sendable {
    /// An identifier unique in the drawing, made only of `[A-Za-z0-9_]`:
    /// `cluster_Chats__secondary`.
    public var id: String
    /// The column it stands for.
    public var column: SplitColumn
    /// The indices of its nodes in ``FlowDiagram/nodes``, in drawing order; each is also in
    /// its cluster's ``Cluster/nodes``.
    public var nodes: [Int]
    /// The names of the coordinators a `show` puts in this column, as far as the drawing
    /// can tell (module order).
    public var shows: [String]

    public init(id: String, column: SplitColumn, nodes: [Int] = [], shows: [String] = []) {
      self.id = id
      self.column = column
      self.nodes = nodes
      self.shows = shows
    }
  }

  /// One node of the drawing.
  public struct Node: Sendable {
    /// An identifier unique in the drawing, made only of `[A-Za-z0-9_]` and with at least
    /// one `_`, so that no format mistakes it for a keyword: `Auth_SignIn`.
    public var id: String
    /// What the node stands for.
    public var kind: Kind
    /// The text to show: a name, or nothing for a start marker.
    public var label: String
    /// A second, smaller line: a screen's input type, a result case's payload, the result
    /// cases of a collapsed coordinator.
    public var detail: String?
    /// The index of its cluster in ``FlowDiagram/clusters``, or `nil` at the top level.
    public var cluster: Int?
    /// The system controls a screen turns off (r2), for a line of their own: `no back`
    /// (`systemBack: false`), `no swipe` (`dismissible: false`). The user's own back is
    /// not drawn as edges (it would double every push); where it is off, the screen says so.
    public var controls: [String] = []
    /// The name it stands for in the flow files, if any.
    public var location: SourceRange?
    /// The findings placed on that name.
    public var findings: [Finding] = []
    /// How the findings mark it.
    public var emphasis: Emphasis = .normal

    public init(
      id: String, kind: Kind, label: String, detail: String? = nil, cluster: Int? = nil,
      controls: [String] = [], location: SourceRange? = nil, findings: [Finding] = [],
      emphasis: Emphasis = .normal
    ) {
      self.id = id
      self.kind = kind
      self.label = label
      self.detail = detail
      self.cluster = cluster
      self.controls = controls
      self.location = location
      self.findings = findings
      self.emphasis = emphasis
    }

    /// What a node stands for.
    public enum Kind: String, Sendable {
      /// Where a coordinator begins: its `start` points from here.
      case start
      /// The tab container of a tab coordinator, where its tabs begin; its start.
      case tabs
      /// A screen.
      case screen
      /// A decision.
      case decision
      /// Where the app's external events enter the coordinator (spec section 7b): their
      /// edges leave from here, since they act on whichever screen is on top.
      case app
      /// An alert (r2): system UI over what is on top, whose buttons lead on.
      case alert
      /// A result case of the cluster's coordinator: where `finish` goes, and where the
      /// parent's handler of that case leaves from.
      case result
      /// (r3) A request of the cluster's coordinator (spec section 13.3): where its
      /// `request` actions lead, and where the parent's handlers of it leave from. The child
      /// keeps running: it is drawn apart from the result cases, as no end.
      case request
      /// A child coordinator drawn as one node (`--coordinator`).
      case coordinator
      /// A name that an action targets but that does not exist (an `unknown-reference`).
      case missing
      /// A deep link (spec section 12, r2), outside every cluster: its entry arrow leads to
      /// the screen it opens.
      case link
      /// An end of a sample edge of the legend (`flowc graph --legend`): a small point.
      case point
      /// (r3) A column after the primary one of a split coordinator (spec section 13.4), in
      /// the column's lane: it names the children shown there.
      case column
    }
  }

  /// One edge of the drawing: one action, or the start of a coordinator.
  public struct Edge: Sendable {
    /// The index of the node it leaves, in ``FlowDiagram/nodes``.
    public var from: Int
    /// The index of the node it reaches.
    public var to: Int
    /// How to draw it.
    public var kind: Kind
    /// The action as written (`push`, `pop`, `start`, …); empty for ``Kind/begin``.
    public var action: String
    /// The event, decision case or handled result case it follows; empty for
    /// ``Kind/begin`` and ``Kind/tab``.
    public var event: String
    /// The text to show on it.
    public var label: String
    /// The payload the event or case carries, as written.
    public var payload: String?
    /// How a started child is shown, for ``Kind/start`` and ``Kind/tab``.
    public var style: StartStyle?
    /// The style of the modal stack it opens, for a `present` and a modal start: each is
    /// drawn visibly (a full-screen one, which the user cannot swipe away: r2; a form sheet
    /// and a popover: r3).
    public var modal: PresentationStyle?
    /// The action (or the `start` key, or the tab's) in the flow files.
    public var location: SourceRange?
    /// The findings placed on the action or on its event's name.
    public var findings: [Finding] = []
    /// How the findings mark it.
    public var emphasis: Emphasis = .normal
    /// (r3) For a ``Kind/show``, the column it shows its child in, when the drawing can tell
    /// (the one the `show` names, or the one after its holder's); `nil` otherwise.
    public var column: SplitColumn?

    /// The label split where the writers put the payload: after the event it belongs to, so
    /// that a show reads `opened(Product): show → secondary`, not `opened: show →
    /// secondary(Product)`. For other edges the payload follows the whole label.
    package var labelAroundPayload: (before: Substring, after: Substring) {
      guard kind == .show, payload != nil, !event.isEmpty,
        let eventEnd = label.firstRange(of: event + ": ")
      else { return (label[...], "") }
      let split = label.index(eventEnd.lowerBound, offsetBy: event.count)
      return (label[..<split], label[split...])
    }

    public init(
      from: Int, to: Int, kind: Kind, action: String = "", event: String = "",
      label: String = "", payload: String? = nil, style: StartStyle? = nil,
      modal: PresentationStyle? = nil, location: SourceRange? = nil, findings: [Finding] = [],
      emphasis: Emphasis = .normal, column: SplitColumn? = nil
    ) {
      self.from = from
      self.to = to
      self.kind = kind
      self.action = action
      self.event = event
      self.label = label
      self.payload = payload
      self.style = style
      self.modal = modal
      self.location = location
      self.findings = findings
      self.emphasis = emphasis
      self.column = column
    }

    /// How an edge is drawn: by what its action does.
    public enum Kind: String, Sendable {
      /// From a start marker to the coordinator's first node.
      case begin
      /// Shows a screen on the current stack.
      case push
      /// Shows a screen modally.
      case present
      /// Makes a screen the bottom of the coordinator's part of the stack.
      case replace
      /// Runs a decision.
      case decide
      /// Shows an alert over what is on top (r2); its buttons' edges leave from the alert.
      case alert
      /// Goes back one screen: to the screens below, or out of the coordinator.
      case pop
      /// Goes back to the coordinator's first screen on the stack (r2): to the bottoms
      /// below, never out of the coordinator.
      case popToRoot
      /// Closes the modal stack: to the screens that presented it, or out of the coordinator.
      case dismiss
      /// Stays where it is (a loop, or a handler back to the node that started the child).
      case stay
      /// Finishes the coordinator: to one of its result nodes.
      case finish
      /// Starts a child coordinator: into the child's cluster (or its collapsed node).
      case start
      /// One tab of a tab coordinator: from the tab container into the child.
      case tab
      /// (r3) Shows a child in a column of the nearest split coordinator (`show`, spec
      /// section 13.4): into the child's cluster (or its collapsed node), labelled with the
      /// column (``Edge/column``).
      case show
      /// Shows the tab that starts a coordinator (`select`, r2): to that coordinator's start
      /// (or its collapsed node), in the tab coordinator around.
      case select
      /// A handler of a child's result case that does not start another child: from the
      /// child's result node back into the parent.
      case handler
      /// (r3) A `request` (spec section 13.3): from the node that sends it to the request's
      /// node in its coordinator's box; it does not navigate, nor end anything.
      case request
      /// (r3) A handler of a child's request that does not start another child: from the
      /// child's request node into the parent, as a result handler leaves its result node.
      case requestHandler
      /// A deep link's entry arrow (r2): from the link's node into the screen it opens,
      /// labelled with its URL pattern.
      case link
    }
  }
}
