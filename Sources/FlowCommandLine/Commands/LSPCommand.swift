import FlowCore
import FlowLanguageServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowc lsp`: runs the language server on standard input and output until the editor
/// says `exit` or closes the stream.
enum LSPCommand: Command {
  static let name = "lsp"
  static let summary = "Run the language server (LSP over standard input and output)"

  static let syntax = CommandSyntax(
    overview: "Run the language server: LSP 3.17 over standard input and output, with the "
      + "findings of every rule as diagnostics as you type. The workspace's flow files and "
      + "configuration are found as 'flowc check' run in the workspace's root finds them.",
    positional: Inputs.paths,
    options: [Inputs.config, Inputs.severity],
    exitStatuses: [
      (.success, "'exit' after 'shutdown'"),
      (.findings, "'exit' without 'shutdown', or the input closed first"),
    ])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    // A relative --config is relative to where flowc was started, not to the workspace.
    var config = parsed.value(Inputs.config)
    if let given = config, !given.hasPrefix("/"), let here = WorkingDirectory.path() {
      config = here + "/" + given
    }
    let workspace = CommandLineWorkspace(options: parsed, config: config, invocation: invocation)
    let server = LanguageServer(output: StandardOutput(), workspace: workspace)
    let status = server.run(MessageReader(StandardInput()))
    result.status = status == 0 ? .success : .findings
  }
}

/// The workspace as `flowc check` sees it from the workspace's root: the configuration
/// found there or above (or `--config`), then the PATH arguments, the configuration's
/// `include`, or `flows/`, with its `exclude`; with none of those, the whole root.
struct CommandLineWorkspace: WorkspaceProvider {
  let options: ParsedOptions
  /// The `--config` file, absolute.
  let config: String?
  let invocation: Invocation

  func discover(root: String) -> WorkspaceDiscovery {
    guard chdir(root) == 0 else {
      return WorkspaceDiscovery(
        paths: [], configuration: Configuration(),
        problem: "flowc: cannot enter the workspace root '\(TerminalText.printable(root))'")
    }
    var here = invocation
    here.environment["PWD"] = root
    let file: ConfigurationFile?
    var configuration = Configuration()
    do throws(UsageError) {
      if let config {
        file = ConfigurationFile(config)
      } else {
        file = try ConfigurationFile.find()
      }
      configuration = try Inputs.configuration(options, file)
    } catch {
      return WorkspaceDiscovery(
        paths: [], configuration: configuration,
        problem: "flowc: \(TerminalText.printable(error.message))")
    }
    // No paths, no `include` and no flows/: the whole workspace is searched instead.
    let whole =
      options.positionals.isEmpty && configuration.include.isEmpty
      && FileSystem.kind(of: Inputs.defaultDirectory) != .directory
    let inputs: [FlowInput]
    do throws(UsageError) {
      inputs = try Inputs.collect(
        whole ? ["."] : options.positionals, here, configuration, file, command: LSPCommand.name)
    } catch {
      // A workspace with no flow files at all is no problem: only what is opened counts.
      return WorkspaceDiscovery(
        paths: [], configuration: configuration,
        problem: whole ? nil : "flowc: \(TerminalText.printable(error.message))")
    }
    let paths = inputs.compactMap { input -> String? in
      guard case .path(let path) = input else { return nil }
      return path.hasPrefix("/") ? path : (root == "/" ? "/" : root + "/") + path
    }
    return WorkspaceDiscovery(paths: paths, configuration: configuration)
  }

  func isFlowFile(_ path: String) -> Bool {
    FlowFileName.matches(String(path.split(separator: "/").last ?? ""))
  }
}
