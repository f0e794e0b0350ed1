import StrataRender
import Foundation
import QuartzCore
import Testing

/// What a thread leaves open when it exits is committed, after the thread is gone, on another
/// thread: committing inside the exiting thread's slot destructor revived libdispatch's state
/// for that thread after it was torn down, and it was torn down twice (a double free that
/// aborted test runs when a worker thread of Swift concurrency exited).
@Suite struct TransactionThreadExitTests {
    @Test func whatAnExitingThreadLeftOpenIsCommittedOnAnotherThread() async {
        let participant = RecordingParticipant()
        let exiting = Locked<UInt>(0)
        let thread = Thread {
            exiting.withLock { $0 = currentThreadID() }
            // Asks the main queue whether it is current: libdispatch's state for this thread exists.
            TransactionStack.register(participant)
            let layer = CALayer()
            layer.opacity = 0.5  // an implicit scope, left open
        }
        thread.start()
        #expect(await participant.signal.wait(timeout: 5), "committed after the thread exited")
        let commits = participant.commits
        #expect(commits.count == 1)
        #expect(commits.first?.thread != exiting.withLock { $0 }, "not on the exiting thread")
        #expect(commits.first?.onMainQueue == false)
    }

    @Test func explicitScopesLeftOpenAreCommittedWithAWarning() async {
        let participant = RecordingParticipant()
        let thread = Thread {
            CATransaction.begin()
            CATransaction.begin()
            TransactionStack.register(participant)
        }
        thread.start()
        #expect(await participant.signal.wait(timeout: 5), "both begins without commit: committed all the same")
        #expect(participant.commitCount == 1)
    }
}
