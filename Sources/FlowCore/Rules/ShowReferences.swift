/// (r3) The `show: C` half of ``UnknownReferenceRule`` (spec section 13.4): a `show` shows C
/// in a column of the nearest split coordinator around its holder, after the holder's own
/// column. It is wrong only when it is so in every way the holder is started: outside any
/// split, on a modal stack presented over the split, with no column after the holder's, or
/// naming a column the split lacks or that does not come after the holder's. A coordinator
/// nobody starts is not judged, nor one whose places are too many to tell
/// (``SplitColumns/bound``) or unknown (started only by coordinators nobody starts), nor any
/// when a broken node may have started coordinators the graph does not know of.
///
/// O(size of the module): one pass over every start, with the places worked out once, and
/// only for a module with a `show`.
struct ShowReferences {
  let module: FlowModule
  let analysis: ModuleAnalysis

  /// Appends a finding for each `show` that is wrong in every way its holder is started: at
  /// the `column` value when the named column is what is wrong, at the `show` key otherwise.
  func check(into findings: inout Findings) {
    guard !analysis.isAttachmentUncertain else { return }
    var columns: SplitColumns?
    for (index, coordinator) in analysis.coordinators.enumerated()
    where module.isFirstDefinition(coordinator: index) {
      let shows = coordinator.reachableStarts.filter { $0.step.start.isShow && $0.action != nil }
      guard !shows.isEmpty else { continue }
      let found = columns ?? SplitColumns(analysis)
      columns = found
      let places = found.places[index]
      guard found.isStarted[index], !found.isUnbounded[index], !places.isEmpty,
        !analysis.isReachedOnlyThroughBroken[index]
      else { continue }
      for show in shows {
        guard let step = show.action,
          let (message, range) = problem(of: show, in: index, places: places)
        else { continue }
        findings.add(
          message, about: analysis.graph.subject(of: step, at: show.node, in: index),
          at: range)
      }
    }
  }

  /// What is wrong with `show` of coordinator `index` in every one of `places`, and where to
  /// say it; `nil` when it shows its child in some way.
  private func problem(
    of show: CoordinatorAnalysis.ReachableStart, in index: Int, places: [SplitColumns.Place]
  ) -> (UnknownReferenceRule.Message, SourceRange)? {
    guard let step = show.action, let written = show.step.start.show else { return nil }
    let (onColumn, _) = SplitColumns.whereActs(step, node: show.node, of: index, in: analysis)
    let holder = module.coordinators[index].name.text
    let shown = show.step.start.coordinator.text
    var column: (UnknownReferenceRule.Message, SourceRange)?
    var over: (UnknownReferenceRule.Message, SourceRange)?
    for place in places {
      switch place {
      case .column(let split, let holderColumn):
        guard let layout = module.coordinators[split].split?.layout else { continue }
        let splitName = module.coordinators[split].name.text
        guard onColumn else {
          over =
            over ?? (
              .showOverSplit(holder: holder, shown: shown, split: splitName), show.step.range
            )
          continue
        }
        if SplitColumns.target(of: written.column, from: holderColumn, in: layout) != nil {
          return nil
        }
        guard column == nil else { continue }
        if let named = written.column, let range = written.columnRange {
          column =
            layout.columns.contains(named)
            ? (
              .noColumnAfter(
                holder: holder, shown: shown, column: holderColumn, named: named,
                split: splitName), range
            )
            : (.missingColumn(named, split: splitName, layout: layout), range)
        } else {
          column = (
            .noColumnAfter(
              holder: holder, shown: shown, column: holderColumn, named: nil, split: splitName),
            show.step.range
          )
        }
      case .over(let split):
        let splitName = module.coordinators[split].name.text
        over =
          over ?? (.showOverSplit(holder: holder, shown: shown, split: splitName), show.step.range)
      case .outside:
        continue
      }
    }
    return column ?? over ?? (.showOutsideSplit(holder: holder, shown: shown), show.step.range)
  }
}
