import Foundation
@testable import StrataSnapshotTesting
import Testing

/// The colour difference behind `perceptualPrecision`: CIE 1994 (Core Image's `CILabDeltaE`,
/// which swift-snapshot-testing asks on Apple platforms), not CIE 1976.
@Suite struct ImageComparisonTests {
    /// Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula", table of test data,
    /// pair 1: (50, 2.6772, −79.7751) to (50, 0, −82.7485) is ΔE*ab 4.0011, ΔE*94 1.3950.
    @Test func deltaE94MatchesThePublishedPair() {
        let e = ImageComparison.deltaE94(SIMD3(50, 2.6772, -79.7751), SIMD3(50, 0, -82.7485))
        #expect(abs(e - 1.3950) < 0.0005, "\(e)")
    }

    /// A grey reference has no chroma: SC = SH = 1 and ΔE*94 equals ΔE*ab, (50, 0, 0) to
    /// (50, −1, 2) is √5.
    @Test func aNeutralReferenceWeighsNothing() {
        let e = ImageComparison.deltaE94(SIMD3(50, 0, 0), SIMD3(50, -1, 2))
        #expect(abs(e - 5.0.squareRoot()) < 1e-9, "\(e)")
    }

    /// A saturated red one shade darker (255 → 247): ΔE*ab 3.0, more than 0.98 allows, but ΔE*94
    /// 1.7 — a match at 0.98, as on iOS.
    @Test func aSaturatedShadeWithinTwoIsAMatchAtNinetyEight() {
        let e = ImageComparison.deltaE(0xFFFF_0000, 0xFFF7_0000)
        #expect(e > 1.5 && e < 2, "\(e)")
        let lab = ImageComparison.lab(0xFFFF_0000), other = ImageComparison.lab(0xFFF7_0000)
        let cie76 = ((lab - other) * (lab - other)).sum().squareRoot()
        #expect(cie76 > 2.9, "CIE 1976 says \(cie76)")
    }
}
