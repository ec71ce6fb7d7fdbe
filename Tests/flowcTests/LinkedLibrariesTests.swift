import Foundation
import Testing

/// What `flowc` loads when it starts.
@Suite struct LinkedLibrariesTests {
  #if os(Linux)
    /// Foundation and its ICU data cost every run about 9 MB of memory (14 MB in all for a
    /// small check, against 23 MB with them; issue 35). The tests may use Foundation; `flowc`
    /// itself must not.
    @Test func flowcNeedsNoFoundation() throws {
      let readelf = URL(fileURLWithPath: "/usr/bin/readelf")
      try #require(
        FileManager.default.isExecutableFile(atPath: readelf.path), "binutils' readelf is needed")
      let dynamic = try run(readelf, ["--dynamic", flowcBinary.path])
      #expect(dynamic.status == 0, "\(dynamic.stderr)")
      // What it lists: the libraries the binary needs, libyaml always among them.
      #expect(dynamic.stdout.contains("libyaml"), "\(dynamic.stdout)")
      #expect(!dynamic.stdout.contains("Foundation"), "\(dynamic.stdout)")
    }
  #endif
}
