import Testing

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
    "text differs (- expected, + actual):\n\(lineDiff(expected, actual))",
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
