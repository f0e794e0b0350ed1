/// An affine transform as scale, then horizontal shear, then rotation, then translation
/// (iOS 16 / macOS 13): `[sx 0; 0 sy] · [1 0; shear 1] · R(rotation) · T(translation)` in Core
/// Graphics' row-vector form.
public struct CGAffineTransformComponents: Hashable, Sendable {
    public var scale: CGSize
    /// x' = x + horizontalShear · y, before the rotation.
    public var horizontalShear: CGFloat
    /// Radians.
    public var rotation: CGFloat
    public var translation: CGVector

    public init(
        scale: CGSize = CGSize(width: 1, height: 1), horizontalShear: CGFloat = 0, rotation: CGFloat = 0,
        translation: CGVector = CGVector(dx: 0, dy: 0)
    ) {
        self.scale = scale
        self.horizontalShear = horizontalShear
        self.rotation = rotation
        self.translation = translation
    }

    public init() {
        self.init(scale: CGSize(width: 1, height: 1))
    }
}

extension CGAffineTransform {
    /// The transform made of `components`.
    public init(_ components: CGAffineTransformComponents) {
        let sx = components.scale.width, sy = components.scale.height, k = components.horizontalShear
        let cs = cos(components.rotation), sn = sin(components.rotation)
        // [sx 0; sy·k sy] · [cos sin; −sin cos]
        self.init(
            a: sx * cs, b: sx * sn, c: sy * k * cs - sy * sn, d: sy * k * sn + sy * cs,
            tx: components.translation.dx, ty: components.translation.dy)
    }

    /// The transform as scale, horizontal shear, rotation and translation: what it does, not how
    /// it was made. The x scale is never negative; a mirror shows as a negative y scale.
    public func decomposed() -> CGAffineTransformComponents {
        let sx = (a * a + b * b).squareRoot()
        let rotation = sx > 0 ? atan2(b, a) : 0
        let cs = cos(rotation), sn = sin(rotation)
        let sy = d * cs - c * sn
        let shear = sy != 0 ? (c * cs + d * sn) / sy : 0
        return CGAffineTransformComponents(
            scale: CGSize(width: sx, height: sy), horizontalShear: shear, rotation: rotation,
            translation: CGVector(dx: tx, dy: ty))
    }
}

/// `transform.decomposed()`, as the C function.
public func CGAffineTransformDecompose(_ transform: CGAffineTransform) -> CGAffineTransformComponents {
    transform.decomposed()
}

/// `CGAffineTransform(components)`, as the C function.
public func CGAffineTransformMakeWithComponents(_ components: CGAffineTransformComponents) -> CGAffineTransform {
    CGAffineTransform(components)
}
