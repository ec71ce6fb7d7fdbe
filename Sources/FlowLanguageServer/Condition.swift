#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutex and a condition variable over POSIX threads: what ``MessageQueue`` waits on.
///
/// Foundation's `NSCondition` did this before; the language server was the only user of
/// Foundation in `flowc`, and loading Foundation (and its ICU data) cost every run of
/// `flowc` about 9 MB of memory and the time to map it.
final class Condition: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deinitialize(count: 1)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }

  func unlock() { pthread_mutex_unlock(mutex) }

  /// Waits, the mutex held, until another thread broadcasts.
  func wait() { pthread_cond_wait(condition, mutex) }

  /// Waits, the mutex held, until another thread broadcasts or about `duration` has
  /// passed (the system clock's time: a caller that must not wait past a deadline checks
  /// its own clock again, as ``MessageQueue/next(until:)`` does).
  func wait(for duration: Duration) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let (seconds, attoseconds) = duration.components
    let nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
    var deadline = timespec()
    // A day at most: the caller waits again for what is left.
    deadline.tv_sec = now.tv_sec + Int(min(max(seconds, 0), 86_400)) + nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    _ = pthread_cond_timedwait(condition, mutex, &deadline)
  }

  func broadcast() { pthread_cond_broadcast(condition) }
}
