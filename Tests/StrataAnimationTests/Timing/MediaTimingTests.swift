import StrataAnimation
import Testing

/// Defaults, derived durations and the bad-input fallbacks of `MediaTiming` (spec §1.1–§1.4).
@Suite struct MediaTimingTests {
    @Test func defaultsAreApples() {
        let t = MediaTiming()
        #expect(t.beginTime == 0)
        #expect(t.duration == 0)
        #expect(t.speed == 1)
        #expect(t.timeOffset == 0)
        #expect(t.repeatCount == 0)
        #expect(t.repeatDuration == 0)
        #expect(t.autoreverses == false)
        #expect(t.fillMode == .removed)
    }

    @Test func fillModeFlags() {
        #expect(FillMode.removed.fillsForwards == false && FillMode.removed.fillsBackwards == false)
        #expect(FillMode.forwards.fillsForwards == true && FillMode.forwards.fillsBackwards == false)
        #expect(FillMode.backwards.fillsForwards == false && FillMode.backwards.fillsBackwards == true)
        #expect(FillMode.both.fillsForwards == true && FillMode.both.fillsBackwards == true)
    }

    /// Zero, negative and NaN durations take the default at add time; positive ones stay.
    @Test(arguments: [(0.0, 0.25), (-1.0, 0.25), (.nan, 0.25), (0.5, 0.5), (3.0, 3.0)])
    func resolvingDefaultDuration(_ given: Double, _ expected: Double) {
        #expect(MediaTiming(duration: given).resolvingDefaultDuration().duration == expected)
        #expect(MediaTiming(duration: given).resolvingDefaultDuration(0.7).duration == (given > 0 ? given : 0.7))
    }

    struct DurationCase: Sendable, CustomTestStringConvertible {
        var timing: MediaTiming
        var cycle: Double
        var active: Double
        var testDescription: String {
            "d=\(timing.duration) rc=\(timing.repeatCount) rd=\(timing.repeatDuration) "
                + "rev=\(timing.autoreverses)"
        }
    }

    static let durationCases: [DurationCase] = [
        .init(timing: MediaTiming(duration: 2), cycle: 2, active: 2),
        .init(timing: MediaTiming(duration: 2, repeatCount: 1), cycle: 2, active: 2),
        .init(timing: MediaTiming(duration: 2, repeatCount: 2.5), cycle: 2, active: 5),
        .init(timing: MediaTiming(duration: 2, autoreverses: true), cycle: 4, active: 4),
        // Spec §1.4's worked example: one repeat = forward + backward.
        .init(timing: MediaTiming(duration: 2, repeatCount: 1.5, autoreverses: true), cycle: 4, active: 6),
        .init(timing: MediaTiming(duration: 2, repeatDuration: 3), cycle: 2, active: 3),
        // Both set: undefined in Apple's API; repeatDuration wins here.
        .init(timing: MediaTiming(duration: 2, repeatCount: 5, repeatDuration: 3), cycle: 2, active: 3),
        .init(timing: MediaTiming(duration: 2, repeatCount: .infinity), cycle: 2, active: .infinity),
        .init(
            timing: MediaTiming(duration: 2, repeatCount: Double(Float.greatestFiniteMagnitude)), cycle: 2,
            active: .infinity),
        .init(timing: MediaTiming(duration: 2, repeatDuration: .infinity), cycle: 2, active: .infinity),
        // Unresolved duration: no active interval at all.
        .init(timing: MediaTiming(duration: 0, repeatCount: 3), cycle: 0, active: 0),
        .init(timing: MediaTiming(duration: .nan), cycle: 0, active: 0),
        .init(timing: MediaTiming(duration: .infinity), cycle: 0, active: 0),
    ]

    @Test(arguments: durationCases)
    func cycleAndActiveDuration(_ c: DurationCase) {
        #expect(c.timing.cycleDuration == c.cycle)
        #expect(c.timing.activeDuration == c.active)
    }

    // MARK: Bad input

    struct BadInput: Sendable, CustomTestStringConvertible {
        var what: String
        var input: MediaTiming
        var expected: MediaTiming
        var warnings: Int
        var testDescription: String { what }
    }

    static let badInputs: [BadInput] = [
        .init(
            what: "NaN duration → default 0.25", input: .init(duration: .nan), expected: .init(duration: 0.25),
            warnings: 1),
        .init(
            what: "+∞ duration → default", input: .init(duration: .infinity), expected: .init(duration: 0.25),
            warnings: 1),
        .init(
            what: "negative duration → default", input: .init(duration: -2), expected: .init(duration: 0.25),
            warnings: 1),
        .init(
            what: "zero duration kept (unsubstituted)", input: .init(duration: 0), expected: .init(duration: 0),
            warnings: 0),
        .init(
            what: "NaN beginTime → 0", input: .init(beginTime: .nan, duration: 1), expected: .init(duration: 1),
            warnings: 1),
        .init(
            what: "−∞ beginTime → 0", input: .init(beginTime: -.infinity, duration: 1), expected: .init(duration: 1),
            warnings: 1),
        .init(
            what: "NaN timeOffset → 0", input: .init(duration: 1, timeOffset: .nan), expected: .init(duration: 1),
            warnings: 1),
        .init(what: "NaN speed → 1", input: .init(duration: 1, speed: .nan), expected: .init(duration: 1), warnings: 1),
        .init(
            what: "∞ speed → 1", input: .init(duration: 1, speed: .infinity), expected: .init(duration: 1), warnings: 1),
        .init(
            what: "speed 0 is valid (paused)", input: .init(duration: 1, speed: 0),
            expected: .init(duration: 1, speed: 0), warnings: 0),
        .init(
            what: "speed −1 is valid (reversed)", input: .init(duration: 1, speed: -1),
            expected: .init(duration: 1, speed: -1), warnings: 0),
        .init(
            what: "negative repeatCount → 0", input: .init(duration: 1, repeatCount: -3), expected: .init(duration: 1),
            warnings: 1),
        .init(
            what: "NaN repeatCount → 0", input: .init(duration: 1, repeatCount: .nan), expected: .init(duration: 1),
            warnings: 1),
        .init(
            what: "Float.greatestFiniteMagnitude repeatCount → ∞ silently",
            input: .init(duration: 1, repeatCount: Double(Float.greatestFiniteMagnitude)),
            expected: .init(duration: 1, repeatCount: .infinity), warnings: 0),
        .init(
            what: "+∞ repeatCount stays ∞", input: .init(duration: 1, repeatCount: .infinity),
            expected: .init(duration: 1, repeatCount: .infinity), warnings: 0),
        .init(
            what: "negative repeatDuration → 0", input: .init(duration: 1, repeatDuration: -1),
            expected: .init(duration: 1), warnings: 1),
        .init(
            what: "NaN repeatDuration → 0", input: .init(duration: 1, repeatDuration: .nan),
            expected: .init(duration: 1), warnings: 1),
        .init(
            what: "both repeat properties: kept, reported",
            input: .init(duration: 1, repeatCount: 2, repeatDuration: 3),
            expected: .init(duration: 1, repeatCount: 2, repeatDuration: 3), warnings: 1),
        .init(
            what: "everything bad at once",
            input: .init(
                beginTime: .nan, duration: .nan, speed: .nan, timeOffset: .infinity, repeatCount: -1,
                repeatDuration: .nan),
            expected: .init(duration: 0.25), warnings: 6),
    ]

    @Test(arguments: badInputs)
    func sanitizedAppliesFallbacks(_ c: BadInput) {
        let (timing, warnings) = c.input.sanitized()
        #expect(timing == c.expected)
        #expect(warnings.count == c.warnings, "\(warnings)")
        // After sanitizing, sampling anywhere yields a finite progress or nil, never NaN.
        for t in [-1e9, -1.0, 0, 0.1, 1, 1e9] {
            if let s = timing.resolvingDefaultDuration().sample(parentTime: t) {
                #expect(s.progress >= 0 && s.progress <= 1)
            }
        }
    }

    @Test func sanitizedUsesTheGivenDefaultDuration() {
        #expect(MediaTiming(duration: -1).sanitized(defaultDuration: 0.4).timing.duration == 0.4)
    }
}
