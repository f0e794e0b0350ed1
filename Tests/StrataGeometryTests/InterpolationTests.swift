import CoreGraphics
import Foundation
import StrataGeometry
import Testing

@Suite struct InterpolationTests {
    @Test func halfwayFromIdentityToQuarterTurnIsAnEighthTurn() {
        let t = CATransform3DIdentity.interpolated(to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1), progress: 0.5)
        expectClose(t, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), tolerance: 1e-9)
    }

    @Test(arguments: [0, 0.1, 0.25, 0.5, 0.75, 0.99, -0.5, 1.5])
    func identityToFullTurnShowsNoMotion(_ p: Double) {
        let t = CATransform3DIdentity.interpolated(to: CATransform3DMakeRotation(2 * .pi, 0, 0, 1), progress: p)
        expectClose(t, CATransform3DIdentity, tolerance: 1e-9)
    }

    @Test(arguments: [0, 0.1, 0.25, 0.5, 0.9, 1, 1.3, -0.2])
    func scaleAndTranslationInterpolateLinearly(_ p: Double) {
        // scale(2, 3, 1) then translate(30, 12, 0): m11 = 2, m22 = 3, m41 = 30, m42 = 12.
        let to = CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeTranslation(30, 12, 0))
        let t = CATransform3DIdentity.interpolated(to: to, progress: p)
        let expected = matrix([1 + p, 0, 0, 0, 0, 1 + 2 * p, 0, 0, 0, 0, 1, 0, 30 * p, 12 * p, 0, 1])
        expectClose(t, expected, tolerance: 1e-9)
    }

    @Test(arguments: decomposableSamples.map(\.t))
    func endpointsReproduceTheInputs(_ t: CATransform3D) {
        let other = CATransform3DMakeRotation(1, 0.2, -1, 0.4)
        #expect(t.interpolated(to: other, progress: 0) == t)
        #expect(t.interpolated(to: other, progress: 1) == other)
        #expect(other.interpolated(to: t, progress: 1) == t)
        // …and the general path lands within 1e-9 of them just inside the interval.
        expectClose(t.interpolated(to: other, progress: 1e-12), t, tolerance: 1e-9)
        expectClose(other.interpolated(to: t, progress: 1 - 1e-12), t, tolerance: 1e-9)
    }

    @Test func rotationStaysRigidAndFollowsTheAxis() {
        let t = CATransform3DIdentity.interpolated(to: CATransform3DMakeRotation(2, 1, 1, 1), progress: 0.37)
        expectClose(t, CATransform3DMakeRotation(0.74, 1, 1, 1), tolerance: 1e-9)
    }

    @Test func rotationTakesTheShorterArc() {
        // 3π/2 counter-clockwise is π/2 clockwise: halfway is −π/4.
        let t = CATransform3DIdentity.interpolated(to: CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1), progress: 0.5)
        expectClose(t, CATransform3DMakeRotation(-.pi / 4, 0, 0, 1), tolerance: 1e-9)
    }

    @Test func rotationTakesTheShorterArcThroughAHalfTurn() {
        // 0.9π to −0.9π: the short way passes through π, the long way through 0.
        let from = CATransform3DMakeRotation(0.9 * .pi, 0, 0, 1)
        let t = from.interpolated(to: CATransform3DMakeRotation(-0.9 * .pi, 0, 0, 1), progress: 0.5)
        expectClose(t, CATransform3DMakeRotation(.pi, 0, 0, 1), tolerance: 1e-9)
    }

    @Test func progressOutsideTheUnitIntervalExtrapolates() {
        let to = CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 0, 1), CATransform3DMakeTranslation(30, 0, 0))
        let over = CATransform3DIdentity.interpolated(to: to, progress: 1.5)
        expectClose(over, CATransform3DConcat(CATransform3DMakeRotation(1.5 * .pi / 4, 0, 0, 1), CATransform3DMakeTranslation(45, 0, 0)),
                    tolerance: 1e-9)
        let under = CATransform3DIdentity.interpolated(to: to, progress: -1)
        expectClose(under, CATransform3DConcat(CATransform3DMakeRotation(-.pi / 4, 0, 0, 1), CATransform3DMakeTranslation(-30, 0, 0)),
                    tolerance: 1e-9)
    }

    @Test func perspectiveInterpolatesLinearly() {
        let t = CATransform3DIdentity.interpolated(to: perspective(500), progress: 0.5)
        expectClose(t, perspective(1000), tolerance: 1e-15)
    }

    @Test func scaleAndRotationInterpolateIndependently() {
        let to = CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeRotation(1, 0, 0, 1))
        let t = CATransform3DIdentity.interpolated(to: to, progress: 0.5)
        expectClose(t, CATransform3DConcat(CATransform3DMakeScale(1.5, 1.5, 1.5), CATransform3DMakeRotation(0.5, 0, 0, 1)),
                    tolerance: 1e-9)
    }

    @Test(arguments: [-0.3, 0.2, 0.5, 0.77, 1.4])
    func translationFastPathMatchesTheGeneralPath(_ p: Double) throws {
        let a = CATransform3DMakeTranslation(10, -4, 2)
        let b = CATransform3DMakeTranslation(-6, 8, 100)
        let general = CATransform3D(try #require(a.decomposed()).interpolated(to: try #require(b.decomposed()), progress: p))
        #expect(a.interpolated(to: b, progress: p) == general)
        expectClose(general, CATransform3DMakeTranslation(10 - 16 * p, -4 + 12 * p, 2 + 98 * p), tolerance: 1e-12)
    }

    /// A checkbox mark's bounce (issue 28): scale(0, 0, 0) → scale(1.35) grows from a dot,
    /// linearly in scale, and back; the singular side cannot be decomposed.
    @Test(arguments: [0.0, 0.1, 0.25, 0.49, 0.5, 0.8, 1.0])
    func singularSideGrowsLinearlyFromADot(_ p: Double) {
        let dot = CATransform3DMakeScale(0, 0, 0)
        let big = CATransform3DMakeScale(1.35, 1.35, 1.35)
        let grown = dot.interpolated(to: big, progress: p)
        expectClose(grown, CATransform3DMakeScale(1.35 * p, 1.35 * p, 1.35 * p), tolerance: 1e-12)
        let shrunk = CATransform3DIdentity.interpolated(to: dot, progress: p)
        expectClose(shrunk, CATransform3DMakeScale(1 - p, 1 - p, 1 - p), tolerance: 1e-12)
    }

    /// Translations and rotations of the decomposable side come along continuously, and each
    /// end is exact.
    @Test func singularSideIsContinuousAndExactAtTheEnds() {
        let flat = CATransform3DTranslate(CATransform3DMakeScale(0, 1, 1), 30, -8, 0)
        let turned = CATransform3DRotate(CATransform3DMakeTranslation(-5, 12, 0), 1.1, 0, 0, 1)
        #expect(flat.interpolated(to: turned, progress: 0) == flat)
        #expect(flat.interpolated(to: turned, progress: 1) == turned)
        for p in stride(from: -0.2, through: 1.2, by: 0.05) {
            let here = flat.interpolated(to: turned, progress: p)
            #expect(here.isFinite)
            expectClose(here, flat.interpolated(to: turned, progress: p + 1e-7), tolerance: 1e-5)
        }
        // Halfway: the mean of the fields (flat's translation is scaled to (0, −8); turned's is (−5, 12)).
        let half = flat.interpolated(to: turned, progress: 0.5)
        #expect(abs(half.m41 - -2.5) < 1e-12 && abs(half.m42 - 2) < 1e-12)
        #expect(abs(half.m11 - (0 + cos(1.1)) / 2) < 1e-12 && abs(half.m22 - (1 + cos(1.1)) / 2) < 1e-12)
    }

    /// Only non-finite sides still switch at halfway (nothing to interpolate).
    @Test(arguments: [0.2, 0.49, 0.5, 0.8])
    func nonFiniteSideSwitchesAtHalfway(_ p: Double) {
        var bad = CATransform3DIdentity
        bad.m41 = .nan
        let target = CATransform3DMakeScale(2, 2, 1)
        let shown = bad.interpolated(to: target, progress: p)
        if p < 0.5 { #expect(shown.m41.isNaN) } else { #expect(shown == target) }
    }

    @Test func interpolationIsContinuousInProgress() {
        let ts = randomTransforms(count: 40, seed: 9)
        for (a, b) in zip(ts, ts.dropFirst()) {
            for p in stride(from: -0.2, through: 1.2, by: 0.1) {
                let here = a.interpolated(to: b, progress: p)
                let next = a.interpolated(to: b, progress: p + 1e-7)
                #expect(here.isFinite)
                expectClose(here, next, tolerance: 1e-3)
            }
        }
    }

    @Test func equalInputsGiveThatInputAtEveryProgress() {
        let t = decomposableSamples.last!.t
        for p in [0.1, 0.5, 2.0] {
            expectClose(t.interpolated(to: t, progress: p), t, tolerance: 1e-12)
        }
    }
}
