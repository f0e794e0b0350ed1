// CAMediaTimingFunction's maths (spec §2): a cubic Bézier from P0 = (0, 0) to P3 = (1, 1)
// mapping input time x ∈ [0, 1] to output progress y (which may overshoot [0, 1]).
// Evaluation follows WebKit's UnitBezier (spec §2.3): solve X(s) = x for the curve
// parameter s, then return Y(s). Coefficients are precomputed at init (rule 5), so a
// call is a few Newton steps of a handful of flops each.

/// A cubic Bézier timing curve with fixed end points (0, 0) and (1, 1).
package struct TimingCurve: Hashable, Sendable {
    /// First control point (x clamped into [0, 1]).
    package let c1x: Double, c1y: Double
    /// Second control point (x clamped into [0, 1]).
    package let c2x: Double, c2y: Double
    /// True when both control points lie on the diagonal: the curve is then the identity and
    /// `value(at:)` returns x unchanged (the fast path; `linear` is the common case).
    package let isLinear: Bool

    // Polynomial form X(s) = ((ax·s + bx)·s + cx)·s, likewise Y (spec §2.3).
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// Creates a curve from its two control points (Apple's `init(controlPoints:)` passes
    /// `Float`s, widened by the caller).
    ///
    /// - The x coordinates are clamped into [0, 1], as CSS requires for `cubic-bezier()`;
    ///   that keeps X(s) monotone, so every x has exactly one y. Apple documents no range
    ///   (spec §2.3 ?).
    /// - y coordinates are free: values outside [0, 1] give overshoot.
    /// - If any coordinate is NaN or infinite the curve is ``linear`` (nothing else is
    ///   usable; Apple's behaviour is undocumented).
    package init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        let usable = c1x.isFinite && c1y.isFinite && c2x.isFinite && c2y.isFinite
        let x1 = usable ? min(max(c1x, 0), 1) : 0
        let x2 = usable ? min(max(c2x, 0), 1) : 1
        let y1 = usable ? c1y : 0
        let y2 = usable ? c2y : 1
        self.c1x = x1
        self.c1y = y1
        self.c2x = x2
        self.c2y = y2
        // With c1 = (a, a) and c2 = (b, b), X ≡ Y, so Y(X⁻¹(x)) = x exactly.
        isLinear = x1 == y1 && x2 == y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    // MARK: Named curves (spec §2.2; CSS linear, ease-in, ease-out, ease-in-out, ease)

    /// The identity, (0, 0) (1, 1): what a nil `timingFunction` means.
    package static let linear = TimingCurve(c1x: 0, c1y: 0, c2x: 1, c2y: 1)
    /// (0.42, 0) (1, 1).
    package static let easeIn = TimingCurve(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1)
    /// (0, 0) (0.58, 1).
    package static let easeOut = TimingCurve(c1x: 0, c1y: 0, c2x: 0.58, c2y: 1)
    /// (0.42, 0) (0.58, 1); symmetric, so value(at: 0.5) = 0.5.
    package static let easeInEaseOut = TimingCurve(c1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1)
    /// (0.25, 0.1) (0.25, 1): the curve of implicit (action) animations.
    /// The named curves use the exact decimal values; a curve built from the same numbers
    /// rounded to `Float` differs from them by about 1e-8.
    package static let `default` = TimingCurve(c1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1)

    /// Control point `index` for `getControlPoint(at:values:)`: 0 → (0, 0), 1 → c1,
    /// 2 → c2, 3 → (1, 1); nil for any other index (Apple documents 0…3 only).
    package func controlPoint(at index: Int) -> (x: Double, y: Double)? {
        switch index {
        case 0: (0, 0)
        case 1: (c1x, c1y)
        case 2: (c2x, c2y)
        case 3: (1, 1)
        default: nil
        }
    }

    // MARK: Evaluation

    /// The output progress y for input time `x`. x is clamped into [0, 1] (NaN counts as
    /// 0); x ≤ 0 gives exactly 0 and x ≥ 1 exactly 1; a linear curve returns x unchanged.
    ///
    /// Solves X(s) = x by Newton's method started at s = x, kept inside a bisection bracket
    /// [lo, hi] that shrinks every step, so a flat X′ (e.g. c1x = 0 at s = 0) falls back to
    /// bisection instead of diverging. Stops when the Newton step or the bracket is below
    /// 1e-15 in s, so y is accurate to about 1e-15·|Y′| — tested against bisection to 1e-9.
    /// Where X′(s) = 0 (e.g. c1x = 1, c2x = 0 at x = ½) y(x) itself is ill-conditioned:
    /// a 1-ulp change of x moves y by up to ~1e-5, for any method.
    ///
    /// - Complexity: O(1); typically 3–5 iterations, at most 100.
    package func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }  // also NaN
        guard x < 1 else { return 1 }
        if isLinear { return x }
        return sampleY(solveX(x))
    }

    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    private func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve parameter s ∈ [0, 1] with X(s) = x, for x in (0, 1).
    private func solveX(_ x: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        var s = x
        for _ in 0..<100 {
            let error = sampleX(s) - x
            // |X(s) − x| ≤ 1e-14 puts y within about 1e-13 of exact on ordinary curves, far
            // inside the 1e-6 required, and saves the last Newton step.
            if abs(error) <= 1e-14 { return s }
            // X is non-decreasing: the root lies left of s when X(s) > x.
            if error > 0 { hi = s } else { lo = s }
            let slope = slopeX(s)
            if slope > 0 {
                let step = error / slope
                if abs(step) <= 1e-15 { return min(max(s - step, lo), hi) }
                let newton = s - step
                // Accept the Newton step only if it stays strictly inside the bracket.
                if newton > lo, newton < hi {
                    s = newton
                    continue
                }
            }
            s = 0.5 * (lo + hi)
            if hi - lo <= 1e-15 { return s }
        }
        return s
    }
}
