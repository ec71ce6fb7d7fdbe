import FlowRuntime
import UIKit

/// A note; `Note: external` in the flow, so the app declares it.
struct Note: Hashable, Sendable {
  var title: String
  var text: String
}

/// Makes every screen of the flow, and the tab container.
@MainActor
final class NotesScreenFactory: NotesScreens, LibraryScreens, ComposeScreens, PreferencesScreens {
  func makeNotesTabs(_ stacks: [any Presentable]) -> any Presentable {
    let tabs = UITabBarController()
    tabs.viewControllers = stacks.map(\.viewControllerToShow)
    let items = [
      UITabBarItem(title: "Notes", image: UIImage(systemName: "note.text"), tag: 0),
      UITabBarItem(title: "Settings", image: UIImage(systemName: "gear"), tag: 1),
    ]
    for (stack, item) in zip(tabs.viewControllers ?? [], items) { stack.tabBarItem = item }
    return tabs
  }

  func makeNoteList(
    send: @escaping @MainActor (LibraryCoordinator.NoteListEvent) -> Void
  ) -> any Presentable {
    NoteListViewController(send: send)
  }

  func makeNoteDetail(
    _ input: Note, send: @escaping @MainActor (LibraryCoordinator.NoteDetailEvent) -> Void
  ) -> any Presentable {
    let screen = UIViewController()
    screen.title = input.title
    return screen
  }

  func makeEditor(
    send: @escaping @MainActor (ComposeCoordinator.EditorEvent) -> Void
  ) -> any Presentable {
    EditorViewController(send: send)
  }

  func makeSettings(
    send: @escaping @MainActor (PreferencesCoordinator.SettingsEvent) -> Void
  ) -> any Presentable {
    let screen = UIViewController()
    screen.title = "Settings"
    return screen
  }
}

// ---

/// The list of notes: a row opens one, a button writes a new one.
final class NoteListViewController: UIViewController {
  private let send: @MainActor (LibraryCoordinator.NoteListEvent) -> Void

  init(send: @escaping @MainActor (LibraryCoordinator.NoteListEvent) -> Void) {
    self.send = send
    super.init(nibName: nil, bundle: nil)
    title = "Notes"
  }

  required init?(coder: NSCoder) { nil }

  /// The table view's selection.
  func didSelect(_ note: Note) { send(.open(note)) }

  /// The compose button's action.
  func compose() { send(.compose) }
}

// ---

/// The editor in the Compose sheet. While it has changes, a swipe down asks "Discard
/// changes?" instead of closing the sheet: it is its sheet's presentation delegate, and the
/// router still learns when the sheet goes.
final class EditorViewController: UIViewController, UIAdaptivePresentationControllerDelegate {
  private let send: @MainActor (ComposeCoordinator.EditorEvent) -> Void
  private var draft = Note(title: "", text: "")
  private var hasChanges: Bool { !draft.title.isEmpty || !draft.text.isEmpty }

  init(send: @escaping @MainActor (ComposeCoordinator.EditorEvent) -> Void) {
    self.send = send
    super.init(nibName: nil, bundle: nil)
    title = "New note"
  }

  required init?(coder: NSCoder) { nil }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    // The sheet's presentation controller: the editor is the root of its navigation stack.
    presentationController?.delegate = self
  }

  /// The text fields' edits.
  func edit(title: String, text: String) {
    draft = Note(title: title, text: text)
  }

  /// The save button's action.
  func save() { send(.save(draft)) }

  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  {
    !hasChanges
  }

  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) {
    let confirm = UIAlertController(
      title: "Discard changes?", message: nil, preferredStyle: .actionSheet)
    confirm.addAction(
      UIAlertAction(title: "Discard", style: .destructive) { [send] _ in send(.cancel) })
    confirm.addAction(UIAlertAction(title: "Keep editing", style: .cancel))
    present(confirm, animated: true)
  }
}

// ---

/// Connects the scene: the router shows its root in the window (the tab bar controller, once
/// Notes shows its tabs), the coordinator starts without animation, and the scene keeps it.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  private var notes: NotesCoordinator?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let scene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: scene)
    let router = NavigationRouter(window: window)
    window.makeKeyAndVisible()
    self.window = window
    let notes = NotesCoordinator(screens: NotesScreenFactory(), router: router)
    router.animatesTransitions = false
    notes.start()
    router.animatesTransitions = true
    self.notes = notes
  }
}
