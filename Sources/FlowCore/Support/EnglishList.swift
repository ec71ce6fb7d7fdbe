extension Array where Element == String {
  /// The words as English lists them: `a`, `a and b`, `a, b and c` (or another
  /// `conjunction`); empty for none.
  package func listed(conjunction: String = "and") -> String {
    guard count > 1, let last else { return first ?? "" }
    return dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
