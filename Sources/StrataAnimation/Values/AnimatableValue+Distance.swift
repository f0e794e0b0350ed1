import CoreGraphics
import StrataGeometry

extension AnimatableValue {
    /// How far apart two values are, for paced keyframes (spec §4.5): keyframes are spaced so that
    /// this distance is covered at constant speed. Non-negative, zero for equal values, symmetric.
    ///
    /// - Numbers: |Δ|. Points, sizes, 3-vectors: Euclidean. Rects: Euclidean over (x, y, width,
    ///   height) as a 4-vector. Colours: Euclidean in straight sRGB + alpha as a 4-vector.
    /// - Equal-length arrays, same-structure paths: Euclidean over all components.
    /// - Transforms: the Frobenius norm of the field-wise difference (Euclidean over the 16
    ///   fields). Apple documents nothing here; this is a true metric that equals the translation
    ///   distance for pure translations and 2√2·|sin(θ/2)| (≈ √2·θ for small θ) between rotations
    ///   that differ by θ about one axis.
    /// - Everything else (bools, images, `.none`, mismatched kinds or structures): 0 when equal,
    ///   else 1, so each change counts as one equal step.
    ///
    /// Never allocates.
    package func distance(to other: AnimatableValue) -> Double {
        if case .transform(let a) = self, case .transform(let b) = other {
            // Written out field by field: no temporary arrays.
            func sq(_ x: CGFloat, _ y: CGFloat) -> Double { Double((x - y) * (x - y)) }
            var sum = sq(a.m11, b.m11) + sq(a.m12, b.m12) + sq(a.m13, b.m13) + sq(a.m14, b.m14)
            sum += sq(a.m21, b.m21) + sq(a.m22, b.m22) + sq(a.m23, b.m23) + sq(a.m24, b.m24)
            sum += sq(a.m31, b.m31) + sq(a.m32, b.m32) + sq(a.m33, b.m33) + sq(a.m34, b.m34)
            sum += sq(a.m41, b.m41) + sq(a.m42, b.m42) + sq(a.m43, b.m43) + sq(a.m44, b.m44)
            return sum.squareRoot()
        }
        if let squared = squaredComponentDistance(to: other) { return squared.squareRoot() }
        return self == other ? 0 : 1
    }
}
