import StrataRender
import Foundation
import QuartzCore
import Synchronization
import Testing

/// Scopes, commits, implicit transactions and flush.
@Suite struct CATransactionCommitTests {
    @Test func commitWithoutBeginWarnsAndIsIgnored() async {
        let (warnings, depth) = await onNewThread {
            let before = TransactionStack.warningCount
            CATransaction.commit()
            CATransaction.commit()
            return (TransactionStack.warningCount - before, TransactionStack.depth)
        }
        #expect(warnings == 2)
        #expect(depth == 0)
    }

    @Test func commitWithOnlyAnImplicitTransactionOpenIsUnbalancedToo() async {
        let participant = RecordingParticipant()
        let (warnings, committedByCommit, depth) = await onNewThread {
            TransactionStack.register(participant)
            let before = TransactionStack.warningCount
            CATransaction.commit()
            let result = (TransactionStack.warningCount - before, participant.commitCount, TransactionStack.depth)
            CATransaction.flush()
            return result
        }
        #expect(warnings == 1)
        #expect(committedByCommit == 0)
        #expect(depth == 1)
        #expect(participant.commitCount == 1, "flush commits it")
    }

    @Test func aParticipantOfNestedScopesIsCommittedOnceAtTheOutermostCommit() async {
        let first = RecordingParticipant()
        let second = RecordingParticipant()
        let result = await onNewThread {
            var counts: [Int] = []
            CATransaction.begin()
            CATransaction.setAnimationDuration(4)
            TransactionStack.register(first)
            CATransaction.begin()
            TransactionStack.register(first)
            TransactionStack.register(second)
            CATransaction.begin()
            TransactionStack.register(first)
            CATransaction.commit()
            counts.append(first.commitCount + second.commitCount)
            CATransaction.commit()
            counts.append(first.commitCount + second.commitCount)
            CATransaction.commit()
            counts.append(first.commitCount)
            counts.append(second.commitCount)
            return (counts, currentThreadID())
        }
        #expect(result.0 == [0, 0, 1, 1])
        let commit = first.commits[0]
        #expect(commit.thread == result.1, "committed on the committing thread")
        #expect(commit.pass == 1)
        #expect(commit.durationSeen == 0.25, "the scope is popped before participants commit")
        #expect(commit.committing)
        #expect(!commit.lockHeld, "the commit does not hold the transaction lock")
        #expect(second.commits[0].commitTime == commit.commitTime, "one commit time per commit")
    }

    @Test func anImplicitTransactionOnABackgroundThreadIsCommittedByFlush() async {
        let participant = RecordingParticipant()
        let result = await onNewThread {
            TransactionStack.register(participant)
            TransactionStack.register(participant)
            let open = (TransactionStack.hasImplicitTransaction, participant.commitCount)
            // Nothing commits it by itself: a background thread has no run loop turn.
            let turned = waitForMainQueueTurnBlocking()
            let stillOpen = (TransactionStack.hasImplicitTransaction, participant.commitCount)
            CATransaction.flush()
            return (open, turned, stillOpen, TransactionStack.depth, participant.commitCount)
        }
        #expect(result.0 == (true, 0))
        #expect(result.1)
        #expect(result.2 == (true, 0))
        #expect(result.3 == 0)
        #expect(result.4 == 1)
    }

    @Test func flushWithNothingOpenDoesNothing() async {
        let depth = await onNewThread {
            CATransaction.flush()
            return TransactionStack.depth
        }
        #expect(depth == 0)
    }

    /// Off the main thread, the outermost explicit commit also commits the implicit scope it
    /// nests in (nothing else would); the implicit scope's values end with it.
    @Test func onABackgroundThreadTheOutermostExplicitCommitCommitsTheImplicitScope() async {
        let implicitChange = RecordingParticipant()
        let explicitChange = RecordingParticipant()
        let result = await onNewThread {
            CATransaction.setAnimationDuration(3)  // opens the implicit scope
            TransactionStack.register(implicitChange)
            CATransaction.begin()
            let inherited = CATransaction.animationDuration()
            TransactionStack.register(explicitChange)
            CATransaction.begin()
            CATransaction.commit()
            let afterNested = implicitChange.commitCount + explicitChange.commitCount
            CATransaction.commit()
            return (inherited, afterNested, TransactionStack.depth, CATransaction.animationDuration())
        }
        #expect(result.0 == 3)
        #expect(result.1 == 0)
        #expect(result.2 == 0)
        #expect(result.3 == 0.25)
        #expect(implicitChange.commitCount == 1)
        #expect(explicitChange.commitCount == 1)
    }

    @Test func flushWithExplicitScopesOpenWaitsForTheOutermostCommit() async {
        let participant = RecordingParticipant()
        let counts = await onNewThread {
            TransactionStack.register(participant)
            CATransaction.begin()
            CATransaction.begin()
            CATransaction.flush()
            let afterFlush = participant.commitCount
            CATransaction.commit()
            let afterInner = participant.commitCount
            CATransaction.commit()
            return [afterFlush, afterInner, participant.commitCount, TransactionStack.depth]
        }
        #expect(counts == [0, 0, 1, 0])
    }

    @Test func onTheMainQueueAnImplicitTransactionCommitsAtTheNextTurn() async {
        let participant = RecordingParticipant()
        let state = await onMainQueue {
            CATransaction.flush()  // start from a clean main stack
            TransactionStack.register(participant)
            return (TransactionStack.hasImplicitTransaction, participant.commitCount)
        }
        #expect(state == (true, 0))
        #expect(await participant.signal.wait())
        #expect(participant.commitCount == 1)
        #expect(participant.commits.first?.onMainQueue == true)
        // (The main stack's depth is not checked: other tests share the main stack.)
    }

    /// On the main stack an explicit transaction nested in the implicit one only pops: the changes
    /// wait for the main-queue turn, unless flush() asked for them earlier.
    @Test func onTheMainQueueExplicitCommitsInsideTheImplicitScopeWaitForTheTurnUnlessFlushed() async {
        let a = RecordingParticipant()
        let b = RecordingParticipant()
        let c = RecordingParticipant()
        let counts = await onMainQueue {
            CATransaction.flush()
            TransactionStack.register(a)
            CATransaction.begin()
            TransactionStack.register(b)
            CATransaction.commit()
            var counts = [a.commitCount, b.commitCount, TransactionStack.depth]
            CATransaction.begin()
            TransactionStack.register(c)
            CATransaction.flush()
            counts += [a.commitCount + b.commitCount + c.commitCount]
            CATransaction.commit()
            counts += [a.commitCount, b.commitCount, c.commitCount, TransactionStack.depth]
            return counts
        }
        #expect(counts == [0, 0, 1, 0, 1, 1, 1, 0])
        await mainQueueTurn()
        #expect(a.commitCount == 1, "the scheduled turn-end commit finds nothing left to commit")
    }

    @Test func onTheMainQueueAnExplicitTransactionWithoutAnImplicitOneCommitsAtOnce() async {
        let participant = RecordingParticipant()
        let count = await onMainQueue {
            CATransaction.flush()
            CATransaction.begin()
            TransactionStack.register(participant)
            CATransaction.commit()
            return participant.commitCount
        }
        #expect(count == 1)
    }

    /// Committing one participant may change another (layout); those changes join the same
    /// commit as a further pass, whether registered directly or through a nested transaction.
    @Test func changesMadeDuringACommitAreCommittedByTheSameCommitInALaterPass() async {
        let child = RecordingParticipant()
        let grandchild = RecordingParticipant()
        let parent = RecordingParticipant { context in
            guard context.pass == 1 else { return }
            TransactionStack.register(child)  // no scope open: joins the running commit
            CATransaction.begin()
            TransactionStack.register(grandchild)
            CATransaction.commit()  // outermost, but inside a commit: joins it too
            CATransaction.setDisableActions(true)  // opens an implicit scope during the commit
        }
        let result = await onNewThread {
            CATransaction.begin()
            TransactionStack.register(parent)
            CATransaction.commit()
            return (TransactionStack.depth, TransactionStack.isCommitting, CATransaction.disableActions())
        }
        #expect(result == (0, false, false))
        #expect(parent.commits.map(\.pass) == [1])
        #expect(child.commits.map(\.pass) == [2])
        #expect(grandchild.commits.map(\.pass) == [2])
        #expect(child.commits[0].commitTime == parent.commits[0].commitTime)
    }

    @Test func aCommitThatKeepsCausingChangesStopsAfterTheMaximumPasses() async {
        let looping = LoopingParticipant()
        let (warned, deferred) = await onNewThread {
            TransactionStack.register(looping)
            let before = TransactionStack.warningCount
            CATransaction.flush()
            let result = (TransactionStack.warningCount - before, TransactionStack.hasImplicitTransaction)
            looping.stop()
            CATransaction.flush()
            return result
        }
        #expect(warned == 1)
        #expect(deferred, "the rest is left in a new implicit transaction")
        #expect(looping.commits == TransactionStack.maximumPasses + 1)
    }

    @Test func aThreadThatExitsCommitsWhatItLeftOpen() async {
        let participant = RecordingParticipant()
        let thread = Thread {
            TransactionStack.register(participant)
        }
        thread.start()
        #expect(await participant.signal.wait())
        #expect(participant.commitCount == 1)
    }
}

/// Registers itself again on every commit until stopped.
final class LoopingParticipant: TransactionCommitting, Sendable {
    private let state = Locked((commits: 0, stopped: false))
    var commits: Int { state.withLock { $0.commits } }
    func stop() { state.withLock { $0.stopped = true } }

    func commitTransaction(_ context: TransactionCommitContext) {
        let again = state.withLock { s -> Bool in
            s.commits += 1
            return !s.stopped
        }
        if again { TransactionStack.register(self) }
    }
}
