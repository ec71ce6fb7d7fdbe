/// How many columns a split coordinator has (r3, FLOW-SPEC 13.4): its flow's `split:`.
nonisolated public enum SplitStyle: String, Hashable, Sendable {
  /// A sidebar and a detail: ``SplitColumn/primary`` and ``SplitColumn/secondary`` (UIKit's
  /// `.doubleColumn`; SwiftUI's two-column `NavigationSplitView`).
  case doubleColumn
  /// A sidebar, a content column and a detail: every ``SplitColumn`` (UIKit's
  /// `.tripleColumn`; SwiftUI's three-column `NavigationSplitView`).
  case tripleColumn

  /// The columns of the split, left to right.
  public var columns: [SplitColumn] {
    switch self {
    case .doubleColumn: [.primary, .secondary]
    case .tripleColumn: [.primary, .supplementary, .secondary]
    }
  }
}

/// A column of a split coordinator (r3, FLOW-SPEC 13.4), in the order they stand: a column
/// is *later* than the ones to its left.
nonisolated public enum SplitColumn: String, Hashable, Comparable, Sendable, CaseIterable {
  /// The sidebar: the split coordinator's own screens and its push-style children's.
  case primary
  /// The middle column of a ``SplitStyle/tripleColumn`` split (a flow's `column:
  /// supplementary`).
  case supplementary
  /// The detail column, the last one (a flow's `column: secondary`).
  case secondary

  public static func < (lhs: SplitColumn, rhs: SplitColumn) -> Bool {
    lhs.rank < rhs.rank
  }

  /// Its place, left to right.
  private var rank: Int {
    switch self {
    case .primary: 0
    case .supplementary: 1
    case .secondary: 2
    }
  }
}

/// How a split container shows its columns now (r3, FLOW-SPEC 13.4): side by side, or
/// collapsed into one stack. The system switches between them when the width changes
/// (rotation, multitasking, a resized window); every column keeps its child and its screens
/// through either change.
nonisolated public enum SplitLayout: String, Hashable, Sendable {
  /// A regular width: each column is the root of its own stack, side by side.
  case regular
  /// A compact width (an iPhone, a narrow window): the columns collapse into one stack, each
  /// column's screens above the earlier column's, and the user's back at the bottom screen
  /// of a later column takes it away.
  case compact
}

/// What a router gives a split coordinator when it makes its split container
/// (``Router/makeSplit(_:)``): the router of each column after the primary one. The primary
/// column is the split coordinator's own router: its screens go there as they go on any
/// stack.
///
/// Generated code never reads it: a coordinator calls ``Coordinator/showSplit(_:)``, and a
/// holder makes the child it shows with ``Coordinator/columnRouter(_:)``.
@MainActor
public struct SplitColumns {
  /// The style of the split.
  public let style: SplitStyle
  /// The router of each column after the primary one.
  public let routers: [SplitColumn: any Router]

  public init(style: SplitStyle, routers: [SplitColumn: any Router]) {
    self.style = style
    self.routers = routers
  }

  /// The router of `column`, if the split has that column and it is not the primary one.
  public func router(for column: SplitColumn) -> (any Router)? { routers[column] }
}

/// (r3) Split coordinators and `show` (FLOW-SPEC 13.4).
///
/// A split coordinator calls ``showSplit(_:)`` before its first screen; its screens, and
/// those of its push-style children, are then on the primary column (its own router). A
/// holder shows a child in a later column in two calls, as generated code does:
///
/// ```swift
/// let child = RoomCoordinator(input: id, screens: screens.roomScreens, router: columnRouter())
/// show(child) { [weak self] result in … }
/// ```
extension Coordinator {
  /// Makes the split container of a split coordinator (its flow's `split:`), whose primary
  /// column is this coordinator's stack: called before its first screen, which is the root
  /// of the primary column (on a modal start, the first screen presents the split).
  public func showSplit(_ style: SplitStyle) {
    split = router.makeSplit(style)
  }

  /// The router on which a child shown by this coordinator in `column` runs: the column
  /// after this coordinator's own when `column` is `nil`. Generated code makes the child of
  /// a `show` with it, then passes the child to ``show(_:column:onFinish:)`` with the same
  /// `column`. Where no split is around this coordinator, or it has no such later column,
  /// it is this coordinator's own router: `show` is then a push-style start, as in the
  /// compact layout.
  public func columnRouter(_ column: SplitColumn? = nil) -> any Router {
    target(of: column)?.router ?? router
  }

  /// Starts `child` (made with ``columnRouter(_:)`` and the same `column`) in `column` of the
  /// nearest split around this coordinator, the holder, or in the column after the holder's
  /// when `column` is `nil`: the flow's `show`. The child shown in that column before, and
  /// any child shown in a later column, are dropped first (no handler runs). `onFinish`
  /// runs, as for ``start(_:style:onFinish:)``, after the child is removed and its column
  /// shows nothing again, on the holder's screen that did the `show`, if it is still shown
  /// (else the child is dropped). In the compact layout the column's screens are on the one
  /// stack: the user's back at the child's bottom screen leaves it (it finishes with its
  /// ``FlowCoordinator/leaveResult``, or is dropped). Without a split around, or a child made
  /// on another router, it is ``start(_:style:onFinish:)`` with the push style.
  public func show<ChildResult>(
    _ child: FlowCoordinator<ChildResult>, column: SplitColumn? = nil,
    onFinish: @escaping @MainActor (ChildResult) -> Void
  ) {
    guard let target = target(of: column), target.router === child.router else {
      return withoutAskingChild { start(child, style: .push, onFinish: onFinish) }
    }
    clearColumns(from: target.column, of: target.owner)
    adoptShown(child, in: target)
    child.onFinish = onFinish
    navigating { child.start() }
  }

  /// ``show(_:column:onFinish:)`` for a child without a result: it runs until another `show`
  /// replaces it, the user leaves it, or the holder ends.
  public func show(_ child: FlowCoordinator<Never>, column: SplitColumn? = nil) {
    guard let target = target(of: column), target.router === child.router else {
      return withoutAskingChild { start(child, style: .push) }
    }
    clearColumns(from: target.column, of: target.owner)
    adoptShown(child, in: target)
    navigating { child.start() }
  }

  /// The split around this coordinator, if any: the nearest split coordinator that it is,
  /// or runs in on that split's columns (not in a modal stack over it, nor in a tab), with
  /// the column this coordinator's screens are on.
  var splitAround: (owner: Coordinator, column: SplitColumn)? {
    var current: Coordinator? = self
    var column: SplitColumn?
    while let coordinator = current {
      if coordinator.split != nil { return (coordinator, column ?? .primary) }
      switch coordinator.role {
      case .push: break
      case .column(let shown): column = column ?? shown
      case .root, .tab, .modal: return nil
      }
      current = coordinator.parent
    }
    return nil
  }

  /// Where a `show` in `column` (`nil`: the column after this coordinator's) starts its child:
  /// the split coordinator, the column and its router; `nil` when there is no split around,
  /// or no such column after this coordinator's.
  private func target(
    of column: SplitColumn?
  ) -> (owner: Coordinator, column: SplitColumn, router: any Router)? {
    guard let (owner, own) = splitAround, let split = owner.split else { return nil }
    let later = split.style.columns.filter { $0 > own }
    guard let chosen = column ?? later.first, later.contains(chosen),
      let router = split.router(for: chosen)
    else { return nil }
    return (owner, chosen, router)
  }

  /// Drops the children that `owner`'s split shows in `column` and the later ones, the last
  /// column first: each column they leave shows nothing.
  private func clearColumns(from column: SplitColumn, of owner: Coordinator) {
    for later in SplitColumn.allCases.reversed() where later >= column {
      guard let shown = owner.shownInColumn.removeValue(forKey: later)?.coordinator,
        !shown.isFinished
      else { continue }
      shown.drop()
    }
  }

  /// Makes `child` this coordinator's child shown in `target`'s column.
  private func adoptShown(
    _ child: Coordinator, in target: (owner: Coordinator, column: SplitColumn, router: any Router)
  ) {
    child.shownFrom = router.top
    adopt(child, role: .column(target.column))
    target.owner.shownInColumn[target.column] = WeakCoordinator(child)
  }

  /// After the navigation went back from `before`: a child shown in a column on the column's
  /// own router whose every screen went (the user's back at its bottom screen, or a flow's
  /// `pop` there, in the compact layout) is left, as any child is (FLOW-SPEC 13.4).
  func leaveIfColumnLeft(from before: StackPosition) {
    guard case .column = role, !isFinished, let parent, parent.router !== router,
      isLeft(from: before)
    else { return }
    leave()
  }
}

/// A coordinator, held weakly: the children a split shows, which their holders own.
@MainActor
final class WeakCoordinator {
  weak var coordinator: Coordinator?

  init(_ coordinator: Coordinator) {
    self.coordinator = coordinator
  }
}
