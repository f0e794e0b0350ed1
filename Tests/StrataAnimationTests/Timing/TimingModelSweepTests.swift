import StrataAnimation
import Testing

/// Every fillMode × autoreverses × repeatCount {0, 1, 2.5} × speed {2, 0.5, −1} ×
/// beginTime {0, 3.25, −7.5} (216 timings, duration 0.5 s), each checked on a grid of parent
/// times plus the one-ulp neighbours of every leg edge (swift-collections `withEvery…` style).
/// Invariants: removed ⇒ nil outside the active interval; forwards ⇒ non-nil after;
/// backwards ⇒ non-nil before; active ⇒ non-nil; progress ∈ [0, 1]; fills equal the nearest
/// active value (continuity at begin and end); autoreverse legs join continuously;
/// non-reversing iterations jump 1 → 0. Continuity tolerance: 1e-9.
@Suite struct TimingModelSweepTests {
    struct Config: Sendable, CustomTestStringConvertible {
        var timing: MediaTiming
        var testDescription: String {
            let t = timing
            return "\(t.fillMode) rev=\(t.autoreverses) rc=\(t.repeatCount) speed=\(t.speed) begin=\(t.beginTime)"
        }
    }

    static let configs: [Config] = {
        var result: [Config] = []
        for fill in FillMode.allCases {
            for autoreverses in [false, true] {
                for repeatCount in [0, 1, 2.5] {
                    for speed in [2, 0.5, -1] {
                        for begin in [0, 3.25, -7.5] {
                            result.append(
                                Config(
                                    timing: MediaTiming(
                                        beginTime: begin, duration: 0.5, speed: speed, repeatCount: repeatCount,
                                        autoreverses: autoreverses, fillMode: fill)))
                        }
                    }
                }
            }
        }
        return result
    }()

    /// Parent time at which τ = `tau` (exact for these speeds, which are powers of two or −1).
    static func parentTime(_ timing: MediaTiming, tau: Double) -> Double { timing.beginTime + tau / timing.speed }

    /// The parent time nearest to `t`, stepping one ulp at a time in the direction that moves
    /// τ down (`lower`) or up, whose τ is strictly below / above `tau` (rounding in
    /// `(t − begin)·speed` can swallow a single-ulp step).
    static func neighbour(_ timing: MediaTiming, of t: Double, tau: Double, lower: Bool) -> Double {
        var n = t
        repeat {
            n = (timing.speed > 0) == lower ? n.nextDown : n.nextUp
        } while lower ? timing.activeLocalTime(parentTime: n) >= tau : timing.activeLocalTime(parentTime: n) <= tau
        return n
    }

    @Test(arguments: configs)
    func invariantsHold(_ config: Config) {
        let timing = config.timing
        let ad = timing.activeDuration
        #expect(ad.isFinite && ad > 0)

        // Grid over τ ∈ [−2, AD + 2] plus one-ulp neighbours of begin and end.
        var taus = stride(from: -2.0, through: ad + 2, by: 1.0 / 64).map { $0 }
        for edge in [0, ad] { taus += [edge.nextDown, edge, edge.nextUp] }
        for tau in taus {
            let t = Self.parentTime(timing, tau: tau)
            let realTau = timing.activeLocalTime(parentTime: t)
            let s = timing.sample(parentTime: t)
            if realTau < 0 {
                #expect((s != nil) == timing.fillMode.fillsBackwards, "τ=\(realTau)")
                #expect(!timing.hasStarted(parentTime: t))
            } else if realTau >= ad {
                #expect((s != nil) == timing.fillMode.fillsForwards, "τ=\(realTau)")
                #expect(timing.isFinished(parentTime: t))
            } else {
                #expect(s?.phase == .active, "τ=\(realTau)")
            }
            if let s {
                #expect(s.progress >= 0 && s.progress <= 1, "τ=\(realTau) p=\(s.progress)")
                #expect(s.iteration >= 0 && s.iteration <= 2)
            }
        }

        // Fills hold the nearest active value: begin from the right, end from the left.
        let all = MediaTiming(
            beginTime: timing.beginTime, duration: timing.duration, speed: timing.speed,
            repeatCount: timing.repeatCount, autoreverses: timing.autoreverses, fillMode: .both)
        let begin = Self.parentTime(all, tau: 0)
        let end = Self.parentTime(all, tau: ad)
        let towardsBefore = Self.neighbour(all, of: begin, tau: 0, lower: true)
        let towardsInside = Self.neighbour(all, of: end, tau: ad, lower: true)
        if let first = all.sample(parentTime: begin), let filled = all.sample(parentTime: towardsBefore) {
            #expect(filled.phase == .before)
            #expect(filled.progress == first.progress && filled.iteration == first.iteration)
        } else {
            Issue.record("no sample at begin")
        }
        if let last = all.sample(parentTime: towardsInside), let filled = all.sample(parentTime: end) {
            #expect(filled.phase == .after && last.phase == .active)
            #expect(abs(filled.progress - last.progress) <= 1e-9, "\(filled.progress) vs \(last.progress)")
            #expect(filled.iteration == last.iteration)
        } else {
            Issue.record("no sample at end")
        }

        // Internal leg edges: continuous with autoreverses, a 1 → 0 jump without.
        var edgeTau = timing.duration
        while edgeTau < ad {
            // Neighbours in parent time (τ neighbours could round onto the edge itself).
            let t = Self.parentTime(timing, tau: edgeTau)
            let earlier = Self.neighbour(timing, of: t, tau: edgeTau, lower: true)
            let later = Self.neighbour(timing, of: t, tau: edgeTau, lower: false)
            let left = timing.sample(parentTime: earlier)
            let at = timing.sample(parentTime: t)
            let right = timing.sample(parentTime: later)
            if let left, let at, let right {
                if timing.autoreverses {
                    #expect(abs(left.progress - at.progress) <= 1e-9, "edge τ=\(edgeTau)")
                    #expect(abs(right.progress - at.progress) <= 1e-9, "edge τ=\(edgeTau)")
                } else {
                    #expect(abs(left.progress - 1) <= 1e-9 && at.progress == 0, "edge τ=\(edgeTau)")
                    #expect(at.iteration == left.iteration + 1)
                }
            } else {
                Issue.record("missing sample around internal edge τ=\(edgeTau)")
            }
            edgeTau += timing.duration
        }
    }
}
