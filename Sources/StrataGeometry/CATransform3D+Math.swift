import CoreGraphics

// Matrix arithmetic shared by the public functions, the animation engine and the renderer.
// Everything is computed in Double (CGFloat is a Double on Linux, but being explicit keeps the
// SIMD code simple and the precision obvious).

extension CATransform3D {
    /// The four rows `[m_i1 m_i2 m_i3 m_i4]` as SIMD vectors.
    var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        (SIMD4(Double(m11), Double(m12), Double(m13), Double(m14)),
         SIMD4(Double(m21), Double(m22), Double(m23), Double(m24)),
         SIMD4(Double(m31), Double(m32), Double(m33), Double(m34)),
         SIMD4(Double(m41), Double(m42), Double(m43), Double(m44)))
    }

    /// A transform from four rows.
    init(rows r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>, _ r4: SIMD4<Double>) {
        self.init(
            m11: CGFloat(r1.x), m12: CGFloat(r1.y), m13: CGFloat(r1.z), m14: CGFloat(r1.w),
            m21: CGFloat(r2.x), m22: CGFloat(r2.y), m23: CGFloat(r2.z), m24: CGFloat(r2.w),
            m31: CGFloat(r3.x), m32: CGFloat(r3.y), m33: CGFloat(r3.z), m34: CGFloat(r3.w),
            m41: CGFloat(r4.x), m42: CGFloat(r4.y), m43: CGFloat(r4.z), m44: CGFloat(r4.w))
    }

    /// True when all sixteen fields are finite (no NaN, no ±infinity): each field times zero is
    /// zero exactly when it is finite (infinities and NaN give NaN), tested a row at a time.
    package var isFinite: Bool {
        let (r1, r2, r3, r4) = rows
        let zero = SIMD4<Double>(repeating: 0)
        return (r1 * zero + r2 * zero + r3 * zero + r4 * zero) == zero
    }

    /// True when every field is the identity's (`CATransform3DIsIdentity` without reading the
    /// global identity: placing a layer asks it twice), compared a row at a time.
    package var isIdentity: Bool {
        let (r1, r2, r3, r4) = rows
        return r1 == SIMD4(1, 0, 0, 0) && r2 == SIMD4(0, 1, 0, 0) && r3 == SIMD4(0, 0, 1, 0) && r4 == SIMD4(0, 0, 0, 1)
    }

    /// `self × other`: with row vectors `self` is applied first, then `other`
    /// (the same as `CATransform3DConcat(self, other)`).
    package func concatenating(_ other: CATransform3D) -> CATransform3D {
        if isAffineForm, other.isAffineForm { return affineConcatenating(other) }
        let (a1, a2, a3, a4) = rows
        let (b1, b2, b3, b4) = other.rows
        @inline(__always)
        func row(_ a: SIMD4<Double>) -> SIMD4<Double> {
            a.x * b1 + a.y * b2 + a.z * b3 + a.w * b4
        }
        return CATransform3D(rows: row(a1), row(a2), row(a3), row(a4))
    }

    /// `CATransform3DIsAffine(self)`, two rows' last halves and two rows compared as vectors.
    @inline(__always)
    private var isAffineForm: Bool {
        SIMD4<Double>(m13, m14, m23, m24) == SIMD4(repeating: 0)
            && SIMD4<Double>(m31, m32, m33, m34) == SIMD4(0, 0, 1, 0) && SIMD2<Double>(m43, m44) == SIMD2(0, 1)
    }

    /// `concatenating(_:)` of two affine transforms (`CATransform3DIsAffine`), the plane's six
    /// fields alone: a layer tree's maps are nearly all affine. Each field is summed in the order
    /// of the full product, whose other terms are zeros.
    private func affineConcatenating(_ b: CATransform3D) -> CATransform3D {
        CATransform3D(
            m11: m11 * b.m11 + m12 * b.m21, m12: m11 * b.m12 + m12 * b.m22, m13: 0, m14: 0,
            m21: m21 * b.m11 + m22 * b.m21, m22: m21 * b.m12 + m22 * b.m22, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0,
            m41: m41 * b.m11 + m42 * b.m21 + b.m41, m42: m41 * b.m12 + m42 * b.m22 + b.m42, m43: 0, m44: 1)
    }

    /// A point a transform applies about (points).
    package struct Pivot: Sendable {
        package var x: CGFloat
        package var y: CGFloat
        package var z: CGFloat

        package init(x: CGFloat, y: CGFloat, z: CGFloat) {
            self.x = x
            self.y = y
            self.z = z
        }
    }

    /// `self` applied about `pivot` instead of the origin: translate(−pivot) × self × translate(pivot).
    package func about(_ pivot: Pivot) -> CATransform3D {
        CATransform3DMakeTranslation(-pivot.x, -pivot.y, -pivot.z)
            .concatenating(self)
            .concatenating(CATransform3DMakeTranslation(pivot.x, pivot.y, pivot.z))
    }

    /// `self` followed by a turn of `angle` radians about z (the turn a path animation's
    /// `rotationMode` adds to the presented transform).
    package func turnedAboutZ(by angle: Double) -> CATransform3D {
        concatenating(CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1))
    }

    /// The determinant of the full 4×4 matrix.
    package var determinant: Double {
        Cofactors(self).determinant
    }

    /// The inverse, or nil when the matrix is singular (determinant exactly 0), not finite, or its
    /// inverse overflows. Unlike `CATransform3DInvert`, failure is reported rather than hidden.
    package var inverse: CATransform3D? {
        guard isFinite else { return nil }
        let c = Cofactors(self)
        let det = c.determinant
        guard det != 0, det.isFinite else { return nil }
        let result = c.adjugate(dividedBy: det)
        return result.isFinite ? result : nil
    }

    /// Maps the point `(x, y, z)` (homogeneous w = 1) through the matrix **without** the
    /// perspective divide: returns `[x y z 1] × M`. Divide x, y, z by w for the projected point.
    package func transform(
        _ p: (x: Double, y: Double, z: Double)
    ) -> (x: Double, y: Double, z: Double, w: Double) {
        let (r1, r2, r3, r4) = rows
        let v = p.x * r1 + p.y * r2 + p.z * r3 + r4
        return (v.x, v.y, v.z, v.w)
    }

    /// Maps the layer-plane point `(p.x, p.y, 0)` and divides by w. Returns nil when w ≤ 0, i.e. the
    /// point lies on or behind the eye plane of a perspective transform and has no visible image.
    package func project(_ p: CGPoint) -> CGPoint? {
        let v = transform((Double(p.x), Double(p.y), 0))
        guard v.w > 0 else { return nil }
        return CGPoint(x: v.x / v.w, y: v.y / v.w)
    }
}

/// The twelve 2×2 minors of the top two rows (`s`) and bottom two rows (`c`), from which the
/// determinant and the adjugate follow by the Laplace expansion theorem.
private struct Cofactors {
    let a0, a1, a2, a3: SIMD4<Double>
    let s0, s1, s2, s3, s4, s5: Double
    let c0, c1, c2, c3, c4, c5: Double

    init(_ t: CATransform3D) {
        (a0, a1, a2, a3) = t.rows
        s0 = a0[0] * a1[1] - a1[0] * a0[1]
        s1 = a0[0] * a1[2] - a1[0] * a0[2]
        s2 = a0[0] * a1[3] - a1[0] * a0[3]
        s3 = a0[1] * a1[2] - a1[1] * a0[2]
        s4 = a0[1] * a1[3] - a1[1] * a0[3]
        s5 = a0[2] * a1[3] - a1[2] * a0[3]
        c5 = a2[2] * a3[3] - a3[2] * a2[3]
        c4 = a2[1] * a3[3] - a3[1] * a2[3]
        c3 = a2[1] * a3[2] - a3[1] * a2[2]
        c2 = a2[0] * a3[3] - a3[0] * a2[3]
        c1 = a2[0] * a3[2] - a3[0] * a2[2]
        c0 = a2[0] * a3[1] - a3[0] * a2[1]
    }

    var determinant: Double {
        s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The adjugate divided by `det`, i.e. the inverse when `det` is the determinant.
    func adjugate(dividedBy det: Double) -> CATransform3D {
        let r1 = SIMD4(
            a1[1] * c5 - a1[2] * c4 + a1[3] * c3,
            -a0[1] * c5 + a0[2] * c4 - a0[3] * c3,
            a3[1] * s5 - a3[2] * s4 + a3[3] * s3,
            -a2[1] * s5 + a2[2] * s4 - a2[3] * s3)
        let r2 = SIMD4(
            -a1[0] * c5 + a1[2] * c2 - a1[3] * c1,
            a0[0] * c5 - a0[2] * c2 + a0[3] * c1,
            -a3[0] * s5 + a3[2] * s2 - a3[3] * s1,
            a2[0] * s5 - a2[2] * s2 + a2[3] * s1)
        let r3 = SIMD4(
            a1[0] * c4 - a1[1] * c2 + a1[3] * c0,
            -a0[0] * c4 + a0[1] * c2 - a0[3] * c0,
            a3[0] * s4 - a3[1] * s2 + a3[3] * s0,
            -a2[0] * s4 + a2[1] * s2 - a2[3] * s0)
        let r4 = SIMD4(
            -a1[0] * c3 + a1[1] * c1 - a1[2] * c0,
            a0[0] * c3 - a0[1] * c1 + a0[2] * c0,
            -a3[0] * s3 + a3[1] * s1 - a3[2] * s0,
            a2[0] * s3 - a2[1] * s1 + a2[2] * s0)
        return CATransform3D(rows: r1 / det, r2 / det, r3 / det, r4 / det)
    }
}
