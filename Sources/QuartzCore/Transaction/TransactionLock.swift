import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The global, recursive lock behind `CATransaction.lock()` / `unlock()`.
///
/// Layer code takes it around every model read and write; callers may take it around several
/// mutations that must appear atomic to other threads. A thread may take it again while holding
/// it (each `lock()` needs one `unlock()`).
///
/// Built from a plain pthread mutex plus an owner word rather than a recursive pthread mutex (or
/// `NSRecursiveLock`) so that "does this thread hold it?" is answerable: an unmatched `unlock()`
/// is ignored with a warning instead of being undefined behaviour, and tests can check that
/// user code (completion blocks) never runs under the lock.
package final class TransactionLock: @unchecked Sendable {
    // @unchecked Sendable: `mutex` is only used through pthread calls, `owner` is atomic, and
    // `depth` is only read or written by the thread recorded in `owner` (while it holds `mutex`).

    /// The lock `CATransaction.lock()` takes.
    package static let shared = TransactionLock()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The holder's `pthread_t` as an integer; 0 when the lock is free (glibc never hands out 0).
    private let owner = Atomic<UInt>(0)
    /// How many times the owner has taken the lock without releasing it.
    private var depth = 0

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private static var currentThread: UInt { UInt(pthread_self()) }

    /// True when the calling thread holds the lock (at any depth).
    package var isHeldByCurrentThread: Bool {
        owner.load(ordering: .relaxed) == Self.currentThread
    }

    /// Takes the lock, waiting for other threads to release it; re-entrant on the same thread.
    package func lock() {
        let me = Self.currentThread
        // Only this thread can have stored `me`, so a relaxed read that sees it is reliable.
        if owner.load(ordering: .relaxed) == me {
            depth += 1
            return
        }
        pthread_mutex_lock(mutex)
        owner.store(me, ordering: .relaxed)
        depth = 1
    }

    /// Takes the lock if it is free or already held by this thread; never waits.
    package func tryLock() -> Bool {
        let me = Self.currentThread
        if owner.load(ordering: .relaxed) == me {
            depth += 1
            return true
        }
        guard pthread_mutex_trylock(mutex) == 0 else { return false }
        owner.store(me, ordering: .relaxed)
        depth = 1
        return true
    }

    /// Releases one level of the lock. Returns false (and changes nothing) when the calling thread
    /// does not hold it.
    @discardableResult
    package func unlock() -> Bool {
        guard owner.load(ordering: .relaxed) == Self.currentThread else { return false }
        depth -= 1
        if depth == 0 {
            owner.store(0, ordering: .relaxed)
            pthread_mutex_unlock(mutex)
        }
        return true
    }
}
