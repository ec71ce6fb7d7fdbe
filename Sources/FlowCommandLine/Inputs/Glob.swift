/// Matches paths against the glob patterns of `exclude`: `*` and `?` stay within one path
/// component, `**` spans any number of them, and a pattern also matches everything under a
/// directory it names.
package enum Glob {
  /// Whether `path` (or a directory containing it) matches `pattern`.
  package static func matches(_ pattern: String, _ path: String) -> Bool {
    let pattern = Array(normalized(pattern).utf8)
    let path = Array(normalized(path).utf8)
    if match(pattern[...], path[...]) { return true }
    // A directory pattern covers the files under it.
    for (index, byte) in path.enumerated() where byte == UInt8(ascii: "/") {
      if match(pattern[...], path[..<index]) { return true }
    }
    return false
  }

  private static func normalized(_ text: String) -> String {
    var text = text
    while text.hasPrefix("./") { text.removeFirst(2) }
    while text.hasSuffix("/") { text.removeLast() }
    return text
  }

  private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
    // Iterative matching that backtracks to the last `*` (within a component) and the last
    // `**` (across components): no recursion, whatever the pattern.
    let slash = UInt8(ascii: "/")
    let star = UInt8(ascii: "*")
    var p = pattern.startIndex
    var t = text.startIndex
    var single: (pattern: Int, text: Int)?
    var double: (pattern: Int, text: Int, wholeComponents: Bool)?
    while t < text.endIndex {
      if p < pattern.endIndex, pattern[p] == star {
        if p + 1 < pattern.endIndex, pattern[p + 1] == star {
          p += 2
          let wholeComponents = p < pattern.endIndex && pattern[p] == slash
          if wholeComponents { p += 1 }
          double = (p, t, wholeComponents)
          single = nil
        } else {
          p += 1
          single = (p, t)
        }
        continue
      }
      if p < pattern.endIndex,
        pattern[p] == text[t] || (pattern[p] == UInt8(ascii: "?") && text[t] != slash)
      {
        p += 1
        t += 1
        continue
      }
      if let last = single, text[last.text] != slash {
        single = (last.pattern, last.text + 1)
        (p, t) = (last.pattern, last.text + 1)
        continue
      }
      guard let last = double else { return false }
      var resume = last.text + 1
      if last.wholeComponents {
        // `**/` resumes only at the start of a component.
        while resume <= text.endIndex, text[resume - 1] != slash {
          resume += 1
          if resume > text.endIndex { return false }
        }
      }
      guard resume <= text.endIndex else { return false }
      double = (last.pattern, resume, last.wholeComponents)
      single = nil
      (p, t) = (last.pattern, resume)
    }
    while p < pattern.endIndex, pattern[p] == star { p += 1 }
    return p == pattern.endIndex
  }
}
