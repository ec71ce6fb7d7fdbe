import FlowCore
import Testing

/// A module of in-memory files, read with markers: `↓` stands before each place a
/// finding is expected, and is removed before the text is parsed.
struct MarkedModule {
  /// The files, markers removed, named `a.flow.yaml`, `b.flow.yaml`, … in order.
  var files: [SourceFile] = []
  /// The marked places: file, line and column.
  var marks: [Place] = []

  init(_ texts: [String]) {
    for (index, text) in texts.enumerated() {
      let path = "\(String(UnicodeScalar(UInt8(97 + index)))).flow.yaml"
      var clean = ""
      var line = 1
      var column = 1
      for character in text {
        if character == RuleExample.marker {
          marks.append(Place(file: path, line: line, column: column))
          continue
        }
        clean.append(character)
        if character == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
      files.append(SourceFile(path: path, text: clean))
    }
  }
}

/// A file, line and column, compared as a whole in test expectations.
struct Place: Hashable, Comparable, CustomStringConvertible {
  var file: String
  var line: Int
  var column: Int

  init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  init(_ finding: Finding) {
    self.init(file: finding.file, line: finding.line, column: finding.column)
  }

  var description: String { "\(file):\(line):\(column)" }

  static func < (lhs: Place, rhs: Place) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }
}

/// Checks in-memory files as one module and returns every finding, in report order.
func check(_ texts: [String]) throws -> [Finding] {
  let files = texts.enumerated().map { index, text in
    SourceFile(path: "\(String(UnicodeScalar(UInt8(97 + index)))).flow.yaml", text: text)
  }
  return try Pipeline.check(files.map { .source($0) }).findings
}

/// Checks one in-memory file and returns every finding, in report order.
func check(_ text: String) throws -> [Finding] {
  try check([text])
}

/// Checks one file of raw bytes and returns every finding.
func check(bytes: [UInt8]) throws -> [Finding] {
  try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", bytes: bytes))]).findings
}

/// The findings of one rule, as `line:column message` strings for readable failures.
func described(_ findings: [Finding], rule: RuleID? = nil) -> [String] {
  findings.filter { rule == nil || $0.rule == rule }.map {
    "\($0.line):\($0.column) \($0.message) [\($0.rule)]"
  }
}

extension Array where Element == Finding {
  /// The findings of one rule.
  func of(_ rule: RuleID) -> [Finding] { filter { $0.rule == rule } }
  /// The rule ids, in order.
  var rules: [RuleID] { map(\.rule) }
}

/// A minimal valid file around one coordinator body, for short tests.
func flow(_ coordinators: String, types: String? = nil) -> String {
  var text = "version: 1\n"
  if let types { text += "types:\n" + indent(types, by: 2) }
  text += "coordinators:\n" + indent(coordinators, by: 2)
  return text
}

private func indent(_ text: String, by count: Int) -> String {
  let pad = String(repeating: " ", count: count)
  return text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n") + "\n"
}
