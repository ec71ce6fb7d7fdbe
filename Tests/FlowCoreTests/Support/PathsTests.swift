import Testing

@testable import FlowCore

/// How outputs name a path (spec section 9).
@Suite struct PathsTests {
  @Test(arguments: [
    ("d/a.flow.yaml", "d/a.flow.yaml"), ("./d//a.flow.yaml", "d/a.flow.yaml"), ("d/", "d"),
    ("/w/main/d", "d"), ("/w/main/d/", "d"), ("x/../d", "d"), ("../main/d", "d"),
    (".", "."), ("/w/main", "."), ("./", "."),
    ("/w/other/d", "/w/other/d"), ("../other//d", "/w/other/d"), ("../../d", "/d"),
    ("/w/mainly/d", "/w/mainly/d"), ("<stdin>", "<stdin>"),
  ])
  func aPathIsNamedFromTheWorkingDirectory(typed: String, shown: String) {
    #expect(Paths.display(typed, in: "/w/main") == shown)
  }

  @Test func everythingIsInsideTheRoot() {
    #expect(Paths.display("/w/d", in: "/") == "w/d")
    #expect(Paths.display("d", in: "/") == "d")
  }
}
