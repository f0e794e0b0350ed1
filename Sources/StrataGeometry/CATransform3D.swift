import CoreGraphics

/// A 4×4 homogeneous transform, field for field Apple's `CATransform3D`.
///
/// Fields are stored row-major (`m11 m12 m13 m14` is the first row) and are applied to **row
/// vectors**: a point `[x y z 1]` becomes `[x y z 1] × M`, then `x'/w', y'/w', z'/w'`. So the
/// translation sits in `m41 m42 m43` and the perspective coefficients in `m14 m24 m34`, exactly as
/// in `CGAffineTransform` (`a b c d tx ty` ↔ `m11 m12 m21 m22 m41 m42`). Distances are in points of
/// the layer's coordinate space; the other fields are unitless.
///
/// `init()` is the **zero** matrix, as Swift's default initialiser of the imported C struct is on
/// Apple platforms; use `CATransform3DIdentity` for the identity.
///
/// Equality (`==`, `CATransform3DEqualToTransform`) is exact field-wise comparison, so a transform
/// containing NaN is not equal to itself.
public struct CATransform3D: Hashable, Sendable, Codable {
    public var m11: CGFloat
    public var m12: CGFloat
    public var m13: CGFloat
    public var m14: CGFloat
    public var m21: CGFloat
    public var m22: CGFloat
    public var m23: CGFloat
    public var m24: CGFloat
    public var m31: CGFloat
    public var m32: CGFloat
    public var m33: CGFloat
    public var m34: CGFloat
    public var m41: CGFloat
    public var m42: CGFloat
    public var m43: CGFloat
    public var m44: CGFloat

    /// The zero matrix (all sixteen fields 0).
    public init() {
        self.init(
            m11: 0, m12: 0, m13: 0, m14: 0,
            m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 0)
    }

    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }
}

/// The identity transform, `diag(1, 1, 1, 1)`.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)
