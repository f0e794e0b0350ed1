import StrataAnimation
import Testing

@Suite("Media timing: the parent times a sample holds over")
struct MediaTimingSteadyTests {
    /// A small fixed-seed generator: the same timings on every machine.
    struct Generator {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// For 3,000 random timings (begin times near 0, 10⁶ s and fractional; speeds of both signs;
    /// offsets; repeats; autoreverse; every fill) and times: the span holds the time, and at 40
    /// times inside it the sample keeps its phase and iteration with the progress in the range
    /// asked (within 1e-9), or stays nothing.
    @Test func everyTimeInsideASpanSamplesTheSameLegWithinTheRange() {
        var g = Generator(state: 7)
        let origins = [0.0, 1_000_000, 0.37]
        for n in 0..<3000 {
            let speed = [1.0, 2, 0.5, -1, -0.75][Int(g.next() * 5)]
            let timing = MediaTiming(
                beginTime: origins[n % 3] + g.next() * 4, duration: 0.2 + g.next() * 2, speed: speed,
                timeOffset: g.next() < 0.5 ? 0 : g.next() * 3, repeatCount: [0, 1, 2.5, .infinity][Int(g.next() * 4)],
                autoreverses: g.next() < 0.4, fillMode: FillMode.allCases[Int(g.next() * 4)])
            let t = origins[n % 3] + g.next() * 14 - 3
            let sample = timing.sample(parentTime: t)
            // A range of progress around the sample's (as a run of held keyframes gives).
            let p = sample?.progress ?? 0.5
            let range = (lo: p - g.next() * 0.3, hi: p + g.next() * 0.3)
            let span = timing.steadySpan(parentTime: t, progress: range)
            #expect(span.lo <= t && t <= span.hi, "\(timing) at \(t): \(span)")
            guard span.lo < span.hi else { continue }
            let lo = max(span.lo, t - 50), hi = min(span.hi, t + 50)
            let margin = 1e-6 * (1 + abs(t) * 1e-6)
            for j in 1..<40 {
                let u = lo + margin + (hi - lo - 2 * margin) * Double(j) / 40
                let other = timing.sample(parentTime: u)
                guard let sample, let other else {
                    #expect(sample == nil && other == nil, "\(timing): \(t) → \(String(describing: sample)), \(u) → \(String(describing: other))")
                    continue
                }
                #expect(other.phase == sample.phase && other.iteration == sample.iteration, "\(timing): \(t) vs \(u)")
                if sample.phase == .active {
                    #expect(other.progress >= range.lo - 1e-9 && other.progress <= range.hi + 1e-9, "\(timing): \(u) → \(other.progress) outside \(range)")
                } else {
                    #expect(other.progress == sample.progress, "a fill holds one progress")
                }
            }
        }
    }

    /// Before its start a timing holds until it starts; after its end for ever; paused, at every
    /// time; with no range, while active, only at the time itself.
    @Test func phasesHoldWholeAndMovingProgressHoldsNothing() {
        let timing = MediaTiming(beginTime: 10, duration: 2, repeatCount: 1, fillMode: .both)
        #expect(timing.steadySpan(parentTime: 5, progress: nil) == (-.infinity, 10))
        #expect(timing.steadySpan(parentTime: 13, progress: nil) == (12, .infinity))
        #expect(timing.steadySpan(parentTime: 11, progress: nil) == (11, 11))
        #expect(timing.steadySpan(parentTime: 11, progress: (0.25, 0.75)) == (10.5, 11.5))
        var paused = timing
        paused.speed = 0
        #expect(paused.steadySpan(parentTime: 11, progress: nil) == (-.infinity, .infinity))
    }
}
