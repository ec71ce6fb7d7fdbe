#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's working directory, which relative paths on the command line start from.
enum WorkingDirectory {
  /// Its absolute path, or `nil` if it cannot be read.
  static func path() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
