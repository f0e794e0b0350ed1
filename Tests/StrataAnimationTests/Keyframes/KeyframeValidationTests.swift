import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

/// A bad keyTimes array for three linear keyframes [0, 10, 40], and the warning it must produce.
/// Every one falls back to even spacing [0, 0.5, 1], so the value at 0.25 is 5.
struct BadKeyTimes: CustomTestStringConvertible, Sendable {
    let keyTimes: [Double]
    let warning: String
    var testDescription: String { "\(keyTimes)" }
}

private let badKeyTimes: [BadKeyTimes] = [
    // Tried: one entry too few.
    .init(
        keyTimes: [0, 1],
        warning:
            "keyTimes ignored: expected 3 entries (one per keyframe) for calculationMode 'linear', got 2; "
            + "using even spacing"
    ),
    // Tried: decreasing.
    .init(
        keyTimes: [0, 0.8, 0.7],
        warning: "keyTimes ignored: entries must not decrease (entry 2 is 0.7 after 0.8); using even spacing"),
    // Tried: an entry past 1 followed by a smaller one (out of range alone is kept: see below).
    .init(
        keyTimes: [0, 1.5, 1],
        warning: "keyTimes ignored: entries must not decrease (entry 2 is 1.0 after 1.5); using even spacing"),
    // Tried: infinity.
    .init(keyTimes: [0, .infinity, 1], warning: "keyTimes ignored: entry 1 (inf) is not finite; using even spacing"),
    // Tried: NaN.
    .init(keyTimes: [0, .nan, 1], warning: "keyTimes ignored: entry 1 is NaN; using even spacing"),
]

@Suite("Keyframes: bad input falls back")
struct KeyframeValidationTests {
    @Test(arguments: badKeyTimes)
    func badKeyTimesFallBackToEvenSpacing(_ c: BadKeyTimes) throws {
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [0, 10, 40].map(AnimatableValue.scalar), keyTimes: c.keyTimes,
                warnings: &warnings))
        #expect(warnings == [c.warning])
        #expect(track.keyTimes == [0, 0.5, 1])
        #expect(track.scalarValue(at: 0.25) == 5)
    }

    @Test func discreteKeyTimesNeedOneMoreThanValues() throws {
        // Tried: 3 key times for 3 discrete values.
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [1, 2, 3].map(AnimatableValue.scalar), keyTimes: [0, 0.5, 1],
                calculationMode: .discrete, warnings: &warnings))
        #expect(
            warnings == [
                "keyTimes ignored: expected 4 entries (one more than the number of values) for calculationMode "
                    + "'discrete', got 3; using even spacing"
            ])
        #expect(track.scalarValue(at: 0.5) == 2)  // 1/3 … 2/3 holds the second value
    }

    @Test func timingFunctionsOfTheWrongCountAreIgnored() throws {
        // Tried: one timing function for two segments.
        let easeIn = TimingCurve(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1)
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [0, 10, 20].map(AnimatableValue.scalar), timingCurves: [easeIn],
                warnings: &warnings))
        #expect(warnings == ["timingFunctions ignored: expected 2 (one per segment), got 1"])
        #expect(track.scalarValue(at: 0.25) == 5)  // linear, not eased
    }

    @Test func timingFunctionsAreIgnoredInDiscreteMode() throws {
        // Tried: timing functions with discrete (per the Guide, discrete honours keyTimes only).
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [1, 2].map(AnimatableValue.scalar),
                timingCurves: [TimingCurve(c1x: 0.5, c1y: 0, c2x: 1, c2y: 1), .linear],
                calculationMode: .discrete, warnings: &warnings))
        #expect(warnings == ["timingFunctions ignored in calculationMode 'discrete'"])
        #expect(track.scalarValue(at: 0.5) == 2)
    }

    @Test func splineParametersOfTheWrongCountBecomeZeros() throws {
        // Tried: two tension values for four keyframes → zeros, i.e. Catmull–Rom (midpoint 4.375).
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [0, 10, 0, 20].map(AnimatableValue.scalar), calculationMode: .cubic,
                tension: [1, 1], warnings: &warnings))
        #expect(warnings == ["tensionValues ignored: expected 4 (one per keyframe), got 2; using 0"])
        #expect(abs(track.scalarValue(at: 0.5) - 4.375) < 1e-12)
    }

    @Test func splineParametersAreClampedAndNaNIsZero() throws {
        // Tried: tension 3 (clamped to 1) and NaN (→ 0). Clamped tension 1 at keyframes 1 and 2
        // zeroes their tangents: the interior midpoint is the plain average 5.
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [0, 10, 0, 20].map(AnimatableValue.scalar), calculationMode: .cubic,
                tension: [.nan, 3, 3, 0], warnings: &warnings))
        #expect(
            warnings == [
                "tensionValues entry 0 is NaN; using 0", "tensionValues entry 1 (3.0) clamped to -1…1",
                "tensionValues entry 2 (3.0) clamped to -1…1",
            ])
        #expect(abs(track.scalarValue(at: 0.5) - 5) < 1e-12)
    }

    @Test func splineParametersAreIgnoredOutsideCubicModes() throws {
        // Tried: bias values with linear mode.
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(values: [0, 10].map(AnimatableValue.scalar), bias: [1, 1], warnings: &warnings))
        #expect(warnings == ["tensionValues, continuityValues and biasValues ignored in calculationMode 'linear'"])
        #expect(track.scalarValue(at: 0.5) == 5)
    }

    @Test func emptyValuesMakeNoTrack() {
        // Tried: no values at all → invalid; the caller ignores the animation.
        var warnings: [String] = []
        #expect(KeyframeTrack(values: [], warnings: &warnings) == nil)
        #expect(warnings == ["values is empty: the animation has no effect"])
    }

    @Test(arguments: CalculationMode.allCases)
    func singleValueIsConstant(_ mode: CalculationMode) throws {
        // Tried: one value in every mode, probed before, inside and after the iteration.
        var warnings: [String] = []
        let track = try #require(KeyframeTrack(values: [.scalar(42)], calculationMode: mode, warnings: &warnings))
        #expect(track.isConstant)
        #expect(warnings.isEmpty)
        for p in [-1.0, 0, 0.5, 1, 2] { #expect(track.scalarValue(at: p) == 42) }
    }

    @Test func cubicTransformsFallBackToLinear() throws {
        // Tried: cubic mode on transforms (no component-wise spline for matrices).
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [
                    .transform(CATransform3DIdentity), .transform(CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
                    .transform(CATransform3DIdentity),
                ],
                calculationMode: .cubic, warnings: &warnings))
        #expect(warnings == ["calculationMode 'cubic' cannot spline these values (transform); using 'linear'"])
        #expect(track.calculationMode == .linear)
        var cursor = 0
        #expect(abs(zAngle(track.value(at: 0.25, cursor: &cursor)) - .pi / 4) < 1e-12)
    }

    @Test func cubicArraysOfDifferentCountsFallBack() throws {
        // Tried: cubic on gradient locations whose counts differ.
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [.scalars([0, 1]), .scalars([0, 0.5, 1])], calculationMode: .cubic,
                warnings: &warnings))
        #expect(track.calculationMode == .linear)
        #expect(warnings.count == 1)
    }

    @Test func rotationModeWithoutPathIsIgnored() throws {
        // Tried: rotationMode on a values track (Apple: undefined without a path).
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [.point(.zero), .point(CGPoint(x: 1, y: 1))], rotationMode: .auto,
                warnings: &warnings))
        #expect(warnings == ["rotationMode ignored: it needs a path"])
        var cursor = 0
        #expect(track.evaluate(at: 0.5, cursor: &cursor).rotation == nil)
    }

    @Test func keyTimesInPacedModeWarn() throws {
        // Tried: valid keyTimes with paced mode: ignored (spacing is computed), with a note.
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [0, 10, 40].map(AnimatableValue.scalar), keyTimes: [0, 0.5, 1],
                calculationMode: .paced, warnings: &warnings))
        #expect(warnings == ["keyTimes ignored in calculationMode 'paced' (spacing is computed for constant speed)"])
        #expect(track.keyTimes == [0, 0.25, 1])
    }

    @Test func badPathKeyTimesFallBack() throws {
        // Tried: decreasing keyTimes on a two-segment path.
        var warnings: [String] = []
        let path = makePath {
            $0.move(to: .zero)
            $0.addLine(to: CGPoint(x: 10, y: 0))
            $0.addLine(to: CGPoint(x: 10, y: 10))
        }
        let track = try #require(KeyframeTrack(path: path, keyTimes: [0, 0.6, 0.5], warnings: &warnings))
        #expect(warnings == ["keyTimes ignored: entries must not decrease (entry 2 is 0.5 after 0.6); using even spacing"])
        #expect(track.pointValue(at: 0.25) == CGPoint(x: 5, y: 0))
    }

    @Test func pathKeyTimesEndingBeforeOneHoldTheEndPoint() throws {
        // keyTimes ending at 0.5: the point reaches the path's end at half time and stays there.
        var warnings: [String] = []
        let path = makePath {
            $0.move(to: .zero)
            $0.addLine(to: CGPoint(x: 10, y: 0))
            $0.addLine(to: CGPoint(x: 10, y: 10))
        }
        let track = try #require(KeyframeTrack(path: path, keyTimes: [0, 0.25, 0.5], warnings: &warnings))
        #expect(warnings.isEmpty)
        #expect(track.pointValue(at: 0.125) == CGPoint(x: 5, y: 0))
        #expect(track.pointValue(at: 0.375) == CGPoint(x: 10, y: 5))
        #expect(track.pointValue(at: 0.75) == CGPoint(x: 10, y: 10))
    }
}

@Suite("Keyframes: lottie-ios's key times past either end")
struct UnreachableEndTests {
    /// lottie-ios puts a 0 before a first key time below 0 and a 1 after a last one above 1:
    /// [0, −0.25, 0.75, 1.25, 1] for values [0, 0, 100, 200, 200]. The keyframes at 0 and at 1
    /// can never start a segment Core Animation picks; the ones between tell the values: 25 at
    /// 0, 50 at 0.25, 150 at 1 — no warning, not even spacing.
    @Test func keyframesPastALaterKeyTimeAtEitherEndAreDropped() throws {
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [0, 0, 100, 200, 200].map(AnimatableValue.scalar), keyTimes: [0, -0.25, 0.75, 1.25, 1],
                timingCurves: [.linear, .linear, .linear, .linear], warnings: &warnings))
        #expect(warnings.isEmpty, "\(warnings)")
        let kept: [Double] = [-0.25, 0.75, 1.25]
        #expect(track.keyTimes == kept)
        let expected: [(Double, Double)] = [(0, 25), (0.25, 50), (0.75, 100), (1, 150)]
        for (p, v) in expected {
            #expect(abs(track.scalarValue(at: p) - v) < 1e-9, "at \(p)")
        }
    }

    /// Discrete: value i holds from key time i to i + 1; a repeated value whose span is reversed
    /// at an end never shows. [0, −0.5, 0.5, 2, 1] for [2, 2, 3, 3]: 2 until 0.5, then 3.
    @Test func discreteValuesOfReversedEndSpansAreDropped() throws {
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [2, 2, 3, 3].map(AnimatableValue.scalar), keyTimes: [0, -0.5, 0.5, 2, 1],
                calculationMode: .discrete, warnings: &warnings))
        #expect(warnings.isEmpty, "\(warnings)")
        let shown = [0, 0.49, 0.5, 1].map { track.scalarValue(at: $0) }
        #expect(shown == [2, 2, 3, 3])
    }

    /// A decrease in the middle, or at an end between different values, is still invalid: even
    /// spacing, with the warning.
    @Test func aDecreaseInTheMiddleStillFallsBack() throws {
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(values: [0, 10, 20, 30].map(AnimatableValue.scalar), keyTimes: [0, 0.6, 0.4, 1], warnings: &warnings))
        #expect(warnings.count == 1)
        let even: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]
        #expect(track.keyTimes == even)
        var more: [String] = []
        let ends = try #require(
            KeyframeTrack(values: [0, 10, 20].map(AnimatableValue.scalar), keyTimes: [0.5, 0.2, 1], warnings: &more))
        #expect(more.count == 1)
        #expect(ends.keyTimes == [0, 0.5, 1])
    }
}
