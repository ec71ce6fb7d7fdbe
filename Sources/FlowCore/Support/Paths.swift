/// Path arithmetic on text, for the paths generated headers name.
public enum Paths {
  /// `path` relative to `directory` (an absolute path), without `.` components, repeated
  /// slashes or a trailing slash: the same text however the user spelled the path.
  /// Names that are not paths (`<stdin>`) are returned as they are.
  public static func relative(_ path: String, to directory: String) -> String {
    guard !path.hasPrefix("<") else { return path }
    let absolute = path.hasPrefix("/") ? path : directory + "/" + path
    let target = components(absolute)
    let base = components(directory)
    var common = 0
    while common < min(target.count, base.count) && target[common] == base[common] {
      common += 1
    }
    let parts = Array(repeating: "..", count: base.count - common) + target[common...]
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  /// `path` as outputs name it: without a leading `./`, `.` components, repeated or
  /// trailing slashes, however it was typed, so that `d`, `./d` and `d/` are one spelling
  /// (spec section 9). `..` is kept as written, since through a symbolic link it need not
  /// mean the folder above. An absolute path stays absolute: the build plugin names its
  /// files so, and build logs need absolute paths to link a finding to its file. Names that
  /// are not paths (`<stdin>`) are returned as they are.
  public static func display(_ path: String) -> String {
    guard !path.hasPrefix("<"), !path.isEmpty else { return path }
    let joined = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// The components of an absolute path, with `.` dropped and `..` applied.
  private static func components(_ path: String) -> [String] {
    var parts: [String] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(String(part))
      }
    }
    return parts
  }
}
