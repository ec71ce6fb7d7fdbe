import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one rule for every file flowc writes: `check --output` and `--write-baseline`,
/// `graph --output`, `generate --output` and `--output-file`, `init`, and the flow files
/// `check --fix` rewrites. Each asks it before anything is written, and writes nothing when
/// it refuses a path.
///
/// - **Never a file the run reads.** A flow file, the configuration in effect or the
///   baseline read is known by its device and inode, with links followed, so that a path
///   spelt with `..`, a symbolic link to it and a hard link to it are each the same file.
///   `--fix` rewrites flow files on purpose, and `--write-baseline` may replace the
///   baseline `--baseline` read (how a baseline is shrunk); nothing else replaces either.
/// - **Only a regular file, or nothing.** A symbolic link (even one that leads to a regular
///   file, or nowhere), a FIFO, a device, a socket or a directory at the path is refused:
///   nothing is written through it, and it is not replaced. The path is looked at with
///   `lstat` and never opened, so no FIFO or device can block or swallow the write.
/// - **No configuration by accident.** No report, drawing or generated file is written
///   under a configuration file's name (`.flowc.yml`, `.flowc.yaml`), which every later
///   run in its directory would read; `init` writes one only where its directory has none.
///
/// The writing itself (a temporary file created exclusively beside the path, then renamed
/// over it) is ``OutputDirectory``'s.
package struct OutputPolicy: Sendable {
  /// What a file the run reads is to it.
  package enum Role: Sendable {
    /// A flow file of the module.
    case flowFile
    /// The configuration in effect: `--config`, or `.flowc.yml` or `.flowc.yaml` found.
    case configuration
    /// The baseline of `--baseline`.
    case baseline

    /// How messages name a file of this role.
    var name: String {
      switch self {
      case .flowFile: "the flow file"
      case .configuration: "the configuration file"
      case .baseline: "the baseline"
      }
    }
  }

  /// What a file is written as, which decides what may be at its path.
  package enum Purpose: Sendable {
    /// A report, drawing or generated Swift: written over nothing, or over a regular file
    /// the run does not read, never under a configuration file's name.
    case output
    /// A baseline (`--write-baseline`): an output like a report. It never replaces the
    /// baseline the run reads with `--baseline`: writing the baseline again is a run that
    /// does not read it.
    case baseline
    /// A flow file rewritten in place (`check --fix`): a regular file, never the
    /// configuration or the baseline read.
    case fixedFlowFile
    /// A file made new (`init`): only where nothing is, and a configuration file only in a
    /// directory that has none.
    case newFile

    /// Whether a file of `role` may be written as this.
    func mayReplace(_ role: Role) -> Bool {
      switch (self, role) {
      case (.fixedFlowFile, .flowFile): true
      default: false
      }
    }
  }

  /// The files the run reads, as it named them.
  private var reads: [(path: String, role: Role)] = []

  package init() {}

  /// Records that the run reads `path` as `role`. Standard input (`<stdin>`) and files
  /// read from git (`REV:path`) are not files here, and are not given.
  package mutating func read(_ path: String, as role: Role) {
    reads.append((path, role))
  }

  /// Why `path` must not be written as `purpose`, or `nil` when it may be.
  package func refusal(toWrite path: String, as purpose: Purpose) -> Refusal? {
    judge().refusal(toWrite: path, as: purpose)
  }

  /// The policy with the identity of every file read looked up once, for judging many
  /// paths: O(files read) to make, then O(1) per path.
  package func judge() -> Judge {
    var identities: [FileIdentity: (path: String, role: Role)] = [:]
    for (path, role) in reads {
      var info = stat()
      guard stat(path, &info) == 0 else { continue }
      let identity = FileIdentity(info)
      // The first role wins: a flow file that is also the configuration is named as read
      // first, the configuration.
      if identities[identity] == nil { identities[identity] = (path, role) }
    }
    return Judge(identities: identities)
  }

  /// A device and inode: one file however a path spells it.
  fileprivate struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }
  }

  /// The policy, ready to judge paths (``OutputPolicy/judge()``).
  package struct Judge: Sendable {
    fileprivate var identities: [FileIdentity: (path: String, role: Role)]

    /// Why `path` must not be written as `purpose`, or `nil` when it may be. Looks at the
    /// path (`lstat`, `stat`) and opens nothing.
    package func refusal(toWrite path: String, as purpose: Purpose) -> Refusal? {
      var info = stat()
      guard lstat(path, &info) == 0 else {
        guard errno == ENOENT else {
          return Refusal(path, .unreadable(SystemError(errno)))
        }
        return refusalByName(path, purpose)
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        if case .newFile = purpose { return Refusal(path, .existing) }
        if let read = identities[FileIdentity(info)], !purpose.mayReplace(read.role) {
          return Refusal(path, .read(read.role, read.path))
        }
        return refusalByName(path, purpose)
      case S_IFLNK:
        var target = stat()
        guard stat(path, &target) == 0 else { return Refusal(path, .danglingLink) }
        // Named when it is another path than the link's own (a flow file read through it).
        let read = identities[FileIdentity(target)].flatMap { $0.path == path ? nil : $0 }
        return Refusal(path, .link(leadingTo: read.map { ($0.role, $0.path) }))
      case S_IFDIR: return Refusal(path, .notRegular("a directory"))
      case S_IFIFO: return Refusal(path, .notRegular("a FIFO (named pipe)"))
      case S_IFCHR: return Refusal(path, .notRegular("a character device"))
      case S_IFBLK: return Refusal(path, .notRegular("a block device"))
      case S_IFSOCK: return Refusal(path, .notRegular("a socket"))
      default: return Refusal(path, .notRegular("something other than a file"))
      }
    }

    /// Why a file named `path` must not be written as `purpose` for its name: a
    /// configuration file's name.
    private func refusalByName(_ path: String, _ purpose: Purpose) -> Refusal? {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      guard Configuration.fileNames.contains(name) else { return nil }
      switch purpose {
      case .output, .baseline:
        return Refusal(path, .configurationName)
      case .newFile:
        let folder = String(path.dropLast(name.utf8.count))
        for other in Configuration.fileNames where other != name {
          var info = stat()
          if lstat(folder + other, &info) == 0 {
            return Refusal(folder + other, .otherConfiguration)
          }
        }
        return nil
      case .fixedFlowFile:
        return nil
      }
    }

    /// Why the directory `path` must not be written into (`generate --output DIR`), or
    /// `nil`: a symbolic link there that leads nowhere, which writing would either fail
    /// on or make real somewhere else. A link to a directory is a directory to write into;
    /// what else is there (a file, a FIFO) is not a directory, which writing says.
    package func refusal(toWriteInto path: String) -> Refusal? {
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
        stat(path, &info) != 0
      else { return nil }
      return Refusal(path, .danglingLink)
    }
  }
}

/// Why the output policy will not write a path: what is there, in a sentence that names it.
package struct Refusal: Error, Sendable, CustomStringConvertible {
  /// What is at the path, or what the path is to the run.
  package enum Reason: Sendable {
    /// A symbolic link; when it leads to a file the run reads, that file.
    case link(leadingTo: (role: OutputPolicy.Role, path: String)?)
    /// A symbolic link that leads nowhere.
    case danglingLink
    /// Something that is not a regular file: "a FIFO (named pipe)".
    case notRegular(String)
    /// A file the run reads, as it named it.
    case read(OutputPolicy.Role, String)
    /// A name a configuration file has.
    case configurationName
    /// A file already there, where a new one was to be made.
    case existing
    /// The other configuration file of a directory where one was to be made.
    case otherConfiguration
    /// `lstat` failed other than with "no such file".
    case unreadable(SystemError)
  }

  /// The path refused, as the command was given it.
  package var path: String
  /// Why.
  package var reason: Reason

  init(_ path: String, _ reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// What is at the path: "is a FIFO (named pipe), not a regular file".
  package var what: String {
    switch reason {
    case .link(let read?):
      "is a symbolic link (to \(read.role.name) '\(read.path)', which "
        + "this run reads)"
    case .link(nil): "is a symbolic link"
    case .danglingLink: "is a symbolic link that leads to no file"
    case .notRegular(let kind): "is \(kind), not a regular file"
    case .read(let role, let path):
      "is \(role.name) '\(path)', which this run reads"
    case .configurationName:
      "is named as a configuration file, which every later run in its directory would read"
    case .existing: "is already there"
    case .otherConfiguration: "is already the configuration file of its directory"
    case .unreadable(let error): "cannot be looked at: \(error)"
    }
  }

  /// What to do instead.
  package var advice: String {
    switch reason {
    case .link, .danglingLink, .notRegular:
      "flowc writes only a regular file or a new one, never through a link, FIFO or device"
    case .read, .configurationName: "name another file"
    case .existing, .otherConfiguration, .unreadable: "nothing was written"
    }
  }

  /// The path, what is there, and what to do.
  package var description: String {
    "'\(path)' \(what); \(advice)"
  }
}
