import StrataRender
import Foundation
import QuartzCore
import Synchronization
import Testing

/// Per-thread isolation and the global lock.
@Suite struct CATransactionThreadingTests {
    /// Eight threads hold transactions open at the same time; each sees only its own values and
    /// commits only its own participants.
    @Test func transactionsOnEightThreadsAreIsolated() async {
        let threads = 8
        let arrived = Locked(0)
        let allArrived = DispatchSemaphore(value: 0)
        let failures = Collector<String>()
        let shared = RecordingParticipant()
        let own = (0..<threads).map { _ in RecordingParticipant() }
        let finished = Collector<Int>()
        let done = Signal()

        for i in 0..<threads {
            Thread {
                defer {
                    finished.append(i)
                    if finished.all.count == threads { done.fire() }
                }
                let duration = Double(i + 1)
                CATransaction.begin()
                CATransaction.setAnimationDuration(duration)
                CATransaction.setValue(i, forKey: "owner")
                TransactionStack.register(own[i])
                TransactionStack.register(shared)
                // Barrier: every thread has its transaction open before any checks or commits.
                let last = arrived.withLock { n -> Bool in
                    n += 1
                    return n == threads
                }
                if last {
                    for _ in 0..<threads { allArrived.signal() }
                }
                guard allArrived.wait(timeout: .now() + 2) == .success else {
                    failures.append("thread \(i): barrier timed out")
                    CATransaction.commit()
                    return
                }
                for _ in 0..<100 {
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(duration + 100)
                    if CATransaction.animationDuration() != duration + 100 { failures.append("thread \(i): nested value") }
                    CATransaction.commit()
                    if CATransaction.animationDuration() != duration { failures.append("thread \(i): saw another thread's duration") }
                    if CATransaction.value(forKey: "owner") as? Int != i { failures.append("thread \(i): saw another thread's key") }
                }
                if own[i].commitCount != 0 { failures.append("thread \(i): committed early") }
                CATransaction.commit()
                if own[i].commitCount != 1 { failures.append("thread \(i): own participant committed \(own[i].commitCount) times") }
                if TransactionStack.depth != 0 { failures.append("thread \(i): scopes left open") }
            }.start()
        }

        #expect(await done.wait())
        #expect(failures.all == [])
        #expect(own.allSatisfy { $0.commitCount == 1 })
        #expect(own.allSatisfy { $0.commits.first?.durationSeen == 0.25 })
        #expect(Set(own.compactMap { $0.commits.first?.thread }).count == threads, "each committed on its own thread")
        #expect(shared.commitCount == threads, "once per committing thread")
    }

    @Test func theLockIsRecursive() async {
        let result = await onNewThread {
            CATransaction.lock()
            CATransaction.lock()
            let heldTwice = TransactionLock.shared.isHeldByCurrentThread
            CATransaction.unlock()
            let heldOnce = TransactionLock.shared.isHeldByCurrentThread
            CATransaction.unlock()
            return (heldTwice, heldOnce, TransactionLock.shared.isHeldByCurrentThread)
        }
        #expect(result == (true, true, false))
    }

    /// Lock and unlock happen on one dedicated thread: the lock belongs to a thread, and an async
    /// test may resume on another one after an await.
    @Test func theLockExcludesOtherThreads() async {
        let lock = TransactionLock()
        let result = await onNewThread {
            /// `tryLock()` from a fresh thread (which releases what it got).
            func otherThreadGetsIt() -> Bool {
                let got = Locked(false)
                let done = DispatchSemaphore(value: 0)
                Thread {
                    let success = lock.tryLock()
                    if success { lock.unlock() }
                    got.withLock { $0 = success }
                    done.signal()
                }.start()
                _ = done.wait(timeout: .now() + 2)
                return got.withLock { $0 }
            }
            lock.lock()
            let whileHeld = otherThreadGetsIt()
            lock.unlock()
            return (whileHeld, otherThreadGetsIt())
        }
        #expect(result == (false, true))
    }

    @Test func anUnmatchedUnlockIsIgnoredWithAWarning() async {
        let lock = TransactionLock.shared
        let holderReady = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holderDone = Signal()
        let holderStillHeld = Locked(false)
        Thread {
            CATransaction.lock()
            holderReady.signal()
            _ = release.wait(timeout: .now() + 2)
            holderStillHeld.withLock { $0 = lock.isHeldByCurrentThread }
            CATransaction.unlock()
            holderDone.fire()
        }.start()
        let result = await onNewThread {
            _ = holderReady.wait(timeout: .now() + 2)
            let before = TransactionStack.warningCount
            CATransaction.unlock()  // this thread does not hold it
            let warned = TransactionStack.warningCount - before
            let free = lock.tryLock()
            release.signal()
            return (warned, free)
        }
        #expect(await holderDone.wait())
        #expect(result == (1, false), "the other thread's hold survives the stray unlock")
        #expect(holderStillHeld.withLock { $0 })
    }

    @Test func manyThreadsContendingForTheLockStayConsistent() async {
        let counter = CounterBox()
        let done = Collector<Int>()
        let finished = Signal()
        for i in 0..<4 {
            Thread {
                for _ in 0..<2_000 {
                    CATransaction.lock()
                    CATransaction.lock()
                    counter.value += 1
                    CATransaction.unlock()
                    CATransaction.unlock()
                }
                done.append(i)
                if done.all.count == 4 { finished.fire() }
            }.start()
        }
        #expect(await finished.wait())
        CATransaction.lock()
        #expect(counter.value == 8_000)
        CATransaction.unlock()
    }
}

/// A counter guarded only by the transaction lock (which the test exercises).
final class CounterBox: @unchecked Sendable {
    var value = 0
}
