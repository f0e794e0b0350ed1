import Foundation

// settlingDuration (spec §5.3, §7 q1). Apple's algorithm is unpublished; its reference page
// gives two anchors for mass 1, stiffness 100, velocity 0: damping 5 → ≈ 2.85 s and
// damping 15 → just over 1 s. One threshold ε reproduces both with the envelope estimator.

extension Spring {
    /// The displacement below which the spring counts as settled (spec §5.3 curve fit).
    package static let settlingThreshold = 8.31e-4

    /// An estimate, in seconds, of how long the spring takes to come to rest.
    ///
    /// - Under-damped (ζ < 1): the spec's estimator `ln(A/ε)/(ζω0)`, where
    ///   `A = √(1 + (B/ωd)²)` is the amplitude of the envelope, B = ζω0 − v0. It gives
    ///   2.850 s / 1.001 s / 1.447 s for damping 5 / 15 / 10 (defaults otherwise).
    ///   As ζ → 1, A grows without bound, so the time is capped by the second envelope
    ///   `e^(−ζω0·t)(1 + |B|·t) = ε` (also an upper bound of |x|, since |sin(ωd t)/ωd| ≤ t);
    ///   this keeps the estimate continuous into the critical case and leaves the anchors
    ///   untouched (the cap is larger there).
    /// - ζ ≥ 1 (critical, or over-damped when allowed): the exact last time |x(t)| > ε,
    ///   found by bisection on an interval where |x| is monotone (spec: "numerically").
    /// - Damping 0 never settles: +∞. A spring so over-damped that it barely moves is
    ///   astronomically slow too (≈ 8e306 s for `bounce` −1; +∞ if its slow root r1 rounds to 0).
    package var settlingDuration: Double {
        let epsilon = Self.settlingThreshold
        if zeta < 1 {
            guard alpha > 0 else { return .infinity }
            let amplitude = hypot(1, b / omegaD)
            let envelope = log(amplitude / epsilon) / alpha
            return min(envelope, linearEnvelopeTime(epsilon))
        }
        return lastTimeAbove(epsilon)
    }

    // MARK: Private

    /// The root of `e^(−αt)(1 + |B|t) = ε`, worked in logs so nothing overflows.
    private func linearEnvelopeTime(_ epsilon: Double) -> Double {
        let slope = abs(b)
        let excess = { (t: Double) -> Double in -self.alpha * t + log1p(slope * t) - log(epsilon) }
        var hi = 1 / alpha
        while excess(hi) > 0 {
            hi *= 2
            if !hi.isFinite { return .infinity }
        }
        // excess > 0 on [0, root) (it starts at −ln ε > 0 and has one maximum).
        return Self.bisect(lo: 0, hi: hi) { excess($0) > 0 }
    }

    /// ζ ≥ 1: the last t with |x(t)| > ε. x has at most one extremum te > 0, and after it
    /// |x| decreases monotonically to 0; before it x is monotone from x(0) = 1.
    private func lastTimeAbove(_ epsilon: Double) -> Double {
        let upper: Double  // a time after which |x| ≤ ε surely
        let extremum: Double?
        if zeta == 1 {
            upper = linearEnvelopeTime(epsilon)
            // x′ = e^(−αt)(B − α − αBt) = 0  ⇒  t = −v0/(αB)  (v0 = α − B).
            extremum = b != 0 ? (b - alpha) / (alpha * b) : nil
        } else {
            let c1 = 0.5 + halfRatio
            let c2 = 0.5 - halfRatio
            upper = log((abs(c1) + abs(c2)) / epsilon) / -r1
            // x′ = C1·r1·e^(r1t) + C2·r2·e^(r2t) = 0  ⇒  e^((r1−r2)t) = −C2·r2/(C1·r1).
            let ratio = -(c2 * r2) / (c1 * r1)
            extremum = ratio > 0 && ratio.isFinite ? log(ratio) / (r1 - r2) : nil
        }
        guard upper.isFinite else { return .infinity }
        guard upper > 0 else { return 0 }
        var lo = 0.0
        var hi = upper
        if let te = extremum, te > 0, te < upper {
            if abs(displacement(at: te)) > epsilon { lo = te } else { hi = te }
        }
        return Self.bisect(lo: lo, hi: hi) { abs(self.displacement(at: $0)) > epsilon }
    }

    /// The boundary in [lo, hi] where `isAbove` turns from true to false (true at lo).
    private static func bisect(lo: Double, hi: Double, _ isAbove: (Double) -> Bool) -> Double {
        var lo = lo
        var hi = hi
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if isAbove(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}
