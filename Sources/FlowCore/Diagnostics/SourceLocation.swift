#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A place in a source file: a 1-based line and a 1-based column.
///
/// Columns count Unicode characters (scalars), as libyaml does, not bytes: a line of
/// `名前: x` has `x` at column 5.
public struct SourcePosition: Hashable, Comparable, Sendable {
  // Stored in 32 bits each: every model node carries two positions.
  private var storedLine: UInt32
  private var storedColumn: UInt32

  /// The 1-based line.
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = UInt32(clamping: newValue) }
  }

  /// The 1-based column, in Unicode characters.
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = UInt32(clamping: newValue) }
  }

  public init(line: Int, column: Int) {
    storedLine = UInt32(clamping: line)
    storedColumn = UInt32(clamping: column)
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
  }
}

/// The path of a source file, interned: every range of a file holds the same instance,
/// so that copying a range costs no reference counting. Paths are few and live for the
/// whole run.
public struct FileName: Hashable, Sendable, Comparable, CustomStringConvertible {
  private let reference: Unmanaged<Storage>

  private final class Storage: Sendable {
    let path: String
    init(_ path: String) { self.path = path }
  }

  private static let table = InternTable()

  /// The interned name of `path`.
  public init(_ path: String) {
    reference = Self.table.storage(for: path)
  }

  /// The storages by path, behind a pthread mutex: ThreadSanitizer does not see the futex
  /// under `Synchronization.Mutex` on Linux and reports a race on every concurrent use,
  /// which made `make sanitize` fail at random whenever files were read in parallel.
  private final class InternTable: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var storages: [String: Unmanaged<Storage>] = [:]

    init() {
      mutex = .allocate(capacity: 1)
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }

    // Never deinitialized: the table is a global that lives as long as the process.

    func storage(for path: String) -> Unmanaged<Storage> {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      if let existing = storages[path] { return existing }
      let created = Unmanaged.passRetained(Storage(path))
      storages[path] = created
      return created
    }
  }

  /// The path.
  public var path: String { reference.takeUnretainedValue().path }

  public var description: String { path }

  public static func == (lhs: FileName, rhs: FileName) -> Bool {
    lhs.reference.toOpaque() == rhs.reference.toOpaque()
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(reference.toOpaque())
  }

  public static func < (lhs: FileName, rhs: FileName) -> Bool {
    lhs != rhs && lhs.path < rhs.path
  }
}

/// A span of one source file, from the first character of a node to just past its last.
public struct SourceRange: Hashable, Sendable {
  /// The file, interned.
  public var fileName: FileName
  /// Where the span starts (1-based).
  public var start: SourcePosition
  /// Just past where the span ends (1-based).
  public var end: SourcePosition

  public init(file: FileName, start: SourcePosition, end: SourcePosition) {
    self.fileName = file
    self.start = start
    self.end = end
  }

  public init(file: String, start: SourcePosition, end: SourcePosition) {
    self.init(file: FileName(file), start: start, end: end)
  }

  /// The file's path as the user gave it (or found under a directory they gave).
  public var file: String { fileName.path }

  /// An empty range at the start of `file`, for findings about a file as a whole.
  public static func startOfFile(_ file: String) -> SourceRange {
    let origin = SourcePosition(line: 1, column: 1)
    return SourceRange(file: file, start: origin, end: origin)
  }

  /// Whether `other` starts within this range (its end excluded), in the same file.
  public func contains(_ other: SourceRange) -> Bool {
    other.fileName == fileName && start <= other.start && other.start < end
  }

  /// Whether `self` comes before `other` in file order: by path, then position.
  public func precedes(_ other: SourceRange) -> Bool {
    fileName != other.fileName ? fileName < other.fileName : start < other.start
  }
}
