import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `flowc generate` would do to its output directory, worked out before anything is
/// written, so that a conflict stops the run before it changes any file.
package struct OutputPlan: Sendable {
  /// One file to write or delete.
  package struct Change: Sendable {
    /// What happens to the file.
    package enum Kind: String, Sendable {
      /// A new file.
      case create
      /// A generated file whose text changes.
      case update
      /// A generated file of a coordinator or types that no longer exist.
      case delete
    }

    /// What happens.
    package var kind: Kind
    /// The file, as the user named the directory: `Generated/AuthCoordinator.swift`.
    package var path: String
    /// Where the bytes go, or what is deleted: the same path, or the file a symbolic link
    /// inside the directory points to.
    var target: String
    /// The new text; `nil` for a deletion.
    var contents: String?
  }

  /// The files that change, deletions first, then by name.
  package var changes: [Change] = []
  /// How many generated files are already up to date.
  package var unchanged = 0
  /// Why the directory cannot be written as planned: files flowc did not generate where it
  /// would write, links out of the directory, names that differ only in case.
  package var conflicts: [String] = []
  /// The directory, which does not exist yet when `false`.
  var directoryExists = true
}

/// Plans and makes the changes to an output directory.
///
/// The contract (spec section 9): a file whose first line is not a generated header is
/// never overwritten or deleted; unchanged files are not rewritten, so their modification
/// time stays; a file is replaced atomically (written to a temporary file in the same
/// directory, then renamed over it); generated files that are no longer generated are
/// deleted; nothing is written through a symbolic link that leads out of the directory.
/// When the system refuses a change (a read-only file system, a full disk), that file is
/// left as it was, without a temporary file beside it, and every other change is still made.
package enum OutputDirectory {
  /// Generated files are at most this large; a larger file is not one of ours.
  static let sizeLimit = 256 << 20

  /// Works out what writing `files` into `directory` changes.
  package static func plan(
    _ files: [GeneratedFile], in directory: String
  ) throws(FileSystemError) -> OutputPlan {
    var plan = OutputPlan()
    var byFolded: [String: String] = [:]
    for file in files {
      let folded = file.name.lowercased()
      if let other = byFolded[folded], other != file.name {
        plan.conflicts.append(
          "'\(other)' and '\(file.name)' differ only in case, so they would be one file on a "
            + "case-insensitive file system; rename one of the coordinators")
      }
      byFolded[folded] = file.name
    }
    switch FileSystem.kind(of: directory) {
    case nil:
      plan.directoryExists = false
      plan.changes = files.sorted { $0.name < $1.name }.map { file in
        let path = join(directory, file.name)
        return OutputPlan.Change(kind: .create, path: path, target: path, contents: file.contents)
      }
      return plan
    case .directory:
      break
    case .file, .other:
      throw FileSystemError(path: directory, reason: "is not a directory")
    }
    let root = try realPath(directory)
    let generated = Set(files.map(\.name))

    // Stale generated files first: on a case-insensitive file system a stale file can be
    // the very file a new name writes, so deletions go before writes.
    var deletedFolded = Set<String>()
    for name in try entries(of: directory) where !generated.contains(name) {
      guard name.hasSuffix(".swift"), !name.hasPrefix(".") else { continue }
      let path = join(directory, name)
      guard let target = try regularFile(at: path, inside: root),
        case .generated = try status(of: target, comparedWith: nil)
      else { continue }
      plan.changes.append(.init(kind: .delete, path: path, target: path, contents: nil))
      deletedFolded.insert(name.lowercased())
    }

    var writes: [OutputPlan.Change] = []
    for file in files.sorted(by: { $0.name < $1.name }) {
      let path = join(directory, file.name)
      var info = stat()
      guard lstat(path, &info) == 0 else {
        guard errno == ENOENT else { throw FileSystemError(path: path, errno: errno) }
        writes.append(.init(kind: .create, path: path, target: path, contents: file.contents))
        continue
      }
      guard let target = try regularFile(at: path, inside: root) else {
        plan.conflicts.append(refusal(for: path, info))
        continue
      }
      let rewrite = deletedFolded.contains(file.name.lowercased())
      switch try status(of: target, comparedWith: file.contents) {
      case .foreign:
        plan.conflicts.append(
          "'\(path)' was not generated by flowc (its first line is not "
            + "'\(SwiftGenerator.headerPrefix)…'); flowc leaves it alone: move it away or "
            + "choose another output directory")
      case .same where !rewrite:
        plan.unchanged += 1
      case .same, .generated:
        writes.append(.init(kind: .update, path: path, target: target, contents: file.contents))
      }
    }
    plan.changes += writes
    return plan
  }

  /// Works out what writing one file of generated text at `path` changes, for
  /// `generate --output-file`. The same contract holds for that one file; other files in its
  /// directory are never looked at, so nothing is deleted.
  package static func plan(
    single contents: String, at path: String
  ) throws(FileSystemError) -> OutputPlan {
    var plan = OutputPlan()
    let directory = folder(of: path)
    switch FileSystem.kind(of: directory) {
    case nil:
      plan.directoryExists = false
      plan.changes = [.init(kind: .create, path: path, target: path, contents: contents)]
      return plan
    case .directory:
      break
    case .file, .other:
      throw FileSystemError(path: directory, reason: "is not a directory")
    }
    var info = stat()
    guard lstat(path, &info) == 0 else {
      guard errno == ENOENT else { throw FileSystemError(path: path, errno: errno) }
      plan.changes = [.init(kind: .create, path: path, target: path, contents: contents)]
      return plan
    }
    let root = try realPath(directory)
    guard let target = try regularFile(at: path, inside: root) else {
      plan.conflicts.append(refusal(for: path, info))
      return plan
    }
    switch try status(of: target, comparedWith: contents) {
    case .foreign:
      plan.conflicts.append(
        "'\(path)' was not generated by flowc (its first line is not "
          + "'\(SwiftGenerator.headerPrefix)…'); flowc leaves it alone: move it away or "
          + "choose another output file")
    case .same:
      plan.unchanged = 1
    case .generated:
      plan.changes = [.init(kind: .update, path: path, target: target, contents: contents)]
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
    let outcomes = ResultSlots<StepFailure?>(count: changes.count)
    // Deletions first, one by one: on a case-insensitive file system a deleted
    // `Old.swift` must be gone before `OLD.swift` is written.
    let writes = changes.indices.filter { changes[$0].contents != nil }
    for index in changes.indices where changes[index].contents == nil {
      outcomes.store(make(index), at: index)
    }
    let threads = min(max(1, writers), writes.count)
    Parallel.onThreads(threads) { thread in
      for position in stride(from: thread, to: writes.count, by: threads) {
        outcomes.store(make(writes[position]), at: writes[position])
      }
    }
    var failures = outcomes.results()
    // Files written side by side share the disk's free space: one refused for space beside
    // the others may fit alone. Each is tried once more, one at a time, so that a full disk
    // refuses the same files as writing them one after another would.
    if threads > 1 {
      for index in writes where failures[index].map({ isOutOfSpace($0.error) }) ?? false {
        failures[index] = make(index)
      }
    }
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
    return report
  }

  /// Whether the system refused for want of space (`ENOSPC`, or `EDQUOT` over a quota).
  private static func isOutOfSpace(_ error: SystemError) -> Bool {
    error.code == ENOSPC || error.code == EDQUOT
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
    of path: String, comparedWith contents: String?
  ) throws(FileSystemError) -> Status {
    guard case .bytes(let bytes) = try FileSystem.read(path, limit: sizeLimit) else {
      return .foreign
    }
    let firstLine = bytes.prefix { $0 != UInt8(ascii: "\n") }
    guard SwiftGenerator.isHeader(Substring(decoding: firstLine, as: UTF8.self)) else {
      return .foreign
    }
    guard let contents else { return .generated }
    return bytes.elementsEqual(contents.utf8) ? .same : .generated
  }

  /// The regular file `path` names: itself, or where a symbolic link inside `root` leads;
  /// `nil` when it is something else, or a link that leads out of `root` or nowhere.
  private static func regularFile(
    at path: String, inside root: String
  ) throws(FileSystemError) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw FileSystemError(path: path, errno: errno) }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      return path
    case S_IFLNK:
      guard let target = try? realPath(path), isInside(target, root),
        FileSystem.kind(of: target) == .file
      else { return nil }
      return target
    default:
      return nil
    }
  }

  private static func refusal(for path: String, _ info: stat) -> String {
    guard info.st_mode & S_IFMT == S_IFLNK else {
      return "'\(path)' is not a regular file; flowc leaves it alone"
    }
    return "'\(path)' is a symbolic link that leads out of the output directory or to no file; "
      + "flowc does not write through it"
  }

  private static func isInside(_ path: String, _ root: String) -> Bool {
    root == "/" ? path.hasPrefix("/") : path.hasPrefix(root + "/")
  }

  private static func realPath(_ path: String) throws(FileSystemError) -> String {
    guard let resolved = realpath(path, nil) else {
      throw FileSystemError(path: path, errno: errno)
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The names in `directory`, without `.` and `..`.
  private static func entries(of directory: String) throws(FileSystemError) -> [String] {
    guard let handle = opendir(directory) else {
      throw FileSystemError(path: directory, errno: errno)
    }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
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

  /// Where the text of `path` is written before it is renamed over `path`: a hidden file
  /// in the same directory, named after the file and this process.
  static func temporaryPath(for path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return "\(folder).\(name).flowc-\(getpid()).tmp"
  }

  /// Writes `contents` to a temporary file next to `path`, flushes it to the disk, then
  /// renames it over `path`, so that readers (and a crash) see the old file or the new one,
  /// never a part. An existing file's permissions are kept. When any step fails, the
  /// temporary file is removed and `path` is as it was.
  private static func writeAtomically(
    _ contents: String, to path: String, using files: some FileOperations
  ) throws(StepFailure) {
    let temporary = temporaryPath(for: path)
    let mode = files.permissions(of: path) ?? 0o644
    let descriptor: Int32
    do {
      descriptor = try files.createFile(temporary)
    } catch {
      throw StepFailure(.createTemporary, error)
    }
    do throws(StepFailure) {
      try fill(descriptor, with: contents, mode: mode, using: files)
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

  /// Writes all of `contents` to an open file, sets its permissions, flushes it, and closes
  /// it, even when a step before fails.
  private static func fill(
    _ descriptor: Int32, with contents: String, mode: mode_t, using files: some FileOperations
  ) throws(StepFailure) {
    var failure: StepFailure?
    do throws(StepFailure) {
      try writeAll(contents, to: descriptor, using: files)
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

  private static func writeAll(
    _ contents: String, to descriptor: Int32, using files: some FileOperations
  ) throws(StepFailure) {
    var failure: SystemError?
    var text = contents
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        do throws(SystemError) {
          let written = try files.write(
            descriptor, UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[offset...])))
          // A write that makes no progress would loop forever.
          guard written > 0 else {
            failure = SystemError(EIO)
            return
          }
          offset += written
        } catch {
          failure = error
          return
        }
      }
    }
    if let failure { throw StepFailure(.write, failure) }
  }
}

/// What ``OutputDirectory/apply(_:in:using:writers:)`` did.
package struct OutputReport: Sendable {
  /// The changes made, in the plan's order.
  package var done: [OutputPlan.Change] = []
  /// The changes that could not be made, in the plan's order; each file is as it was.
  package var failures: [OutputFailure] = []
}

/// A change to an output directory that could not be made. The file is as it was: a
/// file that was to be created does not exist, one to be updated or deleted has its old
/// text, and no temporary file is left (unless ``leftover`` says otherwise).
package struct OutputFailure: Error, Sendable, CustomStringConvertible {
  /// What flowc was doing when the system refused.
  package enum Step: String, Sendable {
    /// Making the output directory (or one of its parents).
    case makeDirectory = "creating the directory"
    /// Creating the temporary file the text is written to.
    case createTemporary = "creating a temporary file"
    /// Writing the text to the temporary file.
    case write = "writing a temporary file"
    /// Giving the temporary file the permissions of the file it replaces.
    case setPermissions = "setting a temporary file's permissions"
    /// Flushing the temporary file to the disk.
    case synchronize = "flushing a temporary file to the disk"
    /// Closing the temporary file.
    case close = "closing a temporary file"
    /// Renaming the temporary file over the file.
    case rename = "renaming a temporary file over it"
    /// Deleting a generated file that is no longer generated.
    case delete = "deleting it"
  }

  /// The change that failed.
  package var kind: OutputPlan.Change.Kind
  /// The file (or, for ``Step/makeDirectory``, the output directory), as the user named it.
  package var path: String
  /// The step that failed.
  package var step: Step
  /// Why, in the system's words.
  package var reason: SystemError
  /// A temporary file that could not be removed after the failure, and why.
  package var leftover: (path: String, reason: SystemError)?

  package var description: String {
    var text: String
    switch step {
    case .makeDirectory:
      text = "cannot create the directory '\(path)': \(reason); nothing was written"
    case .delete:
      text = "cannot delete '\(path)': \(reason); it is kept"
    default:
      let outcome = kind == .create ? "it was not created" : "it keeps its old text"
      text = "cannot \(kind.rawValue) '\(path)': \(reason) (\(step.rawValue)); \(outcome)"
    }
    if let leftover {
      text +=
        "; the temporary file '\(leftover.path)' could not be removed (\(leftover.reason)): "
        + "delete it"
    }
    return text
  }
}
