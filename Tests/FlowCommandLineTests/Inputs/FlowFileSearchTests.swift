import FlowCommandLine
import FlowCore
import Foundation
import Testing

/// The search of a directory named on the command line for flow files.
@Suite struct FlowFileSearchTests {
  @Test func findsFlowFilesAtAnyDepthSortedWithoutHiddenOnes() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowc-search-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for path in [
      "b.flow.yml", "a/c.flow.yaml", "a/notes.yaml", "a/d.flow.yaml.bak", ".hidden/e.flow.yaml",
      "a/.f.flow.yaml",
    ] {
      let file = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("version: 1\n".utf8).write(to: file)
    }
    let found = try FlowFileSearch.files(under: root.path)
    #expect(found == [root.path + "/a/c.flow.yaml", root.path + "/b.flow.yml"])
  }

  @Test func aFlowFileNameEndsInFlowYAMLOrFlowYML() {
    #expect(FlowFileSearch.isFlowFile("app.flow.yaml"))
    #expect(FlowFileSearch.isFlowFile("dir/app.flow.yml"))
    #expect(!FlowFileSearch.isFlowFile("app.yaml"))
    #expect(!FlowFileSearch.isFlowFile("app.flow.yaml.orig"))
  }

  @Test func aMissingDirectoryIsAnError() {
    #expect(throws: FileSystemError.self) {
      try FlowFileSearch.files(under: "/nonexistent-flowc-\(UUID().uuidString)")
    }
  }
}
