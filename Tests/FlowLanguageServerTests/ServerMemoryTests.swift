import FlowCore
import Testing

@testable import FlowLanguageServer

/// Bytes served from memory in reads of at most 64 KiB, as a pipe gives them.
private final class PipeBytes: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func read(upTo count: Int) -> [UInt8] {
    let end = min(bytes.count, offset + min(count, 1 << 16))
    defer { offset = end }
    return Array(bytes[offset..<end])
  }
}

/// What the server keeps while an editor sends it edit after edit (issue 27): the messages
/// it has handled are let go, and the messages read ahead of the one it handles are few, so
/// its memory stays within a few copies of the open documents however many edits come.
@Suite struct ServerMemoryTests {
  private func message(_ members: [String: JSON]) -> [UInt8] {
    framed(JSON.object(members.merging(["jsonrpc": .string("2.0")]) { $1 }).serialized)
  }

  @Test func fullTextEditsAreNotKeptOnceHandled() {
    // A document of 64 KiB, sent whole by each of 200 edits: 12.8 MiB in all.
    let line = "# " + String(repeating: "x", count: 61) + "\n"
    let text = "version: 1\n" + String(repeating: line, count: 1024)
    let uri = JSON.string("file:///work/a.flow.yaml")
    var input = message([
      "id": .integer(1), "method": .string("initialize"),
      "params": .object(["capabilities": .object([:])]),
    ])
    input += message(["method": .string("initialized"), "params": .object([:])])
    input += message([
      "method": .string("textDocument/didOpen"),
      "params": .object([
        "textDocument": .object([
          "uri": uri, "languageId": .string("yaml"), "version": .integer(1), "text": .string(text),
        ])
      ]),
    ])
    let edits = 200
    for version in 2..<(edits + 2) {
      input += message([
        "method": .string("textDocument/didChange"),
        "params": .object([
          "textDocument": .object(["uri": uri, "version": .integer(version)]),
          "contentChanges": .array([.object(["text": .string(text)])]),
        ]),
      ])
    }
    input += message(["id": .integer(2), "method": .string("shutdown")])
    input += message(["method": .string("exit")])
    let queue = MessageQueue()
    let server = LanguageServer(
      output: CollectedOutput(), workspace: NoFiles(), debounce: .seconds(60))
    let status = server.run(MessageReader(PipeBytes(input)), queue: queue)
    #expect(status == 0)
    let edit = text.utf8.count
    #expect(
      queue.retainedBytes == 0,
      "the queue still holds \(queue.retainedBytes) bytes, \(queue.retainedBytes / edit) edits")
    #expect(
      queue.peakRetainedBytes <= 1 << 20,
      "the queue held \(queue.peakRetainedBytes) bytes at most, \(queue.peakRetainedBytes / edit) edits"
    )
    #expect(server.documents.count == 1)
  }
}
