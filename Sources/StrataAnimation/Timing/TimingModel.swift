// The CAMediaTiming pipeline (spec §0 steps 2a–2c, §1.3–§1.5): parent time → active local
// time τ → phase → sample time → leg → iteration progress p ∈ [0, 1], before the timing
// function. Pure functions of the time passed in; no clock, no allocation (architecture §2.1).
//
// One animation, d = 2, repeatCount 1.5, autoreverses (cycle c = 4, AD = 6), beginTime b:
//
//   parent t   b−1   b          b+2        b+4        b+6    b+7
//   τ          −1    0          2          4          6      7
//   phase      before|active                          |after
//   leg              |fwd, k=0  |back, k=0 |fwd, k=1  |
//   p          (0)   0 ↗        1 ↘        0 ↗        1      (1)
//              ^ backwards fill (p at τ = 0)          ^ forwards fill

// MARK: - Phase

/// Where a parent time falls relative to the active interval `0 ≤ τ < AD`.
package enum Phase: Hashable, Sendable {
    /// τ < 0: not started yet (only a backwards fill shows anything).
    case before
    /// 0 ≤ τ < AD.
    case active
    /// τ ≥ AD: ended (only a forwards fill shows anything).
    case after
}

// MARK: - IterationSample

/// The timing model's output for one parent time.
package struct IterationSample: Hashable, Sendable {
    /// Iteration progress in [0, 1] *before* the timing function: the basic local time
    /// divided by the duration, already mirrored on a backward (autoreverse) leg.
    package var progress: Double
    /// Completed cycles k (≥ 0), used by cumulative animations (value + k·(to − from)).
    package var iteration: Int
    /// The phase the parent time fell in (`before`/`after` only appear when filled).
    package var phase: Phase

    /// Creates a sample; `progress` should lie in [0, 1] and `iteration` be ≥ 0.
    package init(progress: Double, iteration: Int, phase: Phase) {
        self.progress = progress
        self.iteration = iteration
        self.phase = phase
    }
}

// MARK: - Pipeline

extension MediaTiming {
    /// Stage 1 (spec §1.3): `(t − beginTime)·speed + timeOffset`, in seconds of local time.
    /// With speed 0 the result is exactly `timeOffset` (the pause recipe), even for infinite t.
    package func localTime(parentTime t: Double) -> Double {
        activeLocalTime(parentTime: t) + timeOffset
    }

    /// τ = `(t − beginTime)·speed`: local time *without* `timeOffset`. It alone decides the
    /// phase, so `timeOffset` moves where the animation is sampled, not when it is active.
    /// Speed 0 gives τ = 0 for every t: a paused animation is always active (if AD > 0).
    package func activeLocalTime(parentTime t: Double) -> Double {
        speed == 0 ? 0 : (t - beginTime) * speed
    }

    /// The phase at parent time `t`. A NaN time counts as `before` (nothing started).
    package func phase(parentTime t: Double) -> Phase {
        let tau = activeLocalTime(parentTime: t)
        if tau < activeDuration, tau >= 0 { return .active }
        return tau >= activeDuration ? .after : .before
    }

    /// True once τ ≥ 0: the moment `animationDidStart` is due (spec §5.4). False for NaN.
    /// With a negative speed this holds for parent times *at or before* `beginTime`.
    package func hasStarted(parentTime t: Double) -> Bool {
        activeLocalTime(parentTime: t) >= 0
    }

    /// True once τ ≥ AD: the active duration has completed (`didStop(finished: true)`,
    /// removal when removedOnCompletion). Never true when repeating forever, and never for
    /// speed 0 (τ stays 0) unless AD is 0. With a negative speed τ *decreases* as parent
    /// time advances, so this holds only for parent times at or before `beginTime − AD/|speed|`.
    package func isFinished(parentTime t: Double) -> Bool {
        activeLocalTime(parentTime: t) >= activeDuration
    }

    /// The iteration progress at parent time `t` (spec §1.4, §1.5), or nil when the animation
    /// contributes nothing: outside its active interval without the matching fill, or for a
    /// non-finite `t` (or a τ that overflows).
    ///
    /// - Active (0 ≤ τ < AD): samples at `u = τ + timeOffset` reduced **modulo AD** into
    ///   [0, AD), then split into legs of `duration` (a cycle = 1 leg, or 2 with
    ///   autoreverses); odd legs of an autoreversing cycle are mirrored (p = 1 − f). When AD
    ///   is infinite, only negative `u` wraps, by the cycle duration.
    ///   Why modulo AD (spec §1.4 ?, §7 q6): the animation keeps its content and total length
    ///   and just starts elsewhere ("C→D→E→A→B"); modulo AD and modulo c agree whenever
    ///   AD is a whole number of cycles.
    /// - Before (τ < 0), with a backwards fill: the progress at τ = 0, i.e. at `timeOffset`.
    /// - After (τ ≥ AD), with a forwards fill: the left limit at the end of the active
    ///   duration, `u = AD + timeOffset`: when that lands exactly on a leg edge the *previous*
    ///   leg's end is shown (repeatCount 1 → p = 1; integral n with autoreverses → p = 0;
    ///   1.5 without → p = 0.5; 1.5 with autoreverses → p = 1).
    ///
    /// Speed 0 (paused): τ = 0 for every parent time, so the result is the active sample at
    /// `u = timeOffset`, phase `active` — frozen, whatever `beginTime` says.
    /// Negative speed: τ < 0 right after `beginTime`, so the animation is in its before phase
    /// (visible only with a backwards fill); it is active for parent times in
    /// `(beginTime − AD/|speed|, beginTime]`, playing backwards.
    /// With AD = 0 (duration not resolved) there is no active phase; the fills show p = 0
    /// before and the end-of-leg value (1, or 0 with autoreverses) after.
    ///
    /// - Complexity: O(1), no allocation.
    package func sample(parentTime t: Double) -> IterationSample? {
        guard t.isFinite else { return nil }
        let tau = activeLocalTime(parentTime: t)
        guard tau.isFinite else { return nil }
        let ad = activeDuration
        if tau < 0 {
            guard fillMode.fillsBackwards else { return nil }
            guard ad > 0 else { return IterationSample(progress: 0, iteration: 0, phase: .before) }
            return sampleInside(u: timeOffset, activeDuration: ad, phase: .before)
        }
        if tau < ad {
            return sampleInside(u: tau + timeOffset, activeDuration: ad, phase: .active)
        }
        guard fillMode.fillsForwards else { return nil }
        guard ad > 0 else {
            return IterationSample(progress: autoreverses ? 0 : 1, iteration: 0, phase: .after)
        }
        // Left limit at u = AD + timeOffset, reduced into (0, AD]; ad is finite here (τ is).
        var s = Self.finiteOrZero(timeOffset).truncatingRemainder(dividingBy: ad)
        if s <= 0 { s += ad }
        return legSample(s: s, leftLimit: true, phase: .after)
    }

    // MARK: Private

    /// Samples inside the active interval at local time `u` (τ + timeOffset), wrapping.
    private func sampleInside(u rawU: Double, activeDuration ad: Double, phase: Phase)
        -> IterationSample
    {
        let u = Self.finiteOrZero(rawU)
        // Repeating forever: no wrap forwards; negative u wraps by one cycle.
        if ad.isInfinite, u >= 0 { return legSample(s: u, leftLimit: false, phase: phase) }
        let modulus = ad.isInfinite ? cycleDuration : ad
        // Inside [0, modulus) the remainder is u itself (exactly): skip the fmod call.
        var s = u >= 0 && u < modulus ? u : u.truncatingRemainder(dividingBy: modulus)
        if s < 0 {
            s += modulus
            // −tiny + modulus rounded up to the modulus: that is the end, seen from the left.
            if s >= modulus { return legSample(s: modulus, leftLimit: true, phase: phase) }
        }
        if s == 0 { s = 0 }  // turn −0 into +0
        return legSample(s: s, leftLimit: false, phase: phase)
    }

    /// Splits sample time `s` ≥ 0 into legs of `duration`; `leftLimit` picks the end of the
    /// previous leg when `s` sits exactly on a leg edge.
    private func legSample(s: Double, leftLimit: Bool, phase: Phase) -> IterationSample {
        let d = duration
        var leg = (s / d).rounded(.down)
        var rem = s.addingProduct(-leg, d)  // fused: s − leg·d with one rounding
        if rem < 0 {
            leg -= 1
            rem += d
        } else if rem >= d {
            leg += 1
            rem -= d
        }
        var f = min(max(rem / d, 0), 1)
        // On a leg edge seen from the left, show the end of the previous leg. "On the edge"
        // allows a few ulps: AD = 3 × 0.1 is 0.30000000000000004, which must still end the
        // third leg (p = 1), not start a fourth (p ≈ 5e-16).
        if leftLimit, rem <= 4 * s.ulp, leg > 0 {
            leg -= 1
            f = 1
        }
        // Parity of a whole number of legs, exactly (halving and flooring are exact in binary).
        let forward = !autoreverses || (leg * 0.5).rounded(.down) * 2 == leg
        let cycles = autoreverses ? (leg / 2).rounded(.down) : leg
        return IterationSample(
            progress: forward ? f : 1 - f, iteration: Self.saturatingInt(cycles), phase: phase)
    }

    private static func finiteOrZero(_ x: Double) -> Double { x.isFinite ? x : 0 }

    private static func saturatingInt(_ x: Double) -> Int {
        if x >= 0x1p63 { return Int.max }
        return x > 0 ? Int(x) : 0
    }
}
