import CoreGraphics

// CATransform3D animation interpolation (timing-and-animations spec §3.7, WebKit blend4):
// matrices are interpolated through their decompositions, never element-wise, so a rotation
// keeps its shape while it turns.

extension CATransform3D {
    /// The transform at `progress` between `self` (0) and `other` (1).
    ///
    /// Both matrices are decomposed; translation, scale, skew and perspective are interpolated
    /// linearly (`a + (b − a)·p`), the rotations by slerp along the shorter arc, and the result is
    /// recomposed. Consequently the identity and a full turn (`MakeRotation(2π, …)`) are the same
    /// rotation and show no motion, and a half turn goes whichever way rounding makes shorter.
    ///
    /// - Progress outside [0, 1] extrapolates (overshooting timing functions and springs).
    /// - Progress exactly 0 or 1 returns `self` or `other` unchanged (recomposition would add
    ///   rounding noise of order 1e-16).
    /// - The homogeneous factors (`m44` before normalisation) are interpolated linearly too; they
    ///   keep the fields continuous but do not change projected points while both are positive.
    /// - If either side is finite but cannot be decomposed (a zero scale on some axis, a singular
    ///   3×3 part, `m44 == 0`), the sixteen fields are interpolated linearly: continuous in
    ///   `progress`, exact at both ends, and the same as the decomposed result whenever the two
    ///   sides differ only by scale and translation — `scale(0, 0, 0)` → identity grows from a
    ///   dot (scale `p`), as iOS shows it (a checkbox mark's bounce).
    /// - If either side has NaN or infinite fields the value switches discretely: `self` below
    ///   0.5, `other` from 0.5 on. So a NaN endpoint can show up as that endpoint, but
    ///   interpolation never manufactures NaN out of finite input.
    /// - A NaN progress returns `self`; +∞ returns `other`, −∞ `self`.
    package func interpolated(to other: CATransform3D, progress: Double) -> CATransform3D {
        guard progress.isFinite else { return progress > 0 ? other : self }
        if progress == 0 { return self }
        if progress == 1 { return other }
        // Fast path, identical to the general path: pure translations (the general path
        // recomposes exactly the identity 3×3, no perspective, and the same lerped translation).
        if isPureTranslation && other.isPureTranslation {
            return CATransform3DMakeTranslation(
                CGFloat(lerp(Double(m41), Double(other.m41), progress)),
                CGFloat(lerp(Double(m42), Double(other.m42), progress)),
                CGFloat(lerp(Double(m43), Double(other.m43), progress)))
        }
        guard let from = decomposed(), let to = other.decomposed() else {
            guard isFinite, other.isFinite else { return progress < 0.5 ? self : other }
            return fieldwiseInterpolated(to: other, progress: progress)
        }
        return CATransform3D(from.interpolated(to: to, progress: progress))
    }

    /// Each of the sixteen fields interpolated linearly (for sides that cannot be decomposed).
    func fieldwiseInterpolated(to other: CATransform3D, progress p: Double) -> CATransform3D {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { CGFloat(lerp(Double(a), Double(b), p)) }
        return CATransform3D(
            m11: mix(m11, other.m11), m12: mix(m12, other.m12), m13: mix(m13, other.m13), m14: mix(m14, other.m14),
            m21: mix(m21, other.m21), m22: mix(m22, other.m22), m23: mix(m23, other.m23), m24: mix(m24, other.m24),
            m31: mix(m31, other.m31), m32: mix(m32, other.m32), m33: mix(m33, other.m33), m34: mix(m34, other.m34),
            m41: mix(m41, other.m41), m42: mix(m42, other.m42), m43: mix(m43, other.m43), m44: mix(m44, other.m44))
    }

    /// True when the matrix is exactly a translation (identity except `m41 m42 m43`).
    var isPureTranslation: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0
            && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m44 == 1 && m41.isFinite && m42.isFinite && m43.isFinite
    }
}

extension DecomposedTransform3D {
    /// Component-wise interpolation: lerp for translation, scale, skew, perspective and the
    /// homogeneous scale, shortest-arc slerp for the quaternion. `progress` is not clamped.
    package func interpolated(to other: DecomposedTransform3D, progress p: Double) -> DecomposedTransform3D {
        func mix(_ a: Vector3, _ b: Vector3) -> Vector3 {
            Vector3(x: lerp(a.x, b.x, p), y: lerp(a.y, b.y, p), z: lerp(a.z, b.z, p))
        }
        return DecomposedTransform3D(
            translation: mix(translation, other.translation),
            scale: mix(scale, other.scale),
            skew: Skew(
                xy: lerp(skew.xy, other.skew.xy, p),
                xz: lerp(skew.xz, other.skew.xz, p),
                yz: lerp(skew.yz, other.skew.yz, p)),
            perspective: Vector4(
                x: lerp(perspective.x, other.perspective.x, p),
                y: lerp(perspective.y, other.perspective.y, p),
                z: lerp(perspective.z, other.perspective.z, p),
                w: lerp(perspective.w, other.perspective.w, p)),
            quaternion: quaternion.slerp(to: other.quaternion, progress: p),
            homogeneousScale: lerp(homogeneousScale, other.homogeneousScale, p))
    }
}

/// `a + (b − a)·p`: exact at p = 0, and equal inputs give that input for every p.
func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double {
    a + (b - a) * p
}
