#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Commits what exiting threads left open, on a thread of its own.
///
/// A thread's slot destructor runs after libdispatch has torn down that thread's state; a commit
/// made there (which asks the main queue whether it is current, and may post to it) brought
/// libdispatch's state back to life, and glibc then tore it down a second time: a double free
/// of its continuation cache when a worker thread of Swift concurrency exited. So the destructor
/// only hands the stack over (pthread calls and an array append), and this thread commits it.
final class OrphanedTransactions: @unchecked Sendable {
    // @unchecked Sendable: `stacks` is only touched with `mutex` held.
    static let shared = OrphanedTransactions()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let arrived: UnsafeMutablePointer<pthread_cond_t>
    private var stacks: [TransactionStack] = []
    private var started = false
    /// Stacks handed over and committed so far (for tests).
    private(set) var committed = 0

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        arrived = .allocate(capacity: 1)
        arrived.initialize(to: pthread_cond_t())
        pthread_cond_init(arrived, nil)
    }

    /// Hands `stack` (left open by an exiting thread) over to be committed.
    func adopt(_ stack: TransactionStack) {
        pthread_mutex_lock(mutex)
        stacks.append(stack)
        if !started { started = startThread() }
        let running = started
        pthread_cond_signal(arrived)
        pthread_mutex_unlock(mutex)
        // No thread could be started: commit here, as before (the rare failure is a leak or worse).
        if !running { stack.commitOrphaned() }
    }

    /// How many stacks have been committed, read with the lock held.
    var committedCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return committed
    }

    private func startThread() -> Bool {
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        return pthread_create(&thread, &attributes, { _ in
            OrphanedTransactions.shared.run()
            return nil
        }, nil) == 0
    }

    /// Waits for stacks and commits them, for the life of the process.
    private func run() {
        while true {
            pthread_mutex_lock(mutex)
            while stacks.isEmpty { pthread_cond_wait(arrived, mutex) }
            let stack = stacks.removeFirst()
            pthread_mutex_unlock(mutex)
            stack.commitOrphaned()
            pthread_mutex_lock(mutex)
            committed += 1
            pthread_mutex_unlock(mutex)
        }
    }
}
