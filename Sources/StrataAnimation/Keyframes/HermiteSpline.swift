// Cubic keyframes (timing spec §4.6): a Kochanek–Bartels spline, i.e. a cubic Hermite curve per
// segment whose end tangents come from tension T, continuity C and bias B. With T = C = B = 0 it is
// the Catmull–Rom spline, d_i = (P_{i+1} − P_{i−1}) / 2, whose value halfway through a segment is
// (−P_{i−1} + 9·P_i + 9·P_{i+1} − P_{i+2}) / 16.
//
// Decisions where Apple is silent (spec §4.6 (?)):
// (a) End tangents: the missing neighbours are reflections, P_{−1} = 2·P_0 − P_1 and
//     P_n = 2·P_{n−1} − P_{n−2}, so with T = C = B = 0 the end tangent is the chord, P_1 − P_0, and
//     a two-keyframe cubic is exactly linear (as cubic mode with two values should look).
// (b) Non-uniform key times: tangents are rescaled by Kochanek–Bartels' timing adjustment,
//     outgoing d⁺_i · 2Δ_i/(Δ_{i−1}+Δ_i) and incoming d⁻_i · 2Δ_{i−1}/(Δ_{i−1}+Δ_i) (Δ = segment
//     durations), so the velocity in time stays continuous across a keyframe. Uniform key times
//     give factor 1. A zero-length neighbour (a jump) leaves the factor at 1.
// (c) The spline parameter is the segment's local time fraction s (after its timing function).
//
// Only values with a component view (numbers, geometry, colours, 3-vectors, equal-length arrays,
// same-structure paths) are splined; the builder falls back to linear for others.

/// Keyframe values with their Kochanek–Bartels tangents, built once; evaluation allocates nothing
/// for the inline kinds.
struct HermiteSpline: Sendable {
    /// The keyframe values P_0 … P_{n−1} (n ≥ 2).
    let points: [AnimatableValue]
    /// d⁺_i: the tangent leaving keyframe i (used by segment i), per unit of local parameter.
    let outgoing: [AnimatableValue]
    /// d⁻_i: the tangent arriving at keyframe i (used by segment i − 1).
    let incoming: [AnimatableValue]

    /// - Parameters:
    ///   - durations: the n − 1 segment durations for the timing adjustment (b), or nil for a
    ///     uniform parameterisation (cubicPaced, which re-times the curve anyway).
    ///   - tension, continuity, bias: n entries each, already validated.
    /// - Precondition: every point pairs component-wise with every other (`zipComponents`).
    init(points: [AnimatableValue], durations: [Double]?, tension: [Double], continuity: [Double], bias: [Double]) {
        let n = points.count
        precondition(n >= 2, "a spline needs two keyframes")
        var outgoing: [AnimatableValue] = []
        var incoming: [AnimatableValue] = []
        outgoing.reserveCapacity(n)
        incoming.reserveCapacity(n)
        func minus(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
            a.zipComponents(b, -) ?? a
        }
        func combine(_ a: AnimatableValue, _ wa: Double, _ b: AnimatableValue, _ wb: Double) -> AnimatableValue {
            a.zipComponents(b) { x, y in wa * x + wb * y } ?? a
        }
        for i in 0..<n {
            // a = P_i − P_{i−1}, b = P_{i+1} − P_i, with reflected neighbours at the ends.
            let a = i > 0 ? minus(points[i], points[i - 1]) : minus(points[1], points[0])
            let b = i < n - 1 ? minus(points[i + 1], points[i]) : minus(points[n - 1], points[n - 2])
            let t = tension[i]
            let c = continuity[i]
            let bb = bias[i]
            var outScale = 1.0
            var inScale = 1.0
            if let durations, i > 0, i < n - 1 {
                let before = durations[i - 1]
                let after = durations[i]
                if before > 0, after > 0 {
                    outScale = 2 * after / (before + after)
                    inScale = 2 * before / (before + after)
                }
            }
            let k = (1 - t) / 2
            outgoing.append(
                combine(a, outScale * k * (1 + bb) * (1 + c), b, outScale * k * (1 - bb) * (1 - c)))
            incoming.append(
                combine(a, inScale * k * (1 + bb) * (1 - c), b, inScale * k * (1 - bb) * (1 + c)))
        }
        self.points = points
        self.outgoing = outgoing
        self.incoming = incoming
    }

    /// H(s) on segment `i` (keyframe i → i + 1). `s` outside 0…1 extrapolates the cubic.
    func value(segment i: Int, at s: Double) -> AnimatableValue {
        let s2 = s * s
        let s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1
        let h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2
        let h11 = s3 - s2
        return combination(i, h00, h10, h01, h11)
    }

    /// |H′(s)| on segment `i`: the speed in value units per unit parameter, computed as the
    /// distance between the two halves of H′ (so no zero value has to be made).
    func speed(segment i: Int, at s: Double) -> Double {
        let s2 = s * s
        let d00 = 6 * s2 - 6 * s
        let d10 = 3 * s2 - 4 * s + 1
        let d01 = -6 * s2 + 6 * s
        let d11 = 3 * s2 - 2 * s
        let ends = points[i].zipComponents(points[i + 1]) { a, b in d00 * a + d01 * b } ?? points[i]
        let negatedTangents =
            outgoing[i].zipComponents(incoming[i + 1]) { a, b in -(d10 * a + d11 * b) }
            ?? outgoing[i]
        return ends.distance(to: negatedTangents)
    }

    /// h00·P_i + h10·d⁺_i + h01·P_{i+1} + h11·d⁻_{i+1}.
    private func combination(_ i: Int, _ h00: Double, _ h10: Double, _ h01: Double, _ h11: Double) -> AnimatableValue {
        let ends = points[i].zipComponents(points[i + 1]) { a, b in h00 * a + h01 * b } ?? points[i]
        let tangents = outgoing[i].zipComponents(incoming[i + 1]) { a, b in h10 * a + h11 * b } ?? outgoing[i]
        return ends.zipComponents(tangents, +) ?? ends
    }
}
