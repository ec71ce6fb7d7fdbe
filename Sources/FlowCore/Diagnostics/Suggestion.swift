/// Finds the "did you mean" for a misspelled key or name.
package enum Suggestion {
  /// The candidate closest to `word`, if one is close enough to be a likely typo: the same
  /// word in another case, or one within a small edit distance (insertions, deletions,
  /// substitutions and swaps of neighbours), about one edit per four characters.
  package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    best(to: word, in: candidates)?.name
  }

  /// The closest candidate, as ``closest(to:in:)`` finds it, only when no other candidate
  /// is as close: the one replacement `flowc check --fix` may make without asking.
  package static func unambiguous(to word: String, in candidates: some Sequence<String>)
    -> String?
  {
    guard let best = best(to: word, in: candidates), best.isUnique else { return nil }
    return best.name
  }

  /// The closest candidate, as ``closest(to:in:)`` finds it, and whether it is the only one
  /// at its distance (ties go to the first in code-point order).
  package static func best(to word: String, in candidates: some Sequence<String>)
    -> (name: String, isUnique: Bool)?
  {
    let target = Array(word.lowercased().unicodeScalars)
    let allowed = max(1, (target.count + 1) / 4)
    var best: (name: String, distance: Int, isUnique: Bool)?
    for candidate in Set(candidates) where candidate != word {
      let lowered = Array(candidate.lowercased().unicodeScalars)
      guard abs(lowered.count - target.count) <= allowed else { continue }
      let distance = editDistance(target, lowered, bound: allowed)
      guard distance <= allowed else { continue }
      if let current = best {
        if distance > current.distance { continue }
        if distance == current.distance {
          best = (min(current.name, candidate), distance, false)
          continue
        }
      }
      best = (candidate, distance, true)
    }
    return best.map { ($0.name, $0.isUnique) }
  }

  /// `; did you mean 'x'?` for the closest candidate, or an empty string.
  package static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
    closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The optimal string alignment distance, stopping early once it exceeds `bound`.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > bound { return bound + 1 }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
