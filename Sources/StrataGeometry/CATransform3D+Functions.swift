import CoreGraphics

// Apple's CATransform3D C functions, with their Swift signatures. Angles are in radians,
// translations in points. "Concat(a, b)" means a is applied first, then b (row vectors).

/// True when `t` is exactly the identity (no tolerance).
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// True when all sixteen fields are exactly equal. NaN fields never compare equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// The translation by `(tx, ty, tz)` points: the identity with `m41 m42 m43 = tx ty tz`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx
    t.m42 = ty
    t.m43 = tz
    return t
}

/// The scale `diag(sx, sy, sz, 1)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx
    t.m22 = sy
    t.m33 = sz
    return t
}

/// The rotation by `angle` radians about the axis `(x, y, z)`, which is normalised first; positive
/// angles turn +x toward +y about +z. A zero-length axis gives the identity, as Apple documents.
///
/// A non-finite angle or axis is not special-cased: like Apple's implementation the result then
/// has NaN in its upper 3×3 part (`m44` stays 1). Downstream code (`CATransform3DInvert`,
/// decomposition, interpolation) treats such matrices as unusable rather than propagating NaN.
public func CATransform3DMakeRotation(
    _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    // Rotations about a positive coordinate axis are the common case (`transform.rotation.z`):
    // fill them in directly. The values are exactly those of the general formula below (a
    // non-finite angle goes the general way, which fills the whole 3×3 part with NaN, as Apple).
    if angle.isFinite, x == 0, y == 0, z > 0, z.isFinite { return axisRotation(angle, axis: 2) }
    if angle.isFinite, x == 0, z == 0, y > 0, y.isFinite { return axisRotation(angle, axis: 1) }
    if angle.isFinite, y == 0, z == 0, x > 0, x.isFinite { return axisRotation(angle, axis: 0) }
    var (ax, ay, az) = (Double(x), Double(y), Double(z))
    // Divide by the largest component first so that tiny axes do not underflow to "zero length"
    // and huge ones do not overflow; an axis-aligned axis then normalises to exactly 1.
    let largest = max(abs(ax), abs(ay), abs(az))
    if largest == 0 { return CATransform3DIdentity }
    if largest.isFinite {
        (ax, ay, az) = (ax / largest, ay / largest, az / largest)
    }
    let length = (ax * ax + ay * ay + az * az).squareRoot()
    (ax, ay, az) = (ax / length, ay / length, az / length)

    let c = cos(Double(angle))
    let s = sin(Double(angle))
    let t = 1 - c
    // Diagonal written as a² + (1 − a²)·c (equal to t·a² + c) so that a rotation about a
    // coordinate axis leaves exactly 1 on that axis and exactly cos on the others: a Z rotation
    // is then exactly `CATransform3DIsAffine`.
    return CATransform3D(rows:
        SIMD4(ax * ax + (1 - ax * ax) * c, t * ax * ay + s * az, t * ax * az - s * ay, 0),
        SIMD4(t * ax * ay - s * az, ay * ay + (1 - ay * ay) * c, t * ay * az + s * ax, 0),
        SIMD4(t * ax * az + s * ay, t * ay * az - s * ax, az * az + (1 - az * az) * c, 0),
        SIMD4(0, 0, 0, 1))
}

/// `t` preceded by a translation: `Concat(MakeTranslation(tx, ty, tz), t)`, i.e. the translation
/// happens in `t`'s local space, like `CGAffineTransformTranslate`.
public func CATransform3DTranslate(
    _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
    // Only the last row changes: row4 = tx·row1 + ty·row2 + tz·row3 + row4 (same sum order as Concat).
    let (r1, r2, r3, r4) = t.rows
    return CATransform3D(rows: r1, r2, r3, Double(tx) * r1 + Double(ty) * r2 + Double(tz) * r3 + r4)
}

/// `t` preceded by a scale: `Concat(MakeScale(sx, sy, sz), t)` (rows 1–3 scaled).
public func CATransform3DScale(
    _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
    let (r1, r2, r3, r4) = t.rows
    return CATransform3D(rows: Double(sx) * r1, Double(sy) * r2, Double(sz) * r3, r4)
}

/// `t` preceded by a rotation: `Concat(MakeRotation(angle, x, y, z), t)`.
///
/// Apple leaves a zero-length axis undefined here; Strata returns `t` unchanged, which is what
/// the formula gives with `MakeRotation`'s identity for a zero axis.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    if x == 0 && y == 0 && z == 0 { return t }
    return CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// The product `a × b`: with row vectors `a` is applied first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.concatenating(b)
}

/// The inverse of `t`; when `t` has no usable inverse (determinant exactly 0, a NaN or infinite
/// field, or an inverse that overflows) `t` itself is returned, as Apple documents.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverse ?? t
}

/// True when `t` is exactly representable by a `CGAffineTransform`: no z coupling, no perspective
/// (`m13 m14 m23 m24 m31 m32 m34 m43` all 0) and `m33 = m44 = 1`.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m34 == 0 && t.m43 == 0
        && t.m33 == 1 && t.m44 == 1
}

/// The 3D transform with the same effect as `m` in the z = 0 plane:
/// the identity with `m11 m12 m21 m22 m41 m42 = a b c d tx ty`.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = m.a
    t.m12 = m.b
    t.m21 = m.c
    t.m22 = m.d
    t.m41 = m.tx
    t.m42 = m.ty
    return t
}

/// The affine part `(m11, m12, m21, m22, m41, m42)`; meaningful only when `CATransform3DIsAffine(t)`
/// (other fields are ignored, as on Apple).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

/// The rotation by `angle` radians about the positive x (0), y (1) or z (2) axis.
private func axisRotation(_ angle: CGFloat, axis: Int) -> CATransform3D {
    let c = cos(Double(angle))
    let s = sin(Double(angle))
    var t = CATransform3DIdentity
    switch axis {
    case 0:
        (t.m22, t.m23, t.m32, t.m33) = (c, s, -s, c)
    case 1:
        (t.m11, t.m13, t.m31, t.m33) = (c, -s, s, c)
    default:
        (t.m11, t.m12, t.m21, t.m22) = (c, s, -s, c)
    }
    return t
}
