import FlowCore

/// The flow files at a revision of the git repository here, read through `git` itself
/// (`flowc diff --git REV`): `git rev-parse` checks the revision, `git ls-tree` lists what
/// is under each path at it, `git cat-file` reads each file, all run as programs with
/// arguments, never through a shell.
///
/// Under each path the files are those `flowc check` would read there (``FlowFileName``,
/// without hidden entries or what the configuration excludes); a path that names a file is
/// read whatever its name. Each is named `REV:path`, the path relative to the working
/// directory as `git` gives it, so that a place in the old module says where it was.
enum GitRevision {
  /// The flow files under `paths` at `revision`.
  static func inputs(
    at revision: String, under paths: [String], configuration: Configuration,
    file: ConfigurationFile?
  ) throws(UsageError) -> [FlowInput] {
    guard !revision.isEmpty, !revision.hasPrefix("-") else {
      throw UsageError(
        "'\(revision)' is not a revision: --git takes a commit, branch or tag", command: "diff")
    }
    let verified = try git(
      ["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"],
      limit: 4096)
    guard verified.status == 0 else {
      let reason = verified.firstErrorLine.isEmpty ? "" : " (git: \(verified.firstErrorLine))"
      throw UsageError.input(
        "'\(revision)' is not a commit of the git repository here\(reason)")
    }
    let commit = String(decoding: verified.stdout, as: UTF8.self).filter { !$0.isWhitespace }
    let limit = YAMLLimits.standard.maxFileSize
    var inputs: [FlowInput] = []
    var seen: Set<String> = []
    for path in paths {
      let listing = try git(["ls-tree", "-r", "-z", "-l", commit, "--", path], limit: 1 << 28)
      guard listing.status == 0 else {
        throw UsageError.input("cannot list '\(path)' at \(revision): \(listing.firstErrorLine)")
      }
      let entries = listing.stdout.split(separator: 0).compactMap(Entry.init)
      guard !entries.isEmpty else {
        throw UsageError.input("no such file or directory: '\(path)' at \(revision)")
      }
      let found = entries.filter { entry in
        entry.path == path
          || (FlowFileName.matches(entry.path) && !entry.isHidden(under: path)
            && isKept(entry.path, configuration, file))
      }
      guard !found.isEmpty else {
        let patterns = FlowFileName.patterns.joined(separator: ", ")
        throw UsageError.input("no flow files (\(patterns)) under '\(path)' at \(revision)")
      }
      // A name that is not UTF-8 cannot be spelt exactly: two such names could read as one
      // (`a\xFE`, `a\xFF`), and one file would stand for both.
      if let inexact = found.first(where: { !$0.isUTF8 }) {
        throw UsageError.input(
          "cannot read '\(revision):"
            + "\(TerminalText.decoding(inexact.pathBytes))': its name is not UTF-8, so "
            + "flowc cannot name it exactly; rename it")
      }
      for entry in found where seen.insert(entry.path).inserted {
        let name = "\(revision):\(entry.path)"
        guard entry.type == "blob", entry.mode != "120000" else {
          throw UsageError.input(
            "cannot read '\(name)': it is a \(entry.mode == "120000" ? "symbolic link" : entry.type) "
              + "at that revision, not a file")
        }
        guard entry.size <= limit else {
          throw UsageError.input(
            "cannot read '\(name)': it is larger than the limit of \(limit) bytes")
        }
        let blob = try git(["cat-file", "blob", entry.object], limit: limit + 4096)
        guard blob.status == 0, !blob.exceededLimit else {
          throw UsageError.input("cannot read '\(name)': \(blob.firstErrorLine)")
        }
        inputs.append(.source(SourceFile(path: name, bytes: blob.stdout)))
      }
    }
    return inputs
  }

  /// One line of `git ls-tree -l -z`: `MODE TYPE OBJECT SIZE<TAB>PATH`.
  private struct Entry {
    var mode: String
    var type: String
    var object: String
    var size: Int
    /// The path as text; where ``isUTF8`` is false, with U+FFFD for the bytes that are not.
    var path: String
    /// The path's bytes, as git gave them.
    var pathBytes: ArraySlice<UInt8>
    /// Whether ``path`` spells ``pathBytes`` exactly.
    var isUTF8: Bool

    init?(_ line: ArraySlice<UInt8>) {
      guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
      let fields = line[..<tab].split(separator: UInt8(ascii: " ")).map {
        String(decoding: $0, as: UTF8.self)
      }
      guard fields.count == 4 else { return nil }
      mode = fields[0]
      type = fields[1]
      object = fields[2]
      size = Int(fields[3]) ?? 0
      pathBytes = line[(tab + 1)...]
      path = String(decoding: pathBytes, as: UTF8.self)
      isUTF8 = path.utf8.elementsEqual(pathBytes)
    }

    /// Whether a directory search under `root` skips it: a name below `root` that starts
    /// with `.`, as ``FlowFileSearch`` skips hidden entries.
    func isHidden(under root: String) -> Bool {
      var rest = Substring(path)
      let prefix = root.hasSuffix("/") ? root : root + "/"
      if root != ".", rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
      return rest.split(separator: "/").contains { $0.hasPrefix(".") && $0 != "." && $0 != ".." }
    }
  }

  /// Whether the configuration keeps `path` (its `exclude` globs are relative to its
  /// directory, as for a directory search).
  private static func isKept(
    _ path: String, _ configuration: Configuration, _ file: ConfigurationFile?
  ) -> Bool {
    guard !configuration.exclude.isEmpty else { return true }
    let relative = file?.relative(path) ?? path
    return !configuration.exclude.contains { Glob.matches($0, relative) }
  }

  /// Runs `git` with `arguments`, turning a git that cannot be run into a clear error.
  private static func git(_ arguments: [String], limit: Int) throws(UsageError)
    -> Subprocess.Output
  {
    let output: Subprocess.Output
    do {
      output = try Subprocess.run("git", arguments, limit: limit)
    } catch {
      throw UsageError.input("cannot run git: \(error.reason)")
    }
    if output.exceededLimit {
      throw UsageError.input("git printed more than \(limit) bytes for '\(arguments[0])'")
    }
    return output
  }
}
