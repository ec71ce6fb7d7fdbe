import FlowRuntime
import Testing

/// Screens as views: the presentables a SwiftUI app's factory returns (``ScreenView``,
/// ``TabContainer`` with its labels) on the SwiftUI navigation state, on Linux, where the
/// views' content is what a test reaches and how observers name it.
@MainActor
@Suite struct SwiftUIScreensTests {
  /// What a view of an app holds: its input and the sink of its events.
  struct Detail {
    let title: String
    let send: @MainActor (String) -> Void
  }

  /// A view that describes itself.
  struct Described: CustomStringConvertible {
    var description: String { "Described(1)" }
  }

  @Test func aScreenViewIsNamedAfterItsContentOrAsTold() {
    let router = SwiftUIRouter()
    var heard: [String] = []
    router.observeNavigation { heard.append("\($0)") }
    router.push(ScreenView(showing: Detail(title: "Tea") { _ in }), controls: .standard)
    router.push(
      ScreenView(showing: Detail(title: "Tea") { _ in }, named: "Detail(Tea)"), controls: .standard)
    router.push(ScreenView(showing: Described()), controls: .standard)
    #expect(
      router.rootStack.screens.map { "\($0.screen)" } == ["Detail", "Detail(Tea)", "Described(1)"])
    #expect(
      heard == [
        "shown Detail", "hidden Detail", "shown Detail(Tea)", "hidden Detail(Tea)",
        "shown Described(1)",
      ])
  }

  @Test func aScreenViewHoldsItsContentForTheTestsToTap() throws {
    let router = SwiftUIRouter()
    var sent: [String] = []
    router.push(ScreenView(showing: Detail(title: "Tea") { sent.append($0) }), controls: .standard)
    let screen = try #require(router.topStack.topScreen?.screen as? ScreenView<Detail>)
    #expect(screen.content.title == "Tea")
    screen.content.send("buy")
    #expect(sent == ["buy"])
  }

  @Test func aTabContainerKeepsTheLabelsOfItsTabs() {
    let router = SwiftUIRouter()
    let stacks = [router.makeTabStack().view, router.makeTabStack().view]
    let tabs = TabContainer(
      stacks, labels: [TabLabel("Shop", systemImage: "bag"), TabLabel("Cart")])
    #expect(tabs.tabs.count == 2)
    #expect(
      tabs.labels == [TabLabel("Shop", systemImage: "bag"), TabLabel("Cart", systemImage: nil)])
    #expect(TabContainer(stacks).labels.isEmpty)
  }
}
