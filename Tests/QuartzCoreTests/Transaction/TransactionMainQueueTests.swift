import Foundation
import QuartzCore
import Testing

/// The transaction machinery relies on the main queue being serviced while async tests await
/// (Swift Testing runs on the concurrency runtime, whose main executor is the main queue).
@Suite struct TransactionMainQueueTests {
    @Test func theMainQueueIsServicedWhileATestAwaits() async {
        let ran = Signal()
        DispatchQueue.main.async { ran.fire() }
        #expect(await ran.wait())
    }

    @Test func mainQueueBlocksCountAsTheMainThread() async {
        #expect(await onMainQueue { MainQueue.isCurrent })
        #expect(await onNewThread { MainQueue.isCurrent } == false)
    }
}
