import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `--watch` watches after one run: the directories that hold the flow files read, the
/// directories named on the command line and the configuration's directory, and in them the
/// names that matter (flow files and configuration files). Directories are watched rather
/// than files because editors save by writing a new file and renaming it over the old one.
package struct WatchPlan: Sendable, Equatable {
  /// The directories, each once, in order.
  package private(set) var directories: [String] = []
  /// The names (without a directory) of configuration files to notice, besides flow files.
  package private(set) var configurationNames: Set<String> = Set(Configuration.fileNames)

  package init() {}

  /// Watches the directory that holds the flow file `file`.
  mutating func addFile(_ file: String) {
    guard file != "<stdin>" else { return }
    addDirectory(Self.split(file).directory)
  }

  /// Watches the configuration file `path`, whatever its name.
  mutating func addConfiguration(_ path: String) {
    let (directory, name) = Self.split(path)
    addDirectory(directory)
    configurationNames.insert(name)
  }

  /// A path's directory (`.` when it has none) and last component.
  private static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }

  /// Watches `directory` itself.
  mutating func addDirectory(_ directory: String) {
    if !directories.contains(directory) { directories.append(directory) }
  }

  /// Whether a change to the entry `name` of a watched directory calls for a new run.
  func matters(_ name: String) -> Bool {
    FlowFileName.matches(name) || configurationNames.contains(name)
  }
}

/// How `--watch` learns of changes: ``InotifyWatcher`` on Linux, ``PollingWatcher``
/// elsewhere (or with `FLOWC_WATCH=poll`, as the tests run it).
protocol ChangeWatcher {
  /// Waits until a change that matters, or until `interrupt` (a descriptor) is readable, or
  /// until `timeout` milliseconds pass (`-1`: no limit), and says which came first.
  mutating func waitForChange(interrupt: Int32, timeout: Int32) -> WatchEvent
  /// Releases what it holds (its descriptor).
  mutating func close()
}

/// What a wait for a change ended with.
enum WatchEvent {
  /// Something that matters changed.
  case changed
  /// The wait ran out.
  case timedOut
  /// The process was asked to stop (SIGINT, SIGTERM).
  case interrupted
}

/// Waits until `interrupt` is readable or `timeout` milliseconds pass, also watching
/// `descriptor` when there is one; which became readable.
private func waitReadable(_ descriptor: Int32?, interrupt: Int32, timeout: Int32) -> (
  ready: Bool, interrupted: Bool
) {
  var fds = [pollfd(fd: interrupt, events: Int16(POLLIN), revents: 0)]
  if let descriptor { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
  while true {
    let count = poll(&fds, nfds_t(fds.count), timeout)
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { return (false, false) }
    if fds[0].revents != 0 { return (false, true) }
    return (fds.count > 1 && fds[1].revents != 0, false)
  }
}

#if os(Linux)
  /// Changes seen through inotify: one descriptor, a watch on each planned directory.
  struct InotifyWatcher: ChangeWatcher {
    private var descriptor: Int32
    private let plan: WatchPlan

    // The events of `inotify(7)` that can change what a run reads.
    private static let modify: UInt32 = 0x0000_0002
    private static let attributes: UInt32 = 0x0000_0004
    private static let closeWrite: UInt32 = 0x0000_0008
    private static let movedFrom: UInt32 = 0x0000_0040
    private static let movedTo: UInt32 = 0x0000_0080
    private static let create: UInt32 = 0x0000_0100
    private static let delete: UInt32 = 0x0000_0200
    private static let deleteSelf: UInt32 = 0x0000_0400
    private static let moveSelf: UInt32 = 0x0000_0800
    private static let overflow: UInt32 = 0x0000_4000
    private static let isDirectory: UInt32 = 0x4000_0000
    private static let mask =
      modify | attributes | closeWrite | movedFrom | movedTo | create | delete | deleteSelf
      | moveSelf

    /// Watches the plan's directories; `nil` when inotify is not available.
    init?(_ plan: WatchPlan) {
      descriptor = inotify_init1(O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      self.plan = plan
      for directory in plan.directories {
        // A directory that cannot be watched (gone, unreadable) is left out.
        _ = inotify_add_watch(descriptor, directory, Self.mask)
      }
    }

    mutating func waitForChange(interrupt: Int32, timeout: Int32) -> WatchEvent {
      while true {
        let (ready, interrupted) = waitReadable(
          descriptor, interrupt: interrupt, timeout: timeout)
        if interrupted { return .interrupted }
        guard ready else { return .timedOut }
        if drain() { return .changed }
      }
    }

    /// Reads every pending event; whether one matters.
    private func drain() -> Bool {
      var matters = false
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return matters }
        var offset = 0
        // Each event: wd (4 bytes), mask (4), cookie (4), len (4), then len bytes of name.
        while offset + 16 <= count {
          let mask = Self.word(buffer, offset + 4)
          let length = Int(Self.word(buffer, offset + 12))
          let nameEnd = min(offset + 16 + length, count)
          let nameBytes = buffer[(offset + 16)..<nameEnd].prefix { $0 != 0 }
          let name = String(decoding: nameBytes, as: UTF8.self)
          if mask & (Self.overflow | Self.deleteSelf | Self.moveSelf | Self.isDirectory) != 0
            || plan.matters(name)
          {
            matters = true
          }
          offset = nameEnd
        }
      }
    }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
      UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
        | UInt32(bytes[offset + 3]) << 24
    }

    mutating func close() {
      guard descriptor >= 0 else { return }
      _ = Glibc.close(descriptor)
      descriptor = -1
    }
  }
#endif

/// Changes seen by looking: every `interval` milliseconds, the planned directories' flow and
/// configuration files (name, size, modification time, inode) are compared with the last look.
struct PollingWatcher: ChangeWatcher {
  private let plan: WatchPlan
  private let interval: Int32
  private var last: [String: [Int]]

  init(_ plan: WatchPlan, interval: Int32) {
    self.plan = plan
    self.interval = interval
    last = Self.look(plan)
  }

  mutating func waitForChange(interrupt: Int32, timeout: Int32) -> WatchEvent {
    var waited: Int32 = 0
    while true {
      let step = timeout < 0 ? interval : min(interval, timeout - waited)
      if waitReadable(nil, interrupt: interrupt, timeout: max(step, 0)).interrupted {
        return .interrupted
      }
      let now = Self.look(plan)
      if now != last {
        last = now
        return .changed
      }
      waited += step
      if timeout >= 0 && waited >= timeout { return .timedOut }
    }
  }

  /// What the planned directories hold that matters, by path.
  private static func look(_ plan: WatchPlan) -> [String: [Int]] {
    var seen: [String: [Int]] = [:]
    for directory in plan.directories {
      guard let stream = opendir(directory) else {
        seen[directory] = []
        continue
      }
      defer { closedir(stream) }
      while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard plan.matters(name) else { continue }
        var info = stat()
        let path = directory + "/" + name
        guard stat(path, &info) == 0 else { continue }
        #if canImport(Darwin)
          let modified = info.st_mtimespec
        #else
          let modified = info.st_mtim
        #endif
        seen[path] = [
          Int(info.st_size), Int(modified.tv_sec), Int(modified.tv_nsec), Int(info.st_ino),
        ]
      }
    }
    return seen
  }

  mutating func close() {}
}

/// The loop of `--watch`: after the first run, waits for a change, lets the changes settle
/// (``settle`` milliseconds without another), runs the same command line again and prints
/// what it prints, until SIGINT or SIGTERM, then exits 0.
///
/// Each run gives the next plan, so files and directories that appear are watched from the
/// next run on; a run that fails (a broken configuration) keeps the last plan. The watcher
/// of the last plan stays open while the next run reads the files: a change made during
/// the run is seen there, and the command runs again at once.
enum WatchLoop {
  /// How long changes must stop before a new run, in milliseconds: an editor's save is
  /// several events, a `git checkout` many.
  static let settle: Int32 = 150

  /// What standard error says after each run.
  static let notice = "flowc: watching for changes; press Ctrl-C to stop\n"

  /// Prints the `first` run's result, then runs the loop; `emit` prints one run's result.
  /// Everything the loop holds is set up before the first result is printed, so that what
  /// is open once it says it is watching stays the same from run to run.
  static func run(
    _ invocation: Invocation, first: CommandResult, emit: (CommandResult) -> Void
  ) -> Never {
    let interrupt = SignalPipe.install()
    let polls = invocation.environment["FLOWC_WATCH"] == "poll"
    var plan = first.watch ?? WatchPlan()
    var watcher = makeWatcher(plan, polling: polls)
    var shown = first
    shown.errors += notice
    emit(shown)
    var pending = false
    while true {
      if !pending {
        guard case .changed = watcher.waitForChange(interrupt: interrupt, timeout: -1) else {
          break
        }
      }
      // Let the burst of events settle.
      var stopped = false
      settling: while true {
        switch watcher.waitForChange(interrupt: interrupt, timeout: settle) {
        case .changed: continue
        case .timedOut: break settling
        case .interrupted:
          stopped = true
          break settling
        }
      }
      if stopped { break }
      var result = FlowCommandLine.run(invocation)
      result.errors += notice
      emit(result)
      plan = result.watch ?? plan
      var next = makeWatcher(plan, polling: polls)
      // Anything seen while the command ran calls for another run at once.
      switch watcher.waitForChange(interrupt: interrupt, timeout: 0) {
      case .changed: pending = true
      case .timedOut: pending = false
      case .interrupted:
        next.close()
        watcher.close()
        exit(0)
      }
      watcher.close()
      watcher = next
    }
    watcher.close()
    exit(0)
  }

  private static func makeWatcher(_ plan: WatchPlan, polling: Bool) -> any ChangeWatcher {
    #if os(Linux)
      if !polling, let watcher = InotifyWatcher(plan) { return watcher }
    #endif
    return PollingWatcher(plan, interval: 100)
  }
}

/// SIGINT and SIGTERM, turned into a byte on a pipe that the watch loop waits on with its
/// other descriptors: a signal handler may do little more than `write`.
private enum SignalPipe {
  /// The pipe's write end, for the handler; set once, before the handlers are installed.
  nonisolated(unsafe) static var writeEnd: Int32 = -1

  /// Makes the pipe, installs the handlers, and returns the read end.
  static func install() -> Int32 {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return -1 }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    writeEnd = ends[1]
    signal(SIGINT, handleSignal)
    signal(SIGTERM, handleSignal)
    // A process may start with them blocked (Foundation's `Process` passes on its thread's
    // mask): then they would never arrive and nothing could stop the loop.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    return ends[0]
  }
}

/// Writes one byte to the signal pipe: async-signal-safe.
private func handleSignal(_: Int32) {
  var byte: UInt8 = 1
  _ = write(SignalPipe.writeEnd, &byte, 1)
}
