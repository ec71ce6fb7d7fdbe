/// Requests (r3, FLOW-SPEC 13.3): what a running child asks of its parent without ending,
/// such as opening the settings or a URL outside the app.
///
/// Generated code gives each coordinator that declares requests an `onRequest` closure of its
/// typed `<C>Request`. A parent that starts it sets the closure to ``requests(of:_:)`` around
/// its handlers; the app sets it on an entry coordinator it starts itself. The child sends a
/// request with ``send(request:to:)``. The handler runs in the parent while the child keeps
/// running, on the place that started the child: an action that acts over whatever is on top
/// (`alert`, `present`, a modal `start`, `select`, `request`, `stay`) leaves the child where it
/// is; any other (`push`, `replace`, `pop`, `popToRoot`, `dismiss`, a push-style `start`,
/// `finish`) first ends the asking child, which is dropped with what it started, as
/// ``endAskingChild()`` does. The buttons of an alert and the answers of a decision that the
/// handler shows continue it. A tab is never ended by its parent's handler.
extension Coordinator {
  /// The closure a parent gives a child it starts as its `onRequest`: it runs `handle` with
  /// each request the child sends while both run, and while it runs, the parent handles the
  /// child's request (``askingChild``). A request sent after the child or the parent ended,
  /// or once the child is no longer the parent's, is dropped and logged.
  public func requests<Request>(
    of child: Coordinator, _ handle: @escaping @MainActor (Request) -> Void
  ) -> @MainActor (Request) -> Void {
    let childName = String(describing: type(of: child))
    return { [weak self, weak child] request in
      guard let self, let child, !self.isFinished, !child.isFinished,
        self.children.contains(where: { $0 === child })
      else {
        return FlowLog.write(
          FlowLogMessage(
            .droppedRequest, .coordinatorEnded, coordinator: childName, node: "",
            value: String(describing: request)))
      }
      self.handling(requestOf: child) { handle(request) }
    }
  }

  /// Sends `request` to `handler`, the coordinator's `onRequest`: what the flow's
  /// `request: r` does. Nothing is sent once the coordinator ended; without a handler (an
  /// entry coordinator whose app gave none) the request is dropped. Both are logged.
  public func send<Request>(request: Request, to handler: (@MainActor (Request) -> Void)?) {
    guard !isFinished, let handler else {
      return FlowLog.write(
        FlowLogMessage(
          .droppedRequest, isFinished ? .coordinatorEnded : .noHandler,
          coordinator: String(describing: type(of: self)), node: "",
          value: String(describing: request)))
    }
    handler(request)
  }

  /// Runs `body`, a handler of a request of `child` (or an alert's button or a decision's
  /// answer that one showed), with `child` as the asking child.
  func handling(requestOf child: Coordinator, _ body: () -> Void) {
    let outer = askingChild
    askingChild = child
    defer { askingChild = outer }
    body()
  }

  /// Runs `body`, an action that acts over whatever is on top even where it pushes (a `show`
  /// with no split around, FLOW-SPEC 13.3 and 13.4), without the asking child: it ends none.
  func withoutAskingChild(_ body: () -> Void) {
    let asking = askingChild
    askingChild = nil
    defer { askingChild = asking }
    body()
  }

  /// Before an action that does not act over whatever is on top: ends the child whose request
  /// this coordinator handles, if it still runs, so that the action acts on the place that
  /// started it (its screens are removed; it is dropped, with what it started, and no handler
  /// runs). A tab is not ended: its parent's handlers act on the tab container.
  func endAskingChild() {
    guard let child = askingChild else { return }
    askingChild = nil
    guard !child.isTab, !child.isFinished, children.contains(where: { $0 === child }) else {
      return
    }
    child.drop()
  }
}
