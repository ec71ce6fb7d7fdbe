/// External events (FLOW-SPEC r2, sections 7b and 10): what the app sends to a running
/// coordinator from outside its screens (a push notification, an expired session), through
/// the root coordinator it holds.
extension Coordinator {
  /// Hands an external event to the outermost running coordinator of type `Target` (this
  /// one, or the nearest to it among its running descendants, breadth first), through
  /// `receive`; whether one ran. When none runs, nothing happens.
  ///
  /// Generated code calls this from each `send(_:)` it adds for a coordinator's external
  /// events: the app never needs a reference to a child.
  @discardableResult
  public func deliver<Target: Coordinator>(
    to type: Target.Type, _ receive: (Target) -> Void
  ) -> Bool {
    guard let target = outermost(type) else { return false }
    receive(target)
    return true
  }

  /// The outermost running coordinator of type `Target`: this one, or the first met among
  /// its running descendants, level by level; `nil` when none runs.
  public func outermost<Target: Coordinator>(_ type: Target.Type) -> Target? {
    var level: [Coordinator] = [self]
    while !level.isEmpty {
      var next: [Coordinator] = []
      for coordinator in level where !coordinator.isFinished {
        if let target = coordinator as? Target { return target }
        next += coordinator.children
      }
      level = next
    }
    return nil
  }

  /// Ends every child that this coordinator's own actions started, before an external
  /// event acts on its own top screen: their screens are removed and they are dropped (no
  /// handler runs), latest first. The tabs of a tab coordinator are not ended.
  public func endChildren() {
    for child in children.reversed() where !child.isTab {
      child.drop()
    }
  }
}
