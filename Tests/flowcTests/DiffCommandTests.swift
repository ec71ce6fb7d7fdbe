import Foundation
import Testing

/// `flowc diff` end to end (issue 20, item 3): the example flows against a copy with one
/// screen added, one transition retargeted and one coordinator removed list exactly those
/// three changes in every format; `--git` reads revisions of a real repository; bad
/// revisions and unreadable files are clear errors.
@Suite struct DiffCommandTests {
  /// A directory with `old/`, a copy of `flows/`, and `new/`, the same with the three
  /// changes: screen `Shop.Favorites` added, `Shop.Categories.selected` retargeted from
  /// `Products` to it, and coordinator `Feedback` removed.
  static func sides() throws -> TemporaryDirectory {
    let flows = packageRoot.appendingPathComponent("flows")
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: flows.path)
    where name.hasSuffix(".flow.yaml") {
      let text = try String(contentsOf: flows.appendingPathComponent(name), encoding: .utf8)
      files["old/\(name)"] = text
      files["new/\(name)"] = try changed(name, text)
    }
    return try TemporaryDirectory(files: files)
  }

  /// `text` of the file `name` of `flows/` with the three changes made.
  static func changed(_ name: String, _ text: String) throws -> String {
    switch name {
    case "catalog.flow.yaml":
      let retargeted = "selected: { payload: String, push: Products }"
      let shopEnd = "                push: Seller\n\n  Search:"
      try #require(text.contains(retargeted) && text.contains(shopEnd))
      return
        text
        .replacingOccurrences(
          of: retargeted, with: "selected: { payload: String, push: Favorites }"
        )
        .replacingOccurrences(
          of: shopEnd,
          with: "                push: Seller\n      Favorites:\n        input: String\n"
            + "        on:\n          close: pop\n\n  Search:")
    case "account.flow.yaml":
      let feedback = try #require(text.range(of: "\n  Feedback:\n"))
      return String(text[..<feedback.lowerBound]) + "\n"
    default:
      return text
    }
  }

  /// The three changes as `flowc diff` prints them, the new side's files under `new`, the
  /// old side's under `old`.
  static func textLines(new: String, old: String) -> [String] {
    [
      "\(new)catalog.flow.yaml:47:11: changed transition 'Shop.Categories.selected': "
        + "push: Products, payload: String → push: Favorites, payload: String",
      "\(new)catalog.flow.yaml:67:7: added screen 'Shop.Favorites': screen, input: String",
      "\(old)account.flow.yaml:98:3: removed coordinator 'Feedback': was leave: skipped, "
        + "start: Survey",
    ]
  }

  @Test func textListsExactlyTheThreeChanges() throws {
    let directory = try Self.sides()
    defer { directory.cleanUp() }
    let result = try flowc(["diff", "old", "new"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == Self.textLines(new: "new/", old: "old/").joined(separator: "\n") + "\n")
    #expect(result.stderr == "3 changes: 1 added, 1 removed, 1 changed\n")
  }

  @Test func markdownHasASummaryAndOneRowPerChange() throws {
    let directory = try Self.sides()
    defer { directory.cleanUp() }
    let result = try flowc(["diff", "--format", "markdown", "old", "new"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "### Navigation: 3 changes: 1 added, 1 removed, 1 changed")
    let rows = lines.filter { $0.hasPrefix("| 🟢") || $0.hasPrefix("| 🔴") || $0.hasPrefix("| 🟠") }
    let expected: [String] = [
      "| 🟠 changed | transition | Shop\\.Categories\\.selected | push\\: Products\\, payload\\: "
        + "String | push\\: Favorites\\, payload\\: String | new\\/catalog\\.flow\\.yaml\\:47\\:11 |",
      "| 🟢 added | screen | Shop\\.Favorites |  | screen\\, input\\: String | "
        + "new\\/catalog\\.flow\\.yaml\\:67\\:7 |",
      "| 🔴 removed | coordinator | Feedback | leave\\: skipped\\, start\\: Survey |  | "
        + "old\\/account\\.flow\\.yaml\\:98\\:3 |",
    ]
    #expect(rows.map(String.init) == expected)
    #expect(lines.count == 4 + rows.count + 1, "a heading, a blank line, the table, the end")
  }

  @Test func jsonListsTheThreeChangesWithTheirPlaces() throws {
    let directory = try Self.sides()
    defer { directory.cleanUp() }
    let result = try flowc(["diff", "--format=json", "old", "new"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    let changes = try #require(object["changes"] as? [[String: Any]])
    let described = changes.map { change -> String in
      let location = change["location"] as? [String: Any]
      return [
        change["change"] as? String, change["element"] as? String, change["name"] as? String,
        location?["file"] as? String, (location?["line"] as? Int).map(String.init),
      ].map { $0 ?? "?" }.joined(separator: " ")
    }
    #expect(
      described == [
        "changed transition Shop.Categories.selected new/catalog.flow.yaml 47",
        "added screen Shop.Favorites new/catalog.flow.yaml 67",
        "removed coordinator Feedback old/account.flow.yaml 98",
      ])
    #expect(changes[0]["old"] as? String == "push: Products, payload: String")
    #expect(changes[1]["old"] is NSNull && changes[2]["new"] is NSNull)
    #expect(changes[2]["path"] as? [String] == ["Feedback"])
    let summary = object["summary"] as? [String: Int]
    #expect(summary == ["added": 1, "removed": 1, "changed": 1])
  }

  /// The DOT drawing colours exactly the three changes, and Graphviz renders it.
  @Test func dotColoursTheThreeChangesAndRenders() throws {
    let directory = try Self.sides()
    defer { directory.cleanUp() }
    let result = try flowc(["diff", "--format", "dot", "old", "new"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    func marked(_ colour: String) -> [String] { lines.filter { $0.contains(colour) } }
    // Green: the added screen and its `close` (pop back to Categories, which pushes it).
    let added = marked("#1a7f37")
    #expect(added.count == 2 && added.allSatisfy { $0.contains("\"Shop_Favorites\"") }, "\(added)")
    // Amber: the retargeted transition alone.
    let changed = marked("#bf8700")
    #expect(changed.count == 1)
    #expect(changed.first?.hasPrefix("  \"Shop_Categories\" -> \"Shop_Favorites\"") == true)
    // Red and dashed: Feedback's cluster, its nodes and its edges, drawn from the old module.
    let removed = marked("#cf222e")
    #expect(removed.count >= 6, "\(removed)")
    #expect(
      removed.allSatisfy { $0.contains("Feedback") || $0.contains("dashed") }, "\(removed)")
    #expect(lines.contains { $0.contains("subgraph \"cluster_Feedback\"") })
    #expect(removed.contains { $0.contains("\"Feedback_Survey\" [") && $0.contains("dashed") })
    let rendered = try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["dot", "-Tsvg"], input: result.stdout)
    #expect(rendered.status == 0 && rendered.stderr == "", "\(rendered.stderr)")
    #expect(rendered.stdout.contains("<svg"))
  }

  @Test func mermaidClassesTheThreeChanges() throws {
    let directory = try Self.sides()
    defer { directory.cleanUp() }
    let result = try flowc(["diff", "--format", "mermaid", "old", "new"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("  class Shop_Favorites added"))
    #expect(
      lines.contains(
        "  class Feedback__start,Feedback_Survey,Feedback__result_sent,Feedback__result_skipped "
          + "removed"))
    #expect(!lines.contains { $0.hasPrefix("  class ") && $0.hasSuffix(" changed") })
    #expect(
      lines.contains(
        "  style cluster_Feedback stroke:#cf222e,stroke-width:2px,color:#cf222e,stroke-dasharray:4 3"
      ))
    let amber = lines.filter { $0.hasPrefix("  linkStyle ") && $0.contains("#bf8700") }
    #expect(amber.count == 1)
    #expect(amber.first?.split(separator: " ")[1].contains(",") == false, "one edge: \(amber)")
  }

  /// A name anyone can write into a flow file reaches no format as markup or a command.
  @Test func untrustedNamesAreEscapedInEveryFormat() throws {
    let old =
      "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: Home\n"
      + "    screens:\n      Home: { on: { next: stay } }\n"
    let new = old + "      \"A|b`<b>x</b>\\e[31m\\n::error::y\": { on: { ok: pop } }\n"
    let directory = try TemporaryDirectory(files: ["old/a.flow.yaml": old, "new/a.flow.yaml": new])
    defer { directory.cleanUp() }
    func diff(_ format: String) throws -> String {
      let result = try flowc(["diff", "--format", format, "old", "new"], in: directory.url)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      return result.stdout
    }
    let text = try diff("text")
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
    #expect(text.contains("added screen 'App.A|b`<b>x</b>\\u{1B}[31m\\u{0A}::error::y'"))
    #expect(!text.split(separator: "\n").contains { $0.hasPrefix("::") })
    let markdown = try diff("markdown")
    #expect(
      markdown.contains("| App\\.A\\|b\\`\\<b\\>x\\<\\/b\\>\u{241B}\\[31m\u{240A}\\:\\:error"))
    #expect(!markdown.contains("<b>"))
    let json = try diff("json")
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let change = (object?["changes"] as? [[String: Any]])?.first
    #expect(change?["name"] as? String == "App.A|b`<b>x</b>\u{1B}[31m\n::error::y")
    let dot = try diff("dot")
    let rendered = try run(URL(fileURLWithPath: "/usr/bin/env"), ["dot", "-Tsvg"], input: dot)
    #expect(rendered.status == 0 && rendered.stderr == "", "\(rendered.stderr)")
    #expect(!dot.contains("<b>x</b>"))
    let mermaid = try diff("mermaid")
    #expect(mermaid.contains("A#124;b#96;#60;b#62;x#60;/b#62;"))
  }

  /// The example flows against a copy whose `links.flow.yaml` has link `categories` added,
  /// `category` retargeted to `Search.Results` and `tour` removed.
  static func linkSides() throws -> TemporaryDirectory {
    let flows = packageRoot.appendingPathComponent("flows")
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: flows.path)
    where name.hasSuffix(".flow.yaml") {
      var text = try String(contentsOf: flows.appendingPathComponent(name), encoding: .utf8)
      files["old/\(name)"] = text
      if name == "links.flow.yaml" {
        // The tour goes (the links after it stay), a category retargets, one is added.
        let tour = try #require(text.range(of: "  tour:\n"))
        let afterTour = try #require(text.range(of: "  seller:\n"))
        try #require(text.contains("    to: Shop.Products\n"))
        text =
          String(text[..<tour.lowerBound])
          .replacingOccurrences(of: "    to: Shop.Products\n", with: "    to: Search.Results\n")
          + String(text[afterTour.lowerBound...])
          + "  categories: { url: /categories, to: Shop.Categories }\n"
      }
      files["new/\(name)"] = text
    }
    return try TemporaryDirectory(files: files)
  }

  /// A relative link (revision 3) names its shared screen as its `to`, not `~`.
  @Test func aRemovedRelativeLinkNamesItsSharedScreen() throws {
    let module = """
      version: 1
      screens:
        Profile: { on: { back: pop } }
      coordinators:
        App: { entry: true, start: Home, screens: { Home: { on: { go: { push: Profile } } } } }

      """
    let link = "links:\n  profile: { url: /profile, to: Profile }\n"
    let directory = try TemporaryDirectory(files: [
      "old/a.flow.yaml": module + link, "new/a.flow.yaml": module,
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["diff", "old", "new"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "old/a.flow.yaml:7:3: removed link 'profile': was url: /profile, to: Profile\n")
  }

  @Test func linksAddedRetargetedAndRemovedAreListedInEveryFormat() throws {
    let directory = try Self.linkSides()
    defer { directory.cleanUp() }
    func diff(_ format: String) throws -> String {
      let result = try flowc(["diff", "--format", format, "old", "new"], in: directory.url)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      return result.stdout
    }
    let params: String = "params: name: String"
    let expected: [String] = [
      "new/links.flow.yaml:17:3: changed link 'category': url: /categories/{name}, \(params), "
        + "to: Shop.Products → url: /categories/{name}, \(params), to: Search.Results",
      "new/links.flow.yaml:44:3: added link 'categories': url: /categories, to: Shop.Categories",
      "old/links.flow.yaml:37:3: removed link 'tour': was url: /welcome/notifications, "
        + "to: Onboarding.Notifications, waits: false",
    ]
    let text: [String] = try diff("text").split(separator: "\n").map(String.init)
    #expect(text == expected)
    let markdown = try diff("markdown")
    #expect(markdown.hasPrefix("### Navigation: 3 changes: 1 added, 1 removed, 1 changed\n"))
    #expect(
      markdown.contains(
        "| 🟢 added | link | categories |  | url\\: \\/categories\\, to\\: Shop\\.Categories | "
          + "new\\/links\\.flow\\.yaml\\:44\\:3 |"))
    let object = try JSONSerialization.jsonObject(with: Data(try diff("json").utf8))
    let changes = try #require((object as? [String: Any])?["changes"] as? [[String: Any]])
    #expect(changes.map { $0["element"] as? String } == ["link", "link", "link"])
    #expect(changes.map { $0["path"] as? [String] } == [["category"], ["categories"], ["tour"]])
    #expect(changes[2]["new"] is NSNull)
    let dot = try diff("dot").split(separator: "\n").map(String.init)
    func marked(_ colour: String) -> [String] { dot.filter { $0.contains(colour) } }
    // The link's node and its entry arrow, each in its colour.
    #expect(
      marked("#1a7f37").count == 2
        && marked("#1a7f37").allSatisfy { $0.contains("link_categories") })
    #expect(
      marked("#bf8700").count == 2
        && marked("#bf8700").allSatisfy { $0.contains("link_category\"") })
    #expect(marked("#bf8700").contains { $0.contains("-> \"Search_Results\"") })
    #expect(
      marked("#cf222e").count == 2
        && marked("#cf222e").allSatisfy { $0.contains("link_tour") && $0.contains("dashed") })
    let rendered = try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["dot", "-Tsvg"], input: dot.joined(separator: "\n"))
    #expect(rendered.status == 0 && rendered.stderr == "", "\(rendered.stderr)")
    let mermaid = try diff("mermaid").split(separator: "\n").map(String.init)
    #expect(mermaid.contains("  class link_categories added"))
    #expect(mermaid.contains("  class link_category changed"))
    #expect(mermaid.contains("  class link_tour removed"))
  }

  /// A url holds only what a URL path may, which still includes Markdown and CI syntax.
  @Test func aHostileURLIsEscapedInEveryFormat() throws {
    let old =
      "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: Home\n"
      + "    screens:\n      Home: { on: { next: stay } }\n"
    let new = old + "links:\n  home: { url: \"/::error::x/*b*/@team/(c)&'$\", to: App.Home }\n"
    let directory = try TemporaryDirectory(files: ["old/a.flow.yaml": old, "new/a.flow.yaml": new])
    defer { directory.cleanUp() }
    func diff(_ format: String) throws -> String {
      let result = try flowc(["diff", "--format", format, "old", "new"], in: directory.url)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      return result.stdout
    }
    let text = try diff("text")
    #expect(text.contains("added link 'home': url: /::error::x/*b*/@team/(c)&'$, to: App.Home"))
    #expect(!text.split(separator: "\n").contains { $0.hasPrefix("::") })
    let markdown = try diff("markdown")
    #expect(
      markdown.contains(
        "url\\: \\/\\:\\:error\\:\\:x\\/\\*b\\*\\/\\@team\\/\\(c\\)\\&\\'\\$\\, to"))
    #expect(!markdown.contains("/@team") && !markdown.contains("*b*"))
    let json = try JSONSerialization.jsonObject(with: Data(try diff("json").utf8))
    let change = ((json as? [String: Any])?["changes"] as? [[String: Any]])?.first
    #expect(change?["new"] as? String == "url: /::error::x/*b*/@team/(c)&'$, to: App.Home")
    let rendered = try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["dot", "-Tsvg"], input: try diff("dot"))
    #expect(rendered.status == 0 && rendered.stderr == "", "\(rendered.stderr)")
    #expect(try diff("mermaid").contains("link_home"))
  }

  @Test func nothingChangedIsSaidInEveryFormatAndExitCodeTellsChanges() throws {
    let directory = try Self.sides()
    defer { directory.cleanUp() }
    let same = try flowc(["diff", "old", "old", "--exit-code"], in: directory.url)
    #expect(same.status == 0 && same.stdout == "" && same.stderr == "no changes\n")
    let markdown = try flowc(["diff", "--format", "markdown", "old", "old"], in: directory.url)
    #expect(markdown.stdout == "### Navigation: no changes\n")
    let changed = try flowc(["diff", "--exit-code", "old", "new"], in: directory.url)
    #expect(changed.status == 1)
  }

  // MARK: --git

  /// A git repository, `repo/` in ``sides()``, whose first commit has `flows/` as `old/`
  /// has it, and whose second (and working tree) has it as `new/` has it.
  private func repository() throws -> TemporaryDirectory {
    let directory = try Self.sides()
    let url = directory.url
    let shell = """
      set -e
      git init -q repo
      cd repo
      cp -R ../old flows
      git add flows
      git -c user.name=t -c user.email=t@example.com commit -q -m one
      rm -r flows
      cp -R ../new flows
      git add -A flows
      git -c user.name=t -c user.email=t@example.com commit -q -m two
      """
    let made = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", shell], in: url)
    try #require(made.status == 0, "\(made.stderr)")
    return directory
  }

  @Test func gitComparesTwoRevisionsOrARevisionWithTheWorkingTree() throws {
    let directory = try repository()
    defer { directory.cleanUp() }
    let repo = directory.url.appendingPathComponent("repo")
    let revisions = try flowc(["diff", "--git", "HEAD~1", "--git", "HEAD"], in: repo)
    #expect(revisions.status == 0, "\(revisions.stderr)")
    #expect(
      revisions.stdout
        == Self.textLines(new: "HEAD:flows/", old: "HEAD~1:flows/").joined(separator: "\n") + "\n")
    let tree = try flowc(["diff", "--git", "HEAD~1", "flows"], in: repo)
    #expect(tree.status == 0, "\(tree.stderr)")
    #expect(
      tree.stdout
        == Self.textLines(new: "flows/", old: "HEAD~1:flows/").joined(separator: "\n") + "\n")
    // From a subdirectory, paths are relative to it, as git's and flowc's are.
    let inside = try flowc(
      ["diff", "--git", "HEAD~1", "--git", "HEAD", "."], in: repo.appendingPathComponent("flows"))
    #expect(inside.status == 0, "\(inside.stderr)")
    #expect(inside.stdout.contains("HEAD~1:account.flow.yaml:98:3: removed coordinator 'Feedback'"))
    let none = try flowc(["diff", "--git", "HEAD"], in: repo)
    #expect(none.status == 0 && none.stdout == "" && none.stderr == "no changes\n")
  }

  @Test func badRevisionsAndPlacesAreClearErrors() throws {
    let directory = try repository()
    defer { directory.cleanUp() }
    let repo = directory.url.appendingPathComponent("repo")
    let unknown = try flowc(["diff", "--git", "nosuchbranch"], in: repo)
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr
        == "flowc: error: 'nosuchbranch' is not a commit of the git repository here\n")
    let option = try flowc(["diff", "--git", "--output=x"], in: repo)
    #expect(option.status == 2)
    #expect(option.stderr.hasPrefix("flowc: error: '--output=x' is not a revision"))
    #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent("x").path))
    let missing = try flowc(["diff", "--git", "HEAD~1", "--git", "HEAD", "nowhere"], in: repo)
    #expect(missing.status == 2)
    #expect(missing.stderr == "flowc: error: no such file or directory: 'nowhere' at HEAD~1\n")
    let outside = try flowc(["diff", "--git", "HEAD"], in: directory.url)
    #expect(outside.status == 2)
    #expect(
      outside.stderr.hasPrefix(
        "flowc: error: 'HEAD' is not a commit of the git repository here (git: fatal: not a git"))
  }

  /// Two flow files whose names are not UTF-8 (`a\xFE`, `a\xFF`) decode to the same text
  /// (`a\u{FFFD}`): read by that text, one would stand for both and the other's change
  /// would vanish. A name flowc cannot spell exactly is an error naming its bytes.
  @Test func aNameAtARevisionThatIsNotUTF8IsAnErrorNotAMerge() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let other = cleanFlow.replacingOccurrences(of: "App:", with: "Other:")
      .replacingOccurrences(of: "entry: true", with: "entry: false")
    let shell = """
      set -e
      git init -q repo
      cd repo
      mkdir flows
      printf '%s' "$1" > "$(printf 'flows/a\\376.flow.yaml')"
      printf '%s' "$2" > "$(printf 'flows/a\\377.flow.yaml')"
      git add flows
      git -c user.name=t -c user.email=t@example.com commit -q -m one
      printf '      Extra: {}\\n' >> "$(printf 'flows/a\\377.flow.yaml')"
      git add flows
      git -c user.name=t -c user.email=t@example.com commit -q -m two
      """
    let made = try run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", shell, "sh", cleanFlow, other], in: directory.url)
    try #require(made.status == 0, "\(made.stderr)")
    let repo = directory.url.appendingPathComponent("repo")
    let result = try flowc(["diff", "--git", "HEAD~1", "--git", "HEAD", "--exit-code"], in: repo)
    #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "flowc: error: cannot read 'HEAD~1:flows/a\\xFE.flow.yaml': its name is not UTF-8, "
        + "so flowc cannot name it exactly; rename it\n")
  }

  @Test func aFileThatCannotBeReadIsAClearError() throws {
    let directory = try Self.sides()
    defer { directory.cleanUp() }
    try FileManager.default.createSymbolicLink(
      atPath: directory.url.appendingPathComponent("new/gone.flow.yaml").path,
      withDestinationPath: "nowhere.flow.yaml")
    let result = try flowc(["diff", "old", "new"], in: directory.url)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix("flowc: error: cannot read new/gone.flow.yaml"), "\(result.stderr)")
    #expect(result.stdout == "")
  }

  @Test func aSideThatIsNotAModuleIsNotCompared() throws {
    let directory = try Self.sides()
    defer { directory.cleanUp() }
    try Data("version: 1\ncoordinators: [\n".utf8).write(
      to: directory.url.appendingPathComponent("new/broken.flow.yaml"))
    let result = try flowc(["diff", "old", "new"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("new/broken.flow.yaml:"))
    #expect(result.stderr.contains("[yaml-syntax]"))
    #expect(
      result.stderr.hasSuffix(
        "flowc: not compared: a file of the new side could not be read into the module; fix the findings above\n"
      ))
  }

  @Test(arguments: [
    ["diff"], ["diff", "old"], ["diff", "old", "new", "more"], ["diff", "--old", "old"],
    ["diff", "--git", "HEAD", "--old", "old"], ["diff", "--git", "A", "--git", "B", "--git", "C"],
  ])
  func aSideMissingIsAUsageError(arguments: [String]) throws {
    let directory = try Self.sides()
    defer { directory.cleanUp() }
    let result = try flowc(arguments, in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr.hasSuffix("run 'flowc help diff' for usage\n"), "\(result.stderr)")
  }

  @Test func severalPathsASideWithOldAndNew() throws {
    let directory = try Self.sides()
    defer { directory.cleanUp() }
    let result = try flowc(
      [
        "diff", "--old", "old/catalog.flow.yaml", "--old", "old/account.flow.yaml", "--new",
        "new/catalog.flow.yaml", "--new", "new/account.flow.yaml",
      ], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == Self.textLines(new: "new/", old: "old/").joined(separator: "\n") + "\n")
  }
}
