// Arc length of Bézier segments: adaptive 8-point Gauss–Legendre quadrature of the speed
// |B'(t)|, and the inverse (distance → parameter) by safeguarded Newton iteration. Lengths in
// points, relative accuracy about 1e-12 (far inside the 1e-6 the animation engine needs).

/// An arc-length table for one segment: parameters and the cumulative length at each, so that
/// distance → parameter needs only a short Newton solve inside one small interval.
package struct ArcLengthTable: Sendable {
    /// Increasing parameters from 0 to 1.
    package var parameters: [CGFloat]
    /// Cumulative length (points) from t = 0 at each parameter; the last is the total.
    package var lengths: [CGFloat]

    package var totalLength: CGFloat { lengths.last ?? 0 }

    /// The most entries a table holds (a smooth segment needs a few dozen; this bounds the
    /// worst case to about 1 MB).
    static let maximumEntries = 65_536

    /// Builds the table by adaptive bisection until two-halves and whole agree to ~1e-12.
    package init(_ segment: PathSegment) {
        parameters = [0]
        lengths = [0]
        if segment.kind == .line {
            let d = segment.derivative(at: 0)
            parameters.append(1)
            lengths.append((d.dx * d.dx + d.dy * d.dy).squareRoot())
            return
        }
        // A rough total fixes the absolute error budget shared by the pieces.
        var rough: CGFloat = 0
        for i in 0..<4 { rough += Self.integrate(segment, CGFloat(i) / 4, CGFloat(i + 1) / 4) }
        let budget = Swift.max(rough, 1e-300) * 1e-13
        var accumulated: CGFloat = 0
        for i in 0..<4 {
            let a = CGFloat(i) / 4, b = CGFloat(i + 1) / 4
            refine(segment, a, b, Self.integrate(segment, a, b), budget, 0, &accumulated)
        }
    }

    private mutating func refine(
        _ s: PathSegment, _ a: CGFloat, _ b: CGFloat, _ whole: CGFloat, _ budget: CGFloat, _ depth: Int,
        _ accumulated: inout CGFloat
    ) {
        let m = (a + b) / 2
        let left = Self.integrate(s, a, m), right = Self.integrate(s, m, b)
        // Cusps make the speed non-smooth; the depth cap bounds the work there (2⁻³⁰ pieces are
        // already far below the error budget's scale). Coordinates past ~1e154 overflow the
        // speed to infinity, where halves never agree: refining them would make 2³² entries
        // (4 GB), so a non-finite length ends the refinement, and so does a full table.
        if !(left + right - whole).isFinite || abs(left + right - whole) <= budget * (b - a) || depth >= 30
            || parameters.count >= Self.maximumEntries
        {
            accumulated += left
            parameters.append(m)
            lengths.append(accumulated)
            accumulated += right
            parameters.append(b)
            lengths.append(accumulated)
            return
        }
        refine(s, a, m, left, budget, depth + 1, &accumulated)
        refine(s, m, b, right, budget, depth + 1, &accumulated)
    }

    /// The parameter at `distance` points along the segment (clamped to its length).
    package func parameter(atDistance distance: CGFloat, of segment: PathSegment) -> CGFloat {
        let total = totalLength
        guard total > 0 else { return 0 }
        if distance <= 0 { return 0 }
        if distance >= total { return 1 }
        if segment.kind == .line { return distance / total }
        // Interval i with lengths[i] ≤ distance ≤ lengths[i+1].
        var lo = 0, hi = lengths.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lengths[mid] <= distance { lo = mid } else { hi = mid }
        }
        let t0 = parameters[lo], t1 = parameters[hi]
        let target = distance - lengths[lo]
        let span = lengths[hi] - lengths[lo]
        guard span > 0 else { return t0 }
        var low = t0, high = t1
        var t = t0 + (t1 - t0) * (target / span)
        for _ in 0..<50 {
            let g = Self.integrate(segment, t0, t) - target
            if abs(g) <= span * 1e-14 { break }
            if g > 0 { high = t } else { low = t }
            let speed = segment.speed(at: t)
            var next = speed > 0 ? t - g / speed : (low + high) / 2
            // Newton leaving the bracket (near a cusp) falls back to bisection.
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == t { break }
            t = next
        }
        return t
    }

    /// ∫ₐᵇ |B'(t)| dt by 8-point Gauss–Legendre.
    package static func integrate(_ s: PathSegment, _ a: CGFloat, _ b: CGFloat) -> CGFloat {
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum: CGFloat = 0
        // Nodes ±x with weight w, unrolled so no array is touched (no allocation on lookups).
        func pair(_ x: CGFloat) -> CGFloat { s.speed(at: mid - half * x) + s.speed(at: mid + half * x) }
        sum += 0.362_683_783_378_362_0 * pair(0.183_434_642_495_649_8)
        sum += 0.313_706_645_877_887_3 * pair(0.525_532_409_916_329_0)
        sum += 0.222_381_034_453_374_5 * pair(0.796_666_477_413_626_7)
        sum += 0.101_228_536_290_376_3 * pair(0.960_289_856_497_536_3)
        return sum * half
    }
}
