import Foundation
import TestSupport
import Testing

/// The promise of spec section 10: code generated for a module that checks without errors
/// compiles against FlowRuntime with warnings as errors, in a package of the app's own that
/// depends on this one by path. The module is made to be awkward: keywords as names, a type
/// that hides a runtime name, a type and a coordinator of one name (`Pong`),
/// payloads on `stay` and `pop`, `popToRoot`, `select`, `leave`, modal styles, screens without the system's back
/// or swipe, alerts (one whose button carries a type that hides the runtime's `FlowAlert`), recursive types, coordinators that start each other, tabs,
/// decisions decided with several payloads, a screen without events and a decision without
/// cases, external types, external events (with keywords as names, on a start decision's
/// coordinator, a tab coordinator and beside a type that hides the runtime's `Coordinator`),
/// public access.
///
/// It runs `swift build` twice (a few seconds each), once with `-default-isolation MainActor`
/// as Xcode 26 app targets build, the slowest test of the suite.
@Suite(.notUnderSanitizers) struct GeneratedPackageTests {
  @Test func generatedCodeBuildsInAPackageOutsideThisOne() throws {
    let directory = try TemporaryDirectory(files: [
      "flows/awkward.flow.yaml": awkwardFlow,
      "Package.swift": """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "Consumer",
        dependencies: [.package(name: "flowc", path: "\(packageRoot.path)")],
        targets: [
          .target(name: "App", dependencies: [.product(name: "FlowRuntime", package: "flowc")])
        ],
        swiftLanguageModes: [.v6]
      )

      """,
      "Sources/App/User.swift":
        "/// The app's own type.\npublic struct User: Hashable, Sendable {}\n",
      "Sources/App/OffMainActor.swift": offMainActor,
    ])
    defer { directory.cleanUp() }
    let generated = try flowc(
      ["generate", "flows", "--output", "Sources/App/Generated", "--access", "public"],
      in: directory.url)
    try #require(generated.status == 0, "\(generated.stdout)\(generated.stderr)")

    let swift = URL(fileURLWithPath: "/usr/bin/env")
    let build = try run(
      swift, ["swift", "build", "-Xswiftc", "-warnings-as-errors"], in: directory.url)
    #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
    // Xcode 26 app targets make every declaration main-actor isolated by default
    // (`-default-isolation MainActor`): the generated code and FlowRuntime must build that
    // way too, still without a warning.
    let isolated = try run(
      swift,
      [
        "swift", "build", "--build-path", ".build/main-actor", "-Xswiftc", "-warnings-as-errors",
        "-Xswiftc", "-default-isolation", "-Xswiftc", "MainActor",
      ], in: directory.url)
    #expect(isolated.status == 0, "\(isolated.stdout)\(isolated.stderr)")
  }
}

/// The generated types that hold no external type and no field stored out of line, used off
/// the main actor as an app's model and networking code use them: built with
/// `-default-isolation MainActor`, such a type that is not `nonisolated` fails here.
let offMainActor = """
  import Foundation

  nonisolated func sameOutcome(_ first: Outcome, _ second: Outcome) -> Bool { first == second }

  nonisolated func hashes(_ tree: Tree, _ nothing: Nothing, _ empty: Empty) -> [Int] {
    [tree.hashValue, nothing.hashValue, empty.hashValue]
  }

  nonisolated func encoded(_ pong: Pong, _ router: Router) throws -> [Data] {
    [try JSONEncoder().encode(pong), try JSONEncoder().encode(router)]
  }

  nonisolated func decoded(_ data: Data) throws -> Tree {
    try JSONDecoder().decode(Tree.self, from: data)
  }

  """

/// A module that checks without errors and exercises what is hard to generate.
let awkwardFlow = """
  version: 1
  types:
    User: external
    Router: { struct: { name: String } }
    Key: { struct: { user: User, id: Int } }
    Comment: { struct: { text: String, parent: Comment?, replies: [Comment] } }
    A: { struct: { b: B? } }
    B: { struct: { a: A?, tree: Tree } }
    Tree: { enum: { leaf: ~, node: Tree, pair: "[Tree]" } }
    Nothing: { enum: { none: ~ } }
    Empty: { struct: {} }
    Weird:
      struct: { default: String, self: Int, init: Int, class: Bool, type: "[Key: Date]" }
    Outcome: { enum: { default: ~, return: String } }
    Pong: { struct: { score: Int } }
    Coordinator: { struct: { id: Int } }
    FlowAlert: { struct: { title: String } }
  coordinators:
    Flow:
      doc: "Its class hides the runtime's base class.\\r\\nA second line\\twith a tab.\\n\\n"
      entry: true
      input: Int?
      start: Choose
      decisions:
        Choose:
          cases:
            default:
              start: Keywords
              on: { default: { decide: Choose }, return: { decide: Choose } }
            self: { payload: Comment, decide: Choose }
            in: { payload: Int, decide: Choose }
            tabs: { start: Tabs, style: present, on: { closed: stay, done: stay } }
            loop: { start: Ping, on: { done: stay } }
      events:
        default: { decide: Choose }
        self: { payload: Coordinator, stay: ~ }
        in: { payload: Int, start: Ping, style: sheet, on: { done: { decide: Choose } } }
    Keywords:
      result: Outcome
      leave: default
      start: Class
      screens:
        Class:
          on:
            default: { finish: default }
            return: { payload: String, finish: return }
            func: { payload: Weird, push: Struct }
            switch: { payload: Weird, push: Struct }
            nothing: { payload: Nothing, replace: Class }
        Struct:
          input: Weird
          on:
            open: pop
            some: pop
            top: popToRoot
            home: { popToRoot: ~, payload: Int, doc: Back to the first screen. }
    Tabs:
      result: { closed: ~, done: Router }
      tabs:
        - start: Quiet
        - start: Ping
          doc: Ping pongs.
          on: { done: { alert: Again } }
      alerts:
        Again: { on: { sheet: { present: Sheet, style: fullScreen }, no: stay } }
      screens:
        Sheet:
          on:
            close: dismiss
            finish: { payload: Router, finish: done }
      events:
        show: { present: Sheet }
        end: { payload: Router, finish: done }
    Quiet:
      start: Only
      screens:
        Only:
          on:
            key: { payload: "[Key: String]", push: Only }
            rest: { push: Blank }
            ping: { payload: Int, select: Ping }
            wait: { decide: Pending }
            ask: { alert: Sure }
            keyed: { payload: "[Key: String]", alert: Keyed }
        Blank:
      decisions:
        Pending: {}
      alerts:
        Sure:
          doc: "Asks.\\n*/ Really."
          on:
            self: { payload: FlowAlert, push: Blank }
            default: stay
        Keyed:
          input: "[Key: String]"
          on: { in: { decide: Pending }, again: { alert: Sure } }
    Ping:
      result: { done: ~ }
      start: PingScreen
      screens:
        PingScreen:
          on:
            pong: { start: Pong, style: fullScreen, on: { done: { finish: done } } }
            quit: { finish: done }
    Pong:
      result: { done: ~ }
      start: PongScreen
      screens:
        PongScreen:
          on:
            ping: { start: Ping, style: present, on: { done: { finish: done } } }
            quit: { finish: done }
            score: { payload: Pong, push: Score }
            keep: { stay, payload: Pong, doc: Keeps the score. }
            quiet: { select: Quiet, doc: Shows the other tab. }
        Score:
          input: Pong
          systemBack: false
          dismissible: false
          on: { back: { pop: ~, payload: "[Int]" } }
      events:
        return: { payload: Pong, push: Score, doc: The score changed elsewhere. }
        quit: popToRoot

  """
