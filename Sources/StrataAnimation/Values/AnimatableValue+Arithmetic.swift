import CoreGraphics
import StrataGeometry

// The arithmetic behind isAdditive, byValue and isCumulative (spec §3.1, §3.2). For vector-like
// kinds it is component-wise; transforms form a group under concatenation instead, so "adding"
// concatenates, "subtracting" concatenates the inverse and "scaling" takes a power. Kinds with no
// arithmetic (bools, images, `.none`, mismatched structures or kinds) return the receiver
// unchanged: the animated value simply replaces the underlying one.

extension AnimatableValue {
    /// The receiver (the animated value) added to `underlying` (the value beneath it), for
    /// `isAdditive` and for `from + by`.
    ///
    /// - Numbers, geometry, colours (alpha included, (?) spec §3.1), 3-vectors, equal-length
    ///   arrays, same-structure paths: component-wise sum.
    /// - Transforms: `CATransform3DConcat(self, underlying)` — the animated transform is applied
    ///   first, then the underlying one (spec §3.1 recommendation, (?) order unverified). Not
    ///   commutative.
    /// - Anything else: `self`.
    package func adding(_ underlying: AnimatableValue) -> AnimatableValue {
        if case .transform(let a) = self, case .transform(let b) = underlying {
            return .transform(a.concatenating(b))
        }
        return zipComponents(underlying, +) ?? self
    }

    /// The receiver minus `other`: the `to − by` start of a basic animation and the delta
    /// `v(1) − v(0)` of a cumulative one. The inverse of `adding`: `a.subtracting(b).adding(b) == a`
    /// (up to rounding).
    ///
    /// - Component-wise kinds: difference.
    /// - Transforms: `CATransform3DConcat(self, inverse(other))`, so that concatenating `other`
    ///   afterwards gives back `self`. A singular `other` has no inverse; `self` is returned.
    /// - Anything else: `self`.
    package func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        if case .transform(let a) = self, case .transform(let b) = other {
            guard let inverse = b.inverse else { return self }
            return .transform(a.concatenating(inverse))
        }
        return zipComponents(other, -) ?? self
    }

    /// The receiver scaled by `k`, for the cumulative offset `k·(v(1) − v(0))` of repeat cycle k
    /// (delta form, spec §3.1 recommendation, (?) unverified; the caller forms the delta with
    /// `subtracting` and adds the result with `adding`).
    ///
    /// - Component-wise kinds: each component times `k`.
    /// - Transforms: the k-th power under concatenation. For integer k (|k| ≤ 2³⁰) it is exact
    ///   repeated concatenation (negative k: powers of the inverse; k = 0: identity); for other k
    ///   it is `identity.interpolated(to: self, progress: k)` (decomposition: translation·k,
    ///   rotation angle·k along the shorter arc, scale 1 + (s − 1)·k).
    /// - Anything else: `self`.
    package func scaled(by k: Double) -> AnimatableValue {
        if case .transform(let t) = self {
            return .transform(Self.power(t, k))
        }
        return mapComponents { $0 * k } ?? self
    }

    /// `t` to the power `k` under concatenation (see `scaled(by:)`).
    private static func power(_ t: CATransform3D, _ k: Double) -> CATransform3D {
        guard k.isFinite else { return t }
        guard k.rounded() == k, abs(k) <= 1_073_741_824 else {
            return CATransform3DIdentity.interpolated(to: t, progress: k)
        }
        var n = Int(abs(k))
        var base = t
        if k < 0 {
            guard let inverse = t.inverse else { return t }
            base = inverse
        }
        // Exponentiation by squaring: O(log k) products; powers of one matrix commute, so the
        // multiplication order does not matter.
        var result = CATransform3DIdentity
        while n > 0 {
            if n & 1 == 1 { result = result.concatenating(base) }
            n >>= 1
            if n > 0 { base = base.concatenating(base) }
        }
        return result
    }
}
