// Arc-length parameterisation of a HermiteSpline for cubicPaced keyframes (timing spec §4.5):
// the spline is traversed so that equal progress steps cover equal distance (`AnimatableValue.
// distance` units). Each segment is cut into `subdivisions` equal parameter pieces whose lengths
// are integrated by 5-point Gauss–Legendre quadrature of |H′| (exact to ~1e-10 relative for these
// smooth curves); a lookup finds the piece by binary search, then solves for the parameter by a
// few safeguarded Newton steps on the same quadrature. Built once; lookups allocate nothing for
// the inline value kinds.

/// Cumulative arc length along a spline, and its inverse.
struct SplineArcLength: Sendable {
    /// Pieces per segment.
    static let subdivisions = 32

    /// Per segment i, `subdivisions + 1` cumulative lengths from the spline's start at parameters
    /// j / subdivisions (flat: index i·(subdivisions + 1) + j).
    let table: [Double]
    /// The spline's total length.
    let total: Double

    init(_ spline: HermiteSpline) {
        let k = Self.subdivisions
        let segments = spline.points.count - 1
        var table: [Double] = []
        table.reserveCapacity(segments * (k + 1))
        var length = 0.0
        for i in 0..<segments {
            table.append(length)
            for j in 0..<k {
                length += Self.integrate(spline, segment: i, from: Double(j) / Double(k), to: Double(j + 1) / Double(k))
                table.append(length)
            }
        }
        self.table = table
        self.total = length
    }

    /// The distance from the spline's start to the start of each of the n − 1 segments, and the
    /// end: n values, the paced key times once divided by `total`.
    var keyframeDistances: [Double] {
        let k = Self.subdivisions
        let segments = table.count / (k + 1)
        return (0..<segments).map { table[$0 * (k + 1)] } + [total]
    }

    /// The local parameter s on segment `i` where the spline is `distance` from its start.
    /// Outside the segment's range s extrapolates linearly with the segment's mean speed (used
    /// for progress outside 0…1).
    func parameter(segment i: Int, distance: Double, spline: HermiteSpline) -> Double {
        let k = Self.subdivisions
        let base = i * (k + 1)
        let start = table[base]
        let end = table[base + k]
        let length = end - start
        guard length > 0 else { return distance > start ? 1 : 0 }
        if distance <= start { return (distance - start) / length }
        if distance >= end { return 1 + (distance - end) / length }
        // The piece j with table[base + j] ≤ distance < table[base + j + 1].
        var lo = 0
        var hi = k - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if table[base + mid] <= distance { lo = mid } else { hi = mid - 1 }
        }
        let s0 = Double(lo) / Double(k)
        let s1 = Double(lo + 1) / Double(k)
        let d0 = table[base + lo]
        let d1 = table[base + lo + 1]
        let target = distance - d0
        guard d1 > d0 else { return s0 }
        var low = s0
        var high = s1
        var s = s0 + (s1 - s0) * target / (d1 - d0)
        for _ in 0..<8 {
            let g = Self.integrate(spline, segment: i, from: s0, to: s) - target
            if abs(g) <= (d1 - d0) * 1e-12 { break }
            if g > 0 { high = s } else { low = s }
            let v = spline.speed(segment: i, at: s)
            var next = v > 0 ? s - g / v : (low + high) / 2
            // Newton leaving the bracket (near a zero speed) falls back to bisection.
            if !(next > low && next < high) { next = (low + high) / 2 }
            s = next
        }
        return s
    }

    /// ∫ₐᵇ |H′(s)| ds on segment `i` by 5-point Gauss–Legendre (unrolled: no arrays).
    static func integrate(_ spline: HermiteSpline, segment i: Int, from a: Double, to b: Double) -> Double {
        let half = (b - a) / 2
        let mid = (a + b) / 2
        func pair(_ x: Double) -> Double {
            spline.speed(segment: i, at: mid - half * x) + spline.speed(segment: i, at: mid + half * x)
        }
        var sum = 0.568_888_888_888_888_9 * spline.speed(segment: i, at: mid)
        sum += 0.478_628_670_499_366_5 * pair(0.538_469_310_105_683_1)
        sum += 0.236_926_885_056_189_1 * pair(0.906_179_845_938_664_0)
        return sum * half
    }
}
