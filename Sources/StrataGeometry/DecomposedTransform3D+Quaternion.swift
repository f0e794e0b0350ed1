import CoreGraphics

// Conversions between unit quaternions and 3×3 rotation matrices in CATransform3D's row-vector
// layout, and spherical interpolation.
//
// In row-vector form the matrix is the transpose of the textbook (column-vector) one, so for
// MakeRotation(θ, 0, 0, 1) the quaternion (0, 0, sin θ/2, cos θ/2) gives m12 = +sin θ.

extension DecomposedTransform3D.Quaternion {
    /// The quaternion of an orthonormal, right-handed matrix given by its rows (`m1j`, `m2j`,
    /// `m3j`), normalised and with `w ≥ 0`.
    ///
    /// Uses Shepperd's method: divide by the largest of 4w², 4x², 4y², 4z², so every rotation,
    /// including half turns about oblique axes (where w ≈ 0), is recovered accurately with signs
    /// consistent with each other. (The CSS pseudo-code's per-component sign test fails there.)
    init(rotationRows r1: SIMD3<Double>, _ r2: SIMD3<Double>, _ r3: SIMD3<Double>) {
        let (m11, m12, m13) = (r1.x, r1.y, r1.z)
        let (m21, m22, m23) = (r2.x, r2.y, r2.z)
        let (m31, m32, m33) = (r3.x, r3.y, r3.z)
        let trace = m11 + m22 + m33
        var q: SIMD4<Double>  // (x, y, z, w)
        if trace > 0 {
            let s = 2 * (1 + trace).squareRoot()  // 4w
            q = SIMD4((m23 - m32) / s, (m31 - m13) / s, (m12 - m21) / s, s / 4)
        } else if m11 > m22 && m11 > m33 {
            let s = 2 * (1 + m11 - m22 - m33).squareRoot()  // 4x
            q = SIMD4(s / 4, (m21 + m12) / s, (m31 + m13) / s, (m23 - m32) / s)
        } else if m22 > m33 {
            let s = 2 * (1 + m22 - m11 - m33).squareRoot()  // 4y
            q = SIMD4((m21 + m12) / s, s / 4, (m32 + m23) / s, (m31 - m13) / s)
        } else {
            let s = 2 * (1 + m33 - m11 - m22).squareRoot()  // 4z
            q = SIMD4((m31 + m13) / s, (m32 + m23) / s, s / 4, (m12 - m21) / s)
        }
        if q.w < 0 { q = -q }
        q /= (q * q).sum().squareRoot()
        self.init(x: q.x, y: q.y, z: q.z, w: q.w)
    }

    /// The rotation matrix rows (row-vector layout) of this quaternion, which must be unit length.
    var rotationRows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let (x, y, z, w) = (self.x, self.y, self.z, self.w)
        return (
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)))
    }

    var vector: SIMD4<Double> { SIMD4(x, y, z, w) }

    init(_ v: SIMD4<Double>) {
        self.init(x: v.x, y: v.y, z: v.z, w: v.w)
    }

    /// Spherical linear interpolation along the **shorter** arc (`other` is negated when the two
    /// are more than 90° apart in 4D, i.e. the rotations more than 180° apart). `progress` outside
    /// [0, 1] continues along the same great circle (extrapolation). Both inputs must be unit.
    func slerp(to other: Self, progress p: Double) -> Self {
        let a = vector
        var b = other.vector
        if (a * b).sum() < 0 { b = -b }
        // The angle between the unit vectors from the chord lengths: accurate at every angle,
        // unlike acos(dot) near 0, so there is no threshold at which the method switches.
        let theta = 2 * atan2(((a - b) * (a - b)).sum().squareRoot(), ((a + b) * (a + b)).sum().squareRoot())
        let sinTheta = sin(theta)
        let (wa, wb): (Double, Double)
        if sinTheta < 1e-12 {
            // Equal rotations (to rounding): slerp degenerates to lerp, exact to O(θ²).
            (wa, wb) = (1 - p, p)
        } else {
            (wa, wb) = (sin((1 - p) * theta) / sinTheta, sin(p * theta) / sinTheta)
        }
        let r = wa * a + wb * b
        return Self(r / (r * r).sum().squareRoot())
    }
}
