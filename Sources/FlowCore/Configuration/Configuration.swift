/// How a run is configured: severities per rule and which paths to read. Read from
/// `.flowc.yml` (or `.flowc.yaml`) in the working directory or the nearest directory above
/// it, or the file given with `--config`, then adjusted by `--severity` options.
///
/// ```yaml
/// rules:
///   cannot-finish: error      # error, warning, or off
///   unused-type: off
/// include: [flows, Sources/App/Flows]   # read when no PATH is given (default: flows)
/// exclude: ["flows/drafts/**", "**/*.draft.flow.yaml"]
/// children: removed-on-finish           # coordinators written by hand (default: generated)
/// ```
public struct Configuration: Sendable {
  /// What a rule is set to.
  public enum Setting: String, Sendable, CaseIterable {
    /// Its findings are errors.
    case error
    /// Its findings are warnings.
    case warning
    /// It reports nothing.
    case off
  }

  /// The rules set to something other than their default.
  public var settings: [RuleID: Setting] = [:]
  /// The paths read when no PATH is given.
  public var include: [String] = []
  /// Glob patterns of files to skip when a directory is searched (`flowc` matches them).
  public var exclude: [String] = []
  /// Who removes a child coordinator that the user leaves (`children`; spec section 8,
  /// "Hand-written coordinators").
  public var children = ChildRemoval.generated

  public init() {}

  /// The name of the configuration file looked for in the working directory and the
  /// directories above it.
  public static let defaultFileName = ".flowc.yml"

  /// Every name the configuration file may have: ``defaultFileName`` and `.flowc.yaml`, as
  /// a flow file may end in `.yml` or `.yaml`. One directory may hold only one of them.
  public static let fileNames = [defaultFileName, ".flowc.yaml"]

  /// `finding` with its configured severity, or `nil` when its rule is off.
  public func apply(to finding: Finding) -> Finding? {
    switch settings[finding.rule] {
    case nil: return finding
    case .off: return nil
    case .error?, .warning?:
      var adjusted = finding
      adjusted.severity = settings[finding.rule] == .error ? .error : .warning
      return adjusted
    }
  }

  /// Whether `rule` is off.
  public func isOff(_ rule: RuleID) -> Bool { settings[rule] == .off }

  /// Sets a rule from `ID=LEVEL` text, as given to `--severity`.
  package mutating func set(_ assignment: String) throws(ConfigurationError) {
    let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2 else {
      throw ConfigurationError(
        "'--severity' takes RULE=LEVEL, such as 'cannot-finish=error', "
          + "not '\(assignment)'")
    }
    settings[try Self.rule(parts[0], at: nil)] = try Self.setting(parts[1], at: nil)
  }

  /// Reads a configuration file.
  public static func load(_ path: String) throws(ConfigurationError) -> Configuration {
    let contents: FileSystem.Contents
    do {
      contents = try FileSystem.read(path, limit: 1 << 20)
    } catch {
      throw ConfigurationError("cannot read configuration \(error)")
    }
    guard case .bytes(let bytes) = contents else {
      throw ConfigurationError("\(path): larger than 1 MiB")
    }
    return try parse(SourceFile(path: path, bytes: bytes))
  }

  /// Reads a configuration from text.
  public static func parse(_ file: SourceFile) throws(ConfigurationError) -> Configuration {
    var findings = Findings()
    let document = YAMLParser.parse(file, findings: &findings)
    if let problem = findings.all.first {
      throw ConfigurationError(at: problem.range, problem.message)
    }
    var configuration = Configuration()
    guard case .document(let tree, let root) = document else { return configuration }
    func range(_ node: YAMLNode) -> SourceRange {
      SourceRange(file: file.path, start: tree.start(of: node), end: tree.end(of: node))
    }
    guard tree.kind(of: root) == .mapping else {
      throw ConfigurationError(at: range(root), "the configuration must be a mapping")
    }
    let keys = ["rules", "include", "exclude", "children"]
    var seen: Set<String> = []
    for (keyNode, value) in tree.pairs(of: root) {
      let at = range(keyNode)
      guard let key = tree.text(of: keyNode), keys.contains(key) else {
        let text = tree.text(of: keyNode) ?? "?"
        throw ConfigurationError(
          at: at,
          "unknown key '\(text)'; expected " + MappingReader.list(keys)
            + Suggestion.didYouMean(text, in: keys))
      }
      guard seen.insert(key).inserted else {
        throw ConfigurationError(at: at, "duplicate key '\(key)'")
      }
      if tree.isNull(value) { continue }
      switch key {
      case "rules":
        guard tree.kind(of: value) == .mapping else {
          throw ConfigurationError(
            at: range(value), "'rules' must map rule ids to error, warning or off")
        }
        for (rule, level) in tree.pairs(of: value) {
          let id = try Self.rule(tree.text(of: rule) ?? "", at: range(rule))
          configuration.settings[id] = try Self.setting(
            tree.text(of: level) ?? "", at: range(level))
        }
      case "children":
        let text = tree.kind(of: value) == .scalar ? tree.text(of: value) ?? "" : ""
        guard let removal = ChildRemoval(rawValue: text) else {
          let names = ChildRemoval.allCases.map(\.rawValue)
          throw ConfigurationError(
            at: range(value),
            "'children' is " + MappingReader.list(names) + Suggestion.didYouMean(text, in: names))
        }
        configuration.children = removal
      default:
        guard tree.kind(of: value) == .sequence else {
          throw ConfigurationError(at: range(value), "'\(key)' must be a list of paths")
        }
        var list: [String] = []
        for item in tree.items(of: value) {
          guard let text = tree.text(of: item), !tree.isNull(item) else {
            throw ConfigurationError(at: range(item), "'\(key)' must be a list of paths")
          }
          list.append(text)
        }
        if key == "include" { configuration.include = list } else { configuration.exclude = list }
      }
    }
    return configuration
  }

  private static func rule(_ text: String, at range: SourceRange?) throws(ConfigurationError)
    -> RuleID
  {
    let id = RuleID(rawValue: text)
    guard RuleRegistry.rule(id) == nil else { return id }
    let known = RuleRegistry.ids.map(\.rawValue)
    throw ConfigurationError(
      at: range, "unknown rule '\(text)'" + Suggestion.didYouMean(text, in: known))
  }

  private static func setting(_ text: String, at range: SourceRange?) throws(ConfigurationError)
    -> Setting
  {
    guard let setting = Setting(rawValue: text) else {
      throw ConfigurationError(
        at: range,
        "'\(text)' is not a severity; expected error, warning or off"
          + Suggestion.didYouMean(text, in: Setting.allCases.map(\.rawValue)))
    }
    return setting
  }
}

/// Who removes a child coordinator that the user leaves with the system's back or swipe
/// (the configuration's `children`; spec section 8, "Hand-written coordinators").
public enum ChildRemoval: String, Sendable, CaseIterable {
  /// The generated code: it removes a left child itself, so the user's own back and swipe
  /// leak nothing. The default.
  case generated
  /// The app's hand-written coordinators, which remove a child only when it finishes (the
  /// classic leak of the pattern): the user's own back and swipe leaving a child without
  /// `leave` are checked like written `pop` and `dismiss` actions (`back-leak`).
  case removedOnFinish = "removed-on-finish"
}

/// A configuration that cannot be used: exit status 2, with what and where.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
  /// What is wrong, with the file, line and column when it comes from a file.
  public var description: String

  init(_ message: String) {
    description = message
  }

  init(at range: SourceRange?, _ message: String) {
    guard let range else {
      description = message
      return
    }
    description = "\(range.file):\(range.start.line):\(range.start.column): \(message)"
  }
}
