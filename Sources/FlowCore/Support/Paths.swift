/// Path arithmetic on text, for the paths outputs and generated headers name.
package enum Paths {
  /// `path` relative to `directory` (an absolute path), without `.` components, repeated
  /// slashes or a trailing slash: the same text however the user spelled the path.
  /// Names that are not paths (`<stdin>`) are returned as they are.
  package static func relative(_ path: String, to directory: String) -> String {
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

  /// `path` as every output names it (spec section 9): relative to `workingDirectory` (an
  /// absolute path) when it is inside it, absolute when it is outside, without a leading
  /// `./`, `.` or `..` components, repeated or trailing slashes, however it was typed, so
  /// that `d`, `./d`, `d/`, `/cwd/d` and `x/../d` are one spelling. `..` is applied to the
  /// text: through a symbolic link it need not mean the folder above, so a caller that
  /// reads the file checks that both spellings name it. Names that are not paths
  /// (`<stdin>`) are returned as they are.
  package static func display(_ path: String, in workingDirectory: String) -> String {
    guard !path.hasPrefix("<"), !path.isEmpty else { return path }
    let target = components(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    let base = components(workingDirectory)
    guard target.count >= base.count, target.starts(with: base) else {
      return "/" + target.joined(separator: "/")
    }
    let inside = target.dropFirst(base.count)
    return inside.isEmpty ? "." : inside.joined(separator: "/")
  }

  /// `path` without a leading `./`, `.` components, repeated or trailing slashes, `..` kept
  /// as written: ``display(_:in:)`` for when the working directory is not known, or a
  /// spelling with `..` does not name the same file as the same path without it.
  package static func display(_ path: String) -> String {
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
