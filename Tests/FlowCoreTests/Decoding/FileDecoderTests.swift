import FlowCore
import Testing

/// Decoding spec sections 1–7: structure problems are `schema` findings at the node,
/// with a did-you-mean, and decoding goes on.
@Suite struct FileDecoderTests {
  private func decode(_ text: String) -> (FlowFile?, [Finding]) {
    var findings = Findings()
    let source = SourceFile(path: "a.flow.yaml", text: text)
    let document = YAMLParser.parse(source, findings: &findings)
    let file = FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings)
    return (file, findings.all)
  }

  private let home = """
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { next: stay } }
    """

  @Test func aCorrectFileDecodesEveryConstruct() throws {
    let (file, findings) = decode(
      flow(
        """
        App:
          doc: The app.
          entry: yes
          input: "[String: Int]?"
          result: { done: User, cancelled: ~ }
          start: Launch
          lint: { ignore: [cannot-finish] }
          screens:
            Home:
              input: [User]
              on:
                next: { payload: User, push: Detail, doc: Shows it. }
                modal: { present: Detail }
                swap: { replace: Detail }
                child: { start: Auth, style: present, on: { ok: pop, no: { finish: cancelled } } }
                back: pop
                close: dismiss
                idle: stay
            Detail:
          decisions:
            Launch:
              cases:
                first: { payload: User, finish: done }
                again: { decide: Launch }
        """,
        types:
          "User: external\nPoint: { struct: { x: Double, y: [Double] } }\nTone: { enum: { light: ~, dark: '[String: Int]' } }"
      ))
    #expect(findings.isEmpty, "\(described(findings))")
    let decoded = try #require(file)
    #expect(decoded.types.map(\.name.text) == ["User", "Point", "Tone"])
    let app = try #require(decoded.coordinators.first)
    #expect(app.doc == "The app.")
    #expect(app.isEntry)
    #expect(app.input?.type == .optional(.dictionary(key: .named("String"), value: .named("Int"))))
    guard case .inline(let cases, _) = app.result else { return #expect(Bool(false)) }
    #expect(cases.map(\.name.text) == ["done", "cancelled"])
    #expect(cases.map { $0.payload?.type } == [.named("User"), nil])
    guard case .start(let start, _) = app.root else { return #expect(Bool(false)) }
    #expect(start.text == "Launch")
    #expect(app.lint?.ignore.map(\.text) == ["cannot-finish"])
    let homeScreen = app.screens[0]
    #expect(homeScreen.input?.type == .array(.named("User")))
    #expect(
      homeScreen.events.map(\.action.keyword) == [
        "push", "present", "replace", "start", "pop", "dismiss", "stay",
      ])
    #expect(homeScreen.events[0].payload?.type == .named("User"))
    #expect(homeScreen.events[0].doc == "Shows it.")
    guard case .start(let child) = homeScreen.events[3].action.kind else {
      return #expect(Bool(false))
    }
    #expect(child.style == .sheet)  // `present`, as revision 1 wrote it
    #expect(child.handlers.map(\.name.text) == ["ok", "no"])
    #expect(app.screens[1].events.isEmpty)
    #expect(app.decisions[0].cases.map(\.action.keyword) == ["finish", "decide"])
  }

  @Test func actionsArePlacedAtTheirKeyOrScalar() throws {
    let (file, _) = decode(
      flow("App:\n  start: A\n  screens:\n    A: { on: { x: { payload: Int, push: A }, y: pop } }"))
    let events = try #require(file?.coordinators.first?.screens.first?.events)
    #expect(events[0].action.range.start == SourcePosition(line: 6, column: 37))
    #expect(events[1].action.range.start == SourcePosition(line: 6, column: 51))
  }

  @Test(arguments: [
    ("docs", "doc"), ("screns", "screens"), ("decisons", "decisions"), ("inptu", "input"),
  ])
  func nearMissKeysGetADidYouMean(wrong: String, right: String) {
    let (_, findings) = decode(flow("App:\n  start: Home\n  \(wrong): ~\n  screens: { Home: {} }"))
    #expect(
      findings.map(\.message) == [
        "unknown key '\(wrong)' in coordinator 'App'; did you mean '\(right)'?"
      ])
    #expect(findings.first?.line == 5)
    #expect(findings.first?.column == 5)
  }

  @Test func anUnknownKeyFarFromAnyListsTheKeys() {
    let (_, findings) = decode(flow("App:\n  start: Home\n  screens: { Home: { colour: red } }"))
    #expect(
      findings.map(\.message) == [
        "unknown key 'colour' in screen 'Home'; expected 'doc', 'input', 'on', 'systemBack', "
          + "'dismissible' or 'lint'"
      ])
  }

  @Test func nearMissActionWordsGetADidYouMean() {
    let (_, findings) = decode(
      flow(
        "App:\n  start: Home\n  screens:\n    Home: { on: { a: popp, b: dismis, c: sty, d: jump } }"
      ))
    #expect(
      findings.map(\.message) == [
        "'popp' is not an action; did you mean 'pop'?",
        "'dismis' is not an action; did you mean 'dismiss'?",
        "'sty' is not an action; did you mean 'stay'?",
        "'jump' is not an action; expected 'pop', 'popToRoot', 'dismiss', 'stay', or a mapping such as '{ push: Screen }'",
      ])
  }

  @Test func oneRunReportsEveryProblem() {
    let (file, findings) = decode(
      """
      version: 1
      typs: {}
      coordinators:
        App:
          entry: maybe
          start: Home
          screens:
            Home:
              docs: x
              on:
                a: { push: Home, present: Home }
                b: push
                c: { payload: Int }
                d: { pop: Home }
                e: { push: [Home] }
                f: { start: Auth, style: sideways, on: { ok: { payload: Int, finish: x } } }
                g: { push: Home, style: push }
        Other: []
      """)
    #expect(file != nil)
    #expect(
      findings.map { "\($0.line):\($0.column)" } == [
        "2:1", "5:12", "9:9", "11:28", "12:14", "13:14", "14:21", "15:22", "16:36", "16:58",
        "17:28", "18:10",
      ], "\(described(findings))")
    #expect(findings.allSatisfy { $0.rule == "schema" })
  }

  @Test func theFirstOfTwoActionsIsKept() throws {
    let (file, _) = decode(
      flow("App:\n  start: A\n  screens:\n    A: { on: { x: { present: A, push: A } } }"))
    let action = try #require(file?.coordinators.first?.screens.first?.events.first?.action)
    #expect(action.keyword == "present")
  }

  @Test func duplicateKeysAreFoundAtTheSecondWithANote() {
    let (_, findings) = decode(
      flow("App:\n  start: A\n  screens:\n    A: { on: { x: stay } }\n    A: {}\n  start: A"))
    #expect(
      findings.map(\.message) == [
        "duplicate key 'start' in coordinator 'App'",
        "duplicate key 'A' in the screens of coordinator 'App'",
      ])
    #expect(findings.map(\.line) == [8, 7])
    #expect(findings.map { $0.notes.map(\.range.start.line) } == [[4], [6]])
  }

  /// `!!int 1` is the integer 1 as much as `1` is (issue 14, item 6).
  @Test(arguments: ["version: !!int 1\n", "version: !!int '1'\n", "version: 1\n"])
  func versionOneTaggedAsAnIntegerIsVersionOne(header: String) {
    let (file, findings) = decode(header + "coordinators: {}\n")
    #expect(file != nil)
    #expect(findings.isEmpty, "\(findings.map(\.message))")
  }

  /// Keys and names are raw text (spec section 2): the YAML 1.1 null words name screens,
  /// events and targets like any other word (issue 14, item 1); only nothing or `~` is no name.
  @Test func nullWordsAreNames() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Null
          screens:
            Null: { on: { null: { push: NULL }, yes: { push: NULL } } }
            NULL: { on: { off: pop, "no": { decide: Nil } } }
            Last: {}
          decisions:
            Nil: { cases: { null: { present: Last } } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    let missing = try check(
      flow("App:\n  entry: true\n  start: ~\n  screens:\n    Home: { on: { ~: stay } }"))
    #expect(
      described(missing).contains { $0.contains("'start' needs a name, not null") },
      "\(described(missing))")
    #expect(
      described(missing).contains { $0.contains("must be text, not null") }, "\(described(missing))"
    )
  }

  /// A type nested deeper than the bound is a finding, not a stack overflow: 80,000 `[`
  /// crashed `check` (issue 14, item 3). 100 levels still read.
  @Test func aTypeNestedTooDeepIsAFinding() throws {
    let deep =
      String(repeating: "[", count: 80_000) + "String" + String(repeating: "]", count: 80_000)
    let findings = try check(
      flow("App:\n  entry: true\n  start: Home\n  screens:\n    Home: { input: \"\(deep)\" }"))
    #expect(findings.count == 1)
    #expect(findings.first?.message.contains("it nests '[' more than 100 deep") == true)
    #expect((findings.first?.message.count ?? .max) < 200)
    let allowed = String(repeating: "[", count: 100) + "Int" + String(repeating: "]", count: 100)
    let (file, problems) = decode(
      flow("App:\n  entry: true\n  start: Home\n  screens:\n    Home: { input: \"\(allowed)\" }"))
    #expect(file != nil)
    #expect(problems.isEmpty, "\(problems.map(\.message))")
  }

  @Test func versionProblemsAreTheOnlyFindingOfTheirFile() {
    let cases: [(String, String, Int)] = [
      (
        "coordinators: { bogus: 1 }\n",
        "missing 'version: 1'; a flow file starts with its language version", 1
      ),
      (
        "verison: 1\nx: y\n",
        "missing 'version: 1' ('verison' is not 'version'); a flow file starts with its language version",
        1
      ),
      ("version: 2\nx: y\n", "unsupported version 2; this flowc reads version 1", 1),
      ("version: '1'\nx: y\n", "'version' must be the integer 1, not '1'", 1),
      ("version: one\n", "'version' must be the integer 1, not 'one'", 1),
    ]
    for (text, message, line) in cases {
      let (file, findings) = decode(text)
      #expect(file == nil)
      #expect(findings.map(\.message) == [message])
      #expect(findings.first?.line == line)
    }
  }

  @Test func emptyAndNonMappingFilesDoNotJoin() {
    let (empty, emptyFindings) = decode("# just a comment\n")
    #expect(empty == nil)
    #expect(emptyFindings.map(\.message) == ["file is empty; a flow file starts with 'version: 1'"])
    let (list, listFindings) = decode("- version: 1\n")
    #expect(list == nil)
    #expect(listFindings.first?.message.contains("must be a mapping") == true)
  }

  @Test func aCoordinatorHasExactlyOneOfStartAndTabs() {
    let (_, neither) = decode(flow("App:\n  screens: {}"))
    #expect(
      neither.map(\.message) == [
        "coordinator 'App' needs 'start' (its first screen or decision) or 'tabs'"
      ])
    let (_, both) = decode(flow("App:\n  start: A\n  tabs: [{ start: B }]\n  screens: { A: {} }"))
    #expect(
      both.map(\.message) == [
        "coordinator 'App' has both 'start' and 'tabs'; a coordinator has exactly one"
      ])
    #expect(both.first?.line == 5)
  }

  @Test func tabsDecodeWithTheirHandlers() throws {
    let (file, findings) = decode(
      flow(
        "Main:\n  tabs:\n    - start: Feed\n    - start: Profile\n      doc: Me.\n      on: { loggedOut: { finish: out } }\n  result: { out: ~ }"
      ))
    #expect(findings.isEmpty)
    let tabs = try #require(file?.coordinators.first?.tabs)
    #expect(tabs.map(\.child.coordinator.text) == ["Feed", "Profile"])
    #expect(tabs[1].doc == "Me.")
    #expect(tabs[1].child.handlers.map(\.name.text) == ["loggedOut"])
    #expect(tabs[0].range.start == SourcePosition(line: 5, column: 9))
  }

  /// A tab has no `style` (spec section 4): its child starts at the root of a stack of its
  /// own. Its handlers may start a child in either modal style.
  @Test func aTabHasNoStyleButItsHandlersStartModally() {
    let (_, findings) = decode(
      flow(
        """
        Main:
          tabs:
            - start: Feed
              style: sheet
              on: { done: { start: Feed, style: fullScreen, on: { done: stay } } }
        Feed:
          result: { done: ~ }
          start: List
          screens: { List: { on: { close: { finish: done } } } }
        """))
    #expect(
      findings.map { "\($0.line):\($0.column) \($0.message)" } == [
        "6:9 a tab has no 'style': each tab's child starts at the root of a stack of its own"
      ], "\(described(findings))")
  }

  @Test func keysAndNamesAreRawText() throws {
    let (file, findings) = decode(
      flow("App:\n  start: A\n  screens:\n    A: { on: { yes: stay, on: stay, 'null': stay } }"))
    #expect(findings.isEmpty)
    #expect(
      file?.coordinators.first?.screens.first?.events.map(\.name.text) == ["yes", "on", "null"])
  }

  @Test(arguments: [
    ("String", TypeExpression.named("String")),
    ("String?", .optional(.named("String"))),
    ("'[User]?'", .optional(.array(.named("User")))),
    ("[User]", .array(.named("User"))),
    ("[[Int]]", .array(.array(.named("Int")))),
    ("[String: User]", .dictionary(key: .named("String"), value: .named("User"))),
    ("[String: [Int]]", .dictionary(key: .named("String"), value: .array(.named("Int")))),
    (
      "\"[ String : [Int]? ]\"",
      .dictionary(key: .named("String"), value: .optional(.array(.named("Int"))))
    ),
    ("\n        - Int", .array(.named("Int"))),
  ])
  func typeExpressionsInEveryForm(written: String, expected: TypeExpression) throws {
    let (file, findings) = decode(
      flow("App:\n  input: \(written)\n  start: A\n  screens: { A: {} }"))
    #expect(findings.isEmpty, "\(described(findings))")
    #expect(file?.coordinators.first?.input?.type == expected)
  }

  @Test(arguments: [
    "'[String'", "'String??'", "'Str ing'", "'[A: B: C]'", "[A, B]", "{ a: b }", "'?'", "''",
  ])
  func malformedTypesAreSchemaFindings(written: String) throws {
    let (file, findings) = decode(
      flow("App:\n  input: \(written)\n  start: A\n  screens: { A: {} }"))
    #expect(findings.map(\.rule) == ["schema"], "\(described(findings))")
    #expect(findings.first?.line == 4)
    #expect(file?.coordinators.first?.input?.type == .invalid)
  }

  @Test func typeNamesInTextKnowTheirColumn() throws {
    let (file, _) = decode(
      flow("App:\n  input: \"[String: User]?\"\n  start: A\n  screens: { A: {} }"))
    let names = try #require(file?.coordinators.first?.input?.names)
    #expect(names.map(\.text) == ["String", "User"])
    #expect(names.map(\.range.start.column) == [14, 22])
  }

  /// A type that is one name takes a path of its own (no list of names is made); its name
  /// stands where it is written, inside quotes for a quoted one, as the general path says.
  @Test(arguments: [
    ("User", 12, 16), ("\"User\"", 13, 17), ("'User'", 13, 17), ("User  # a comment", 12, 16),
    ("\"User?\"", 13, 17), ("[User]", 13, 17),
  ])
  func aTypeOfOneNameStandsWhereItIsWritten(written: String, start: Int, end: Int) throws {
    let (file, findings) = decode(
      flow("App:\n  input: \(written)\n  start: A\n  screens: { A: {} }"))
    #expect(findings.isEmpty, "\(described(findings))")
    let input = try #require(file?.coordinators.first?.input)
    #expect(input.names.map(\.text) == ["User"])
    #expect(input.names.map(\.range.start.column) == [start])
    #expect(input.names.map(\.range.end.column) == [end])
    #expect(input.names.map(\.range.start.line) == [4])
    // The reference is the one the general path makes from the same parts.
    #expect(input == TypeReference(input.type, at: input.range, names: input.names))
  }

  @Test func declaredTypes() throws {
    let (file, findings) = decode(
      flow(
        "App:\n  start: A\n  screens: { A: {} }",
        types:
          "A: external\nB: { struct: { x: Int } }\nC: { enum: { a: ~, b: Int } }\nD: internal\nE: { enum: {} }\nF: { struct: {}, enum: {} }\nG:\nH: { struct: { x: ~ } }"
      ))
    #expect(
      findings.map(\.message) == [
        "type 'D' must be 'external' or a mapping with 'struct' or 'enum', not 'internal'; did you mean 'external'?",
        "enum 'E' needs at least one case",
        "type 'F' has both 'struct' and 'enum'; a type is one of them",
        "type 'G' must be 'external' or a mapping with 'struct' or 'enum', not null",
        "field 'x' needs a type",
      ], "\(described(findings))")
    let kinds = try #require(file?.types.map(\.kind))
    guard case .structure(let fields) = kinds[1], case .enumeration(let cases) = kinds[2] else {
      return #expect(Bool(false))
    }
    #expect(fields.map(\.name.text) == ["x"])
    #expect(cases.map { $0.payload?.type } == [nil, .named("Int")])
  }

  @Test func handlersTakeNoPayloadAndScalarActionsTakeNoValue() {
    let (_, findings) = decode(
      flow(
        "App:\n  start: A\n  screens:\n    A: { on: { x: { start: B, on: { ok: { payload: Int, finish: y } } }, y: { dismiss: A } } }"
      ))
    #expect(
      findings.map(\.message) == [
        "a handler takes its payload from the child's result case or request; remove 'payload'",
        "'dismiss' takes no value; write '{ dismiss: ~ }' in a mapping with 'payload' or 'doc', "
          + "or the whole action: 'y: dismiss'",
      ])
  }

  /// Revision 2: `leave`, `systemBack`, `dismissible`, and the styles of `present` and of a
  /// modal `start`.
  @Test func leaveSystemControlsAndStylesAreRead() throws {
    let (file, findings) = decode(
      flow(
        """
        App:
          result: { cancelled: ~ }
          leave: cancelled
          start: A
          screens:
            A:
              systemBack: false
              dismissible: no
              on:
                a: { present: A, style: fullScreen }
                b: { present: A }
                c: { start: Sub, style: sheet }
                d: { start: Sub, style: fullScreen }
                e: { start: Sub, style: present }
                f: { start: Sub }
            B: {}
        Sub:
          leave: ~
          start: S
          screens: { S: {} }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    let app = try #require(file?.coordinators.first)
    guard case .result(let leave) = app.leave else { return #expect(Bool(false)) }
    #expect(leave.text == "cancelled")
    guard case .dropped = file?.coordinators.last?.leave else { return #expect(Bool(false)) }
    #expect(app.screens.map(\.systemBack) == [false, true])
    #expect(app.screens.map(\.dismissible) == [false, true])
    let kinds = app.screens[0].events.map(\.action.kind)
    guard case .present(_, let first) = kinds[0], case .present(_, let second) = kinds[1] else {
      return #expect(Bool(false))
    }
    #expect([first, second] == [.fullScreen, .sheet])
    let styles = kinds.dropFirst(2).compactMap { kind -> StartStyle? in
      guard case .start(let child) = kind else { return nil }
      return child.style
    }
    #expect(styles == [.sheet, .fullScreen, .sheet, .push])
  }

  @Test func stylesAreCheckedWhereTheyAreWritten() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: A
          screens:
            A:
              systemBack: maybe
              on:
                a: { present: A, style: push }
                b: { start: Sub, style: sideways }
                c: { push: A, style: sheet }
        """))
    #expect(
      findings.map(\.message) == [
        "'systemBack' must be true or false, not 'maybe'",
        "'style' of a present must be 'sheet', 'formSheet', 'popover' or 'fullScreen', not 'push'",
        "'style' of a start must be 'push', 'sheet' (or 'present'), 'formSheet', 'popover' or "
          + "'fullScreen', not 'sideways'",
        "'style' goes only with 'start' or 'present', not with 'push'",
      ], "\(described(findings))")
  }

  /// Revision 3 (spec 13.5): `formSheet` and `popover` on a `present` and a modal `start`,
  /// read as written; a misspelt one gets a did-you-mean at its value.
  @Test func formSheetAndPopoverAreStylesOfPresentAndStart() throws {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: A
          screens:
            A:
              on:
                a: { present: A, style: formSheet }
                b: { present: A, style: popover }
                c: { start: Sub, style: formSheet }
                d: { start: Sub, style: popover }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    let kinds = try #require(file?.coordinators.first).screens[0].events.map(\.action.kind)
    guard case .present(_, let first) = kinds[0], case .present(_, let second) = kinds[1],
      case .start(let third) = kinds[2], case .start(let fourth) = kinds[3]
    else { return #expect(Bool(false)) }
    #expect([first, second] == [.formSheet, .popover])
    #expect([third.style, fourth.style] == [.formSheet, .popover])
    #expect(
      [first.modal, second.modal, third.style.modal, fourth.style.modal] == [
        .sheet, .sheet, .sheet, .sheet,
      ])

    let (_, misspelt) = decode(
      flow(
        """
        App:
          start: A
          screens:
            A:
              on:
                a: { present: A, style: formsheet }
                b: { start: Sub, style: popovr }
        """))
    #expect(
      misspelt.map { "\($0.line):\($0.column) \($0.message)" } == [
        "8:35 'style' of a present must be 'sheet', 'formSheet', 'popover' or 'fullScreen', not "
          + "'formsheet'; did you mean 'formSheet'?",
        "9:35 'style' of a start must be 'push', 'sheet' (or 'present'), 'formSheet', 'popover' or "
          + "'fullScreen', not 'popovr'; did you mean 'popover'?",
      ], "\(described(misspelt))")
  }

  /// Revision 2: `pop`, `dismiss` and `stay` have a mapping form whose key has no value, so
  /// that they can carry a payload and a doc.
  @Test func scalarActionsHaveAMappingFormWithAPayload() throws {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: A
          screens:
            A:
              on:
                save: { stay: ~, payload: Int, doc: Saves it. }
                keep: { stay, payload: String }
                back: { pop: }
                close: { dismiss: ~, doc: Closes. }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    let events = try #require(file?.coordinators.first?.screens.first?.events)
    #expect(events.map(\.action.keyword) == ["stay", "stay", "pop", "dismiss"])
    #expect(events.map { $0.payload?.type } == [.named("Int"), .named("String"), nil, nil])
    #expect(events.map(\.doc) == ["Saves it.", nil, nil, "Closes."])
  }

  @Test func anEmptyResultIsAFinding() {
    let (_, findings) = decode(flow("App:\n  result: {}\n  start: A\n  screens: { A: {} }"))
    #expect(findings.map(\.line) == [4])
  }

  /// A file without the language version does not join the module, and says so as a
  /// `version` problem; every other problem of the decoder is about the structure.
  @Test func problemsSayTheirKind() {
    func kinds(_ text: String) -> [FrontEndProblem.Kind] {
      var problems: [FrontEndProblem] = []
      let document = YAMLParser.parse(
        SourceFile(path: "a.flow.yaml", text: text), problems: &problems)
      _ = FileDecoder.decode(document, path: "a.flow.yaml", problems: &problems)
      return problems.map(\.kind)
    }
    #expect(kinds("") == [.version])
    #expect(kinds("coordinators: {}\n") == [.version])
    #expect(kinds("version: 2\n") == [.version])
    #expect(kinds("version: one\n") == [.version])
    #expect(kinds("[1]\n") == [.structure])
    #expect(
      kinds("version: 1\ncoordinators: { App: { entry: true, start: A, screns: {} } }\n") == [
        .structure
      ])
  }
}
