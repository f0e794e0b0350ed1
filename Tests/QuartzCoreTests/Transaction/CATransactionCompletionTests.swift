import StrataRender
import Foundation
import QuartzCore
import Synchronization
import Testing

/// Completion blocks: when, where, and how often they run.
@Suite struct CATransactionCompletionTests {
    struct Run: Sendable {
        let onMainQueue: Bool
        let lockHeld: Bool
        let thread: UInt
        let duration: CFTimeInterval
        let depth: Int
    }

    @Test func withNoAnimationTheBlockRunsOnTheMainQueueAfterTheCommit() async {
        let ran = Signal()
        let runs = Collector<Run>()
        let (beforeCommit, committingThread) = await onNewThread {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setCompletionBlock {
                runs.append(Run(onMainQueue: MainQueue.isCurrent,
                                lockHeld: TransactionLock.shared.isHeldByCurrentThread,
                                thread: currentThreadID(),
                                duration: CATransaction.animationDuration(),
                                depth: TransactionStack.depth))
                ran.fire()
            }
            // Not before the commit, however many main-queue turns pass.
            _ = waitForMainQueueTurnBlocking()
            let beforeCommit = ran.isFired
            // The committing thread holds the lock across the commit: the block must not run
            // under it (it runs later, on the main queue).
            CATransaction.lock()
            CATransaction.commit()
            CATransaction.unlock()
            return (beforeCommit, currentThreadID())
        }
        #expect(!beforeCommit)
        #expect(await ran.wait())
        let run = try! #require(runs.all.first)
        #expect(runs.all.count == 1)
        #expect(run.onMainQueue)
        #expect(!run.lockHeld)
        #expect(run.thread != committingThread)
        #expect(run.duration == 0.25, "the finished transaction's values are gone")
    }

    @Test func withEnteredAnimationsTheBlockWaitsUntilAllHaveLeft() async {
        let ran = Signal()
        let group = await onNewThread { () -> CompletionGroup? in
            CATransaction.begin()
            CATransaction.setCompletionBlock { ran.fire() }
            let group = TransactionStack.currentCompletionGroup()
            group?.enter()  // two animations added in this transaction
            group?.enter()
            CATransaction.commit()
            return group
        }
        let g = try! #require(group)
        await mainQueueTurn()
        #expect(!ran.isFired, "committed, but two animations are running")
        // The animations finish on other threads.
        await onNewThread { g.leave() }
        await mainQueueTurn()
        #expect(!ran.isFired, "one animation still running")
        #expect(g.outstandingCount == 1)
        await onNewThread { g.leave() }
        #expect(await ran.wait())
        #expect(g.isDelivered)
    }

    @Test func animationsFinishingBeforeTheCommitDoNotRunTheBlockEarly() async {
        let ran = Signal()
        let beforeCommit = await onNewThread {
            CATransaction.begin()
            CATransaction.setCompletionBlock { ran.fire() }
            let group = TransactionStack.currentCompletionGroup()
            group?.enter()
            group?.leave()
            _ = waitForMainQueueTurnBlocking()
            let fired = ran.isFired
            CATransaction.commit()
            return fired
        }
        #expect(!beforeCommit)
        #expect(await ran.wait())
    }

    @Test func twoBlocksSetInOneTransactionBothRunInOrder() async {
        let order = Collector<Int>()
        let both = Signal()
        await onNewThread {
            CATransaction.begin()
            CATransaction.setCompletionBlock { order.append(1) }
            CATransaction.setCompletionBlock {
                order.append(2)
                both.fire()
            }
            CATransaction.commit()
        }
        #expect(await both.wait())
        #expect(order.all == [1, 2])
    }

    /// A nested transaction without its own block adds to the enclosing group; one with its own
    /// block has its own group, which still waits for the outermost commit.
    @Test func nestedTransactionsJoinTheEnclosingGroupUnlessTheySetTheirOwnBlock() async {
        let outerRan = Signal()
        let innerRan = Signal()
        let result = await onNewThread {
            CATransaction.begin()
            CATransaction.setCompletionBlock { outerRan.fire() }
            let outer = TransactionStack.currentCompletionGroup()
            CATransaction.begin()
            let inheritedGroup = TransactionStack.currentCompletionGroup()
            CATransaction.commit()
            CATransaction.begin()
            CATransaction.setCompletionBlock { innerRan.fire() }
            let own = TransactionStack.currentCompletionGroup()
            CATransaction.commit()
            _ = waitForMainQueueTurnBlocking()
            let innerRanBeforeOuterCommit = innerRan.isFired
            #expect(TransactionStack.currentCompletionGroup() === outer, "the outer group is back")
            CATransaction.commit()
            return (outer != nil && inheritedGroup === outer, own != nil && own !== outer, innerRanBeforeOuterCommit)
        }
        #expect(result.0)
        #expect(result.1)
        #expect(!result.2)
        #expect(await innerRan.wait())
        #expect(await outerRan.wait())
    }

    @Test func noBlockMeansNoGroup() async {
        let group = await onNewThread { () -> CompletionGroup? in
            CATransaction.begin()
            defer { CATransaction.commit() }
            return TransactionStack.currentCompletionGroup()
        }
        #expect(group == nil)
    }

    /// Setting nil ends the block's group without cancelling it: Apple guarantees the block is
    /// called. Animations added afterwards belong to no group.
    @Test func settingNilStopsTrackingButTheEarlierBlockStillRuns() async {
        let ran = Signal()
        let result = await onNewThread { () -> (CompletionGroup?, Bool, Bool) in
            CATransaction.begin()
            CATransaction.setCompletionBlock { ran.fire() }
            let group = TransactionStack.currentCompletionGroup()
            group?.enter()
            CATransaction.setCompletionBlock(nil)
            let cleared = CATransaction.completionBlock() == nil && TransactionStack.currentCompletionGroup() == nil
            CATransaction.begin()
            let nestedSeesNone = TransactionStack.currentCompletionGroup() == nil
            CATransaction.commit()
            CATransaction.commit()
            return (group, cleared, nestedSeesNone)
        }
        #expect(result.1)
        #expect(result.2)
        await mainQueueTurn()
        #expect(!ran.isFired, "still waiting for the animation added while it was in force")
        result.0?.leave()
        #expect(await ran.wait())
    }

    @Test func theBlockRunsOnceDespiteAnUnmatchedLeaveOrALateEnter() async {
        let count = Locked(0)
        let ran = Signal()
        let group = await onNewThread { () -> CompletionGroup? in
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                count.withLock { $0 += 1 }
                ran.fire()
            }
            let group = TransactionStack.currentCompletionGroup()
            group?.enter()
            CATransaction.commit()
            return group
        }
        let g = try! #require(group)
        g.leave()
        g.leave()  // unmatched: ignored with a warning
        #expect(await ran.wait())
        g.enter()  // after delivery: ignored
        #expect(g.outstandingCount == 0)
        g.leave()
        await mainQueueTurn()
        #expect(count.withLock { $0 } == 1)
    }

    @Test func aBlockSetOnTheMainQueueRunsAfterTheImplicitCommit() async {
        let ran = Signal()
        let participant = RecordingParticipant()
        let openedImplicitly = await onMainQueue {
            CATransaction.flush()
            CATransaction.setCompletionBlock { ran.fire() }
            TransactionStack.register(participant)
            return TransactionStack.hasImplicitTransaction && !ran.isFired
        }
        #expect(openedImplicitly)
        #expect(await ran.wait())
        #expect(participant.commitCount == 1, "the changes were committed before the block ran")
    }
}
