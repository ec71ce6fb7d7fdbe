import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plans and makes the changes to an output directory.
///
/// The contract (spec section 9): a file whose first line is not a generated header is
/// never overwritten or deleted; unchanged files are not rewritten, so their modification
/// time stays; a file is replaced atomically (written to a temporary file in the same
/// directory, then renamed over it); generated files that are no longer generated are
/// deleted; and every file written or deleted is one the output policy (``OutputPolicy``)
/// allows: never a file the run reads, never a symbolic link, FIFO or device.
/// When the system refuses a change (a read-only file system, a full disk), that file is
/// left as it was, without a temporary file beside it, and every other change is still made.
package enum OutputDirectory {
  /// Generated files are at most this large; a larger file is not one of ours.
  static let sizeLimit = 256 << 20

  /// Works out what writing `files` into `directory` changes, as the output policy
  /// (`judge`) allows: a name at which it refuses to write is a conflict, and only a
  /// regular file it would let flowc write is ever deleted.
  ///
  /// `format` says which files of the directory are generated ones (issue 36: Maestro's
  /// flows are YAML, with the header as a `#` comment): only names with its extension are
  /// written, and only those whose first line is its header are replaced or deleted.
  ///
  /// The plan of ``plan(names:in:judge:format:)`` with each file's text compared with the
  /// file on disk, every text held at once (`generate --check`, `flowc tests`).
  package static func plan(
    _ files: [GeneratedFile], in directory: String, judge: OutputPolicy.Judge,
    format: GeneratedFormat = .swift
  ) throws(FileSystemError) -> OutputPlan {
    let layout = try plan(names: files.map(\.name), in: directory, judge: judge, format: format)
    var plan = OutputPlan()
    plan.conflicts = layout.conflicts
    plan.directoryExists = layout.directoryExists
    guard layout.conflicts.isEmpty else { return plan }
    plan.changes = layout.deletions
    for file in layout.files {
      let contents = files[file.index].contents
      let kind: OutputPlan.Change.Kind
      switch file.existing {
      case .none:
        kind = .create
      case .generated(rewrite: true):
        kind = .update
      case .generated(rewrite: false):
        switch try status(of: file.path, comparedWith: contents, format: format) {
        case .same:
          plan.unchanged += 1
          continue
        case .generated:
          kind = .update
        case .foreign:
          // Only when the file changed since the plan looked at it.
          plan.conflicts.append(foreignConflict(file.path, format: format))
          continue
        }
      }
      plan.changes.append(.init(kind: kind, path: file.path, target: file.path, contents: contents))
    }
    return plan
  }

  /// Works out what writing files named `names` into `directory` changes, as
  /// ``plan(_:in:judge:format:)`` does, before their text is made: every conflict, the
  /// stale generated files to delete, and for each file to write whether a generated file
  /// is there already, so that nothing is written when anything could not be. Looks only at
  /// the first line of each file there.
  package static func plan(
    names: [String], in directory: String, judge: OutputPolicy.Judge,
    format: GeneratedFormat = .swift
  ) throws(FileSystemError) -> OutputLayout {
    var layout = OutputLayout()
    // A name that is not a plain file name never reaches the file system, whatever let
    // it through before: it could name a file outside the directory, or another one.
    for name in names {
      if let problem = problem(withName: name, format: format) {
        layout.conflicts.append(
          "'\(name)' \(problem), so it cannot be a file in the output "
            + "directory; flowc writes none")
      }
    }
    guard layout.conflicts.isEmpty else { return layout }
    var byFolded: [String: String] = [:]
    for name in names {
      let folded = name.lowercased()
      if let other = byFolded[folded], other != name {
        layout.conflicts.append(
          "'\(other)' and '\(name)' differ only in case, so they would be one file on a "
            + "case-insensitive file system; rename one of the coordinators")
      }
      byFolded[folded] = name
    }
    if let refusal = judge.refusal(toWriteInto: directory) {
      layout.conflicts.append(refusal.description)
      return layout
    }
    let byName = names.indices.sorted { names[$0] < names[$1] }
    switch FileSystem.kind(of: directory) {
    case nil:
      layout.directoryExists = false
      layout.files = byName.map { index in
        .init(index: index, path: join(directory, names[index]), existing: .none)
      }
      return layout
    case .directory:
      break
    case .file, .other:
      throw FileSystemError(path: directory, reason: "is not a directory")
    }
    let generated = Set(names)

    // Stale generated files first: on a case-insensitive file system a stale file can be
    // the very file a new name writes, so deletions go before writes. Only a regular file
    // that the policy would let flowc write is deleted: never a link, nor a file the run
    // reads.
    var deletedFolded = Set<String>()
    for name in try entries(of: directory) where !generated.contains(name) {
      guard name.hasSuffix(format.fileExtension), !name.hasPrefix(".") else { continue }
      let path = join(directory, name)
      guard judge.refusal(toWrite: path, as: .output) == nil,
        try isGenerated(path, format: format)
      else { continue }
      layout.deletions.append(.init(kind: .delete, path: path, target: path, contents: nil))
      deletedFolded.insert(name.lowercased())
    }

    for index in byName {
      let name = names[index]
      let path = join(directory, name)
      if let refusal = judge.refusal(toWrite: path, as: .output) {
        layout.conflicts.append(refusal.description)
        continue
      }
      guard FileSystem.exists(path) else {
        layout.files.append(.init(index: index, path: path, existing: .none))
        continue
      }
      guard try isGenerated(path, format: format) else {
        layout.conflicts.append(foreignConflict(path, format: format))
        continue
      }
      let rewrite = deletedFolded.contains(name.lowercased())
      layout.files.append(.init(index: index, path: path, existing: .generated(rewrite: rewrite)))
    }
    return layout
  }

  /// The conflict of a file at `path` that flowc did not generate.
  private static func foreignConflict(_ path: String, format: GeneratedFormat) -> String {
    "'\(path)' was not generated by flowc (its first line is not "
      + "'\(format.headerPrefix)…'); flowc leaves it alone: move it away or "
      + "choose another output directory"
  }

  /// Works out what writing one file of generated text at `path` changes, for
  /// `generate --output-file`. The same contract and output policy hold for that one file;
  /// other files in its directory are never looked at, so nothing is deleted.
  package static func plan(
    single contents: String, at path: String, judge: OutputPolicy.Judge
  ) throws(FileSystemError) -> OutputPlan {
    var plan = OutputPlan()
    let directory = folder(of: path)
    let kind = FileSystem.kind(of: directory)
    if kind == .file || kind == .other {
      throw FileSystemError(path: directory, reason: "is not a directory")
    }
    if let refusal = judge.refusal(toWriteInto: directory)
      ?? judge.refusal(toWrite: path, as: .output)
    {
      plan.conflicts.append(refusal.description)
      return plan
    }
    guard kind != nil else {
      plan.directoryExists = false
      plan.changes = [.init(kind: .create, path: path, target: path, contents: contents)]
      return plan
    }
    guard FileSystem.exists(path) else {
      plan.changes = [.init(kind: .create, path: path, target: path, contents: contents)]
      return plan
    }
    switch try status(of: path, comparedWith: contents) {
    case .foreign:
      plan.conflicts.append(
        "'\(path)' was not generated by flowc (its first line is not "
          + "'\(SwiftGenerator.headerPrefix)…'); flowc leaves it alone: move it away or "
          + "choose another output file")
    case .same:
      plan.unchanged = 1
    case .generated:
      plan.changes = [.init(kind: .update, path: path, target: path, contents: contents)]
    }
    return plan
  }

  /// How many files ``apply(_:in:using:writers:)`` writes at once by default. Each write
  /// ends in an `fsync` that waits for the disk; eight waiting together took a third of the
  /// time of one after another for 1,000 files here.
  package static let defaultWriters = 8

  /// Makes the changes of a plan without conflicts: deletions, then writes, up to `writers`
  /// files at a time. A change that fails leaves its file as it was (the old text, or no
  /// file) and no temporary file behind; the others are still made. Returns what was done
  /// and every failure, in the plan's order.
  package static func apply(
    _ plan: OutputPlan, in directory: String,
    using files: some FileOperations & Sendable = SystemFileOperations(),
    writers: Int = defaultWriters
  ) -> OutputReport {
    var report = OutputReport()
    if !plan.directoryExists {
      do {
        try makeDirectories(directory, using: files)
      } catch {
        report.failures.append(error)
        report.failed = plan.changes.count
        return report
      }
    }
    let changes = plan.changes
    // Makes one change; its failure, or `nil`.
    let make: @Sendable (Int) -> StepFailure? = { index in
      let change = changes[index]
      do throws(StepFailure) {
        if let contents = change.contents {
          try writeAtomically(contents, to: change.target, using: files)
        } else {
          try delete(change.target, using: files)
        }
        return nil
      } catch {
        return error
      }
    }
    var failures = [StepFailure?](repeating: nil, count: changes.count)
    // Deletions first, one by one: on a case-insensitive file system a deleted
    // `Old.swift` must be gone before `OLD.swift` is written.
    let writes = changes.indices.filter { changes[$0].contents != nil }
    for index in changes.indices where changes[index].contents == nil {
      failures[index] = make(index)
    }
    let written = writtenSideBySide(
      count: writes.count, writers: writers,
      refusedForSpace: { $0.map { isOutOfSpace($0.error) } ?? false },
      make: { make(writes[$0]) })
    for (position, failure) in written.enumerated() { failures[writes[position]] = failure }
    for (change, failure) in zip(changes, failures) {
      guard let failure else {
        report.done.append(change)
        continue
      }
      report.failures.append(
        OutputFailure(
          kind: change.kind, path: change.path, step: failure.step, reason: failure.error,
          leftover: failure.leftover))
    }
    report.unchanged = plan.unchanged
    report.failed = report.failures.count
    return report
  }

  /// How many files ``write(_:in:batch:format:using:writers:render:)`` makes and writes at a
  /// time by default: enough to keep every core and writer busy, few enough that the text
  /// of the two batches held (one written while the next is made) is a small part of what
  /// the run holds, as one batch of 64 was.
  package static let defaultBatch = 32

  /// Makes the changes of a layout without conflicts (``plan(names:in:judge:format:)``):
  /// the directory if missing, the deletions, then the files in name order, `batch` at a
  /// time: `render` makes the text of a batch (given the files' indices in the names
  /// planned from, it returns their texts in that order), each text is compared with the
  /// file on disk (the same bytes: counted unchanged, not written), the others are written
  /// as ``apply(_:in:using:writers:)`` writes them, while the next batch is made, and the
  /// batch is let go once written: at most two batches are held. Returns what
  /// ``apply(_:in:using:writers:)`` would for the plan of the same files, without their text.
  ///
  /// A file is looked at again just before it is written: when something appeared where
  /// nothing was, or the file is no longer one flowc generated, it is left alone and the
  /// change fails (``OutputFailure/Step/changed``).
  package static func write(
    _ layout: OutputLayout, in directory: String, batch: Int = defaultBatch,
    format: GeneratedFormat = .swift,
    using files: some FileOperations & Sendable = SystemFileOperations(),
    writers: Int = defaultWriters, render: ([Int]) -> [String]
  ) -> OutputReport {
    var report = OutputReport()
    if !layout.directoryExists {
      do {
        try makeDirectories(directory, using: files)
      } catch {
        report.failures.append(error)
        report.failed = layout.deletions.count + layout.files.count
        return report
      }
    }
    // Deletions first, one by one, as `apply` makes them.
    for change in layout.deletions {
      do throws(StepFailure) {
        try delete(change.target, using: files)
        report.done.append(change)
      } catch {
        report.failures.append(
          OutputFailure(
            kind: .delete, path: change.path, step: error.step, reason: error.error,
            leftover: error.leftover))
        report.failed += 1
      }
    }
    let size = max(1, batch)
    let batches = stride(from: 0, to: layout.files.count, by: size).map {
      Array(layout.files[$0..<min($0 + size, layout.files.count)])
    }
    // Each batch is written while the next is made: the writes wait on the disk, the making
    // computes, and two batches are held at a time.
    var texts = batches.first.map { render($0.map(\.index)) } ?? []
    for (number, planned) in batches.enumerated() {
      let written = ResultSlots<[Written]>(count: 1)
      let current = texts
      let writing: @Sendable () -> Void = {
        written.store(
          write(planned, current, format: format, using: files, writers: writers), at: 0)
      }
      texts = Parallel.alongside(writing) {
        number + 1 < batches.count ? render(batches[number + 1].map(\.index)) : []
      }
      add(written.results().first ?? [], of: planned, to: &report)
    }
    return report
  }

  /// What happened to one file of a batch.
  private enum Written: Sendable {
    /// Its text was already on disk.
    case unchanged
    /// It was created or updated.
    case made(OutputPlan.Change.Kind)
    /// It could not be.
    case failed(OutputPlan.Change.Kind, StepFailure)
  }

  /// Compares each of `planned` with the file on disk and writes those that differ, up to
  /// `writers` at a time: what happened to each, in their order.
  private static func write(
    _ planned: [OutputLayout.File], _ texts: [String], format: GeneratedFormat,
    using files: some FileOperations & Sendable, writers: Int
  ) -> [Written] {
    writtenSideBySide(
      count: planned.count, writers: writers,
      refusedForSpace: { result in
        guard case .failed(_, let failure) = result else { return false }
        return isOutOfSpace(failure.error)
      },
      make: { write(planned[$0], texts[$0], format: format, using: files) })
  }

  /// Adds what happened to each of `planned` (``write(_:_:format:using:writers:)``) to
  /// `report`, in their order.
  private static func add(
    _ results: [Written], of planned: [OutputLayout.File], to report: inout OutputReport
  ) {
    for (file, result) in zip(planned, results) {
      switch result {
      case .unchanged:
        report.unchanged += 1
      case .made(let kind):
        report.done.append(.init(kind: kind, path: file.path, target: file.path, contents: nil))
      case .failed(let kind, let failure):
        report.failures.append(
          OutputFailure(
            kind: kind, path: file.path, step: failure.step, reason: failure.error,
            leftover: failure.leftover))
        report.failed += 1
      }
    }
  }

  /// Writes `text` at `file`'s path unless the file there has that text already, after
  /// looking at the path again: as the plan found it, or the change fails.
  private static func write(
    _ file: OutputLayout.File, _ text: String, format: GeneratedFormat,
    using files: some FileOperations
  ) -> Written {
    let kind: OutputPlan.Change.Kind
    switch file.existing {
    case .none:
      kind = .create
      if FileSystem.exists(file.path) {
        return .failed(kind, StepFailure(.changed, SystemError(EEXIST)))
      }
    case .generated(let rewrite):
      kind = .update
      // A rewritten file went with the stale one deleted: there is nothing to compare.
      if !rewrite {
        switch try? status(of: file.path, comparedWith: text, format: format) {
        case .same?: return .unchanged
        case .generated?: break
        case .foreign?, nil: return .failed(kind, StepFailure(.changed, SystemError(EEXIST)))
        }
      }
    }
    do throws(StepFailure) {
      try writeAtomically(text, to: file.path, using: files)
      return .made(kind)
    } catch {
      return .failed(kind, error)
    }
  }

  /// `make` of each index in `0..<count`, up to `writers` at a time (each `fsync` waits for
  /// the disk), in index order. Files written side by side share the disk's free space: one
  /// refused for space beside the others may fit alone, so each that `refusedForSpace` says
  /// so of is made once more, one at a time, and a full disk refuses the same files as
  /// writing them one after another would. The one way `apply` and `write` write files.
  private static func writtenSideBySide<Result: Sendable>(
    count: Int, writers: Int, refusedForSpace: (Result) -> Bool,
    make: @escaping @Sendable (Int) -> Result
  ) -> [Result] {
    let outcomes = ResultSlots<Result>(count: count)
    let threads = min(max(1, writers), count)
    Parallel.onThreads(threads) { thread in
      for index in stride(from: thread, to: count, by: threads) {
        outcomes.store(make(index), at: index)
      }
    }
    var results = outcomes.results()
    if threads > 1 {
      for index in results.indices where refusedForSpace(results[index]) {
        results[index] = make(index)
      }
    }
    return results
  }

  /// Whether the system refused for want of space (`ENOSPC`, or `EDQUOT` over a quota).
  private static func isOutOfSpace(_ error: SystemError) -> Bool {
    error.code == ENOSPC || error.code == EDQUOT
  }

  /// The longest file name most file systems take, in bytes.
  static let maxNameLength = 255

  /// What keeps `name` from being a plain `*.swift` file name directly in the output
  /// directory, or `nil` when it is one: no `/`, no NUL, not hidden (so not `.` or `..`
  /// either), at most ``maxNameLength`` bytes.
  static func problem(withName name: String, format: GeneratedFormat = .swift) -> String? {
    if name.utf8.contains(UInt8(ascii: "/")) { return "holds a '/'" }
    if name.utf8.contains(0) { return "holds a NUL character" }
    if name.hasPrefix(".") { return "starts with '.'" }
    if name.utf8.count > maxNameLength {
      return "is \(name.utf8.count) bytes long, more than the \(maxNameLength) a file name may be"
    }
    if !name.hasSuffix(format.fileExtension) {
      return "does not end in '\(format.fileExtension)'"
    }
    return nil
  }

  // MARK: Reading

  private enum Status {
    /// Not generated by flowc.
    case foreign
    /// Generated, with other text.
    case generated
    /// Generated, with exactly the new text.
    case same
  }

  private static func status(
    of path: String, comparedWith contents: String?, format: GeneratedFormat = .swift
  ) throws(FileSystemError) -> Status {
    guard case .bytes(let bytes) = try FileSystem.read(path, limit: sizeLimit) else {
      return .foreign
    }
    let firstLine = bytes.prefix { $0 != UInt8(ascii: "\n") }
    guard format.isHeader(Substring(decoding: firstLine, as: UTF8.self)) else {
      return .foreign
    }
    guard let contents else { return .generated }
    return bytes.elementsEqual(contents.utf8) ? .same : .generated
  }

  /// Whether the file at `path` is one flowc generated: a regular file of at most
  /// ``sizeLimit`` bytes whose first line is `format`'s header, as
  /// ``status(of:comparedWith:format:)`` says, reading only that line. Throws when it cannot
  /// be read, or is not a regular file.
  private static func isGenerated(
    _ path: String, format: GeneratedFormat
  ) throws(FileSystemError) -> Bool {
    try FileSystem.requireRegularFile(path)
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw FileSystemError(path: path, errno: errno) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw FileSystemError(path: path, reason: "is not a regular file")
    }
    guard Int(info.st_size) <= sizeLimit else { return false }
    var line: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while line.count <= sizeLimit {
      let count = buffer.withUnsafeMutableBytes { raw in
        systemRead(descriptor, raw.baseAddress, raw.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileSystemError(path: path, errno: errno)
      }
      guard count > 0 else { break }
      if let newline = buffer[..<count].firstIndex(of: UInt8(ascii: "\n")) {
        line += buffer[..<newline]
        break
      }
      line += buffer[..<count]
    }
    return format.isHeader(Substring(decoding: line, as: UTF8.self))
  }

  /// The names in `directory`, without `.` and `..`, and without names that are not UTF-8
  /// (which cannot be spelt as a `String` to find the file again).
  private static func entries(of directory: String) throws(FileSystemError) -> [String] {
    guard let handle = opendir(directory) else {
      throw FileSystemError(path: directory, errno: errno)
    }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
        let bytes = raw.prefix { $0 != 0 }
        let name = String(decoding: bytes, as: UTF8.self)
        // flowc writes only UTF-8 names: one that is not is the app's, left alone.
        return name.utf8.elementsEqual(bytes) ? name : nil
      }
      if let name, name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// The directory of the file at `path`: `.` for a bare name, `/` for a file at the root.
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  // MARK: Writing

  /// A step of a change that failed.
  private struct StepFailure: Error, Sendable {
    var step: OutputFailure.Step
    var error: SystemError
    /// A temporary file left behind, and why it could not be removed.
    var leftover: (path: String, reason: SystemError)?

    init(_ step: OutputFailure.Step, _ error: SystemError) {
      self.step = step
      self.error = error
    }
  }

  private static func makeDirectories(
    _ path: String, using files: some FileOperations
  ) throws(OutputFailure) {
    var current = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      current += component
      do {
        try files.makeDirectory(current)
      } catch  where error.code != EEXIST {
        throw OutputFailure(
          kind: .create, path: path, step: .makeDirectory, reason: error, leftover: nil)
      } catch {}
      current += "/"
    }
  }

  private static func delete(_ path: String, using files: some FileOperations) throws(StepFailure) {
    do {
      try files.remove(path)
    } catch  where error.code != ENOENT {
      throw StepFailure(.delete, error)
    } catch {}
  }

  /// How many names ``writeAtomically(_:to:using:)`` tries for a temporary file before it
  /// gives up: a name is taken only when something is already there, which with 64 random
  /// bits happens by chance about never, so more than a few means someone plants them.
  package static let temporaryAttempts = 16

  /// Where the text of `path` may be written before it is renamed over `path`: a hidden
  /// file in the same directory, named after the file (shortened to keep the name within
  /// 255 bytes) and 64 random bits from the system's generator, so that no one can tell the
  /// name beforehand and plant something there.
  package static func temporaryPath(for path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var random = SystemRandomNumberGenerator()
    let bits = String(random.next() as UInt64, radix: 16)
    let suffix = ".flowc-" + String(repeating: "0", count: 16 - bits.count) + bits + ".tmp"
    return folder + "." + prefix(of: name, bytes: maxNameLength - 1 - suffix.utf8.count) + suffix
  }

  /// The longest start of `text` of at most `bytes` UTF-8 bytes that ends between
  /// characters' scalars.
  private static func prefix(of text: String, bytes: Int) -> Substring {
    var count = 0
    var end = text.unicodeScalars.startIndex
    for index in text.unicodeScalars.indices {
      count += UTF8.width(text.unicodeScalars[index])
      guard count <= bytes else { break }
      end = text.unicodeScalars.index(after: index)
    }
    return Substring(text.unicodeScalars[..<end])
  }

  /// Creates a new temporary file next to `path` (``temporaryPath(for:)``), under another
  /// name each time the name is taken, at most ``temporaryAttempts`` times. Returns its
  /// path and open descriptor.
  private static func createTemporary(
    for path: String, using files: some FileOperations
  ) throws(StepFailure) -> (path: String, descriptor: Int32) {
    var attempts = 0
    while true {
      let temporary = temporaryPath(for: path)
      do {
        return (temporary, try files.createFile(temporary))
      } catch  where error.code == EEXIST && attempts + 1 < temporaryAttempts {
        attempts += 1
      } catch {
        throw StepFailure(.createTemporary, error)
      }
    }
  }

  /// Replaces the text of the existing file `path` with `contents` as
  /// ``writeAtomically(_:to:using:)`` does, for a command that rewrites a file in place
  /// (`check --fix`).
  static func replace(
    _ path: String, with contents: String, using files: some FileOperations
  ) throws(OutputFailure) {
    do {
      try writeAtomically(contents, to: path, using: files)
    } catch {
      throw OutputFailure(
        kind: .update, path: path, step: error.step, reason: error.error,
        leftover: error.leftover)
    }
  }

  /// Writes the text of a file that comes in pieces (`flowc graph --output`), created or
  /// replaced as a plan's change is (``apply(_:in:using:writers:)``): `pieces` hands each
  /// piece to the function it is given as soon as it is made, and they are written one after
  /// another into the temporary file, so that the text is never held whole. The same
  /// guarantees hold: only a new temporary file is written, renamed over `path` once
  /// flushed; a failure leaves `path` as it was. `directory`, when given, is made first.
  package static func write(
    pieces: Pieces, to path: String, kind: OutputPlan.Change.Kind, making directory: String?,
    using files: some FileOperations
  ) throws(OutputFailure) {
    if let directory { try makeDirectories(directory, using: files) }
    do {
      try writeAtomically(pieces, to: path, using: files)
    } catch {
      throw OutputFailure(
        kind: kind, path: path, step: error.step, reason: error.error, leftover: error.leftover)
    }
  }

  /// Text that comes in pieces: called with a function that writes one piece and says
  /// whether it could, it hands over every piece in order, and stops at the first that could
  /// not be written.
  package typealias Pieces = (_ write: (UnsafeRawBufferPointer) -> Bool) -> Void

  /// `contents` as one piece.
  private static func pieces(of contents: String) -> Pieces {
    { write in
      var text = contents
      _ = text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }
  }

  /// Writes `contents` to a new temporary file next to `path`, flushes it to the disk, then
  /// renames it over `path`, so that readers (and a crash) see the old file or the new one,
  /// never a part. An existing file's permissions are kept. When any step fails, the
  /// temporary file is removed and `path` is as it was.
  private static func writeAtomically(
    _ contents: String, to path: String, using files: some FileOperations
  ) throws(StepFailure) {
    try writeAtomically(pieces(of: contents), to: path, using: files)
  }

  /// ``writeAtomically(_:to:using:)`` for text that comes in pieces, written one after
  /// another.
  private static func writeAtomically(
    _ pieces: Pieces, to path: String, using files: some FileOperations
  ) throws(StepFailure) {
    let mode = files.permissions(of: path) ?? 0o644
    let (temporary, descriptor) = try createTemporary(for: path, using: files)
    do throws(StepFailure) {
      try fill(descriptor, with: pieces, mode: mode, using: files)
      do {
        try files.rename(temporary, to: path)
      } catch {
        throw StepFailure(.rename, error)
      }
    } catch {
      var failure = error
      do {
        try files.remove(temporary)
      } catch let removal where removal.code != ENOENT {
        failure.leftover = (temporary, removal)
      } catch {}
      throw failure
    }
  }

  /// Writes all of the text to an open file, sets its permissions, flushes it, and closes
  /// it, even when a step before fails.
  private static func fill(
    _ descriptor: Int32, with pieces: Pieces, mode: mode_t, using files: some FileOperations
  ) throws(StepFailure) {
    var failure: StepFailure?
    do throws(StepFailure) {
      try writeAll(pieces, to: descriptor, using: files)
      do {
        try files.setPermissions(descriptor, mode)
      } catch {
        throw StepFailure(.setPermissions, error)
      }
      do {
        try files.synchronize(descriptor)
      } catch {
        throw StepFailure(.synchronize, error)
      }
    } catch {
      failure = error
    }
    do {
      try files.close(descriptor)
    } catch {
      if failure == nil { failure = StepFailure(.close, error) }
    }
    if let failure { throw failure }
  }

  /// Writes every piece, each in as many calls as it takes, until one cannot be written.
  private static func writeAll(
    _ pieces: Pieces, to descriptor: Int32, using files: some FileOperations
  ) throws(StepFailure) {
    var failure: SystemError?
    pieces { buffer in
      guard failure == nil else { return false }
      var offset = 0
      while offset < buffer.count {
        do throws(SystemError) {
          let written = try files.write(
            descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
          // A write that makes no progress would loop forever.
          guard written > 0 else {
            failure = SystemError(EIO)
            return false
          }
          offset += written
        } catch {
          failure = error
          return false
        }
      }
      return true
    }
    if let failure { throw StepFailure(.write, failure) }
  }
}

/// POSIX `read`, as `FileOperations` names the other system calls (`systemWrite`).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

/// The kind of files an output directory holds: Swift (`flowc generate`, `flowc tests`),
/// or YAML (`flowc tests --kind maestro`), whose header is the same line as a `#` comment.
package enum GeneratedFormat: Sendable {
  case swift
  case yaml

  /// The extension of every name written: `.swift`, `.yaml`.
  package var fileExtension: String {
    switch self {
    case .swift: ".swift"
    case .yaml: ".yaml"
    }
  }

  /// How the header line starts: `// Generated by flowc from `, `# Generated by flowc from `.
  package var headerPrefix: String {
    switch self {
    case .swift: SwiftGenerator.headerPrefix
    case .yaml: "#" + SwiftGenerator.headerPrefix.dropFirst(2)
    }
  }

  /// Whether `line` is the first line of a file of this format that flowc generated.
  func isHeader(_ line: Substring) -> Bool {
    switch self {
    case .swift: SwiftGenerator.isHeader(line)
    case .yaml: line.hasPrefix("# ") && SwiftGenerator.isHeader(Substring("//" + line.dropFirst()))
    }
  }
}
