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
      var handle = pthread_t()
      if pthread_create(&handle, nil, runThreadWork, work) == 0 {
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
  /// `body`'s result, computed on the caller while `background` runs on a thread of its own;
  /// returns when both are done.
  ///
  /// For work that waits on the system beside work that computes: `generate --output` writes
  /// one batch of files (each `fsync` waits for the disk) while it makes the next.
  package static func alongside<Result>(
    _ background: @escaping @Sendable () -> Void, _ body: () -> Result
  ) -> Result {
    let work = Unmanaged.passRetained(ThreadWork(background)).toOpaque()
    var handle = pthread_t()
    guard pthread_create(&handle, nil, runThreadWork, work) == 0 else {
      // No thread to be had: one after the other.
      Unmanaged<ThreadWork>.fromOpaque(work).takeRetainedValue().run()
      return body()
    }
    let result = body()
    pthread_join(handle, nil)
    return result
  }
}

/// The closure a thread of ``Parallel/onThreads(_:_:)`` or ``Parallel/alongside(_:_:)`` runs,
/// boxed to cross `pthread_create`.
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
