import FlowRuntime
import Foundation
import Observation
// Scenarios that run FlowRuntime's SwiftUI views and SwiftUIRouter against the SwiftUI double
// (Tests/PlatformStubs/SwiftUI): each evaluates a view's body as SwiftUI does, reads what it
// binds, and acts as SwiftUI and the user would (writes a binding, calls a sheet's
// `onDismiss`, taps an alert's button). scripts/swiftui-scenarios.sh builds and runs them; it
// prints one `PASS name` or `FAIL name: why` line each, and SwiftUIScenarioTests reads them.
@_spi(Behaviour) import SwiftUI

/// A screen's view: its name as text.
struct Probe: View {
  let name: String

  var body: some View { Text(name) }
}

/// A screen as a SwiftUI app's factory makes it.
@MainActor func screen(_ name: String) -> ScreenView<Probe> {
  ScreenView(showing: Probe(name: name), named: name)
}

struct Failure: Error {
  let message: String
}

func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  if !condition { throw Failure(message: message()) }
}

extension Optional {
  func orFail(_ message: String) throws -> Wrapped {
    guard let value = self else { throw Failure(message: message) }
    return value
  }
}

/// Lets the main queue run what the router scheduled (its presentation changes end after
/// ``SwiftUIRouter/transitionDuration``, set short here).
@MainActor func settle() async {
  for _ in 0..<5 {
    try? await Task.sleep(for: .milliseconds(20))
  }
}

/// A router whose presentation changes end fast, and what it told of the user's unwinds.
@MainActor final class Fixture {
  let router = SwiftUIRouter()
  var unwinds: [StackPosition] = []

  init() {
    router.transitionDuration = 0.01
    router.transitionTimeout = 0.5
    router.onUserUnwind = { [unowned self] before in unwinds.append(before) }
  }

  /// The tree of the router's root view, as the app draws it.
  var tree: ViewNode { SwiftUIDouble.tree(of: FlowStackView(router: router)) }
}

extension ViewNode {
  /// What a `sheet` or `fullScreenCover` node was given.
  var presentation: Presentation? { argument as? Presentation }

  /// The stack a `sheet` or `fullScreenCover` node shows now, as SwiftUI reads its binding.
  @MainActor func item() async throws -> NavigationStackState? {
    let binding = try (presentation?.item as? Binding<NavigationStackState?>).orFail(
      "\(kind) has no item binding")
    return await binding.read()
  }

  /// SwiftUI sets the item of a `sheet` or `fullScreenCover` node to `nil`.
  @MainActor func clearItem() async throws {
    let binding = try (presentation?.item as? Binding<NavigationStackState?>).orFail(
      "\(kind) has no item binding")
    await binding.write(nil)
  }

  /// The tree of what a `sheet` or `fullScreenCover` node presents for `stack`.
  @MainActor func content(for stack: NavigationStackState) throws -> ViewNode {
    let view = try presentation?.content(stack).orFail("\(kind) has no content")
    return SwiftUIDouble.tree(of: try view.orFail("\(kind) has no content"))
  }

  /// The `id` nodes here and under this one, outermost first, and the names their probes show.
  var identities: [(id: AnyHashable, text: String?)] {
    every("id").map { node in
      ((node.argument as? AnyHashable) ?? AnyHashable(0), node.first("Text")?.argument as? String)
    }
  }
}

/// The transaction of each change of what `read` reads: `true` when it disables animations,
/// `nil` outside any `withTransaction`.
@MainActor final class TransactionRecorder {
  var seen: [Bool?] = []
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    watch()
  }

  private func watch() {
    withObservationTracking {
      MainActor.assumeIsolated { read() }
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        self?.seen.append(SwiftUIDouble.transaction?.disablesAnimations)
        self?.watch()
      }
    }
  }
}

/// One scenario: what it does, and its name for the output.
struct Scenario {
  let name: String
  let run: @MainActor () async throws -> Void

  init(_ name: String, _ run: @escaping @MainActor () async throws -> Void) {
    self.name = name
    self.run = run
  }
}

let scenarios: [Scenario] = [
  // Issue 28: a root replaced by a screen of the same type is a new view (`.id`), so its
  // `@State` and a view model made in its `init` (with the old `send`) are new too.
  Scenario("aReplacedRootIsANewView") {
    let fixture = Fixture()
    fixture.router.push(screen("Catalog"), controls: .standard)
    let stack = try fixture.tree.first("NavigationStack").orFail("no NavigationStack")
    let before = stack.identities
    try expect(before.first?.text == "Catalog", "the root is drawn without an identity: \(before)")
    fixture.router.replace(from: 0, with: screen("Catalog"), controls: .standard)
    let after = try fixture.tree.first("NavigationStack").orFail("no NavigationStack").identities
    try expect(after.first?.text == "Catalog", "\(after)")
    try expect(after.first?.id != before.first?.id, "the new root keeps the old identity")
  },
  // Issue 28: each pushed screen is drawn with its identity too.
  Scenario("aPushedScreenHasItsIdentity") {
    let fixture = Fixture()
    fixture.router.push(screen("A"), controls: .standard)
    fixture.router.push(screen("B"), controls: .standard)
    let tree = fixture.tree
    let destination = try (tree.first("navigationDestination")?.argument as? (Any) -> (any View)?)
      .orFail("no navigationDestination")
    let pushed = try fixture.router.rootStack.path.first.orFail("nothing pushed")
    let view = try destination(pushed).orFail("no view for the pushed screen")
    let identities = SwiftUIDouble.tree(of: view).identities
    try expect(
      identities.first?.id == AnyHashable(pushed.id) && identities.first?.text == "B",
      "\(identities)")
  },
  // Issue 28: a tab container at the root is not drawn in a NavigationStack: each tab has a
  // stack of its own, and SwiftUI does not support one stack in another.
  Scenario("tabsAtTheRootAreNotInANavigationStack") {
    let fixture = Fixture()
    let tabs = TabContainer([
      fixture.router.makeTabStack().view, fixture.router.makeTabStack().view,
    ])
    fixture.router.push(tabs, controls: .standard)
    let path = try fixture.tree.path(to: "TabView").orFail("no TabView")
    try expect(
      !path.contains { $0.kind == "NavigationStack" },
      "the tabs are in a NavigationStack: \(path.map(\.kind))")
    let tabView = try path.last.orFail("no TabView")
    try expect(tabView.every("NavigationStack").count == 2, "each tab has no stack of its own")
  },
  // Issue 28: a tab container started above a screen is a full-screen cover over it, as in
  // the UIKit router, not a screen pushed on the stack.
  Scenario("tabsAboveAScreenAreAFullScreenCover") {
    let fixture = Fixture()
    fixture.router.push(screen("Welcome"), controls: .standard)
    let tabs = TabContainer([fixture.router.makeTabStack().view])
    fixture.router.push(tabs, controls: .standard)
    try expect(fixture.router.rootStack.path.isEmpty, "pushed: \(fixture.router.rootStack.path)")
    try expect(
      fixture.router.top == StackPosition(modals: 1, screens: 1), "\(fixture.router.top)")
    let cover = try fixture.tree.first("fullScreenCover").orFail("no fullScreenCover")
    let shown = try await cover.item().orFail("no cover shown")
    let path = try cover.content(for: shown).path(to: "TabView").orFail("no TabView")
    try expect(
      !path.contains { $0.kind == "NavigationStack" },
      "the tabs are in a NavigationStack: \(path.map(\.kind))")
  },
  // Issue 28: a change made while animation is off (a launch, a deep link) is made in a
  // transaction that disables animations, whenever SwiftUI renders it; one made with
  // animation is not.
  Scenario("changesWithoutAnimationAreInATransactionWithout") {
    let fixture = Fixture()
    let router = fixture.router
    let recorder = TransactionRecorder {
      _ = router.rootStack.root
      _ = router.rootStack.path
      _ = router.rootStack.presentedOnScreen
    }
    router.withoutAnimation {
      router.push(screen("A"), controls: .standard)
      router.push(screen("B"), controls: .standard)
      router.present(screen("C"), style: .sheet, controls: .standard)
    }
    let quiet = recorder.seen
    try expect(!quiet.isEmpty && quiet.allSatisfy { $0 == true }, "without animation: \(quiet)")
    await settle()
    recorder.seen = []
    router.dismiss()
    router.pop()
    await settle()
    let animated = recorder.seen
    try expect(
      !animated.isEmpty && animated.allSatisfy { $0 != true }, "with animation: \(animated)")
  },
  // Issue 28: a dismissal and a presentation asked in one update reach SwiftUI one at a time:
  // the cover comes once the sheet's `onDismiss` says it has gone.
  Scenario("aDismissalThenAPresentationAreOneAtATime") {
    let fixture = Fixture()
    fixture.router.push(screen("A"), controls: .standard)
    fixture.router.present(screen("Sheet"), style: .sheet, controls: .standard)
    await settle()
    fixture.router.dismiss()
    fixture.router.present(screen("Cover"), style: .fullScreen, controls: .standard)
    var tree = fixture.tree
    let sheet = try tree.first("sheet").orFail("no sheet")
    try expect(try await sheet.item() == nil, "the sheet is still shown")
    try expect(
      try await tree.first("fullScreenCover").orFail("no cover").item() == nil,
      "the cover is presented while the sheet goes")
    try sheet.presentation?.onDismiss.orFail("no onDismiss")()
    tree = fixture.tree
    let cover = try await tree.first("fullScreenCover").orFail("no cover").item()
    try expect(cover?.root.map { "\($0.screen)" } == "Cover", "the cover is not presented")
    try expect(fixture.unwinds.isEmpty, "\(fixture.unwinds)")
  },
  // Issue 28: a `nil` that SwiftUI writes late to a sheet's binding, about a sheet the code
  // dismissed, is not taken for the user swiping away the sheet presented since.
  Scenario("aLateNilIsNotASwipe") {
    let fixture = Fixture()
    fixture.router.push(screen("A"), controls: .standard)
    fixture.router.present(screen("First"), style: .sheet, controls: .standard)
    await settle()
    let first = try fixture.tree.first("sheet").orFail("no sheet")
    fixture.router.dismiss()
    fixture.router.present(screen("Second"), style: .sheet, controls: .standard)
    let during = try fixture.tree.first("sheet").orFail("no sheet")
    try await during.clearItem()
    try expect(fixture.unwinds.isEmpty, "a late nil was taken for a swipe: \(fixture.unwinds)")
    try during.presentation?.onDismiss.orFail("no onDismiss")()
    try await first.clearItem()
    try await fixture.tree.first("sheet").orFail("no sheet").clearItem()
    try expect(fixture.unwinds.isEmpty, "a late nil was taken for a swipe: \(fixture.unwinds)")
    try expect(
      fixture.router.top == StackPosition(modals: 1, screens: 1), "\(fixture.router.top)")
    let shown = try await fixture.tree.first("sheet").orFail("no sheet").item()
    try expect(shown?.root.map { "\($0.screen)" } == "Second", "the second sheet is not shown")
  },
  // The sheet's binding still tells the router of the user's swipe once the sheet is up.
  Scenario("aSwipeThroughTheBindingIsReported") {
    let fixture = Fixture()
    fixture.router.push(screen("A"), controls: .standard)
    fixture.router.present(screen("Sheet"), style: .sheet, controls: .standard)
    await settle()
    let sheet = try fixture.tree.first("sheet").orFail("no sheet")
    try await sheet.clearItem()
    try expect(fixture.unwinds == [StackPosition(modals: 1, screens: 1)], "\(fixture.unwinds)")
    try expect(
      fixture.router.top == StackPosition(modals: 0, screens: 1), "\(fixture.router.top)")
    try expect(try await fixture.tree.first("sheet").orFail("no sheet").item() == nil, "shown")
  },
  // Issue 28: a sheet presented by an alert's button waits for the alert to close.
  Scenario("aPresentationFromAnAlertWaitsForItToClose") {
    let fixture = Fixture()
    let router = fixture.router
    router.transitionDuration = 0.05
    router.push(screen("A"), controls: .standard)
    router.alert(
      FlowAlert(
        title: "Sign in?",
        buttons: [
          .init("Sign in") { router.present(screen("Login"), style: .sheet, controls: .standard) }
        ]))
    await settle()
    var tree = fixture.tree
    let alert = try tree.first("alert").orFail("no alert")
    let dialog = try (alert.argument as? Dialog).orFail("no dialog")
    try expect(await dialog.isPresented.read(), "the alert is not shown")
    let tap = try (alert.first("Button")?.argument as? @MainActor () -> Void).orFail("no button")
    await dialog.isPresented.write(false)
    tap()
    tree = fixture.tree
    try expect(
      try await tree.first("sheet").orFail("no sheet").item() == nil,
      "the sheet is presented while the alert closes")
    try await Task.sleep(for: .milliseconds(150))
    let shown = try await fixture.tree.first("sheet").orFail("no sheet").item()
    try expect(
      shown?.root.map { "\($0.screen)" } == "Login",
      "the sheet is not presented once the alert closed")
  },
  // Issue 28: two levels dismissed at once go one at a time, the upper one first (without
  // animation), each when the one above has gone.
  Scenario("twoLevelsAreDismissedOneAtATime") {
    let fixture = Fixture()
    let router = fixture.router
    router.push(screen("A"), controls: .standard)
    router.present(screen("First"), style: .sheet, controls: .standard)
    await settle()
    router.present(screen("Second"), style: .sheet, controls: .standard)
    await settle()
    let first = try router.rootStack.presentedOnScreen.orFail("nothing shown")
    try expect(
      first.presentedOnScreen?.root.map { "\($0.screen)" } == "Second",
      "the second sheet is not shown")
    let recorder = TransactionRecorder { _ = first.presentedOnScreen }
    router.unwind(to: StackPosition(modals: 0, screens: 1))
    let root = try fixture.tree.first("sheet").orFail("no sheet")
    try expect(try await root.item() === first, "the first sheet went before the second")
    let upper = try root.content(for: first).first("sheet").orFail("no sheet in the first")
    try expect(try await upper.item() == nil, "the second sheet stays")
    try expect(recorder.seen == [true], "the upper sheet goes with animation: \(recorder.seen)")
    try upper.presentation?.onDismiss.orFail("no onDismiss")()
    try expect(try await fixture.tree.first("sheet").orFail("no sheet").item() == nil, "stays")
    try expect(fixture.unwinds.isEmpty, "\(fixture.unwinds)")
  },
  // FLOW-SPEC 13.5: a form sheet is the sheet, its content sized as a form (iOS 18); a
  // popover is a popover that adapts as a sheet; neither is the other's or the cover's item.
  Scenario("aFormSheetIsAFormSizedSheetAndAPopoverAPopover") {
    let fixture = Fixture()
    fixture.router.push(screen("A"), controls: .standard)
    fixture.router.present(screen("Form"), style: .formSheet, controls: .standard)
    await settle()
    let form = try fixture.router.rootStack.sheet.orFail("the form sheet is not the sheet")
    let sheet = try fixture.tree.first("sheet").orFail("no sheet")
    try expect(try await sheet.item() === form, "the sheet's item is not the form sheet")
    let sized = try sheet.content(for: form).first("presentationSizing")
    try expect(
      sized?.argument is FormPresentationSizing, "not form-sized: \(String(describing: sized))")
    try expect(
      try await fixture.tree.first("popover").orFail("no popover").item() == nil,
      "the form sheet is also a popover")
    fixture.router.dismiss()
    try sheet.presentation?.onDismiss.orFail("no onDismiss")()
    fixture.router.present(screen("Filters"), style: .popover, controls: .standard)
    await settle()
    let filters = try fixture.router.rootStack.popover.orFail("the popover is not the popover")
    let popover = try fixture.tree.first("popover").orFail("no popover")
    try expect(try await popover.item() === filters, "the popover's item is not the popover")
    try expect(
      try await fixture.tree.first("sheet").orFail("no sheet").item() == nil,
      "the popover is also a sheet")
    let content = try popover.content(for: filters)
    // A popover shows as a sheet in a compact width (13.5): adapted to `.sheet`, nothing else.
    let adaptation = try content.first("presentationCompactAdaptation").orFail("no adaptation")
    let adapted = adaptation.argument.map { String(describing: $0) }
    try expect(
      adapted == String(describing: PresentationAdaptation.sheet),
      "adapted as \(adapted ?? "nothing"), not as a sheet")
    try expect(content.first("presentationSizing") == nil, "a popover sized as a form")
  },
  // FLOW-SPEC 13.5: a tap outside the popover sets its item to nil: the user dismissed it,
  // as a sheet's swipe; `dismissible: false` disables it.
  Scenario("aTapOutsideAPopoverIsReportedUnlessItIsNotDismissible") {
    let fixture = Fixture()
    fixture.router.push(screen("A"), controls: .standard)
    fixture.router.present(screen("Filters"), style: .popover, controls: .standard)
    await settle()
    let popover = try fixture.tree.first("popover").orFail("no popover")
    let filters = try fixture.router.rootStack.popover.orFail("no popover shown")
    let disabled = try popover.content(for: filters).first("interactiveDismissDisabled")
    try expect(
      disabled?.argument as? Bool == false, "dismissal disabled: \(String(describing: disabled))")
    try await popover.clearItem()
    try expect(fixture.unwinds == [StackPosition(modals: 1, screens: 1)], "\(fixture.unwinds)")
    await settle()
    fixture.router.present(
      screen("Terms"), style: .popover, controls: .init(dismissible: false))
    await settle()
    let terms = try fixture.router.rootStack.popover.orFail("no popover shown")
    let locked = try fixture.tree.first("popover").orFail("no popover").content(for: terms)
      .first("interactiveDismissDisabled")
    try expect(locked?.argument as? Bool == true, "dismissal not disabled")
  },
]

@MainActor func runScenarios() async -> Int32 {
  let wanted = Set(CommandLine.arguments.dropFirst())
  var failed: Int32 = 0
  for scenario in scenarios + splitScenarios + identifierScenarios
  where wanted.isEmpty || wanted.contains(scenario.name) {
    do {
      try await scenario.run()
      print("PASS \(scenario.name)")
    } catch {
      failed = 1
      print("FAIL \(scenario.name): \((error as? Failure)?.message ?? "\(error)")")
    }
  }
  return failed
}

let status = await runScenarios()
exit(status)
