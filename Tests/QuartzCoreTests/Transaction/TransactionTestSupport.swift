import StrataRender
import Foundation
import QuartzCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

// Helpers for the transaction tests: a participant that records its commits, a one-shot signal
// with a timeout, and ways to run code on a fresh thread or on the main queue.

/// The calling thread's id.
func currentThreadID() -> UInt { UInt(pthread_self()) }

/// A participant that records each commit it takes part in.
final class RecordingParticipant: TransactionCommitting, Sendable {
    struct Commit: Sendable {
        let pass: Int
        let commitTime: CFTimeInterval
        let thread: UInt
        let onMainQueue: Bool
        /// `CATransaction.animationDuration()` as read inside `commitTransaction`.
        let durationSeen: CFTimeInterval
        let lockHeld: Bool
        let committing: Bool
    }

    private let log = Locked<[Commit]>([])
    private let onCommit: (@Sendable (TransactionCommitContext) -> Void)?
    let signal = Signal()

    init(onCommit: (@Sendable (TransactionCommitContext) -> Void)? = nil) {
        self.onCommit = onCommit
    }

    var commits: [Commit] { log.withLock { $0 } }
    var commitCount: Int { log.withLock { $0.count } }

    func commitTransaction(_ context: TransactionCommitContext) {
        let entry = Commit(
            pass: context.pass, commitTime: context.commitTime, thread: currentThreadID(),
            onMainQueue: MainQueue.isCurrent, durationSeen: CATransaction.animationDuration(),
            lockHeld: TransactionLock.shared.isHeldByCurrentThread,
            committing: TransactionStack.isCommitting)
        log.withLock { $0.append(entry) }
        onCommit?(context)
        signal.fire()
    }
}

/// A one-shot event that async tests await with a timeout.
final class Signal: Sendable {
    private struct State {
        var fired = false
        var waiter: CheckedContinuation<Bool, Never>?
    }

    private let state = Locked(State())

    var isFired: Bool { state.withLock { $0.fired } }

    func fire() {
        let waiter = state.withLock { s -> CheckedContinuation<Bool, Never>? in
            s.fired = true
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume(returning: true)
    }

    /// True when fired (before or within `timeout` seconds), false on timeout.
    func wait(timeout: Double = 2) async -> Bool {
        await withCheckedContinuation { continuation in
            let alreadyFired = state.withLock { s -> Bool in
                if s.fired { return true }
                s.waiter = continuation
                return false
            }
            if alreadyFired {
                continuation.resume(returning: true)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                let waiter = self.state.withLock { s -> CheckedContinuation<Bool, Never>? in
                    defer { s.waiter = nil }
                    return s.waiter
                }
                waiter?.resume(returning: false)
            }
        }
    }
}

/// Runs `body` on a new Foundation thread (which exits afterwards) and returns its result.
func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread {
            continuation.resume(returning: body())
        }
        thread.start()
    }
}

/// Runs `body` in a block on the main queue and returns its result.
func onMainQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async {
            continuation.resume(returning: body())
        }
    }
}

/// Waits until the main queue has run everything enqueued before this call.
func mainQueueTurn() async {
    await onMainQueue {}
}

/// Blocks the calling (non-main) thread until the main queue has run everything enqueued so far.
func waitForMainQueueTurnBlocking() -> Bool {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.main.async { done.signal() }
    return done.wait(timeout: .now() + 2) == .success
}

/// Collects values from several threads.
final class Collector<Element: Sendable>: Sendable {
    private let items = Locked<[Element]>([])
    func append(_ item: Element) { items.withLock { $0.append(item) } }
    var all: [Element] { items.withLock { $0 } }
}
