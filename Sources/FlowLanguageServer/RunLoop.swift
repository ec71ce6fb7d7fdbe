import FlowCore

/// Messages read on a thread of their own, handed to the server's thread in order, so
/// that the server can wait for the next message and for a due check at once.
///
/// It holds only the messages read and not yet handled, and few of them: the reader waits
/// while ``capacity`` messages, or more than ``byteBudget`` bytes of them, wait to be handled
/// (a message of any size is taken when none waits). An editor that sends edit after edit
/// faster than the server handles them is held back by its pipe, so however many edits come,
/// the server holds a few copies of a document at most, not one per edit.
package final class MessageQueue: @unchecked Sendable {
  /// The most messages that wait to be handled.
  package static let capacity = 8
  /// The most bytes of content that wait to be handled, unless one message alone is more.
  package static let byteBudget = 1 << 20

  private let condition = Condition()
  /// The messages read and not yet handled, in order: at most ``capacity``.
  private var frames: [FramedMessage] = []
  private var closed = false
  /// The content bytes of the messages that wait to be handled.
  package private(set) var retainedBytes = 0
  /// The most content bytes that ever waited at once.
  package private(set) var peakRetainedBytes = 0

  package init() {}

  /// Adds `frame` once there is room for it; `false` when the queue was closed (the server
  /// has stopped, and the frame is dropped).
  @discardableResult
  func post(_ frame: FramedMessage) -> Bool {
    let size = Self.size(of: frame)
    condition.lock()
    defer { condition.unlock() }
    while !closed, !frames.isEmpty,
      frames.count >= Self.capacity || retainedBytes + size > Self.byteBudget
    {
      condition.wait()
    }
    guard !closed else { return false }
    frames.append(frame)
    retainedBytes += size
    peakRetainedBytes = max(peakRetainedBytes, retainedBytes)
    condition.broadcast()
    return true
  }

  /// The next frame, waiting for one until `deadline` (for ever without one); `nil` when
  /// the deadline passed first.
  func next(until deadline: ContinuousClock.Instant?) -> FramedMessage? {
    condition.lock()
    defer { condition.unlock() }
    while frames.isEmpty {
      guard let deadline else {
        condition.wait()
        continue
      }
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return nil }
      condition.wait(for: left)
    }
    // At most `capacity` frames: removing the first moves a handful of references.
    let frame = frames.removeFirst()
    retainedBytes -= Self.size(of: frame)
    condition.broadcast()
    return frame
  }

  /// Drops what waits and every later frame: the server has stopped reading.
  func close() {
    condition.lock()
    closed = true
    frames = []
    retainedBytes = 0
    condition.broadcast()
    condition.unlock()
  }

  private static func size(of frame: FramedMessage) -> Int {
    if case .content(let bytes) = frame { return bytes.count }
    return 0
  }
}

/// The reader, moved to its thread once and used only there.
private final class ReaderBox: @unchecked Sendable {
  let reader: MessageReader
  init(_ reader: MessageReader) { self.reader = reader }
}

extension LanguageServer {
  /// Serves `reader`'s messages until `exit` or the end of the input; returns the exit
  /// status (0 after `shutdown`, 1 otherwise). `queue` carries them from the reading thread
  /// (a test gives its own to see what it held).
  package func run(_ reader: MessageReader, queue: MessageQueue = MessageQueue()) -> Int32 {
    let box = ReaderBox(reader)
    let started = Parallel.detach(stackSize: 1 << 22) {
      while true {
        let frame = box.reader.next()
        if !queue.post(frame) || frame == .end { return }
      }
    }
    // Without a thread to read on, nothing would ever be served.
    guard started else { return 1 }
    while exitStatus == nil {
      if let frame = queue.next(until: checkDue) {
        receive(frame)
      } else {
        checkIfDue()
      }
    }
    queue.close()
    return exitStatus ?? 1
  }
}
