import Foundation

/// Messages read on a thread of their own, handed to the server's thread in order, so
/// that the server can wait for the next message and for a due check at once.
final class MessageQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var frames: [FramedMessage] = []
  private var head = 0

  func post(_ frame: FramedMessage) {
    condition.lock()
    frames.append(frame)
    condition.signal()
    condition.unlock()
  }

  /// The next frame, waiting for one until `deadline` (for ever without one); `nil` when
  /// the deadline passed first.
  func next(until deadline: ContinuousClock.Instant?) -> FramedMessage? {
    condition.lock()
    defer { condition.unlock() }
    while head == frames.count {
      guard let deadline else {
        condition.wait()
        continue
      }
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return nil }
      let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
      _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
    }
    let frame = frames[head]
    head += 1
    if head > 1024 && head * 2 > frames.count {
      frames.removeFirst(head)
      head = 0
    }
    return frame
  }
}

/// The reader, moved to its thread once and used only there.
private final class ReaderBox: @unchecked Sendable {
  let reader: MessageReader
  init(_ reader: MessageReader) { self.reader = reader }
}

extension LanguageServer {
  /// Serves `reader`'s messages until `exit` or the end of the input; returns the exit
  /// status (0 after `shutdown`, 1 otherwise).
  package func run(_ reader: MessageReader) -> Int32 {
    let queue = MessageQueue()
    let box = ReaderBox(reader)
    let thread = Thread {
      while true {
        let frame = box.reader.next()
        queue.post(frame)
        if frame == .end { return }
      }
    }
    thread.stackSize = 1 << 22
    thread.start()
    while exitStatus == nil {
      if let frame = queue.next(until: checkDue) {
        receive(frame)
      } else {
        checkIfDue()
      }
    }
    return exitStatus ?? 1
  }
}
