import Testing

/// A line diff of two texts in the unified style (`-` expected, `+` actual), with three
/// lines of context around each change and line numbers: what a failed comparison of
/// generated text prints.
func lineDiff(expected: String, actual: String) -> String {
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
  // Longest common subsequence table, from the ends.
  var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
  for i in stride(from: old.count - 1, through: 0, by: -1) {
    for j in stride(from: new.count - 1, through: 0, by: -1) {
      common[i][j] =
        old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
    }
  }
  enum Line {
    case same(Int, Substring)
    case removed(Int, Substring)
    case added(Int, Substring)
  }
  var lines: [Line] = []
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if i < old.count, j < new.count, old[i] == new[j] {
      lines.append(.same(i, old[i]))
      i += 1
      j += 1
    } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
      lines.append(.removed(i, old[i]))
      i += 1
    } else {
      lines.append(.added(j, new[j]))
      j += 1
    }
  }
  let changed = lines.indices.filter {
    if case .same = lines[$0] { return false }
    return true
  }
  var shown = Set<Int>()
  for index in changed { shown.formUnion(max(0, index - 3)...min(lines.count - 1, index + 3)) }
  var output = ""
  var previous = -2
  for index in shown.sorted() {
    if index != previous + 1 { output += "@@\n" }
    previous = index
    switch lines[index] {
    case .same(let number, let text): output += " \(number + 1)\t\(text)\n"
    case .removed(let number, let text): output += "-\(number + 1)\t\(text)\n"
    case .added(let number, let text): output += "+\(number + 1)\t\(text)\n"
    }
  }
  return output
}

/// Expects `actual` to be `expected`, and shows a line diff if it is not.
func expectLines(
  _ actual: String?, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let actual else {
    Issue.record("no text to compare", sourceLocation: sourceLocation)
    return
  }
  guard actual != expected else { return }
  Issue.record(
    "text differs (- expected, + actual):\n\(lineDiff(expected: expected, actual: actual))",
    sourceLocation: sourceLocation)
}

/// Expects `actual` to contain each snippet, and shows the text if it does not.
func expectContains(
  _ actual: String?, _ snippets: String..., sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let actual else {
    Issue.record("no text to look in", sourceLocation: sourceLocation)
    return
  }
  for snippet in snippets where !actual.contains(snippet) {
    Issue.record(
      "the text does not contain:\n\(snippet)\n--- the text:\n\(actual)",
      sourceLocation: sourceLocation)
  }
}
