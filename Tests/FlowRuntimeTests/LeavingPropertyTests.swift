import FlowRuntime
import Testing

/// FLOW-SPEC section 11 over many random runs: whatever the coordinators and the user do
/// (pushes, children of every style, some that show nothing first or start a child of their
/// own first as a start decision does, finishes, pops, dismisses, the back button, its
/// long-press menu going back several screens at once, swipes), a child's handler runs only
/// while the screen that started it is still shown, and an ended child is no one's child
/// (issue 16, item 7).
@MainActor
@Suite struct LeavingPropertyTests {
  @Test func noHandlerRunsOnAScreenThatIsGone() {
    var random = SplitMix(seed: 16)
    var failures: [String] = []
    for _ in 0..<4_000 where failures.count < 3 {
      let run = RandomRun()
      run.play(steps: 14, with: &random)
      failures += run.failures
    }
    #expect(failures.isEmpty, "\(failures)")
  }
}

/// A child that shows nothing until the run makes it.
private final class Child: FlowCoordinator<String> {
  let leave: String?

  init(router: any Router, leave: String?) {
    self.leave = leave
    super.init(router: router)
  }

  override var leaveResult: String? { leave }
}

/// One random run: a root, the children it and they start, and what went wrong.
@MainActor
private final class RandomRun {
  let router = RecordingRouter()
  let root: Endless
  /// Every coordinator started, in order: the one that acts is the last that can.
  private var coordinators: [Coordinator]
  /// What happened, for the message of a failure.
  private var log: [String] = []
  private(set) var failures: [String] = []
  private var made = 0

  init() {
    root = Endless("Home", router: router)
    root.start()
    coordinators = [root]
  }

  func play(steps: Int, with random: inout SplitMix) {
    for _ in 0..<steps {
      guard
        let actor = coordinators.last(where: { $0.canAct && ($0 === root || $0.parent != nil) })
      else { break }
      act(random.next(below: 10), on: actor, with: &random)
    }
    for coordinator in coordinators where coordinator.isFinished {
      guard let parent = coordinator.parent, parent.children.contains(where: { $0 === coordinator })
      else { continue }
      fail("an ended coordinator is still its parent's child")
    }
  }

  private func act(_ choice: Int, on actor: Coordinator, with random: inout SplitMix) {
    switch choice {
    case 0, 1: push(on: actor)
    case 2, 3: startChild(of: actor, with: &random, nested: true)
    case 4:
      guard let child = actor as? Child else { return }
      log.append("finish")
      child.finish("finished")
    case 5:
      log.append("pop")
      actor.pop()
    case 6:
      log.append("dismiss")
      actor.dismiss()
    case 7:
      log.append("user pop")
      router.userPops()
    case 8:
      let index = random.next(below: max(1, router.top.screens))
      log.append("user pop to \(index)")
      router.userPops(to: index)
    default:
      log.append("user dismiss")
      router.userDismisses()
    }
  }

  private func push(on coordinator: Coordinator) {
    made += 1
    log.append("push S\(made)")
    coordinator.push(Screen("S\(made)"))
  }

  /// Starts a child of a random style, with or without a `leave`, that shows a screen,
  /// shows nothing yet, or (when `nested`) starts a child of its own first.
  private func startChild(of parent: Coordinator, with random: inout SplitMix, nested: Bool) {
    made += 1
    let name = "C\(made)"
    let style = [StartStyle.push, .sheet, .fullScreen][random.next(below: 3)]
    let child = Child(router: router, leave: random.next(below: 2) == 0 ? "left" : nil)
    let startingScreen = router.topScreen
    log.append("start \(name) \(style) on \(startingScreen.map { "\($0)" } ?? "nothing")")
    parent.start(child, style: style) { [unowned self] result in
      log.append("\(name)'s handler: \(result)")
      guard let startingScreen, !router.screens.contains(where: { $0 === startingScreen })
      else { return }
      fail("\(name)'s handler ran after \(startingScreen) was gone")
    }
    coordinators.append(child)
    switch random.next(below: 3) {
    case 0: push(on: child)
    case 1 where nested: startChild(of: child, with: &random, nested: false)
    default: break
    }
  }

  private func fail(_ message: String) {
    failures.append("\(log.joined(separator: "; ")): \(message); stacks \(names(router.stacks))")
  }
}

/// A small seeded generator (SplitMix64), so that every run of the test plays the same.
struct SplitMix {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
