import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's working directory, which relative paths on the command line start from
/// and which outputs name paths from (spec section 9).
enum WorkingDirectory {
  /// Its absolute path with links resolved, or `nil` if it cannot be read.
  static func path() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Its absolute names: first the shell's (`PWD`, which keeps the links the user went
  /// through, so that `$PWD/flows` is inside it) when it names this directory, then
  /// ``path()``.
  static func names(_ environment: [String: String]) -> [String] {
    var names: [String] = []
    if let shell = environment["PWD"], shell.hasPrefix("/"), FileSystem.isSame(shell, as: ".") {
      names.append(shell)
    }
    if let physical = path(), !names.contains(physical) { names.append(physical) }
    return names
  }

  /// The path typed as `typed` as outputs name it: relative to the working directory when
  /// inside it, absolute otherwise, one spelling however it was typed (`d`, `./d`, `d/`,
  /// `$PWD/d`, `x/../d`). A spelling whose `..` does not lead where the text says (a `..`
  /// after a link) is named by where it leads, its links resolved.
  static func display(_ typed: String, _ environment: [String: String]) -> String {
    let plain = Paths.display(typed)
    let names = names(environment)
    for name in names {
      let candidate = Paths.display(typed, in: name)
      if candidate == plain || FileSystem.isSame(candidate, as: typed) { return candidate }
    }
    guard let resolved = resolved(typed), let physical = names.last else { return plain }
    return Paths.display(resolved, in: physical)
  }

  /// `path` absolute with every link resolved, or `nil` if it leads nowhere.
  private static func resolved(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }
}
