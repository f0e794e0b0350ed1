import CoreGraphics

// Decomposition and recomposition after the "unmatrix" pseudo-code of CSS Transforms Level 2
// (§ "Decomposing a 3D matrix") / WebKit's TransformationMatrix::decompose4. The CSS pseudo-code
// indexes matrix[row][column] with translation in matrix[3][0...2], the same layout as
// CATransform3D's m41 m42 m43, so it carries over directly, except:
// - the quaternion follows CATransform3DMakeRotation's sense (see Quaternion) and is extracted
//   with Shepperd's method, which stays correct for half turns about oblique axes;
// - recomposition is written as the explicit product Scale × Skew × Rotation × Translation ×
//   Perspective instead of the pseudo-code's ambiguous `multiply` calls.

extension CATransform3D {
    /// The components of this transform, or nil when it cannot be decomposed: a NaN or infinite
    /// field, `m44 == 0`, or a singular upper 3×3 part (after dividing by `m44`), e.g. a zero scale.
    ///
    /// The matrix is first divided by `m44` (kept as `homogeneousScale`), so translation and the
    /// other components have their visual meaning: `translation.x` is `m41 / m44`.
    package func decomposed() -> DecomposedTransform3D? {
        guard isFinite, m44 != 0 else { return nil }
        let (q1, q2, q3, q4) = rows
        let n = Double(m44)
        let (r1, r2, r3, r4) = (q1 / n, q2 / n, q3 / n, q4 / n)
        // The upper 3×3 part L = Scale × Skew × Rotation, and the translation.
        let l1 = SIMD3(r1.x, r1.y, r1.z)
        let l2 = SIMD3(r2.x, r2.y, r2.z)
        let l3 = SIMD3(r3.x, r3.y, r3.z)
        let translation = SIMD3(r4.x, r4.y, r4.z)
        let det = dot(l1, cross(l2, l3))
        guard det != 0, det.isFinite else { return nil }

        // Perspective: the fourth column is (L·p, t·p + pw); solve L·p = (m14, m24, m34) with the
        // inverse of L written through cross products (Cramer's rule).
        var perspective = SIMD4<Double>(0, 0, 0, 1)
        if r1.w != 0 || r2.w != 0 || r3.w != 0 {
            let p = (cross(l2, l3) * r1.w + cross(l3, l1) * r2.w + cross(l1, l2) * r3.w) / det
            perspective = SIMD4(p.x, p.y, p.z, r4.w - dot(translation, p))
        }

        // Gram–Schmidt: row i of L is scale_i × (row i of Skew × Rotation).
        var scale = SIMD3<Double>(0, 0, 0)
        var skew = SIMD3<Double>(0, 0, 0)  // (xy, xz, yz)
        scale.x = length(l1)
        let x = l1 / scale.x
        skew.x = dot(x, l2)
        var y = l2 - skew.x * x
        scale.y = length(y)
        y /= scale.y
        skew.x /= scale.y
        skew.y = dot(x, l3)
        var z = l3 - skew.y * x
        skew.z = dot(y, z)
        z -= skew.z * y
        scale.z = length(z)
        z /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z

        // A reflection leaves a left-handed basis; negate the rows and all three scales so the
        // rotation is proper (CSS/WebKit convention: scale(−1, 1, 1) reads as scale (−1, −1, −1)
        // combined with a half turn about x).
        var rotation = (x, y, z)
        if dot(x, cross(y, z)) < 0 {
            scale = -scale
            rotation = (-x, -y, -z)
        }
        let result = DecomposedTransform3D(
            translation: .init(translation),
            scale: .init(scale),
            skew: .init(xy: skew.x, xz: skew.y, yz: skew.z),
            perspective: .init(x: perspective.x, y: perspective.y, z: perspective.z, w: perspective.w),
            quaternion: .init(rotationRows: rotation.0, rotation.1, rotation.2),
            homogeneousScale: n)
        return result.isFinite ? result : nil
    }

    /// Recomposes `(Scale × Skew × Rotation × Translation × Perspective) · homogeneousScale`.
    /// The quaternion is normalised first, so hand-made quaternions need not be exactly unit length.
    package init(_ d: DecomposedTransform3D) {
        var q = d.quaternion.vector
        let norm = (q * q).sum().squareRoot()
        if norm > 0 { q /= norm }
        let (o1, o2, o3) = DecomposedTransform3D.Quaternion(q).rotationRows
        let s = d.scale
        let k = d.skew
        let l1 = s.x * o1
        let l2 = s.y * (k.xy * o1 + o2)
        let l3 = s.z * (k.xz * o1 + k.yz * o2 + o3)
        let t = SIMD3(d.translation.x, d.translation.y, d.translation.z)
        let p = SIMD3(d.perspective.x, d.perspective.y, d.perspective.z)
        let h = d.homogeneousScale
        self.init(rows:
            h * SIMD4(l1, dot(l1, p)),
            h * SIMD4(l2, dot(l2, p)),
            h * SIMD4(l3, dot(l3, p)),
            h * SIMD4(t, dot(t, p) + d.perspective.w))
    }
}

extension DecomposedTransform3D {
    /// True when every component is finite.
    var isFinite: Bool {
        let values = [
            translation.x, translation.y, translation.z, scale.x, scale.y, scale.z,
            skew.xy, skew.xz, skew.yz, perspective.x, perspective.y, perspective.z, perspective.w,
            quaternion.x, quaternion.y, quaternion.z, quaternion.w, homogeneousScale,
        ]
        return values.allSatisfy(\.isFinite)
    }
}

extension DecomposedTransform3D.Vector3 {
    init(_ v: SIMD3<Double>) {
        self.init(x: v.x, y: v.y, z: v.z)
    }
}

// Small 3-vector helpers shared by the decomposition and key-path code.

func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }

func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
