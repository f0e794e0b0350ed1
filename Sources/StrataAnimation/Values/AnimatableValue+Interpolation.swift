import CoreGraphics
import StrataGeometry

// Interpolation by value type (timing-and-animations spec §3.4, §3.7). `progress` is the
// timing-curved progress; it is never clamped, so overshooting timing functions and springs
// extrapolate every continuous kind.

extension AnimatableValue {
    /// The value at `progress` between `from` (0) and `to` (1).
    ///
    /// - Numbers, points, sizes, rects, 3-vectors: component-wise `a + (b − a)·p`.
    /// - Colours: component-wise in straight sRGB, alpha included, **no clamping** — an
    ///   overshoot may leave 0…1; whoever draws clamps (`RGBA.clamped`). Not clamping keeps the
    ///   operation linear, so additive and cumulative colour animations compose exactly.
    /// - Transforms: `CATransform3D.interpolated(to:progress:)` (decomposition, shortest-arc
    ///   rotation; identity → full turn shows no motion).
    /// - Paths: point by point when both have exactly the same element types (Apple: "paths with
    ///   different numbers of control points give undefined results"); otherwise discrete.
    /// - Number and colour arrays: element-wise when the counts match, otherwise discrete.
    /// - Bools, images, `.none`, and any pair of different kinds: **discrete**, `from` for
    ///   p < 0.5 and `to` from 0.5 on (spec §3.4, (?) unverified on hardware). NaN progress
    ///   gives `from`.
    ///
    /// Exactly 0 and 1 return `from` / `to` unchanged (no rounding from `a + (b − a)·1`).
    /// Allocates only for paths and arrays.
    package static func interpolate(from: AnimatableValue, to: AnimatableValue, progress p: Double) -> AnimatableValue {
        if p == 0 { return from }
        if p == 1 { return to }
        if case .transform(let a) = from, case .transform(let b) = to {
            return .transform(a.interpolated(to: b, progress: p))
        }
        if let v = from.zipComponents(to, { a, b in a + (b - a) * p }) { return v }
        return discrete(from: from, to: to, progress: p)
    }

    /// The discrete switch: `from` below 0.5 (and for NaN), `to` from 0.5 on.
    package static func discrete(from: AnimatableValue, to: AnimatableValue, progress: Double) -> AnimatableValue {
        progress >= 0.5 ? to : from
    }
}
