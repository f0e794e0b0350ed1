import Badges
import QuartzCore
import SnapshotTesting
import Testing
#if canImport(StrataSnapshotTesting)
import StrataSnapshotTesting
#endif

/// The test source an iOS project writes; on Linux the one import above adds the strategies.
@Suite struct BadgeLayerSnapshotTests {
    @Test func aBadgeWithThreeDots() {
        let badge = BadgeLayer()
        badge.count = 3
        assertSnapshot(of: badge, as: .image)
    }

    @Test func aBadgeWithFiveDotsWithinThePerceptualTolerance() {
        let badge = BadgeLayer()
        badge.count = 5
        assertSnapshot(of: badge, as: .image(precision: 0.99, perceptualPrecision: 0.98))
    }

    #if os(Linux)
    /// Strata's addition: the presentation at a time, so the pop animation shows.
    @Test func theBadgeMidPop() {
        let badge = BadgeLayer()
        badge.count = 2
        badge.pop()
        assertSnapshot(of: badge, as: .frames(times: [0, 0.18, 0.4]))
    }
    #endif
}
