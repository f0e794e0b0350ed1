import QuartzCore
import SnapshotTesting
import StrataSnapshotTesting
import XCTest

/// The same assertion from XCTest, as most existing Apple-platform suites write it.
final class XCTestSnapshotTests: XCTestCase {
    func testABadgeMatchesItsReferenceFromXCTest() {
        assertSnapshot(of: badgeLayer(), as: .image)
    }

    func testAFailureIsReportedThroughXCTest() {
        let folder = NSTemporaryDirectory() + "strata-xctest-snapshots-\(UUID().uuidString)"
        _ = verifySnapshot(of: badgeLayer(), as: .image, named: "badge", record: .all, snapshotDirectory: folder, testName: "badge")
        let other = badgeLayer(disc: CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        let message = verifySnapshot(of: other, as: .image, named: "badge", record: .never, snapshotDirectory: folder, testName: "badge")
        XCTAssertNotNil(message)
    }
}
