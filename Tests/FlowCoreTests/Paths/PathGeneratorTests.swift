import FlowCore
import Foundation
import Testing


/// The covering paths of `flowc paths` (issue 36): every transition of flows/ in some path,
/// within twice the lower bound, and the states after steps as the runtime shows them.
@Suite struct PathGeneratorTests {
  static let flowFiles = [
    "flows/account.flow.yaml", "flows/app.flow.yaml", "flows/auth.flow.yaml",
    "flows/catalog.flow.yaml", "flows/checkout.flow.yaml", "flows/links.flow.yaml",
    "flows/main.flow.yaml",
  ]

  @Test func everyTransitionOfTheExampleFlowsIsInSomePath() throws {
    let checked = try loadModule(Self.flowFiles)
    let paths = testPaths(for: checked, cover: .transitions)
    #expect(paths.uncovered.map(\.name) == [])
    #expect(paths.goals.count > 90)
    #expect(paths.limitsReached == [])
    // Every goal says the step that covers it, and that step lists it.
    for (index, goal) in paths.goals.enumerated() {
      let at = try #require(goal.coveredAt)
      if at.step >= 0 { #expect(paths.paths[at.path].steps[at.step].covers.contains(index)) }
    }
  }

  @Test func theStepsStayWithinTwiceTheLowerBound() throws {
    let checked = try loadModule(Self.flowFiles)
    for cover in PathCoverage.allCases {
      let paths = testPaths(for: checked, cover: cover)
      #expect(paths.lowerBound > 0)
      #expect(paths.stepCount <= 2 * paths.lowerBound, "\(cover): \(PathReport.summary(paths))")
    }
  }

  @Test func everyScreenOfTheExampleFlowsIsShown() throws {
    let checked = try loadModule(Self.flowFiles)
    let paths = testPaths(for: checked, cover: .screens)
    #expect(paths.uncovered.map(\.name) == [])
    #expect(paths.goals.allSatisfy { $0.kind == .screen })
  }

  @Test func theStateAfterEachStepIsTheRuntimes() throws {
    let checked = try loadModule(Self.flowFiles)
    let paths = testPaths(for: checked)
    let path = try #require(paths.coveringPaths.first)
    #expect(path.entry == "App")
    #expect(path.start.waitingDecision?.name == "Launch")
    // Answering firstRun presents the tour full screen, over the empty root stack.
    let first = try #require(path.steps.first)
    #expect(PathReport.describe(first.trigger) == "decision 'Launch' of 'App': answer 'firstRun'")
    #expect(first.after.router(.root)?.stacks.map(\.style) == [nil, .fullScreen])
    #expect(
      first.effects == [
        .started(child: "Onboarding", parent: "App", style: .fullScreen, column: nil)
      ])
    // Somewhere, swiping checkout's sheet away leaves it, and it finishes with 'cancelled'.
    let left = paths.paths.flatMap(\.steps).contains { step in
      step.effects.contains(.left(child: "Checkout", result: "cancelled", parent: "Cart"))
    }
    let swiped = paths.paths.flatMap(\.steps).contains { step in
      if case .swipeDown = step.trigger { return true }
      return false
    }
    #expect(swiped)
    #expect(left || paths.goals.contains { $0.kind == .handler && $0.coveredAt != nil })
  }

  @Test func eachLinkWithARouteHasAPathAlongIt() throws {
    let checked = try loadModule(Self.flowFiles)
    let paths = testPaths(for: checked)
    let links = paths.paths.compactMap(\.link).map(\.name)
    #expect(links == ["product", "category", "orders", "order", "cart", "tour"])
    let orders = try #require(paths.paths.first { $0.link?.name == "orders" })
    let last = try #require(orders.steps.last)
    #expect(
      last.after.router(PathRouterID([.tab(3)]))?.top?.node
        == PathNode(coordinator: "Account", name: "OrderHistory"))
  }

  @Test func theSearchIsBoundedOnABigModule() throws {
    // A chain of 1,000 screens, each with an event forward and one that goes back: the
    // paths stay within twice the bound, and the search takes a bounded time.
    var screens = ""
    for index in 0..<1_000 {
      let next = index + 1 < 1_000 ? "next: { push: S\(index + 1) }" : "next: stay"
      screens += "      S\(index): { on: { \(next), again: stay } }\n"
    }
    let text = """
      version: 1
      coordinators:
        App:
          entry: true
          start: S0
          screens:
      \(screens)
      """
    let checked = try Pipeline.check([.source(SourceFile(path: "big.flow.yaml", text: text))])
    #expect(checked.findings.filter { $0.severity == .error }.isEmpty)
    let started = Date()
    let paths = testPaths(for: checked, limits: PathSearchLimits(stackDepth: 2_000))
    #expect(Date().timeIntervalSince(started) < 60)
    #expect(paths.uncovered.isEmpty)
    #expect(paths.stepCount <= 2 * paths.lowerBound, "\(PathReport.summary(paths))")
  }
}
