import FlowCore
import Testing

/// The checks of spec section 8 (r2) that the user's own back and swipe, leaving, `leave`
/// and permanent children change: `never-finishes`, `cannot-finish`, `back-leak` and
/// `unused-result-case`, with and without `children: removed-on-finish`.
@Suite struct SystemBackRulesTests {
  /// The findings of `coordinators` as `line:column message [rule]` strings, checked with
  /// `children` set as given.
  private func findings(
    _ coordinators: String, children: ChildRemoval = .generated
  ) throws -> [String] {
    var configuration = Configuration()
    configuration.children = children
    let file = SourceFile(path: "a.flow.yaml", text: flow(coordinators))
    return described(try Pipeline.check([.source(file)], configuration: configuration).findings)
  }

  /// A parent that starts `Child` from its screen with `start`.
  private func parent(_ start: String) -> String {
    """
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { go: \(start) } }
    """
  }

  // MARK: The system back

  @Test func aPushedScreenWithoutBackPopIsNotTrapped() throws {
    let text =
      parent("{ start: Picker, on: { picked: stay } }") + "\n"
        + """
        Picker:
          result: { picked: ~ }
          start: List
          screens:
            List: { on: { choose: { finish: picked }, info: { push: Info } } }
            Info: { on: { like: stay } }
        """
    #expect(try findings(text) == [])
  }

  @Test func systemBackOffOnTheOnlyWayOutTrapsTheScreen() throws {
    let text =
      parent("{ start: Picker, on: { picked: stay } }") + "\n"
        + """
        Picker:
          result: { picked: ~ }
          start: List
          screens:
            List: { on: { choose: { finish: picked }, info: { push: Info } } }
            Info: { systemBack: false, on: { like: stay } }
        """
    #expect(
      try findings(text) == [
        "13:7 screen 'Info' of coordinator 'Picker' has no path to a 'finish' or out of 'Picker' when 'Picker' is started pushed onto its parent's screen: the user is trapped there and 'Picker' is never removed [cannot-finish]"
      ])
  }

  /// The back button's long-press menu goes to any screen below at once (spec section 8),
  /// past a screen whose own back is off: neither that screen (from which the user can go
  /// on to `More`) nor the screen above it is trapped.
  @Test func theLongPressBackGoesPastAScreenWithoutBack() throws {
    let text =
      parent("{ start: Picker, on: { picked: stay } }") + "\n"
        + """
        Picker:
          result: { picked: ~ }
          start: List
          screens:
            List: { on: { choose: { finish: picked }, info: { push: Info } } }
            Info: { systemBack: false, on: { more: { push: More } } }
            More: { on: { like: stay } }
        """
    #expect(try findings(text) == [])
  }

  /// Past the bottom of a push-style child, the long-press leaves it: the child is not
  /// stuck although its first screen has no back.
  @Test func theLongPressBackLeavesAChildPastItsBottom() throws {
    let text =
      parent("{ start: Wizard }") + "\n"
        + """
        Wizard:
          start: First
          screens:
            First: { systemBack: false, on: { next: { push: Second } } }
            Second: { on: { like: stay } }
        """
    #expect(try findings(text) == [])
  }

  @Test func aPushStyleChildThatCanOnlyBeLeftIsNotStuck() throws {
    let text =
      parent("{ start: About }")
      + "\nAbout:\n  start: Page\n  screens: { Page: { on: { like: stay } } }"
    #expect(try findings(text) == [])
  }

  // MARK: The swipe down

  @Test func aSheetWhoseOnlyWayOutIsTheSwipeIsNotStuck() throws {
    let child =
      "\nTerms:\n  result: { accepted: ~ }\n  start: Page\n  screens: { Page: { on: { read: stay } } }"
    #expect(
      try findings(parent("{ start: Terms, style: sheet, on: { accepted: stay } }") + child)
        .filter { !$0.contains("unused-result-case") } == [])
    #expect(
      try findings(parent("{ start: Terms, style: fullScreen, on: { accepted: stay } }") + child)
        .filter { !$0.contains("unused-result-case") } == [
          "8:3 coordinator 'Terms' is started by 'App' at the root of a full-screen modal but can neither reach a 'finish' from its start nor be left there, so 'App' never removes it; add a reachable 'finish', or a way out the user can take (the system back, a sheet's swipe) [never-finishes]"
        ])
  }

  @Test func dismissibleOffOnASheetsOnlyScreenMakesItStuck() throws {
    let text =
      parent("{ start: Terms, style: sheet }")
      + "\nTerms:\n  start: Page\n  screens: { Page: { dismissible: false, on: { read: stay } } }"
    #expect(
      try findings(text) == [
        "8:3 coordinator 'Terms' is started by 'App' at the root of a sheet but has no result and cannot be left there, so 'App' never removes it; add a reachable 'finish', or a way out the user can take (the system back, a sheet's swipe) [never-finishes]"
      ])
  }

  @Test func aScreenPresentedFullScreenByItsOwnCoordinatorIsTrappedButASheetIsNot() throws {
    func text(_ style: String) -> String {
      parent("{ start: Shop, on: { done: stay } }") + "\n"
        + """
        Shop:
          result: { done: ~ }
          start: List
          screens:
            List: { on: { buy: { finish: done }, zoom: { present: Zoom, style: \(style) } } }
            Zoom: { on: { like: stay } }
        """
    }
    #expect(try findings(text("sheet")) == [])
    #expect(
      try findings(text("fullScreen")).map { String($0.prefix(37)) } == [
        "13:7 screen 'Zoom' of coordinator 'Sh"
      ])
  }

  // MARK: Permanent children

  @Test func aPermanentRootChildWithoutResultDoesNotNeverFinish() throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch: { cases: { ready: { start: Dashboard }, first: { start: Browser, style: fullScreen } } }
      Dashboard:
        start: Board
        screens: { Board: { systemBack: false, on: { refresh: stay } } }
      Browser:
        start: Page
        screens: { Page: { on: { reload: stay } } }
      """
    #expect(try findings(text) == [])
  }

  @Test func theSameChildStartedFromAScreenIsNotPermanent() throws {
    let text = """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { start: Browser, style: fullScreen } } }
      Browser:
        start: Page
        screens: { Page: { on: { reload: stay } } }
      """
    #expect(
      try findings(text).map { String($0.prefix(42)) } == [
        "8:3 coordinator 'Browser' is started by 'A"
      ])
  }

  @Test func aParentThatShowsNothingBelowAChildIsLeftWithIt() throws {
    func text(_ style: String) -> String {
      parent("{ start: Router }") + "\n"
        + """
        Router:
          start: Pick
          decisions:
            Pick: { cases: { list: { start: Catalog, style: \(style) } } }
        Catalog:
          start: Grid
          screens: { Grid: { on: { like: stay } } }
        """
    }
    // The back on Catalog's first screen leaves Catalog and Router together.
    #expect(try findings(text("push")) == [])
    #expect(
      try findings(text("fullScreen")).map { $0.components(separatedBy: " ").prefix(3) }
        == [["8:3", "coordinator", "'Router'"], ["12:3", "coordinator", "'Catalog'"]])
  }

  @Test func aTabCoordinatorInASheetIsLeftWhenItIsSwipedAway() throws {
    func text(_ style: String) -> String {
      parent("{ start: Browse, style: \(style) }") + "\n"
        + """
        Browse:
          tabs:
            - start: Feed
        Feed:
          start: List
          screens: { List: { on: { like: stay } } }
        """
    }
    #expect(try findings(text("sheet")) == [])
    #expect(
      try findings(text("fullScreen")).map { $0.components(separatedBy: " ").prefix(3) }
        == [["8:3", "coordinator", "'Browse'"]])
  }

  // MARK: Hand-written coordinators

  private let editor = """
    Editor:
      result: { saved: ~ }
      start: Form
      screens:
        Form: { on: { save: { finish: saved } } }
    """

  @Test func removedOnFinishTurnsTheUsersBackOutOfAChildIntoABackLeak() throws {
    let text = parent("{ start: Editor, on: { saved: stay } }") + "\n" + editor
    #expect(try findings(text) == [])
    #expect(
      try findings(text, children: .removedOnFinish) == [
        "12:7 the user's back on screen 'Form' goes back into the parent of push-style child 'Editor' without finishing it (children: removed-on-finish): generated code drops it, but a hand-written coordinator that removes children only when they finish would leak it; add 'leave: <case>' or 'leave: ~' once the app removes it when left, or 'systemBack: false' [back-leak]"
      ])
  }

  @Test func removedOnFinishFindsTheSwipeOfASheet() throws {
    let text = parent("{ start: Editor, style: sheet, on: { saved: stay } }") + "\n" + editor
    let found = try findings(text, children: .removedOnFinish)
    #expect(
      found.count == 1
        && found[0].hasPrefix("12:7 the user's swipe down on screen 'Form' closes a sheet"),
      "\(found)")
  }

  @Test func aLeaveKeySaysTheAppRemovesTheChild() throws {
    let text =
      parent("{ start: Editor, on: { saved: stay } }") + "\n"
      + editor.replacingOccurrences(of: "  start: Form", with: "  leave: ~\n  start: Form")
    #expect(try findings(text, children: .removedOnFinish) == [])
  }

  @Test func removedOnFinishDoesNotCountTheUsersBackAsLeaving() throws {
    let about = "\nAbout:\n  start: Page\n  screens: { Page: { on: { like: stay } } }"
    let text = parent("{ start: About }") + about
    #expect(
      try findings(text, children: .removedOnFinish).map {
        $0.components(separatedBy: " ").last ?? ""
      }
        == ["[never-finishes]", "[back-leak]"])
    let left =
      parent("{ start: About }")
      + about.replacingOccurrences(
        of: "  start: Page", with: "  leave: ~\n  start: Page")
    #expect(try findings(left, children: .removedOnFinish) == [])
  }

  @Test func anExplicitPopOutOfAChildWithLeaveIsNoBackLeak() throws {
    let text =
      parent("{ start: Editor, on: { saved: stay, cancelled: stay } }") + "\n"
        + """
        Editor:
          result: { saved: ~, cancelled: ~ }
          leave: cancelled
          start: Form
          screens:
            Form: { on: { save: { finish: saved }, back: pop } }
        """
    #expect(try findings(text) == [])
  }

  // MARK: unused-result-case

  @Test func theLeaveCaseIsNotUnused() throws {
    func text(_ leave: String) -> String {
      parent("{ start: Terms, style: sheet, on: { accepted: stay, declined: stay } }") + "\n"
        + """
        Terms:
          result: { accepted: ~, declined: ~ }
        \(leave)
          start: Page
          screens: { Page: { on: { accept: { finish: accepted } } } }
        """
    }
    #expect(try findings(text("  leave: declined")) == [])
    // Under removed-on-finish too: a `leave` case says the app removes the child when left.
    #expect(try findings(text("  leave: declined"), children: .removedOnFinish) == [])
    #expect(
      try findings(text("  doc: Terms.")) == [
        "9:28 result case 'declined' of coordinator 'Terms' is never produced by a reachable 'finish' [unused-result-case]"
      ])
  }
}
