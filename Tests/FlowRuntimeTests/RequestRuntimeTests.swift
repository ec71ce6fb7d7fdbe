import FlowRuntime
import Testing

/// What generated request handlers rely on (r3, FLOW-SPEC 13.3): a handler runs in the parent
/// while the child keeps running; an action that acts over whatever is on top leaves the child
/// where it is, any other ends the asking child first; the buttons of an alert and the answer
/// of a decision the handler shows continue it; a tab is never ended.
@MainActor
@Suite struct RequestRuntimeTests {
  /// A child whose requests are strings, sent as the generated `request: r` does.
  final class Asking: FlowCoordinator<String> {
    var onRequest: (@MainActor (String) -> Void)?
    let first: String

    init(_ first: String, router: any Router) {
      self.first = first
      super.init(router: router)
    }

    override func start() { push(Screen(first)) }

    func ask(_ request: String) { send(request: request, to: onRequest) }
  }

  /// A parent at `Home` that starts an `Asking` child with `style` and handles each of its
  /// requests with `handle`.
  final class Parent: FlowCoordinator<Never> {
    var handle: (Parent, String) -> Void = { _, _ in }
    private(set) var child: Asking?
    private(set) var results: [String] = []

    override func start() { push(Screen("Home")) }

    func open(_ first: String, style: StartStyle) {
      let child = Asking(first, router: router)
      child.onRequest = requests(of: child) { [weak self] request in
        guard let self else { return }
        handle(self, request)
      }
      self.child = child
      start(child, style: style) { [weak self] in self?.results.append($0) }
    }

    /// Shows an alert whose one button runs `action`, through `answerOnce(alert:)` as
    /// generated code does.
    func confirm(_ action: @escaping @MainActor (Parent) -> Void) {
      let tap = answerOnce(alert: "Confirm") { [weak self] (_: String) in
        guard let self, canAct else { return }
        action(self)
      }
      alert(FlowAlert(title: "Confirm", buttons: [.init("OK", tapping: "ok", tap)]))
    }
  }

  private func running(_ style: StartStyle) -> (RecordingRouter, Parent, Asking)? {
    let router = RecordingRouter()
    let parent = Parent(router: router)
    parent.start()
    parent.open("Chats", style: style)
    guard let child = parent.child else { return nil }
    return (router, parent, child)
  }

  @Test func aPresentOverAPushedChildLeavesItRunningAndItsScreenIsTheParents() throws {
    let (router, parent, child) = try #require(running(.push))
    parent.handle = { parent, _ in parent.present(Screen("Settings")) }
    child.ask("settings")
    #expect(names(router.stacks) == [["Home", "Chats"], ["Settings"]])
    #expect(!child.isFinished && parent.children.first === child)
    // The presented screen is the parent's, above the child: the parent acts on it.
    #expect(parent.canAct)
    parent.dismiss()
    #expect(names(router.stacks) == [["Home", "Chats"]])
    #expect(!parent.canAct, "the child's screen is on top again")
    child.finish("done")
    #expect(parent.results == ["done"])
  }

  @Test func aPushEndsTheAskingChildFirstWithoutItsHandler() throws {
    let (router, parent, child) = try #require(running(.push))
    let grandchild = Asking("Thread", router: router)
    child.start(grandchild, style: .sheet, onFinish: { _ in })
    router.clearCalls()
    parent.handle = { parent, _ in parent.push(Screen("Profile")) }
    child.ask("profile")
    #expect(router.operations == [.unwind(to: .at(0, 1)), .push(ScreenID("Profile"))])
    #expect(names(router.stacks) == [["Home", "Profile"]])
    #expect(child.isFinished && grandchild.isFinished && parent.children.isEmpty)
    #expect(parent.results.isEmpty, "a dropped child's handler does not run")
    #expect(parent.canAct)
  }

  @Test func everyActionThatDoesNotActOverTheTopEndsTheChildFirst() throws {
    let actions: [(String, (Parent) -> Void)] = [
      ("replace", { $0.replace(with: Screen("Other")) }),
      ("pop", { $0.pop() }),
      ("popToRoot", { $0.popToRoot() }),
      ("push-style start", { $0.start(Asking("Next", router: $0.router), style: .push) { _ in } }),
    ]
    for (name, action) in actions {
      let (_, parent, child) = try #require(running(.push))
      parent.handle = { parent, _ in action(parent) }
      child.ask(name)
      #expect(child.isFinished, "\(name)")
      #expect(!parent.children.contains { $0 === child }, "\(name)")
    }
    // A modal start and an alert act over the top: the child runs on.
    let over: [(String, (Parent) -> Void)] = [
      ("sheet start", { $0.start(Asking("Next", router: $0.router), style: .sheet) { _ in } }),
      ("alert", { $0.alert(FlowAlert(title: "Hi", buttons: [])) }),
      ("stay", { _ in }),
    ]
    for (name, action) in over {
      let (_, parent, child) = try #require(running(.push))
      parent.handle = { parent, _ in action(parent) }
      child.ask(name)
      #expect(!child.isFinished, "\(name)")
    }
  }

  @Test func aDismissEndsAModalChildFirstThenDismissesTheParentsStack() throws {
    let router = RecordingRouter()
    let parent = Parent(router: router)
    parent.start()
    parent.present(Screen("Sheet"))
    parent.open("Chats", style: .sheet)
    let child = try #require(parent.child)
    #expect(names(router.stacks) == [["Home"], ["Sheet"], ["Chats"]])
    parent.handle = { parent, _ in parent.dismiss() }
    child.ask("close")
    // The child's stack goes with it; then the dismiss acts where it was started: the sheet.
    #expect(names(router.stacks) == [["Home"]])
    #expect(child.isFinished)
  }

  @Test func anAlertsButtonContinuesTheHandlerAndEndsTheChildWhenItNavigates() throws {
    let (router, parent, child) = try #require(running(.push))
    parent.handle = { parent, _ in parent.confirm { $0.push(Screen("Profile")) } }
    child.ask("profile")
    #expect(!child.isFinished, "the alert acts over the top")
    #expect(router.tap("OK"))
    #expect(child.isFinished)
    #expect(names(router.stacks) == [["Home", "Profile"]])
  }

  @Test func aDecisionsAnswerContinuesTheHandlerLater() throws {
    let (router, parent, child) = try #require(running(.push))
    let asked = Results()
    var answers: [@MainActor (String) -> Void] = []
    parent.handle = { parent, _ in
      let answer = parent.answerOnce(decision: "Open") { [weak parent] (open: String) in
        guard let parent, parent.canAct else { return }
        asked.values.append(open)
        if open == "yes" { parent.push(Screen("Profile")) } else { parent.present(Screen("Help")) }
      }
      answers.append(answer)
    }
    child.ask("profile")
    #expect(!child.isFinished, "deciding ends nothing by itself")
    // The app answers later, outside the handler: the answer still continues it.
    let answer = try #require(answers.first)
    answer("yes")
    #expect(asked.values == ["yes"])
    #expect(child.isFinished)
    #expect(names(router.stacks) == [["Home", "Profile"]])
  }

  @Test func anAlertsButtonThatPresentsLeavesTheChildRunning() throws {
    let (router, parent, child) = try #require(running(.push))
    parent.handle = { parent, _ in parent.confirm { $0.present(Screen("Help")) } }
    child.ask("help")
    #expect(router.tap("OK"))
    #expect(!child.isFinished)
    #expect(names(router.stacks) == [["Home", "Chats"], ["Help"]])
  }

  /// A sequence in a handler ends the child as its first element would (FLOW-SPEC 13.1),
  /// also when that element waits for a transition in flight and runs after the handler.
  @Test func aSequencesFirstElementActsAsTheHandlerEvenAfterATransition() throws {
    for (first, ends) in [("push", true), ("present", false)] {
      let (router, parent, child) = try #require(running(.push))
      router.holdsTransitions = true
      child.push(Screen("Detail"))
      parent.handle = { parent, _ in
        parent.perform([
          { [parent] in
            if first == "push" {
              parent.push(Screen("Profile"))
            } else {
              parent.present(Screen("Help"))
            }
          },
          { [parent] in parent.present(Screen("More")) },
        ])
      }
      child.ask("open")
      #expect(!child.isFinished, "\(first): nothing runs while the push is in flight")
      router.holdsTransitions = false
      #expect(child.isFinished == ends, "\(first)")
      #expect(
        names(router.stacks).last == ["More"], "\(first): the sequence stopped: \(router.stacks)")
    }
  }

  /// `show` acts over the top (FLOW-SPEC 13.3): with no split around, where it is a
  /// push-style start, it still leaves the asking child running.
  @Test func aShowWithNoSplitAroundLeavesTheAskingChildRunning() throws {
    let (_, parent, child) = try #require(running(.push))
    parent.handle = { parent, _ in
      parent.show(Asking("Room", router: parent.router)) { _ in }
    }
    child.ask("room")
    #expect(!child.isFinished)
    #expect(parent.children.count == 2)
  }

  @Test func aTabIsNeverEndedByItsParentsHandler() throws {
    let router = RecordingRouter()
    let parent = Parent(router: router)
    parent.start()
    let stack = router.makeTabStack()
    let tab = Asking("Feed", router: stack.router)
    tab.onRequest = parent.requests(of: tab) { [weak parent] _ in
      parent?.present(Screen("Compose"))
      parent?.push(Screen("Wrong"))
    }
    parent.startTab(tab) { _ in }
    tab.ask("compose")
    #expect(!tab.isFinished && parent.children.first === tab)
  }

  @Test func aRequestAfterTheChildOrTheParentEndedIsDroppedAndLogged() throws {
    let (_, parent, child) = try #require(running(.push))
    var handled: [String] = []
    parent.handle = { _, request in handled.append(request) }
    let send = try #require(child.onRequest)
    child.finish("done")
    let log = LogCapture()
    log.during {
      send("late")
      child.ask("after the end")
    }
    #expect(handled.isEmpty)
    #expect(
      log.messages.map(\.description) == [
        "dropped request late (Asking): its coordinator ended",
        "dropped request after the end (Asking): its coordinator ended",
      ])
  }
}
