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
    /// Which of the named curves' solution tables this curve uses (its control points are that
    /// curve's), or −1: none, Newton starts from s = x.
    private let table: Int8

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
        self.init(c1x: c1x, c1y: c1y, c2x: c2x, c2y: c2y, usesTable: true)
    }

    private init(c1x: Double, c1y: Double, c2x: Double, c2y: Double, usesTable: Bool) {
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
        table = usesTable ? SolutionTables.index(c1x: x1, c1y: y1, c2x: x2, c2y: y2) : -1
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
    ///
    /// The named curves (nearly every animation uses one) start from their table: s is known
    /// at 64 evenly spaced x, so the root is bracketed by two entries and interpolating them
    /// leaves Newton one or two steps (instead of three or more from s = x). Same stopping rule,
    /// so the answers agree with the table-less solve to the last few ulps.
    private func solveX(_ x: Double) -> Double {
        if table >= 0 {
            let (lo, hi, guess) = SolutionTables.bracket(Int(table), x: x)
            return solveX(x, lo: lo, hi: hi, start: guess)
        }
        return solveX(x, lo: 0, hi: 1, start: x)
    }

    /// Newton's method inside the bracket [lo, hi] (X(lo) ≤ x ≤ X(hi)), from `start`.
    private func solveX(_ x: Double, lo: Double, hi: Double, start: Double) -> Double {
        var lo = lo
        var hi = hi
        var s = start
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

/// s(x) of the named curves at x = k/64, k = 0…64, solved once (by the table-less Newton
/// search) the first time a named curve is made.
private enum SolutionTables {
    static let intervals = 64
    /// The named curves' control points, in table order: as decimals (`TimingCurve.easeIn`…)
    /// and rounded to `Float` (what `CAMediaTimingFunction(name:)` passes).
    static let curves: [(Double, Double, Double, Double)] = {
        let exact: [(Double, Double, Double, Double)] = [
            (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1),
        ]
        func rounded(_ v: Double) -> Double { Double(Float(v)) }
        return exact + exact.map { (rounded($0.0), rounded($0.1), rounded($0.2), rounded($0.3)) }
    }()
    /// `curves.count` tables of `intervals + 1` parameters, one after the other.
    static let parameters: [Double] = {
        var out: [Double] = []
        for (x1, y1, x2, y2) in curves {
            let plain = TimingCurve(plainC1x: x1, c1y: y1, c2x: x2, c2y: y2)
            for k in 0...intervals {
                let x = Double(k) / Double(intervals)
                out.append(k == 0 ? 0 : k == intervals ? 1 : plain.parameter(forX: x))
            }
        }
        return out
    }()

    static func index(c1x: Double, c1y: Double, c2x: Double, c2y: Double) -> Int8 {
        guard let i = curves.firstIndex(where: { $0 == (c1x, c1y, c2x, c2y) }) else { return -1 }
        return Int8(i)
    }

    /// The table entries around x (which bracket its s) and s interpolated between them.
    @inline(__always)
    static func bracket(_ table: Int, x: Double) -> (lo: Double, hi: Double, guess: Double) {
        let scaled = x * Double(intervals)
        let k = min(Int(scaled), intervals - 1)
        return parameters.withUnsafeBufferPointer { p in
            let base = table * (intervals + 1) + k
            let lo = p[base], hi = p[base + 1]
            return (lo, hi, lo + (hi - lo) * (scaled - Double(k)))
        }
    }
}

extension TimingCurve {
    /// A curve that never uses a table (how the tables themselves are solved).
    fileprivate init(plainC1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        self.init(c1x: plainC1x, c1y: c1y, c2x: c2x, c2y: c2y, usesTable: false)
    }

    /// s with X(s) = x, solved from s = x (for the tables).
    fileprivate func parameter(forX x: Double) -> Double {
        solveX(x, lo: 0, hi: 1, start: x)
    }
}
