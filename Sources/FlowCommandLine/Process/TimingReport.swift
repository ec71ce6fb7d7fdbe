import FlowCore

extension PhaseTimer {
  /// The phases as one line each for standard error, `flowc timing: NAME N ms (peak memory
  /// so far M MB)`, when the timer measured; empty otherwise. `Benchmarks/bench.py` reads
  /// these lines.
  var report: String {
    guard isEnabled else { return "" }
    return phases.map { name, ms, peak in
      "flowc timing: \(name) \(Int(ms.rounded())) ms (peak memory so far \(peak) MB)\n"
    }.joined()
  }
}
