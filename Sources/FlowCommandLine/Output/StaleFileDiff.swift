import FlowCore

/// What `generate --check` shows of a generated file that is out of date: hunks in the
/// style of `diff -u`, each with a little context, so that a failed CI step says what
/// changed without a second run.
///
/// It is bounded: after ``shownLines`` changed lines it says how many more there are, so a
/// file rewritten whole prints a screenful, not the file; and the diff is computed only up
/// to ``maxEdits`` line edits (Myers' algorithm, O((N + M) · edits)), past which one hunk
/// from the first differing line to the last is shown. Every line goes through
/// ``TerminalText``: the generated text is escaped Swift, but the file on disk may hold
/// anything.
enum StaleFileDiff {
  /// The most changed lines (removed and added together) shown.
  static let shownLines = 24
  /// The unchanged lines shown around each change.
  static let contextLines = 2
  /// The most line edits the diff is computed for.
  static let maxEdits = 200

  /// One line of the edit script: kept, removed from the old text, or added.
  private enum Edit {
    case keep(old: Int, new: Int)
    case remove(old: Int)
    case add(new: Int)

    var isChange: Bool {
      if case .keep = self { return false }
      return true
    }
  }

  /// The hunks that turn `old` (the file on disk) into `new` (what would be written), under
  /// `---`/`+++` lines naming `path`; empty when the texts are equal.
  static func render(old: String, new: String, path: String) -> String {
    let before = lines(of: old)
    let after = lines(of: new)
    let edits = script(before, after)
    guard edits.contains(where: \.isChange) else { return "" }
    let shownPath = TerminalText.printable(path)
    var text = "--- \(shownPath) (on disk)\n+++ \(shownPath) (generated)\n"
    var shown = 0
    var index = 0
    while index < edits.count {
      guard edits[index].isChange else {
        index += 1
        continue
      }
      // A hunk: the changes from here on that are no more than twice the context apart.
      let first = max(0, index - contextLines)
      var last = index
      var scan = index
      while scan < edits.count {
        if edits[scan].isChange {
          last = scan
        } else if scan - last > 2 * contextLines {
          break
        }
        scan += 1
      }
      let end = min(edits.count, last + 1 + contextLines)
      let hunk = edits[first..<end]
      text += header(of: hunk)
      for position in hunk.indices {
        if edits[position].isChange && shown == shownLines {
          let rest = edits[position...].filter(\.isChange).count
          return text + "… \(rest) more changed lines\n"
        }
        switch edits[position] {
        case .keep(let old, _): text += " " + printable(before[old])
        case .remove(let old): text += "-" + printable(before[old])
        case .add(let new): text += "+" + printable(after[new])
        }
        if edits[position].isChange { shown += 1 }
      }
      index = end
    }
    return text
  }

  /// `@@ -start,count +start,count @@` for the lines of `hunk`.
  private static func header(of hunk: ArraySlice<Edit>) -> String {
    var (oldStart, newStart, oldCount, newCount) = (Int?.none, Int?.none, 0, 0)
    for edit in hunk {
      switch edit {
      case .keep(let old, let new):
        oldStart = oldStart ?? old
        newStart = newStart ?? new
        oldCount += 1
        newCount += 1
      case .remove(let old):
        oldStart = oldStart ?? old
        oldCount += 1
      case .add(let new):
        newStart = newStart ?? new
        newCount += 1
      }
    }
    return "@@ -\((oldStart ?? 0) + 1),\(oldCount) +\((newStart ?? 0) + 1),\(newCount) @@\n"
  }

  /// The edit script from `before` to `after`: the common prefix and suffix kept, the
  /// middle by Myers' shortest edit script when it takes at most ``maxEdits`` edits, or else
  /// removed and added whole.
  private static func script(
    _ before: [Substring.UTF8View], _ after: [Substring.UTF8View]
  ) -> [Edit] {
    var prefix = 0
    while prefix < before.count, prefix < after.count,
      before[prefix].elementsEqual(after[prefix])
    {
      prefix += 1
    }
    var suffix = 0
    while suffix < before.count - prefix, suffix < after.count - prefix,
      before[before.count - 1 - suffix].elementsEqual(after[after.count - 1 - suffix])
    {
      suffix += 1
    }
    var edits = (0..<prefix).map { Edit.keep(old: $0, new: $0) }
    let oldEnd = before.count - suffix
    let newEnd = after.count - suffix
    if let middle = myers(before, prefix..<oldEnd, after, prefix..<newEnd) {
      edits += middle
    } else {
      edits += (prefix..<oldEnd).map { Edit.remove(old: $0) }
      edits += (prefix..<newEnd).map { Edit.add(new: $0) }
    }
    edits += (0..<suffix).map { Edit.keep(old: oldEnd + $0, new: newEnd + $0) }
    return edits
  }

  /// Myers' shortest edit script between the lines `a` of `before` and `b` of `after`, or
  /// `nil` when it takes more than ``maxEdits`` edits.
  private static func myers(
    _ before: [Substring.UTF8View], _ a: Range<Int>, _ after: [Substring.UTF8View],
    _ b: Range<Int>
  ) -> [Edit]? {
    let n = a.count
    let m = b.count
    let limit = min(n + m, maxEdits)
    let offset = limit + 1
    var frontier = [Int](repeating: 0, count: 2 * offset + 1)
    var history: [[Int]] = []
    var found = false
    search: for d in 0...limit {
      history.append(frontier)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          (k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]))
          ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, before[a.lowerBound + x].elementsEqual(after[b.lowerBound + y]) {
          x += 1
          y += 1
        }
        frontier[offset + k] = x
        if x >= n && y >= m {
          found = true
          break search
        }
      }
    }
    guard found else { return nil }
    // Back from the end, one edit per step, through the frontier before each.
    var edits: [Edit] = []
    var (x, y) = (n, m)
    for d in stride(from: history.count - 1, through: 0, by: -1) {
      let previous = history[d]
      let k = x - y
      guard d > 0 else {
        while x > 0 {
          x -= 1
          y -= 1
          edits.append(.keep(old: a.lowerBound + x, new: b.lowerBound + y))
        }
        break
      }
      let down = k == -d || (k != d && previous[offset + k - 1] < previous[offset + k + 1])
      let priorK = down ? k + 1 : k - 1
      let priorX = previous[offset + priorK]
      let priorY = priorX - priorK
      while x > (down ? priorX : priorX + 1), y > (down ? priorY + 1 : priorY) {
        x -= 1
        y -= 1
        edits.append(.keep(old: a.lowerBound + x, new: b.lowerBound + y))
      }
      if down {
        y -= 1
        edits.append(.add(new: b.lowerBound + y))
      } else {
        x -= 1
        edits.append(.remove(old: a.lowerBound + x))
      }
    }
    return edits.reversed()
  }

  /// The lines of `text`, without their line breaks; no empty line after a final break.
  private static func lines(of text: String) -> [Substring.UTF8View] {
    var lines = text[...].utf8.split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// One line, escaped for a terminal (its tabs kept: they are the file's layout), with its
  /// line break.
  private static func printable(_ line: Substring.UTF8View) -> String {
    TerminalText.printable(String(Substring(line)), keeping: .tabs) + "\n"
  }
}
