import StrataAnimation
import Testing

/// Fixed probes before, at and just after every boundary (begin, each iteration edge, end),
/// using `nextDown`/`nextUp` (Skottie tests/Keyframe.cpp style). All scenarios use
/// beginTime 10 and duration 2 (exactly representable) unless the label says otherwise.
/// Progress tolerance: 1e-9 (a one-ulp step at t ≈ 10 moves p by ≈ 1e-15).
@Suite struct TimingModelBoundaryTests {
    struct Probe: Sendable, CustomTestStringConvertible {
        var label: String
        var timing: MediaTiming
        var t: Double
        var expected: IterationSample?
        var testDescription: String { "\(label) @ t=\(t)" }
    }

    // Expected-sample shorthands.
    static func active(_ p: Double, _ k: Int = 0) -> IterationSample {
        .init(progress: p, iteration: k, phase: .active)
    }
    static func before(_ p: Double, _ k: Int = 0) -> IterationSample {
        .init(progress: p, iteration: k, phase: .before)
    }
    static func after(_ p: Double, _ k: Int = 0) -> IterationSample { .init(progress: p, iteration: k, phase: .after) }

    static func timing(
        speed: Double = 1, timeOffset: Double = 0, repeatCount: Double = 0, repeatDuration: Double = 0,
        autoreverses: Bool = false, fill: FillMode = .removed, duration: Double = 2
    ) -> MediaTiming {
        MediaTiming(
            beginTime: 10, duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
            repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fill)
    }

    static func probes(_ label: String, _ timing: MediaTiming, _ rows: [(Double, IterationSample?)]) -> [Probe] {
        rows.map { Probe(label: label, timing: timing, t: $0.0, expected: $0.1) }
    }

    static let repeatCountProbes: [Probe] =
        probes(
            "repeatCount 0, removed", timing(),
            [
                (9, nil), (Double(10).nextDown, nil), (10, active(0)), (Double(10).nextUp, active(0)),
                (11, active(0.5)),
                (Double(12).nextDown, active(1)), (12, nil), (Double(12).nextUp, nil), (1e6, nil),
            ])
        + probes(
            "repeatCount 1, both", timing(repeatCount: 1, fill: .both),
            [
                (0, before(0)), (Double(10).nextDown, before(0)), (10, active(0)), (Double(12).nextDown, active(1)),
                (12, after(1)), (Double(12).nextUp, after(1)), (1e9, after(1)),
            ])
        + probes(
            "repeatCount 2.5, both (AD 5)", timing(repeatCount: 2.5, fill: .both),
            [
                (Double(10).nextDown, before(0)), (10, active(0)), (11, active(0.5)),
                (Double(12).nextDown, active(1, 0)),
                (12, active(0, 1)), (Double(12).nextUp, active(0, 1)), (Double(14).nextDown, active(1, 1)),
                (14, active(0, 2)), (Double(15).nextDown, active(0.5, 2)), (15, after(0.5, 2)),
                (Double(15).nextUp, after(0.5, 2)), (100, after(0.5, 2)),
            ])
        + probes(
            "repeatCount ∞, removed", timing(repeatCount: .infinity),
            [
                (Double(10).nextDown, nil), (10, active(0)), (12, active(0, 1)), (1010, active(0, 500)),
                (1011, active(0.5, 500)), (1e6 + 10, active(0, 500_000)), (1e6 + 11, active(0.5, 500_000)),
            ])
        + probes(
            "repeatCount Float.greatestFiniteMagnitude", timing(repeatCount: Double(Float.greatestFiniteMagnitude)),
            [(1011, active(0.5, 500)), (1e9, active(0, 499_999_995))])
        + probes(
            "repeatDuration 3, forwards", timing(repeatDuration: 3, fill: .forwards),
            [
                (Double(10).nextDown, nil), (Double(12).nextDown, active(1, 0)), (12, active(0, 1)),
                (Double(13).nextDown, active(0.5, 1)), (13, after(0.5, 1)), (20, after(0.5, 1)),
            ])
        + probes(
            "repeatDuration 4 ends on an edge: end of the previous leg", timing(repeatDuration: 4, fill: .forwards),
            [(Double(14).nextDown, active(1, 1)), (14, after(1, 1))])
        // Decimal durations: AD = 3 × 0.1 = 0.30000000000000004 must still end the third leg.
        + probes(
            "duration 0.1, repeatCount 3, forwards", timing(repeatCount: 3, fill: .forwards, duration: 0.1),
            [(10.25, active(0.5, 2)), (10.5, after(1, 2))])
        + probes(
            "duration 0.1, repeatCount 3, autoreverses, forwards",
            timing(repeatCount: 3, autoreverses: true, fill: .forwards, duration: 0.1), [(11, after(0, 2))])
        + probes(
            "duration 0.1, repeatDuration 0.3, forwards", timing(repeatDuration: 0.3, fill: .forwards, duration: 0.1),
            [(11, after(1, 2))])
        + probes(
            "duration 0 (unresolved): no active phase", timing(fill: .both, duration: 0),
            [(9, before(0)), (10, after(1)), (11, after(1))])
        + probes(
            "duration 0 with autoreverses ends at 0", timing(autoreverses: true, fill: .forwards, duration: 0),
            [(10, after(0))])

    static let autoreverseProbes: [Probe] =
        probes(
            "autoreverses, repeatCount 1 (AD 4), both", timing(repeatCount: 1, autoreverses: true, fill: .both),
            [
                (Double(10).nextDown, before(0)), (10, active(0)), (11, active(0.5)), (Double(12).nextDown, active(1)),
                (12, active(1)), (Double(12).nextUp, active(1)), (13, active(0.5)), (Double(14).nextDown, active(0)),
                (14, after(0)), (20, after(0)),
            ])
        + probes(
            "autoreverses, repeatCount 1.5 (AD 6), both", timing(repeatCount: 1.5, autoreverses: true, fill: .both),
            [(14, active(0, 1)), (15, active(0.5, 1)), (Double(16).nextDown, active(1, 1)), (16, after(1, 1))])
        + probes(
            "autoreverses, repeatCount 2 (AD 8), forwards", timing(repeatCount: 2, autoreverses: true, fill: .forwards),
            [(17, active(0.5, 1)), (Double(18).nextDown, active(0, 1)), (18, after(0, 1))])
        + probes(
            "autoreverses, timeOffset 1 (AD 4), forwards",
            timing(timeOffset: 1, repeatCount: 1, autoreverses: true, fill: .forwards),
            [(10, active(0.5)), (11, active(1)), (Double(14).nextDown, active(0.5)), (14, after(0.5))])

    static let speedProbes: [Probe] =
        probes(
            "speed 2: active [10, 11)", timing(speed: 2),
            [
                (Double(10).nextDown, nil), (10, active(0)), (10.5, active(0.5)), (Double(11).nextDown, active(1)),
                (11, nil),
            ])
        + probes(
            "speed 0.5: active [10, 14), forwards", timing(speed: 0.5, fill: .forwards),
            [(12, active(0.5)), (Double(14).nextDown, active(1)), (14, after(1))])
        + probes(
            "speed 0, timeOffset 0.5: frozen and active at any time", timing(speed: 0, timeOffset: 0.5),
            [(-1e9, active(0.25)), (0, active(0.25)), (10, active(0.25)), (1e9, active(0.25))])
        + probes(
            "speed 0, timeOffset 3, repeatCount 2", timing(speed: 0, timeOffset: 3, repeatCount: 2),
            [(5, active(0.5, 1))])
        + probes("speed 0, timeOffset 0", timing(speed: 0), [(100, active(0))])
        // Negative speed: τ = 10 − t, so the active interval is (8, 10], played backwards;
        // right after beginTime the animation is *before* its active interval.
        + probes(
            "speed −1, removed", timing(speed: -1),
            [
                (11, nil), (Double(10).nextUp, nil), (10, active(0)), (9, active(0.5)), (Double(8).nextUp, active(1)),
                (8, nil), (0, nil),
            ])
        + probes(
            "speed −1, both", timing(speed: -1, fill: .both),
            [(Double(10).nextUp, before(0)), (11, before(0)), (8, after(1)), (5, after(1))])

    static let timeOffsetProbes: [Probe] =
        probes(
            "timeOffset 1 (half a duration), forwards: C→D→E→A→B", timing(timeOffset: 1, fill: .forwards),
            [
                (10, active(0.5)), (Double(11).nextDown, active(1)), (11, active(0)),
                (Double(12).nextDown, active(0.5)),
                (12, after(0.5)), (30, after(0.5)),
            ])
        + probes(
            "timeOffset 2 (= AD), forwards", timing(timeOffset: 2, fill: .forwards), [(10, active(0)), (12, after(1))])
        + probes(
            "timeOffset 3, repeatCount 2 (AD 4, wrap modulo AD), both",
            timing(timeOffset: 3, repeatCount: 2, fill: .both),
            [
                (9, before(0.5, 1)), (10, active(0.5, 1)), (Double(11).nextDown, active(1, 1)), (11, active(0, 0)),
                (14, after(0.5, 1)),
            ])
        + probes("timeOffset −1 wraps backwards", timing(timeOffset: -1), [(10, active(0.5)), (11, active(0))])
        + probes(
            "timeOffset −1e-17 wraps to the end, not the start", timing(timeOffset: -1e-17, repeatCount: 1.5),
            [(10, active(0.5, 1))])
        + probes(
            "timeOffset 1, repeatCount ∞ (no wrap forwards)", timing(timeOffset: 1, repeatCount: .infinity),
            [(9, nil), (10, active(0.5)), (11, active(0, 1)), (1011, active(0, 501))])
        + probes(
            "timeOffset −3, repeatCount ∞ (negative u wraps by a cycle)",
            timing(timeOffset: -3, repeatCount: .infinity),
            [(10, active(0.5)), (11, active(0)), (13, active(0, 0))])

    static func check(_ probe: Probe) {
        let got = probe.timing.sample(parentTime: probe.t)
        guard let expected = probe.expected else {
            #expect(got == nil)
            return
        }
        guard let got else {
            Issue.record("expected \(expected), got nil")
            return
        }
        #expect(got.phase == expected.phase)
        #expect(got.iteration == expected.iteration)
        #expect(abs(got.progress - expected.progress) <= 1e-9, "progress \(got.progress) vs \(expected.progress)")
        #expect(probe.timing.phase(parentTime: probe.t) == expected.phase)
    }

    @Test(arguments: repeatCountProbes) func repeatCountAndDuration(_ probe: Probe) { Self.check(probe) }
    @Test(arguments: autoreverseProbes) func autoreverses(_ probe: Probe) { Self.check(probe) }
    @Test(arguments: speedProbes) func speed(_ probe: Probe) { Self.check(probe) }
    @Test(arguments: timeOffsetProbes) func timeOffset(_ probe: Probe) { Self.check(probe) }

    // MARK: Start / finish (delegate timing)

    struct EdgeCase: Sendable, CustomTestStringConvertible {
        var label: String
        var timing: MediaTiming
        var t: Double
        var started: Bool
        var finished: Bool
        var testDescription: String { "\(label) @ t=\(t)" }
    }

    static let edges: [EdgeCase] = [
        .init(
            label: "speed 1", timing: timing(repeatCount: 1), t: Double(10).nextDown, started: false, finished: false),
        .init(label: "speed 1", timing: timing(repeatCount: 1), t: 10, started: true, finished: false),
        .init(label: "speed 1", timing: timing(repeatCount: 1), t: Double(12).nextDown, started: true, finished: false),
        .init(label: "speed 1", timing: timing(repeatCount: 1), t: 12, started: true, finished: true),
        .init(label: "speed −1", timing: timing(speed: -1), t: Double(10).nextUp, started: false, finished: false),
        .init(label: "speed −1", timing: timing(speed: -1), t: 10, started: true, finished: false),
        .init(label: "speed −1", timing: timing(speed: -1), t: Double(8).nextUp, started: true, finished: false),
        .init(label: "speed −1", timing: timing(speed: -1), t: 8, started: true, finished: true),
        .init(label: "speed 0", timing: timing(speed: 0), t: -1e9, started: true, finished: false),
        .init(label: "speed 0", timing: timing(speed: 0), t: 1e9, started: true, finished: false),
        .init(label: "forever", timing: timing(repeatCount: .infinity), t: 1e300, started: true, finished: false),
        .init(label: "NaN time", timing: timing(), t: .nan, started: false, finished: false),
    ]

    @Test(arguments: edges)
    func hasStartedAndIsFinished(_ c: EdgeCase) {
        #expect(c.timing.hasStarted(parentTime: c.t) == c.started)
        #expect(c.timing.isFinished(parentTime: c.t) == c.finished)
    }

    @Test func nonFiniteParentTimeContributesNothing() {
        let t = Self.timing(repeatCount: 1, fill: .both)
        #expect(t.sample(parentTime: .nan) == nil)
        #expect(t.sample(parentTime: .infinity) == nil)
        #expect(t.sample(parentTime: -.infinity) == nil)
        #expect(t.phase(parentTime: .nan) == .before)
    }

    @Test func localTimeIsStageOne() {
        let t = MediaTiming(beginTime: 3, duration: 1, speed: 2, timeOffset: 0.5)
        #expect(t.localTime(parentTime: 4) == 2.5)  // (4 − 3)·2 + 0.5
        #expect(t.activeLocalTime(parentTime: 4) == 2)
        let paused = MediaTiming(beginTime: 3, duration: 1, speed: 0, timeOffset: 0.5)
        #expect(paused.localTime(parentTime: .infinity) == 0.5)  // no ∞·0 NaN
    }
}
