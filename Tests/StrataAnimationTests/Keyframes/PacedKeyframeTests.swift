import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

@Suite("Keyframes: paced")
struct PacedKeyframeTests {
    @Test func keyTimesFollowDistanceForScalars() throws {
        // Distances 10 and 30: key times [0, 0.25, 1]; the value moves at constant speed 40.
        let track = try #require(scalarTrack([0, 10, 40], mode: .paced))
        #expect(track.keyTimes == [0, 0.25, 1])
        for p in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(track.scalarValue(at: p) - 40 * p) < 1e-12, "p = \(p)")
        }
        // Just around the inner keyframe.
        #expect(abs(track.scalarValue(at: 0.25.nextDown) - 10) < 1e-12)
        #expect(track.scalarValue(at: 0.25) == 10)
    }

    @Test func unequalDistancesForPoints() throws {
        var warnings: [String] = []
        // |(3,4)| = 5, then 10 up: key times [0, 1/3, 1].
        let track = try #require(
            KeyframeTrack(
                values: [.point(.zero), .point(CGPoint(x: 3, y: 4)), .point(CGPoint(x: 3, y: 14))],
                calculationMode: .paced, warnings: &warnings))
        #expect(warnings.isEmpty)
        #expect(abs(track.keyTimes[1] - 1.0 / 3) < 1e-15)
        // Equal progress steps cover equal distance (15 per unit), tolerance 1e-9.
        var previous = track.pointValue(at: 0)
        for i in 1...30 {
            let p = Double(i) / 30
            let current = track.pointValue(at: p)
            // A step that straddles the corner is shorter in a straight line; skip it.
            if abs(p - 1.0 / 3) > 1.0 / 30 && abs(p - 1.0 / 3 - 1.0 / 30) > 1e-9 {
                #expect(abs(distance(previous, current) - 0.5) < 1e-9, "step to \(p)")
            }
            previous = current
        }
    }

    @Test func repeatedValueGivesRepeatedKeyTime() throws {
        // A zero-length segment between two equal values: the track passes straight through.
        let track = try #require(scalarTrack([0, 10, 10, 20], mode: .paced))
        #expect(track.keyTimes == [0, 0.5, 0.5, 1])
        #expect(track.scalarValue(at: 0.5) == 10)
        #expect(track.scalarValue(at: 0.75) == 15)
    }

    @Test func pacedIgnoresKeyTimesAndTimingCurves() throws {
        // Two warnings: keyTimes ignored, timingFunctions ignored; the spacing is still paced.
        let track = try #require(
            scalarTrack(
                [0, 10, 40], keyTimes: [0, 0.5, 1],
                timingCurves: [TimingCurve(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1), .linear],
                mode: .paced, expectWarnings: 2))
        #expect(track.keyTimes == [0, 0.25, 1])
        #expect(abs(track.scalarValue(at: 0.5) - 20) < 1e-12)
    }

    @Test func allEqualValuesAreConstant() throws {
        let track = try #require(scalarTrack([7, 7, 7], mode: .paced))
        #expect(track.isConstant)
        #expect(track.scalarValue(at: 0.3) == 7)
        #expect(track.scalarValue(at: 1.4) == 7)
    }

    @Test func pacedTransformsUseFrobeniusDistance() throws {
        var warnings: [String] = []
        // Pure translations: the Frobenius distance is the translation distance (10 then 30).
        let track = try #require(
            KeyframeTrack(
                values: [
                    .transform(CATransform3DIdentity), .transform(CATransform3DMakeTranslation(10, 0, 0)),
                    .transform(CATransform3DMakeTranslation(10, 30, 0)),
                ],
                calculationMode: .paced, warnings: &warnings))
        #expect(abs(track.keyTimes[1] - 0.25) < 1e-15)
    }
}

@Suite("Keyframes: cubic")
struct CubicKeyframeTests {
    @Test func passesExactlyThroughEveryKeyframe() throws {
        let values = [0.0, 10, -5, 20, 3]
        let track = try #require(scalarTrack(values, keyTimes: [0, 0.1, 0.4, 0.7, 1], mode: .cubic))
        for (i, t) in track.keyTimes.enumerated() {
            #expect(abs(track.scalarValue(at: t) - values[i]) < 1e-12, "keyframe \(i)")
            // Continuous through the keyframe (tolerance 1e-9: slope × one ulp).
            if i > 0 { #expect(abs(track.scalarValue(at: t.nextDown) - values[i]) < 1e-9) }
            if i < values.count - 1 { #expect(abs(track.scalarValue(at: t.nextUp) - values[i]) < 1e-9) }
        }
    }

    @Test func catmullRomMidpoint() throws {
        // Interior segment 1 (uniform key times, T = C = B = 0): the midpoint is
        // (−P0 + 9·P1 + 9·P2 − P3)/16 = (0 + 90 + 0 − 20)/16 = 4.375.
        let track = try #require(scalarTrack([0, 10, 0, 20], mode: .cubic))
        #expect(abs(track.scalarValue(at: 0.5) - 4.375) < 1e-12)
        // End segment with the reflected neighbour (decision (a)): d⁺0 = P1 − P0 = 10, d⁻1 =
        // (P2 − P0)/2 = 0 ⇒ H(0.5) = 0.5·0 + 0.125·10 + 0.5·10 − 0.125·0 = 6.25.
        #expect(abs(track.scalarValue(at: 1.0 / 6) - 6.25) < 1e-12)
    }

    @Test func twoKeyframesAreLinear() throws {
        // Reflected end neighbours give both tangents P1 − P0: the Hermite cubic is a line.
        let track = try #require(scalarTrack([2, 12], mode: .cubic))
        for p in [0.1, 0.3, 0.5, 0.9] { #expect(abs(track.scalarValue(at: p) - (2 + 10 * p)) < 1e-12) }
    }

    @Test func pointsSplineComponentWise() throws {
        var warnings: [String] = []
        let pts = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 0), CGPoint(x: 40, y: 40)]
        let track = try #require(
            KeyframeTrack(values: pts.map(AnimatableValue.point), calculationMode: .cubic, warnings: &warnings))
        let mid = track.pointValue(at: 0.5)
        #expect(abs(mid.x - (-0 + 90 + 270 - 40) / 16.0) < 1e-12)
        #expect(abs(mid.y - (-0 + 180 + 0 - 40) / 16.0) < 1e-12)
    }

    @Test func fullTensionStopsAtEveryKeyframe() throws {
        // T = 1 zeroes every tangent: the curve halfway is the average and the speed at each
        // keyframe is 0 (one-sided difference over 1e-6 of progress, tolerance 1e-3 per unit).
        let track = try #require(scalarTrack([0, 10, 30], mode: .cubic, tension: [1, 1, 1]))
        #expect(abs(track.scalarValue(at: 0.25) - 5) < 1e-12)
        let h = 1e-6
        #expect(abs((track.scalarValue(at: 0.5 + h) - track.scalarValue(at: 0.5)) / h) < 1e-3)
    }

    @Test func kochanekBartelsTangentFormula() throws {
        // Uniform key times [0, 1/3, 2/3, 1]: the velocity leaving keyframe 1 is d⁺₁ / (1/3) with
        // d⁺₁ = (1−T)(1+B)(1+C)/2·(P1−P0) + (1−T)(1−B)(1−C)/2·(P2−P1); arriving, d⁻₁ likewise.
        let (t, c, b) = (0.3, -0.4, 0.5)
        let values = [0.0, 10, 15, 50]
        let track = try #require(
            scalarTrack(values, mode: .cubic, tension: [0, t, 0, 0], continuity: [0, c, 0, 0], bias: [0, b, 0, 0]))
        let a = values[1] - values[0]
        let bb = values[2] - values[1]
        let out = (1 - t) * (1 + b) * (1 + c) / 2 * a + (1 - t) * (1 - b) * (1 - c) / 2 * bb
        let inc = (1 - t) * (1 + b) * (1 - c) / 2 * a + (1 - t) * (1 - b) * (1 + c) / 2 * bb
        let k = 1.0 / 3
        let h = 1e-7
        // One-sided differences; tolerance 1e-4 relative (second-order term h·H″).
        let leaving = (track.scalarValue(at: k + h) - track.scalarValue(at: k)) / h
        let arriving = (track.scalarValue(at: k) - track.scalarValue(at: k - h)) / h
        #expect(abs(leaving - out * 3) < 1e-4 * abs(out * 3))
        #expect(abs(arriving - inc * 3) < 1e-4 * abs(inc * 3))
        #expect(abs(out - inc) > 1)  // continuity ≠ 0 really makes a corner
    }

    @Test func nonUniformKeyTimesKeepVelocityContinuous() throws {
        // Decision (b): tangents rescaled by 2Δᵢ/(Δᵢ₋₁+Δᵢ), so at keyTime 0.1 the velocity before
        // and after agree (one-sided differences, 1e-3 relative).
        let track = try #require(scalarTrack([0, 10, 20], keyTimes: [0, 0.1, 1], mode: .cubic))
        let h = 1e-7
        let before = (track.scalarValue(at: 0.1) - track.scalarValue(at: 0.1 - h)) / h
        let after = (track.scalarValue(at: 0.1 + h) - track.scalarValue(at: 0.1)) / h
        #expect(abs(before - after) < 1e-3 * abs(after))
        #expect(after > 0)
    }

    @Test func timingCurvesApplyPerSegmentInCubicMode() throws {
        let curve = TimingCurve(c1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1)
        let plain = try #require(scalarTrack([0, 10, 30], mode: .cubic))
        let eased = try #require(scalarTrack([0, 10, 30], timingCurves: [curve, curve], mode: .cubic))
        // The eased track at p equals the plain one at the eased local fraction (1e-12).
        let s = curve.value(at: 0.3)
        #expect(abs(eased.scalarValue(at: 0.15) - plain.scalarValue(at: 0.5 * s)) < 1e-12)
        #expect(abs(eased.scalarValue(at: 0.15) - plain.scalarValue(at: 0.15)) > 0.1)
    }
}

@Suite("Keyframes: cubicPaced")
struct CubicPacedKeyframeTests {
    @Test func constantSpeedAlongTheSpline() throws {
        var warnings: [String] = []
        let pts = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 30), CGPoint(x: 0, y: 200)]
        let track = try #require(
            KeyframeTrack(
                values: pts.map(AnimatableValue.point), calculationMode: .cubicPaced,
                warnings: &warnings))
        #expect(warnings.isEmpty)
        // 100 equal progress steps. Each step's length is measured as the arc it covers (40
        // sub-chords, so the measurement error is < 1e-4 even through the spline's tight turn
        // near (112, 4)); it must be constant within 1e-3 relative.
        let steps = 100
        let lengths = stepLengths(track, steps: steps)
        let mean = lengths.reduce(0, +) / Double(steps)
        let worst = lengths.map { abs($0 - mean) / mean }.max()!
        #expect(worst < 1e-3, "worst relative deviation \(worst)")
        // A plain cubic track over the same points is far from constant speed (the test can fail).
        let cubic = try #require(
            KeyframeTrack(
                values: pts.map(AnimatableValue.point), calculationMode: .cubic,
                warnings: &warnings))
        let a = distance(cubic.pointValue(at: 0), cubic.pointValue(at: 0.01))
        let b = distance(cubic.pointValue(at: 0.5), cubic.pointValue(at: 0.51))
        #expect(abs(a - b) / b > 0.1)
    }

    @Test func passesThroughKeyframesAtTheirArcLengthTimes() throws {
        let values = [0.0, 10, 5, 30]
        let track = try #require(scalarTrack(values, mode: .cubicPaced))
        #expect(track.keyTimes.first == 0 && track.keyTimes.last == 1)
        for (i, t) in track.keyTimes.enumerated() {
            #expect(abs(track.scalarValue(at: t) - values[i]) < 1e-9, "keyframe \(i) at \(t)")
        }
        // Scalars paced by arc length: |dv/dp| is constant = total variation (tolerance 1e-6).
        let speedA = abs(track.scalarValue(at: 0.05 + 1e-6) - track.scalarValue(at: 0.05)) / 1e-6
        let speedB = abs(track.scalarValue(at: 0.8 + 1e-6) - track.scalarValue(at: 0.8)) / 1e-6
        #expect(abs(speedA - speedB) < 1e-3 * speedB)
    }

    @Test func transformsFallBackToPaced() throws {
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [.transform(CATransform3DIdentity), .transform(CATransform3DMakeTranslation(10, 0, 0))],
                calculationMode: .cubicPaced, warnings: &warnings))
        #expect(track.calculationMode == .paced)
        #expect(warnings == ["calculationMode 'cubicPaced' cannot spline these values (transform); using 'paced'"])
    }
}
