#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Wall-clock time and peak memory of the pipeline's phases, measured only when the caller
/// asks (`flowc` does when `FLOWC_TIMING` is set): how the benchmark says what dominates.
/// A timer that is off measures nothing and costs a branch per phase.
package struct PhaseTimer: Sendable {
  /// Whether phases are measured.
  package let isEnabled: Bool
  private var last: Double
  /// Each phase's name, milliseconds, and the peak memory so far (MB), in order.
  package private(set) var phases: [(String, Double, Int)] = []

  package init(enabled: Bool) {
    isEnabled = enabled
    last = enabled ? Self.now() : 0
  }

  /// Ends the current phase under `name`.
  package mutating func lap(_ name: String) {
    guard isEnabled else { return }
    let now = Self.now()
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    phases.append((name, (now - last) * 1000, usage.ru_maxrss / 1024))
    last = now
  }

  /// Adds, indented, a part of the phase under way that the caller timed itself: one of
  /// two kinds of work that take turns (`generate --output` makes a batch of files, then
  /// writes it), each summed over its turns.
  package mutating func add(_ name: String, milliseconds: Double) {
    guard isEnabled else { return }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    phases.append(("  " + name, milliseconds, usage.ru_maxrss / 1024))
  }

  /// Adds the phases another timer measured (on another thread) to this one's, indented.
  package mutating func append(_ other: PhaseTimer) {
    phases.append(contentsOf: other.phases.map { ("  " + $0.0, $0.1, $0.2) })
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
