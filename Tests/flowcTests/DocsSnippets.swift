import Foundation

/// The fenced code blocks of a page of the documentation, so that tests run what the page
/// shows.
struct DocsPage {
  /// One fenced block: its language, its lines, where it starts and the verdict written
  /// before it.
  struct Block {
    var language: String
    var lines: [String]
    /// The 1-based line of the opening fence in the page.
    var line: Int = 0
    /// The text of a `<!-- flowc: VERDICT -->` comment on the last non-blank line before
    /// the fence: what the tests expect of the block (`DocsExampleTests`).
    var verdict: String?
    var text: String { lines.joined(separator: "\n") }
  }

  /// The page's path relative to the package root, as failures name it.
  let path: String
  let blocks: [Block]

  /// A page of `docs/`.
  init(_ name: String) throws {
    try self.init(path: "docs/\(name)")
  }

  /// A page at `path`, relative to the package root (`README.md`, `docs/ci.md`).
  init(path: String) throws {
    self.path = path
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    var blocks: [Block] = []
    var current: Block?
    var fenceIndent = 0
    var lastText = ""
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.drop { $0 == " " }
      let indent = line.count - trimmed.count
      if var block = current {
        if trimmed == "```" {
          blocks.append(block)
          current = nil
          lastText = ""
        } else {
          // A block inside a list item is indented as its fence is; that is not content.
          block.lines.append(String(line.dropFirst(min(indent, fenceIndent))))
          current = block
        }
      } else if trimmed.hasPrefix("```") {
        fenceIndent = indent
        current = Block(
          language: String(trimmed.dropFirst(3)), lines: [], line: index + 1,
          verdict: Self.verdict(in: lastText))
      } else if !trimmed.isEmpty {
        lastText = String(trimmed)
      }
    }
    self.blocks = blocks
  }

  /// The verdict of a `<!-- flowc: VERDICT -->` line, if `line` is one.
  private static func verdict(in line: String) -> String? {
    guard let match = line.wholeMatch(of: /<!-- flowc: (.+?) -->/) else { return nil }
    return String(match.1)
  }

  /// The blocks in `language`.
  func blocks(_ language: String) -> [Block] { blocks.filter { $0.language == language } }
}

extension DocsPage.Block {
  /// The shell commands of a CI configuration: each step's `run:` (GitHub Actions) and each
  /// item of a `script:` or `before_script:` list (GitLab CI), in order.
  var ciCommands: [String] {
    var commands: [String] = []
    var listIndent: Int?
    for line in lines {
      let content = line.drop { $0 == " " }
      let indent = line.count - content.count
      if let run = content.firstMatch(of: /^(?:- )?run: (.+)$/) {
        commands.append(String(run.1))
        continue
      }
      if content == "script:" || content == "before_script:" {
        listIndent = indent
        continue
      }
      if let outer = listIndent {
        if indent > outer, content.hasPrefix("- ") {
          commands.append(String(content.dropFirst(2)))
        } else if indent <= outer {
          listIndent = nil
        }
      }
    }
    return commands
  }
}
