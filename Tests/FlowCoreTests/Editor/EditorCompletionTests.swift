import FlowCore
import Testing

/// Completion: keys from the decoder's own tables where a mapping allows them, and in value
/// positions the names of this module that fit, read from text mid-edit.
@Suite struct EditorCompletionTests {
  static let auth = """
    version: 1
    types:
      User: external
    coordinators:
      Auth:
        result: { done: User, cancelled: ~ }
        start: Login
        screens:
          Login:
            on:
              ok: { payload: User, finish: done }
              close: { finish: cancelled }
          Forgot: { on: { back: pop } }
        decisions:
          Check: { cases: { yes: stay } }
    """

  /// The labels offered at the cursor of `marked`, with `auth` beside it in the module.
  private func labels(_ marked: String) throws -> [String] {
    let file = MarkedFile("main.flow.yaml", marked)
    let cursor = try #require(file.cursor)
    let editor = EditorModule(files: [
      file.file, SourceFile(path: "auth.flow.yaml", text: Self.auth),
    ])
    return editor.completions(at: cursor, in: file.path).map(\.label)
  }

  @Test func afterPushComeTheScreensOfThisCoordinatorOnly() throws {
    let offered = try labels(
      """
      version: 1
      coordinators:
        App:
          start: Home
          screens:
            Home:
              on:
                next: { doc: "café ☕", push: ‸ }
            Settings: { on: { back: pop } }
      """)
    #expect(offered == ["Home", "Settings"])
  }

  /// Revision 3: inside a sequence, in the list form and in `do:`, an element's target is
  /// completed as a lone action's.
  @Test func insideASequenceAnElementsTargetIsCompleted() throws {
    for sequence in [
      "next: [dismiss, { push: ‸ }]",
      "next: { payload: Int, do: [popToRoot, { push: ‸ }] }",
    ] {
      let offered = try labels(
        """
        version: 1
        coordinators:
          App:
            start: Home
            screens:
              Home:
                on:
                  \(sequence)
              Settings: { on: { back: pop } }
        """)
      #expect(offered == ["Home", "Settings"], "\(sequence)")
    }
  }

  @Test func afterAPartialNameOnlyTheNamesItBeginsAreOffered() throws {
    let offered = try labels(
      """
      version: 1
      coordinators:
        App:
          start: Home
          screens:
            Home:
              on:
                next:
                  push: Se‸
            Settings: { on: { back: pop } }
      """)
    #expect(offered == ["Settings"])
  }

  /// Revision 3's styles (spec 13.5): a present's `style` offers the four presentation
  /// styles, a start's also `push` and revision 1's `present`.
  @Test func afterStyleComeTheStylesOfThePresentOrTheStart() throws {
    let present = try labels(
      """
      version: 1
      coordinators:
        App:
          start: Home
          screens:
            Home:
              on:
                filter: { present: Home, style: ‸ }
      """)
    #expect(present == ["sheet", "formSheet", "popover", "fullScreen"])
    let start = try labels(
      """
      version: 1
      coordinators:
        App:
          start: Home
          screens:
            Home:
              on:
                open: { start: Auth, style: po‸ }
      """)
    #expect(start == ["popover"])
  }

  @Test func afterStartInAnActionComeTheCoordinators() throws {
    let offered = try labels(
      """
      version: 1
      coordinators:
        App:
          start: Home
          screens:
            Home: { on: { login: { start: ‸ } } }
      """)
    // In file order: auth.flow.yaml sorts before main.flow.yaml.
    #expect(offered == ["Auth", "App"])
  }

  @Test func theStartOfACoordinatorIsOneOfItsScreensOrDecisions() throws {
    let offered = try labels(
      """
      version: 1
      coordinators:
        App:
          start: ‸
          screens:
            Home: { on: { next: stay } }
          decisions:
            Launch: { cases: { go: { push: Home } } }
      """)
    #expect(offered == ["Home", "Launch"])
  }

  @Test func theKeysOfAStartsOnAreTheChildsResultCases() throws {
    let flowStyle = try labels(
      """
      version: 1
      coordinators:
        App:
          start: Home
          screens:
            Home: { on: { login: { start: Auth, on: { done: stay, ‸ } } } }
      """)
    #expect(flowStyle == ["cancelled"])
    // A handler whose value is a flow mapping of its own is written too.
    let nestedFlowStyle = try labels(
      """
      version: 1
      coordinators:
        App:
          start: Home
          screens:
            Home: { on: { login: { start: Auth, on: { done: { push: Home }, ‸ } } } }
      """)
    #expect(nestedFlowStyle == ["cancelled"])
    let blockStyle = try labels(
      """
      version: 1
      coordinators:
        App:
          start: Home
          screens:
            Home:
              on:
                login:
                  start: Auth
                  on:
                    ‸
      """)
    #expect(blockStyle == ["done", "cancelled"])
  }

  @Test func afterFinishComeThisCoordinatorsResultCases() throws {
    let offered = try labels(
      """
      version: 1
      coordinators:
        App:
          result: { left: ~, chose: User }
          leave: ‸
          start: Home
          screens:
            Home: { on: { next: { finish: chose } } }
      """)
    // `leave` names a case without a payload.
    #expect(offered == ["left"])
  }

  @Test func typePositionsOfferTheDeclaredTypesThenTheBuiltins() throws {
    let offered = try labels(
      """
      version: 1
      coordinators:
        App:
          input: ‸
          start: Home
          screens:
            Home: { on: { next: stay } }
      """)
    #expect(offered.first == "User")
    #expect(offered.contains("String"))
    #expect(!offered.contains("Auth"))
  }

  @Test func theKeysOfAScreenAreTheDecodersAndOnlyThoseNotWrittenYet() throws {
    let offered = try labels(
      """
      version: 1
      coordinators:
        App:
          start: Home
          screens:
            Home:
              doc: Début
              ‸
      """)
    #expect(offered == ["input", "on", "systemBack", "dismissible", "lint"])
  }

  @Test func theKeysOfACoordinatorAndOfATab() throws {
    let coordinator = try labels(
      """
      version: 1
      coordinators:
        App:
          sc‸
      """)
    #expect(coordinator == ["screens"])
    let tab = try labels(
      """
      version: 1
      coordinators:
        Main:
          tabs:
            - start: Auth
              ‸
      """)
    // Not `style`, which a tab never has (spec section 4).
    #expect(tab == ["on", "doc"])
  }

  @Test func theValueOfAnEventIsAnAction() throws {
    let offered = try labels(
      """
      version: 1
      coordinators:
        App:
          start: Home
          screens:
            Home:
              on:
                next: p‸
      """)
    #expect(offered == ["pop", "popToRoot"])
  }
}
