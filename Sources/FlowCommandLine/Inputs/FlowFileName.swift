// The one definition of a flow file's name. The plugins compile this same file (each
// plugin's folder links to it: a plugin can depend on no library), so it imports nothing
// and declares nothing `package` or `public`.

/// The names of flow files: `*.flow.yaml` and `*.flow.yml`.
enum FlowFileName {
  /// The endings of a flow file's name.
  static let suffixes = [".flow.yaml", ".flow.yml"]

  /// The patterns, for messages and help: `*.flow.yaml, *.flow.yml`.
  static let patterns = suffixes.map { "*" + $0 }

  /// Whether `name` (a file name or a path) is that of a flow file.
  static func matches(_ name: String) -> Bool {
    suffixes.contains { name.hasSuffix($0) }
  }
}
