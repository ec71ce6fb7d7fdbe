import FlowRuntime
import Testing

/// `popToRoot` (FLOW-SPEC r2, sections 7 and 10), as generated code calls it: back to the
/// first screen the coordinator shows on the current stack, through the router's "pop to
/// root", never out of the coordinator.
@MainActor
@Suite struct PopToRootTests {
  @Test func aPushChildGoesBackToItsFirstScreenAndKeepsTheParents() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    root.push(Screen("List"))
    let results = Results()
    let child = Flow("A", router: router, leave: "left")
    root.start(child, style: .push, onFinish: results.record())
    child.push(Screen("B"))
    child.push(Screen("C"))
    child.popToRoot()
    #expect(names(router.stacks) == [["Home", "List", "A"]])
    #expect(router.operations.suffix(2) == [.push(ScreenID("C")), .popToRoot(at: 2)])
    #expect(root.children.count == 1, "it never leaves the coordinator")
    #expect(results.values.isEmpty)
    // On its first screen there is nothing to pop: the child stays.
    child.popToRoot()
    #expect(names(router.stacks) == [["Home", "List", "A"]])
    #expect(root.children.count == 1)
  }

  @Test func inAModalStackItPresentedItGoesBackToThatStacksRoot() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    root.present(Screen("Sheet"))
    root.push(Screen("X"))
    root.push(Screen("Y"))
    root.popToRoot()
    #expect(names(router.stacks) == [["Home"], ["Sheet"]])
    #expect(router.operations.last == .popToRoot(at: 0))
  }

  @Test func aModalChildGoesBackToTheRootOfItsOwnStack() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let child = Flow("First", router: router)
    root.start(child, style: .fullScreen, onFinish: Results().record())
    child.push(Screen("Second"))
    child.popToRoot()
    #expect(names(router.stacks) == [["Home"], ["First"]])
    #expect(root.children.count == 1)
  }

  /// A child whose screens it takes away is removed, as when the user goes back past it
  /// with the back button's long-press menu; the screen that started it is gone too, so it
  /// is dropped and its handler does not run.
  @Test func aChildWhoseScreensItTakesAwayIsLeft() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    root.push(Screen("List"))
    let results = Results()
    let child = Flow("A", router: router, leave: "left")
    root.start(child, style: .push, onFinish: results.record())
    root.popToRoot()
    #expect(names(router.stacks) == [["Home"]])
    #expect(root.children.isEmpty)
    #expect(results.values.isEmpty)
  }

  /// A router of the app's own that predates the operation still pops to the root, through
  /// `unwind(to:)`.
  @Test func aRouterWithoutItsOwnPopToRootUnwinds() {
    let recording = RecordingRouter()
    let router = ForwardingRouter(recording)
    let root = Endless("Home", router: router)
    root.start()
    root.push(Screen("A"))
    root.push(Screen("B"))
    root.popToRoot()
    #expect(names(recording.stacks) == [["Home"]])
    #expect(recording.operations.last == .unwind(to: .at(0, 1)))
  }
}

/// A router that implements only what the protocol requires without a default, by handing
/// every call to a recording router.
@MainActor
private final class ForwardingRouter: Router {
  let inner: RecordingRouter

  init(_ inner: RecordingRouter) {
    self.inner = inner
  }

  var top: StackPosition { inner.top }

  var onUserUnwind: (@MainActor (_ before: StackPosition) -> Void)? {
    get { inner.onUserUnwind }
    set { inner.onUserUnwind = newValue }
  }

  func push(_ screen: any Presentable, controls: SystemControls) {
    inner.push(screen, controls: controls)
  }

  func present(_ screen: any Presentable, style: ModalStyle, controls: SystemControls) {
    inner.present(screen, style: style, controls: controls)
  }

  func replace(from index: Int, with screen: any Presentable, controls: SystemControls) {
    inner.replace(from: index, with: screen, controls: controls)
  }

  func pop() { inner.pop() }
  func dismiss() { inner.dismiss() }
  func unwind(to position: StackPosition) { inner.unwind(to: position) }
  func makeTabStack() -> (router: any Router, view: any Presentable) { inner.makeTabStack() }
  func alert(_ alert: FlowAlert) { inner.alert(alert) }
}
