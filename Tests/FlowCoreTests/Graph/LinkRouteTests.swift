import FlowCore
import Testing

/// The route search of spec section 12: shortest, first in file order, `via` in order,
/// payloads from params and `values`, from entries or (without entries) from roots.
@Suite struct LinkRouteTests {
  private func routes(_ yaml: String) throws -> [String: [String]] {
    try linkRoutes(yaml)
  }

  private let shop = """
    version: 1
    coordinators:
      App:
        entry: true
        tabs:
          - start: Home
          - start: Account
      Home:
        start: Feed
        screens:
          Feed:
            on:
              open: { payload: String, push: Product }
              search: { push: Search }
          Search:
            on:
              pick: { payload: String, push: Product }
          Product:
            input: String
      Account:
        start: Gate
        decisions:
          Gate:
            cases:
              signedOut: { start: Login, style: sheet, on: { done: { decide: Gate } } }
              signedIn: { push: Orders }
        screens:
          Orders:
            on:
              open: { payload: Int, push: Order }
          Order: { input: Int }
      Login:
        result: { done: ~ }
        start: Form
        screens:
          Form: { on: { submit: { finish: done } } }

    """

  @Test func theShortestRouteFirstInFileOrderTakesItsPayloadsFromParams() throws {
    let found = try routes(
      shop + """
        links:
          product:
            url: /products/{id}
            params: { id: String }
            to: Home.Product
          order:
            url: /orders/{number}
            params: { number: Int }
            to: Account.Order
          feed: { url: /, to: Home.Feed }
        """)
    #expect(
      found["product"] == [
        "from App",
        "tabs of 'App': select the tab of 'Home'",
        "screen 'Feed' of 'Home': event 'open' pushes 'Product', payload from param 'id'",
      ])
    #expect(
      found["order"] == [
        "from App",
        "tabs of 'App': select the tab of 'Account'",
        "decision 'Gate' of 'Account': case 'signedIn' pushes 'Orders'",
        "screen 'Orders' of 'Account': event 'open' pushes 'Order', payload from param 'number'",
      ])
    #expect(found["feed"] == ["from App", "tabs of 'App': select the tab of 'Home'"])
  }

  @Test func aPayloadNoParamGivesStopsEveryRouteThere() throws {
    let found = try routes(
      shop + """
        links:
          product: { url: /products, to: Home.Product }
          twice:
            url: /products/{a}/{b}
            params: { a: String, b: String }
            to: Home.Product
        """)
    let product = try #require(found["product"]?.first)
    #expect(product.hasPrefix("unreachable: payload"), "\(product)")
    #expect(product.contains("fitting: []"), "\(product)")
    let twice = try #require(found["twice"]?.first)
    #expect(twice.contains("fitting: [0, 1]"), "\(twice)")
  }

  @Test func aValueTheAppBuildsIsAvailable() throws {
    let found = try routes(
      shop + """
        links:
          product:
            url: /p/{key}
            params: { key: Int }
            values: { String: [key] }
            to: Home.Product
        """)
    #expect(
      found["product"]?.last
        == "screen 'Feed' of 'Home': event 'open' pushes 'Product', payload 'String' from the app")
  }

  @Test func viaIsFollowedInOrder() throws {
    let found = try routes(
      shop + """
        links:
          bySearch:
            url: /s/{id}
            params: { id: String }
            to: Home.Product
            via: [App, Home]
          wrongOrder:
            url: /w/{id}
            params: { id: String }
            to: Home.Product
            via: [Home, App]
          signIn:
            url: /login
            to: Login.Form
            via: [Account]
        """)
    #expect(found["bySearch"]?.count == 3)
    let wrong = try #require(found["wrongOrder"]?.first)
    #expect(wrong == "unreachable: via(1)", "\(wrong)")
    #expect(
      found["signIn"] == [
        "from App", "tabs of 'App': select the tab of 'Account'",
        "decision 'Gate' of 'Account': case 'signedOut' starts 'Login' (sheet)",
      ])
  }

  /// A route's parts run in trees from the `via` coordinators' starts: one that names a
  /// coordinator twice enters it twice, and one that names an entry first starts there; each
  /// is the route a direct search of the graph with its `via` finds.
  @Test func viaThatNamesACoordinatorTwiceOrAnEntryFirst() throws {
    let yaml = """
      version: 1
      coordinators:
        Main:
          entry: true
          start: Home
          screens:
            Home: { on: { files: { start: Folder }, detail: { push: Detail } } }
            Detail: { on: { files: { start: Folder } } }
        Other:
          entry: true
          start: Start
          screens:
            Start: { on: { files: { start: Folder } } }
        Folder:
          start: List
          screens:
            List: { on: { open: { push: Item }, sub: { start: Folder } } }
            Item: { on: { sub: { start: Folder } } }
      links:
        nested: { url: /n, to: Folder.Item, via: [Folder, Folder] }
        fromOther: { url: /o, to: Folder.Item, via: [Other] }
        twiceFromOther: { url: /t, to: Folder.List, via: [Other, Folder, Folder] }
      """
    let found = try routes(yaml)
    #expect(
      found["nested"] == [
        "from Main", "screen 'Home' of 'Main': event 'files' starts 'Folder' (push)",
        "screen 'List' of 'Folder': event 'sub' starts 'Folder' (push)",
        "screen 'List' of 'Folder': event 'open' pushes 'Item'",
      ])
    #expect(
      found["fromOther"] == [
        "from Other", "screen 'Start' of 'Other': event 'files' starts 'Folder' (push)",
        "screen 'List' of 'Folder': event 'open' pushes 'Item'",
      ])
    #expect(found["twiceFromOther"]?.count == 3)
    let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))])
    for index in checked.module.links.indices {
      let route = try #require(checked.resolved.links.route(ofLink: index))
      let reference = try #require(checked.resolved.links.referenceRoute(ofLink: index))
      #expect(route.entry == reference.entry)
      #expect(
        route.steps.map {
          $0.summary(in: checked.resolved.graph, link: checked.module.links[index])
        }
          == reference.steps.map {
            $0.summary(in: checked.resolved.graph, link: checked.module.links[index])
          })
    }
  }

  @Test func aScreenInNoEntrysReach() throws {
    let found = try routes(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { back: pop } }
            Lost: {}
        Other:
          start: Far
          screens: { Far: {} }
      links:
        lost: { url: /lost, to: App.Lost }
        far: { url: /far, to: Other.Far }
      """)
    #expect(found["lost"] == ["unreachable: outOfReach(coordinatorReached: true)"])
    #expect(found["far"] == ["unreachable: outOfReach(coordinatorReached: false)"])
  }

  @Test func withoutEntriesRoutesStartAtEveryCoordinatorNoOtherStarts() throws {
    let found = try routes(
      """
      version: 1
      coordinators:
        First:
          start: A
          screens: { A: { on: { go: { start: Child } } } }
        Child:
          start: C
          screens: { C: {} }
        Second:
          start: B
          screens: { B: {} }
      links:
        b: { url: /b, to: Second.B }
        c: { url: /c, to: Child.C }
      """)
    #expect(found["b"] == ["from Second"])
    #expect(
      found["c"] == ["from First", "screen 'A' of 'First': event 'go' starts 'Child' (push)"])
  }
}

/// The module of `yaml` checked, and each link's route in words (or its outcome). With
/// `againstTheDirectSearch`, each route and each reason a link has none must also be what the
/// direct search (``LinkRoutes/referenceRoute(ofLink:)``) finds.
func linkRoutes(_ yaml: String, againstTheDirectSearch: Bool = false) throws -> [String: [String]] {
  let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))])
  let resolved = checked.resolved
  var result: [String: [String]] = [:]
  for (index, link) in checked.module.links.enumerated() {
    switch resolved.links.outcomes[index] {
    case .routed(_, let length):
      let route = try #require(resolved.links.route(ofLink: index))
      #expect(route.steps.count == length)
      let steps = route.steps.map { $0.summary(in: resolved.graph, link: link) }
      result[link.name.text] =
        ["from \(checked.module.coordinators[route.entry].name.text)"] + steps
      if againstTheDirectSearch {
        let reference = try #require(resolved.links.referenceRoute(ofLink: index))
        #expect(reference.steps.map { $0.summary(in: resolved.graph, link: link) } == steps)
      }
    case .unreachable(let why):
      result[link.name.text] = ["unreachable: \(why.reason)"]
      if againstTheDirectSearch {
        #expect(
          resolved.links.referenceUnreachable(ofLink: index).map { "\($0)" } == "\(why.reason)")
      }
    case .unchecked: result[link.name.text] = ["unchecked"]
    }
  }
  return result
}
