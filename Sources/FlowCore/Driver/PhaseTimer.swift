#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Wall-clock time of the pipeline's phases, printed to standard error when the
/// environment variable `FLOWC_TIMING` is set: how the benchmark says what dominates.
public struct PhaseTimer: Sendable {
  /// Whether timing was asked for.
  public static let isEnabled = getenv("FLOWC_TIMING") != nil

  private var last: Double
  /// Each phase's name, milliseconds, and the peak memory so far (MB), in order.
  public private(set) var phases: [(String, Double, Int)] = []

  public init() {
    last = Self.now()
  }

  /// Ends the current phase under `name`.
  public mutating func lap(_ name: String) {
    guard Self.isEnabled else { return }
    let now = Self.now()
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    phases.append((name, (now - last) * 1000, usage.ru_maxrss / 1024))
    last = now
  }

  /// Adds the phases another timer measured (on another thread) to this one's report.
  public mutating func append(_ other: PhaseTimer) {
    phases.append(contentsOf: other.phases.map { ("  " + $0.0, $0.1, $0.2) })
  }

  /// The phases as one line per phase, when timing was asked for; empty otherwise.
  public var report: String {
    guard Self.isEnabled else { return "" }
    return phases.map { name, ms, peak in
      "flowc timing: \(name) \(Int(ms.rounded())) ms (peak memory so far \(peak) MB)\n"
    }.joined()
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
