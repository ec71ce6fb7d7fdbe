import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowc init [DIR] [--target NAME]`: starts a project with a configuration file and a first
/// flow file that checks clean, where the build plugin reads it too (``InitLayout``: in a
/// SwiftPM package's target, else in `flows/`), and says what to do next. It never
/// overwrites anything: each file is created exclusively, and when one is already there (or
/// DIR has a configuration file under the other name) nothing is written.
enum InitCommand: Command {
  static let name = "init"
  static let summary = "Start a project: a configuration and a first flow file"

  /// The files it writes in `layout`, relative to DIR, and their text.
  static func files(_ layout: InitLayout) -> [(path: String, text: String)] {
    [
      (Configuration.defaultFileName, configuration(layout)),
      (layout.flowFile, "# yaml-language-server: $schema=\(layout.schema)\n" + firstFlow),
    ]
  }

  /// The configuration: where the flows are, and where severities go.
  static func configuration(_ layout: InitLayout) -> String {
    """
    # flowc's configuration for this folder and those below it (flowc's docs/configuration.md).
    include: [\(YAMLScalar.written(layout.include))]   # what 'flowc check', 'generate' and 'graph' read when given no path
    rules: {}         # a rule's severity: error, warning or off, such as 'unused-type: off'

    """
  }

  /// `--target NAME`.
  static let target = Option.single(
    "--target", "NAME",
    help: "In a SwiftPM package, the target whose folder (Sources/NAME) gets the flow file, "
      + "where the build plugin reads it. Default: the package's one target")

  /// A first flow: one coordinator, two screens, after the modeline that links the schema.
  static let firstFlow = """
    #
    # A first flow: one coordinator with two screens. Add screens under 'screens', the events
    # that lead between them under 'on', and coordinators beside 'App'.
    version: 1
    coordinators:
      App:
        doc: The coordinator the app starts with.
        entry: true
        start: Home
        screens:
          Home:
            doc: The first screen.
            on:
              showDetail: { push: Detail }
          Detail:
            doc: Shown above Home; the system's back button returns to it.

    """

  static let syntax = CommandSyntax(
    overview: "Start a flowc project in DIR: write '\(Configuration.defaultFileName)' and "
      + "'\(Inputs.defaultDirectory)/app.flow.yaml', then say what to do next.",
    positional: Positional(
      name: "DIR", help: "Where to start it (made if missing). Default: here", repeats: false),
    options: [target],
    discussion: "In a SwiftPM package (a Package.swift in DIR) the flow file goes in a "
      + "target's folder, Sources/NAME/app.flow.yaml, where the build plugin reads it, and the "
      + "configuration includes that folder; elsewhere it goes in "
      + "'\(Inputs.defaultDirectory)/'. Nothing is overwritten: when either file is already "
      + "there, or DIR has its configuration as '.flowc.yaml', nothing is written. The flow "
      + "file's first line links the JSON Schema for editors: in flowc's folder for a path "
      + "dependency on it, else where SwiftPM checks flowc (or FlowcPlugins) out.",
    exitStatuses: [
      (.success, "both files written"),
      (.failure, "a file is already there, or one could not be written"),
    ])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    guard parsed.positionals.count <= 1 else {
      throw UsageError("'flowc init' takes one DIR at most", command: name)
    }
    let directory = parsed.positionals.first ?? "."
    let prefix = directory == "." ? "" : (directory.hasSuffix("/") ? directory : directory + "/")
    let layout = try InitLayout.of(prefix: prefix, target: parsed.value(target))
    let files = files(layout)
    let operations = SystemFileOperations()
    // The output policy (``OutputPolicy``) judges both files before either is made: only
    // where nothing is, and a configuration file only where the directory has none.
    let judge = OutputPolicy().judge()
    for file in files {
      guard let refusal = judge.refusal(toWrite: prefix + file.path, as: .newFile) else {
        continue
      }
      let rule: String
      if case .otherConfiguration = refusal.reason {
        rule = "'flowc init' writes no second one"
      } else {
        rule = "'flowc init' never overwrites a file"
      }
      throw UsageError.input(
        "'\(refusal.path)' \(refusal.what); \(rule), so nothing was written")
    }
    var created: [String] = []
    do throws(UsageError) {
      for file in files {
        let path = prefix + file.path
        try makeParents(of: path, using: operations)
        try create(path, file.text, using: operations)
        created.append(path)
      }
    } catch {
      // Whatever this run made is taken back: a half-made project would only confuse.
      for path in created { try? operations.remove(path) }
      throw error
    }
    let enter = prefix.isEmpty ? "" : "  cd \(TerminalText.printable(directory))\n"
    let generate =
      layout.target.map { target in
        """
          swift build                 the build plugin generates the coordinators of
                                      Sources/\(TerminalText.printable(target)) (docs/plugins.md)
        """
      }
        ?? """
          flowc generate --output Sources/App/Flows
                                      write the Swift coordinators (or use the plugins)
        """
    result.output =
      created.map { "created \(TerminalText.printable($0))\n" }.joined() + """

        Next steps:
        \(enter)  flowc check                 check the flows: no problems in 1 file
          flowc graph -o flows.dot    draw them (then: dot -Tsvg -o flows.svg flows.dot)
          flowc check --watch         check again on every save, while you edit
        \(generate)

        """
  }

  /// Makes each missing directory above `path`.
  private static func makeParents(
    of path: String, using files: some FileOperations
  ) throws(UsageError) {
    var current = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/").dropLast() {
      current += component
      do {
        try files.makeDirectory(current)
      } catch  where error.code != EEXIST {
        throw UsageError.input("cannot create the directory '\(current)': \(error)")
      } catch {}
      current += "/"
    }
  }

  /// Creates `path` exclusively (never through a link, never over anything) with `text`.
  private static func create(
    _ path: String, _ text: String, using files: some FileOperations
  ) throws(UsageError) {
    let descriptor: Int32
    do {
      descriptor = try files.createFile(path)
    } catch  where error.code == EEXIST {
      throw UsageError.input(
        "'\(path)' is already there; 'flowc init' never overwrites a file")
    } catch {
      throw UsageError.input("cannot create '\(path)': \(error)")
    }
    var failure = Array(text.utf8).withUnsafeBytes { buffer -> SystemError? in
      var offset = 0
      while offset < buffer.count {
        do throws(SystemError) {
          let written = try files.write(
            descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
          // A write that makes no progress would loop for ever.
          guard written > 0 else { return SystemError(EIO) }
          offset += written
        } catch {
          return error
        }
      }
      return nil
    }
    if failure == nil {
      do throws(SystemError) { try files.setPermissions(descriptor, 0o644) } catch {
        failure = error
      }
    }
    do throws(SystemError) { try files.close(descriptor) } catch {
      if failure == nil { failure = error }
    }
    if let failure {
      try? files.remove(path)
      throw UsageError.input("cannot write '\(path)': \(failure)")
    }
  }
}
