// The inverse question of `sample(parentTime:)`: over which parent times does the sample stay
// where it is? Before the active interval and after it the sample is fixed (a fill, or nothing);
// inside it, the progress moves linearly within one leg, so a range of progress is a range of
// parent time in that leg.

extension MediaTiming {
    /// The parent times (seconds) around `t` over which `sample(parentTime:)` stays in the same
    /// phase and leg with its progress within `progress` (a range before any timing function;
    /// nil: any change of progress counts). A whole phase when the sample is fixed there; the
    /// point (t, t) when nothing can be said. With `anyLeg`, a `progress` covering 0…1 holds
    /// across legs (a value that does not depend on the progress nor on the iteration).
    package func steadySpan(parentTime t: Double, progress: (lo: Double, hi: Double)?, anyLeg: Bool = false)
        -> (lo: Double, hi: Double)
    {
        let point = (lo: t, hi: t)
        guard t.isFinite else { return point }
        // Paused: τ is 0 at every parent time.
        if speed == 0 { return (-.infinity, .infinity) }
        guard speed.isFinite, beginTime.isFinite else { return point }
        let tau = activeLocalTime(parentTime: t)
        let ad = activeDuration
        guard tau.isFinite else { return point }
        let start = beginTime
        let end = ad.isFinite ? beginTime + ad / speed : (speed > 0 ? Double.infinity : -.infinity)
        if tau < 0 { return speed > 0 ? (-.infinity, start) : (start, .infinity) }
        if tau >= ad { return speed > 0 ? (end, .infinity) : (-.infinity, end) }
        guard let progress else { return point }
        if anyLeg, progress.lo <= 0, progress.hi >= 1 { return speed > 0 ? (start, end) : (end, start) }
        guard let local = activeSpan(tau: tau, activeDuration: ad, progress: progress) else { return point }
        let a = beginTime + local.lo / speed, b = beginTime + local.hi / speed
        return speed > 0 ? (a, b) : (b, a)
    }

    /// The τ range (active local time) around `tau`, within its leg and the active interval,
    /// whose progress lies in `progress`; nil when `tau`'s own progress does not.
    private func activeSpan(tau: Double, activeDuration ad: Double, progress: (lo: Double, hi: Double))
        -> (lo: Double, hi: Double)?
    {
        let d = duration
        guard d > 0, d.isFinite else { return nil }
        let offset = timeOffset.isFinite ? timeOffset : 0
        let u = tau + offset
        // The sample time s as `sampleInside` wraps it (only the wrap matters here: s and u
        // differ by whole moduli).
        var s = u
        var modulus = Double.infinity
        if !(ad.isInfinite && u >= 0) {
            modulus = ad.isInfinite ? cycleDuration : ad
            guard modulus > 0 else { return nil }
            s = u.truncatingRemainder(dividingBy: modulus)
            if s < 0 { s += modulus }
        }
        let leg = (s / d).rounded(.down)
        let forward = !autoreverses || (leg * 0.5).rounded(.down) * 2 == leg
        let f = forward ? (lo: progress.lo, hi: progress.hi) : (lo: 1 - progress.hi, hi: 1 - progress.lo)
        let fLo = Swift.max(f.lo, 0), fHi = Swift.min(f.hi, 1)
        guard fLo <= fHi else { return nil }
        // The sample wraps at the modulus: the span ends there.
        let sLo = Swift.max((leg + fLo) * d, 0), sHi = Swift.min((leg + fHi) * d, modulus)
        guard s >= sLo, s <= sHi else { return nil }
        let shift = u - s - offset
        let lo = Swift.max(sLo + shift, 0), hi = Swift.min(sHi + shift, ad)
        guard lo <= tau, tau <= hi else { return nil }
        return (lo, hi)
    }
}
