import Foundation

/// The fenced code blocks of a page of `docs/`, so that tests run what the page shows.
struct DocsPage {
  /// One fenced block: its language and its lines.
  struct Block {
    var language: String
    var lines: [String]
    var text: String { lines.joined(separator: "\n") }
  }

  let blocks: [Block]

  init(_ name: String) throws {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/\(name)"), encoding: .utf8)
    var blocks: [Block] = []
    var current: Block?
    var fenceIndent = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      let indent = line.count - trimmed.count
      if var block = current {
        if trimmed == "```" {
          blocks.append(block)
          current = nil
        } else {
          // A block inside a list item is indented as its fence is; that is not content.
          block.lines.append(String(line.dropFirst(min(indent, fenceIndent))))
          current = block
        }
      } else if trimmed.hasPrefix("```") {
        fenceIndent = indent
        current = Block(language: String(trimmed.dropFirst(3)), lines: [])
      }
    }
    self.blocks = blocks
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
