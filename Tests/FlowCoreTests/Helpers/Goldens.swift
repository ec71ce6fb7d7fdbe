import Foundation
import Testing

/// The root of this package, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// Golden files: whole outputs committed under `Tests/Goldens/`, compared byte for byte.
///
/// `make goldens` (which sets `FLOWC_UPDATE_GOLDENS=1`) rewrites them from the current
/// output instead of comparing; review every change to them like code.
enum Golden {
  /// Whether this run rewrites golden files instead of comparing with them.
  static let updating = ProcessInfo.processInfo.environment["FLOWC_UPDATE_GOLDENS"] == "1"

  /// Compares `actual` with the golden file at `path` (relative to the package root), or
  /// rewrites the file when updating. A mismatch is reported as a line diff.
  static func check(
    _ actual: String, against path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = packageRoot.appendingPathComponent(path)
    if updating {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record(
        "golden file \(path) is missing; run 'make goldens' to write it",
        sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    Issue.record(
      Comment(
        rawValue: "output differs from \(path) (- golden, + now); if the change is right, "
          + "run 'make goldens' and review the diff\n" + lineDiff(expected, actual)),
      sourceLocation: sourceLocation)
  }
}

/// A unified-style diff of two texts by lines: changed lines with `-` and `+`, two lines
/// of context around each change, `@@ line N` headers.
func lineDiff(_ old: String, _ new: String, context: Int = 2) -> String {
  let a = old.split(separator: "\n", omittingEmptySubsequences: false)
  let b = new.split(separator: "\n", omittingEmptySubsequences: false)
  // Longest common subsequence by dynamic programming; goldens are small.
  guard a.count * b.count <= 25_000_000 else {
    let first =
      (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
    return "@@ line \(first + 1) (texts too long to diff in full)\n"
      + "- \(first < a.count ? String(a[first]) : "<end>")\n"
      + "+ \(first < b.count ? String(b[first]) : "<end>")\n"
  }
  var lengths = [[Int]](
    repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      lengths[i][j] =
        a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  enum Line {
    case same(Substring, Int)
    case removed(Substring, Int)
    case added(Substring, before: Int)
  }
  var lines: [Line] = []
  var (i, j) = (0, 0)
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      lines.append(.same(a[i], i))
      (i, j) = (i + 1, j + 1)
    } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      lines.append(.removed(a[i], i))
      i += 1
    } else {
      lines.append(.added(b[j], before: i))
      j += 1
    }
  }
  var shown = [Bool](repeating: false, count: lines.count)
  for (index, line) in lines.enumerated() {
    if case .same = line { continue }
    for near in max(0, index - context)...min(lines.count - 1, index + context) {
      shown[near] = true
    }
  }
  var output = ""
  var previous = -2
  for (index, line) in lines.enumerated() where shown[index] {
    if index != previous + 1 {
      let number: Int
      switch line {
      case .same(_, let at), .removed(_, let at), .added(_, let at): number = at + 1
      }
      output += "@@ line \(number)\n"
    }
    previous = index
    switch line {
    case .same(let text, _): output += "  \(text)\n"
    case .removed(let text, _): output += "- \(text)\n"
    case .added(let text, _): output += "+ \(text)\n"
    }
  }
  return output
}

/// What Graphviz `dot` said about a DOT text.
struct GraphvizRun {
  var status: Int32
  var output: String
  var warnings: String
}

/// Runs `dot -T<format>` on `source`, through temporary files.
func runGraphviz(_ source: String, format: String = "svg") throws -> GraphvizRun {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("flowc-dot-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let input = directory.appendingPathComponent("graph.dot")
  let output = directory.appendingPathComponent("graph.out")
  let errors = directory.appendingPathComponent("graph.err")
  try Data(source.utf8).write(to: input)
  _ = FileManager.default.createFile(atPath: output.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["dot", "-T\(format)", input.path]
  process.standardOutput = try FileHandle(forWritingTo: output)
  process.standardError = try FileHandle(forWritingTo: errors)
  try process.run()
  process.waitUntilExit()
  return GraphvizRun(
    status: process.terminationStatus,
    output: String(decoding: try Data(contentsOf: output), as: UTF8.self),
    warnings: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
}
