extension Array {
  /// The index of the last element that starts at or before `position`, in an array sorted
  /// by `start`; `nil` when every element starts after it. A binary search: O(log n).
  ///
  /// The findings filters (``BrokenDefinitions``, ``SharedFindings``) keep the spans of each
  /// file sorted by start and ask which one a finding's place falls in.
  func lastIndex(
    startingAtOrBefore position: SourcePosition, start: (Element) -> SourcePosition
  ) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if start(self[middle]) <= position { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? low - 1 : nil
  }
}
