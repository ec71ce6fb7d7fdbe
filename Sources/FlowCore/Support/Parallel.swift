import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs independent work on all cores, with results in a stable order so that output stays
/// byte-for-byte deterministic.
package enum Parallel {
  /// The number of cores online.
  static let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

  /// `transform` of each index in `0..<count`, in index order. Work is split into chunks of
  /// at least `minimumChunk` indices; below two chunks it runs on the calling thread, so
  /// small inputs pay nothing for threads.
  static func map<Result: Sendable>(
    count: Int, minimumChunk: Int, _ transform: @Sendable (Int) -> Result
  ) -> [Result] {
    let chunks = min(count / max(1, minimumChunk), cores * 4)
    guard chunks >= 2 else { return (0..<count).map(transform) }
    // Each chunk initializes its own part of the one result array: no array per chunk to
    // join afterwards, which held every result twice at once.
    return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
      let base = SendablePointer(buffer.baseAddress)
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        guard let base = base.pointer else { return }
        for index in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
          (base + index).initialize(to: transform(index))
        }
      }
      initialized = count
    }
  }
}

/// A pointer handed to the chunks of ``Parallel/map(count:minimumChunk:_:)``, each of which
/// writes only its own disjoint range.
private struct SendablePointer<Pointee>: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<Pointee>?

  init(_ pointer: UnsafeMutablePointer<Pointee>?) { self.pointer = pointer }
}

extension Parallel {
  /// `0..<count` cut into consecutive ranges of at least `minimumChunk` indices, a few per
  /// core (one range when `count` is small).
  static func ranges(count: Int, minimumChunk: Int) -> [Range<Int>] {
    let chunks = max(1, min(count / max(1, minimumChunk), cores * 4))
    return (0..<chunks).map { chunk in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) }
  }
}

/// `transform` applied to each element, on all cores when there is more than one element.
func parallelMap<Element: Sendable, Result: Sendable>(
  _ elements: [Element], _ transform: @Sendable (Element) -> Result
) -> [Result] {
  guard elements.count > 1 else { return elements.map(transform) }
  let slots = ResultSlots<Result>(count: elements.count)
  DispatchQueue.concurrentPerform(iterations: elements.count) { index in
    slots.store(transform(elements[index]), at: index)
  }
  return slots.results()
}

/// Storage that concurrent tasks fill, each at its own index, before anyone reads it.
///
/// Each index is written by exactly one task into memory allocated up front, so the tasks
/// share nothing and need no lock; `concurrentPerform` returns only when all are done.
package final class ResultSlots<Result: Sendable>: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Result?>

  package init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    _ = slots.deinitialize()
    slots.deallocate()
  }

  package func store(_ result: Result, at index: Int) {
    slots[index] = result
  }

  package func results() -> [Result] {
    slots.compactMap { $0 }
  }
}

extension Parallel {
  /// Runs `body(thread)` for each thread in `0..<threads` on threads of its own, and returns
  /// when all are done; one thread runs on the caller.
  ///
  /// For work that waits on the system rather than computes (each `fsync` of a generated
  /// file waits for the disk): `concurrentPerform` runs no more threads than there are cores,
  /// while the disk serves many waiting writers about as fast as one.
  package static func onThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    guard threads > 1 else {
      if threads == 1 { body(0) }
      return
    }
    var started: [pthread_t] = []
    for thread in 1..<threads {
      let work = Unmanaged.passRetained(ThreadWork { body(thread) }).toOpaque()
      if let handle = startThread(nil, work) {
        started.append(handle)
      } else {
        // No thread to be had: do its share here.
        Unmanaged<ThreadWork>.fromOpaque(work).takeRetainedValue().run()
      }
    }
    body(0)
    for handle in started { pthread_join(handle, nil) }
  }
}

extension Parallel {
  /// Starts `body` on a thread of its own, with a stack of `stackSize` bytes, and returns
  /// without waiting for it; `false` when no thread could be made.
  package static func detach(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let work = Unmanaged.passRetained(ThreadWork(body)).toOpaque()
    guard startThread(&attributes, work) != nil else {
      Unmanaged<ThreadWork>.fromOpaque(work).release()
      return false
    }
    return true
  }

  /// `body`'s result, computed on the caller while `background` runs on a thread of its own;
  /// returns when both are done.
  ///
  /// For work that waits on the system beside work that computes: `generate --output` writes
  /// one batch of files (each `fsync` waits for the disk) while it makes the next.
  package static func alongside<Result>(
    _ background: @escaping @Sendable () -> Void, _ body: () -> Result
  ) -> Result {
    let work = Unmanaged.passRetained(ThreadWork(background)).toOpaque()
    guard let handle = startThread(nil, work) else {
      // No thread to be had: one after the other.
      Unmanaged<ThreadWork>.fromOpaque(work).takeRetainedValue().run()
      return body()
    }
    let result = body()
    pthread_join(handle, nil)
    return result
  }
}

/// Starts a thread that runs the ``ThreadWork`` at `work` (and releases it); its handle, or
/// `nil` when no thread could be made (then `work` is the caller's to run or release).
/// Glibc's `pthread_t` is an integer, Darwin's a pointer that may be null.
private func startThread(
  _ attributes: UnsafePointer<pthread_attr_t>?, _ work: UnsafeMutableRawPointer
) -> pthread_t? {
  #if canImport(Glibc)
    var handle = pthread_t()
  #else
    var handle: pthread_t?
  #endif
  return pthread_create(&handle, attributes, runThreadWork, work) == 0 ? handle : nil
}

/// The closure a thread of ``Parallel/onThreads(_:_:)``, ``Parallel/detach(stackSize:_:)`` or
/// ``Parallel/alongside(_:_:)`` runs, boxed to cross `pthread_create`.
private final class ThreadWork {
  let run: () -> Void

  init(_ run: @escaping () -> Void) {
    self.run = run
  }
}

#if canImport(Glibc)
  private func runThreadWork(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    if let pointer { Unmanaged<ThreadWork>.fromOpaque(pointer).takeRetainedValue().run() }
    return nil
  }
#else
  private func runThreadWork(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadWork>.fromOpaque(pointer).takeRetainedValue().run()
    return nil
  }
#endif
