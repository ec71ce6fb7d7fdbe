import FlowRuntime
import SwiftUI

/// The app: one window showing the router's root stack. `FlowStackView(router:)` draws each
/// screen the factory wrapped in a `ScreenView`, the tab bar with the container's labels,
/// and the sheets and alerts over them.
@main
struct NotesApp: App {
  @State private var notes = RunningNotes()

  var body: some Scene {
    WindowGroup {
      FlowStackView(router: notes.router)
    }
  }
}

/// The router and the coordinator that drives it, started once, without animation.
@MainActor
final class RunningNotes {
  let router = SwiftUIRouter()
  let coordinator: NotesCoordinator

  init() {
    coordinator = NotesCoordinator(screens: NotesScreenFactory(), router: router)
    router.withoutAnimation { coordinator.start() }
  }
}

// ---

/// A note; `Note: external` in the flow, so the app declares it.
struct Note: Hashable, Sendable {
  var title: String
  var text: String
}

/// Makes every screen of the flow as a SwiftUI view, and the tab container.
@MainActor
final class NotesScreenFactory: NotesScreens, LibraryScreens, ComposeScreens, PreferencesScreens {
  func makeNotesTabs(_ stacks: [any Presentable]) -> any Presentable {
    TabContainer(
      stacks,
      labels: [
        TabLabel("Notes", systemImage: "note.text"), TabLabel("Settings", systemImage: "gear"),
      ]
    )
  }

  func makeNoteList(
    send: @escaping @MainActor (LibraryCoordinator.NoteListEvent) -> Void
  ) -> any Presentable {
    ScreenView { NoteList(send: send) }
  }

  func makeNoteDetail(
    _ input: Note, send: @escaping @MainActor (LibraryCoordinator.NoteDetailEvent) -> Void
  ) -> any Presentable {
    ScreenView { Text(input.text).navigationTitle(input.title) }
  }

  func makeEditor(
    send: @escaping @MainActor (ComposeCoordinator.EditorEvent) -> Void
  ) -> any Presentable {
    ScreenView { Editor(send: send) }
  }

  func makeSettings(
    send: @escaping @MainActor (PreferencesCoordinator.SettingsEvent) -> Void
  ) -> any Presentable {
    ScreenView { Text("No settings yet").navigationTitle("Settings") }
  }
}

// ---

/// The list of notes: a row opens one, a button writes a new one.
struct NoteList: View {
  let send: @MainActor (LibraryCoordinator.NoteListEvent) -> Void
  @State private var notes = [Note(title: "Groceries", text: "Tea, milk")]

  var body: some View {
    List {
      ForEach(notes, id: \.self) { note in
        Button(note.title) { send(.open(note)) }
      }
      Button("New note") { send(.compose) }
    }
    .navigationTitle("Notes")
  }
}

// ---

/// The editor in the Compose sheet. Swiping the sheet away cancels it: the flow says
/// `leave: cancelled`, and the router tells the coordinator.
struct Editor: View {
  let send: @MainActor (ComposeCoordinator.EditorEvent) -> Void
  @State private var title = ""
  @State private var text = ""

  var body: some View {
    List {
      TextField("Title", text: $title)
      TextField("Text", text: $text)
      Button("Save") { send(.save(Note(title: title, text: text))) }
      Button("Cancel", role: .cancel) { send(.cancel) }
    }
    .navigationTitle("New note")
  }
}
