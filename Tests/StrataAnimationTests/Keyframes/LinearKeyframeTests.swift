import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

/// values [0, 10, 30, 100] at keyTimes [0, 0.25, 0.5, 1]: probes at, just before and just after
/// every key time, inside segments, and overshooting both ends (first/last segment extrapolate).
/// Tolerance 1e-12 except next to a key time, where the value is within one step of the key value
/// (the slope times one ulp, far below 1e-12).
private let linearProbes: [Probe] = [
    Probe(-0.1, -4),  // extrapolates the first segment: 0 + (−0.4)·10
    Probe(0, 0), Probe(0.0.nextUp, 0),
    Probe(0.125, 5),
    Probe(0.25.nextDown, 10), Probe(0.25, 10), Probe(0.25.nextUp, 10),
    Probe(0.375, 20),
    Probe(0.5.nextDown, 30), Probe(0.5, 30), Probe(0.5.nextUp, 30),
    Probe(0.75, 65),
    Probe(1.0.nextDown, 100), Probe(1, 100),
    Probe(1.1, 114),  // extrapolates the last segment: 30 + 1.2·70
]

@Suite("Keyframes: linear")
struct LinearKeyframeTests {
    @Test(arguments: linearProbes)
    func probesAroundEveryKeyTime(_ probe: Probe) throws {
        let track = try #require(scalarTrack([0, 10, 30, 100], keyTimes: [0, 0.25, 0.5, 1]))
        #expect(abs(track.scalarValue(at: probe.progress) - probe.expected) <= probe.tolerance)
    }

    @Test func exactValuesAtKeyTimes() throws {
        let track = try #require(scalarTrack([0.1, 0.7, 0.3], keyTimes: [0, 0.3, 1]))
        // At a key time the keyframe value itself, not a rounded lerp.
        #expect(track.scalarValue(at: 0.3) == 0.7)
        #expect(track.scalarValue(at: 1) == 0.3)
        #expect(track.scalarValue(at: 0) == 0.1)
    }

    @Test func evenSpacingByDefault() throws {
        let track = try #require(scalarTrack([0, 10, 0, 10, 0]))
        #expect(track.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(track.scalarValue(at: 0.125) == 5)
        #expect(track.scalarValue(at: 0.5) == 0)
    }

    @Test func repeatedKeyTimeJumpsToTheLaterValue() throws {
        // keyTimes [0, 0.5, 0.5, 1]: 10 is reached just before 0.5, 50 holds from 0.5.
        let track = try #require(scalarTrack([0, 10, 50, 60], keyTimes: [0, 0.5, 0.5, 1]))
        #expect(abs(track.scalarValue(at: 0.5.nextDown) - 10) < 1e-12)
        #expect(track.scalarValue(at: 0.5) == 50)
        #expect(track.scalarValue(at: 0.75) == 55)
    }

    @Test func perSegmentTimingCurves() throws {
        let easeIn = TimingCurve(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1)
        let track = try #require(scalarTrack([0, 10, 20], keyTimes: [0, 0.5, 1], timingCurves: [easeIn, .linear]))
        // Segment 0 at s = 0.5 is eased; segment 1 is linear (tolerance 1e-12).
        #expect(abs(track.scalarValue(at: 0.25) - 10 * easeIn.value(at: 0.5)) < 1e-12)
        #expect(track.scalarValue(at: 0.25) < 4)  // ease-in is slow at first: a real change
        #expect(abs(track.scalarValue(at: 0.75) - 15) < 1e-12)
        // Key times still hit the keyframes exactly.
        #expect(track.scalarValue(at: 0.5) == 10)
    }

    @Test func cursorGivesTheSameAnswersInAnyOrder() throws {
        let track = try #require(scalarTrack([0, 3, -2, 8, 1, 5], keyTimes: [0, 0.1, 0.3, 0.35, 0.8, 1]))
        var cursor = 0
        let forward = stride(from: -0.2, through: 1.2, by: 0.01).map { p in
            (p, scalar(track.value(at: p, cursor: &cursor)))
        }
        for (p, v) in forward { #expect(track.scalarValue(at: p) == v) }
        // Jumps backwards and a garbage cursor fall back to binary search.
        var wild = 1_000
        for (p, v) in forward.reversed() { #expect(scalar(track.value(at: p, cursor: &wild)) == v) }
        var negative = -7
        #expect(scalar(track.value(at: 0.32, cursor: &negative)) == track.scalarValue(at: 0.32))
        #expect(negative == 2)  // the cursor now names segment 2 ([0.3, 0.35))
    }

    @Test func nanProgressReadsAsZero() throws {
        let track = try #require(scalarTrack([4, 10]))
        #expect(track.scalarValue(at: .nan) == 4)
    }

    @Test func nonScalarKindsInterpolateByType() throws {
        var warnings: [String] = []
        let track = try #require(
            KeyframeTrack(
                values: [
                    .transform(CATransform3DIdentity), .transform(CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
                    .transform(CATransform3DMakeRotation(.pi, 0, 0, 1)),
                ],
                warnings: &warnings))
        var cursor = 0
        // Within segment 0 at s = 0.5: 45° (decomposition), within 1e-12.
        #expect(abs(zAngle(track.value(at: 0.25, cursor: &cursor)) - .pi / 4) < 1e-12)
        let bools = try #require(KeyframeTrack(values: [.bool(false), .bool(true)], warnings: &warnings))
        #expect(bools.value(at: 0.49, cursor: &cursor) == .bool(false))
        #expect(bools.value(at: 0.5, cursor: &cursor) == .bool(true))
        #expect(warnings.isEmpty)
    }
}

@Suite("Keyframes: discrete")
struct DiscreteKeyframeTests {
    /// Apple's example: keyTimes [0, 0.25, 0.5, 0.75, 1], values [310, 60, 120, 60] ⇒ 60 from
    /// 0.75 until the end. Exact values (no interpolation).
    @Test(arguments: [
        Probe(-0.5, 310), Probe(0, 310), Probe(0.25.nextDown, 310), Probe(0.25, 60), Probe(0.25.nextUp, 60),
        Probe(0.5.nextDown, 60), Probe(0.5, 120), Probe(0.75.nextDown, 120), Probe(0.75, 60), Probe(0.9, 60),
        Probe(1.0.nextDown, 60), Probe(1, 60), Probe(1.5, 60),
    ])
    func applesExample(_ probe: Probe) throws {
        let track = try #require(scalarTrack([310, 60, 120, 60], keyTimes: [0, 0.25, 0.5, 0.75, 1], mode: .discrete))
        #expect(track.scalarValue(at: probe.progress) == probe.expected)
    }

    @Test func defaultSpacingIsOneNth() throws {
        // n values, no keyTimes: value i holds for [i/n, (i+1)/n) (spec §4.3 (?) default).
        let track = try #require(scalarTrack([1, 2, 3, 4], mode: .discrete))
        #expect(track.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(track.scalarValue(at: 0.25.nextDown) == 1)
        #expect(track.scalarValue(at: 0.25) == 2)
        #expect(track.scalarValue(at: 0.75) == 4)
        #expect(track.scalarValue(at: 1) == 4)
    }

    @Test func zeroDurationValueIsSkipped() throws {
        // keyTimes [0, 0.5, 0.5, 1]: value 2 holds for no time; at 0.5 the later value 3 wins.
        let track = try #require(scalarTrack([1, 2, 3], keyTimes: [0, 0.5, 0.5, 1], mode: .discrete))
        #expect(track.scalarValue(at: 0.5.nextDown) == 1)
        #expect(track.scalarValue(at: 0.5) == 3)
    }

    @Test func interpolatableKeyTimesCountIsRejected() throws {
        // n key times for n discrete values is the wrong count: even spacing i/n instead.
        let track = try #require(
            scalarTrack([1, 2, 3, 4], keyTimes: [0, 0.1, 0.2, 1], mode: .discrete, expectWarnings: 1))
        #expect(track.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(track.scalarValue(at: 0.2) == 1)
    }
}
