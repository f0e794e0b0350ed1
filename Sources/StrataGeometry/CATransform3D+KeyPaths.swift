import CoreGraphics

/// The virtual sub-fields of a transform property that Core Animation's key-value coding exposes
/// (`"transform.rotation.z"`, `"sublayerTransform.scale"`, …). The raw value is the key-path
/// suffix after the property name. Angles are radians, translations points, scales unitless.
///
/// Reading goes through `CATransform3D.decomposed()`. Rotations are reported as Euler angles
/// (see `EulerAngles` for the order and the choice between the two solutions).
package enum TransformComponent: String, CaseIterable, Sendable {
    case rotationX = "rotation.x"
    case rotationY = "rotation.y"
    case rotationZ = "rotation.z"
    /// Same as `rotationZ`.
    case rotation = "rotation"
    case scaleX = "scale.x"
    case scaleY = "scale.y"
    case scaleZ = "scale.z"
    /// Reads as the average of the three scale factors; making or setting it scales all three.
    case scale = "scale"
    /// The x and y scale together (undocumented, but iOS code uses it): reads as their average;
    /// making or setting it scales x and y, leaving z.
    case scaleXY = "scale.xy"
    case translationX = "translation.x"
    case translationY = "translation.y"
    case translationZ = "translation.z"
    /// The x and y translation as a `CGSize` (width = x, height = y).
    case translation = "translation"

    /// A component value: a number for every component except `translation`, which is a size.
    package enum Value: Hashable, Sendable {
        case scalar(CGFloat)
        case size(CGSize)
    }

    /// True for the one component whose value is a `CGSize` (`translation`).
    package var takesSize: Bool { self == .translation }

    /// The component's value in `t`.
    ///
    /// A matrix that cannot be decomposed (e.g. a zero scale) is read approximately: scale = the
    /// lengths of the first three rows and translation = `m41…m43`, both divided by `m44`, and no
    /// rotation.
    package func value(of t: CATransform3D) -> Value {
        let d = t.keyPathComponents
        let s = d.scale
        let tr = d.translation
        switch self {
        case .rotationX: return .scalar(CGFloat(EulerAngles(d.quaternion).x))
        case .rotationY: return .scalar(CGFloat(EulerAngles(d.quaternion).y))
        case .rotationZ, .rotation: return .scalar(CGFloat(EulerAngles(d.quaternion).z))
        case .scaleX: return .scalar(CGFloat(s.x))
        case .scaleY: return .scalar(CGFloat(s.y))
        case .scaleZ: return .scalar(CGFloat(s.z))
        case .scale: return .scalar(CGFloat((s.x + s.y + s.z) / 3))
        case .scaleXY: return .scalar(CGFloat((s.x + s.y) / 2))
        case .translationX: return .scalar(CGFloat(tr.x))
        case .translationY: return .scalar(CGFloat(tr.y))
        case .translationZ: return .scalar(CGFloat(tr.z))
        case .translation: return .size(CGSize(width: tr.x, height: tr.y))
        }
    }

    /// The transform made from this component alone (what a value function of the same name
    /// builds): `.rotationZ` v → `MakeRotation(v, 0, 0, 1)`, `.scale` v → `MakeScale(v, v, v)`,
    /// `.scaleX` v → `MakeScale(v, 1, 1)`, `.translation` (w, h) → `MakeTranslation(w, h, 0)`.
    /// Nil when the value kind does not fit (a size for a scalar component or vice versa).
    package func transform(from value: Value) -> CATransform3D? {
        switch (self, value) {
        case (.translation, .size(let v)): return CATransform3DMakeTranslation(v.width, v.height, 0)
        case (.translation, .scalar), (_, .size): return nil
        case (.rotationX, .scalar(let v)): return CATransform3DMakeRotation(v, 1, 0, 0)
        case (.rotationY, .scalar(let v)): return CATransform3DMakeRotation(v, 0, 1, 0)
        case (.rotationZ, .scalar(let v)), (.rotation, .scalar(let v)):
            return CATransform3DMakeRotation(v, 0, 0, 1)
        case (.scaleX, .scalar(let v)): return CATransform3DMakeScale(v, 1, 1)
        case (.scaleY, .scalar(let v)): return CATransform3DMakeScale(1, v, 1)
        case (.scaleZ, .scalar(let v)): return CATransform3DMakeScale(1, 1, v)
        case (.scale, .scalar(let v)): return CATransform3DMakeScale(v, v, v)
        case (.scaleXY, .scalar(let v)): return CATransform3DMakeScale(v, v, 1)
        case (.translationX, .scalar(let v)): return CATransform3DMakeTranslation(v, 0, 0)
        case (.translationY, .scalar(let v)): return CATransform3DMakeTranslation(0, v, 0)
        case (.translationZ, .scalar(let v)): return CATransform3DMakeTranslation(0, 0, v)
        }
    }

    /// `base` with this component overwritten by `value` (decompose, replace, recompose — the
    /// rule the spec recommends for `setValue(_:forKeyPath: "transform.<component>")`). The other
    /// components are kept; `.scale` sets all three factors. Nil when the value kind does not fit.
    package func replacing(in base: CATransform3D, with value: Value) -> CATransform3D? {
        // Shortcut for the common case (an animation of one component of an untransformed layer):
        // every component of the identity is neutral, so the result is the component alone.
        if base == CATransform3DIdentity { return transform(from: value) }
        var d = base.keyPathComponents
        switch (self, value) {
        case (.translation, .size(let v)):
            d.translation.x = Double(v.width)
            d.translation.y = Double(v.height)
        case (.translation, .scalar), (_, .size):
            return nil
        case (_, .scalar(let cg)):
            let v = Double(cg)
            switch self {
            case .rotationX, .rotationY, .rotationZ, .rotation:
                var e = EulerAngles(d.quaternion)
                switch self {
                case .rotationX: e.x = v
                case .rotationY: e.y = v
                default: e.z = v
                }
                d.quaternion = e.quaternion
            case .scaleX: d.scale.x = v
            case .scaleY: d.scale.y = v
            case .scaleZ: d.scale.z = v
            case .scale: d.scale = .init(x: v, y: v, z: v)
            case .scaleXY:
                d.scale.x = v
                d.scale.y = v
            case .translationX: d.translation.x = v
            case .translationY: d.translation.y = v
            case .translationZ: d.translation.z = v
            case .translation: return nil
            }
        }
        return CATransform3D(d)
    }
}

extension CATransform3D {
    /// `decomposed()`, or for matrices it rejects an approximation good enough to read and set
    /// scale and translation: after dividing by `m44` (skipped when it is 0), the lengths of the
    /// first three rows as scale, the fourth row as translation, and no rotation, skew or
    /// perspective.
    var keyPathComponents: DecomposedTransform3D {
        if let d = decomposed() { return d }
        let w = m44 != 0 ? Double(m44) : 1
        let (r1, r2, r3, r4) = rows
        func len(_ r: SIMD4<Double>) -> Double { length(SIMD3(r.x, r.y, r.z) / w) }
        return DecomposedTransform3D(
            translation: .init(x: r4.x / w, y: r4.y / w, z: r4.z / w),
            scale: .init(x: len(r1), y: len(r2), z: len(r3)),
            homogeneousScale: w)
    }
}

/// Euler angles in radians with `R = Rx(x) × Ry(y) × Rz(z)` in row-vector form: a point is turned
/// about x first, then y, then z (each `CATransform3DMakeRotation` about a coordinate axis).
///
/// Apple does not document its order; this one makes a rotation about a single coordinate axis
/// read back as that angle on that axis and 0 on the others. Every rotation has two solutions,
/// `(x, y, z)` and `(x + π, π − y, z + π)`; the one with the smaller `|x| + |y| + |z|` (each wrapped
/// to (−π, π]) is reported, so a pure `MakeRotation(θ, 0, 1, 0)` with |θ| > π/2 still reads θ.
/// At gimbal lock (y = ±π/2) z is reported as 0 and the turn folded into x.
struct EulerAngles {
    var x: Double
    var y: Double
    var z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(_ q: DecomposedTransform3D.Quaternion) {
        let (r1, r2, r3) = q.rotationRows
        // Row 1 of Rx·Ry·Rz is (cos y cos z, cos y sin z, −sin y).
        let cosY = (r1.x * r1.x + r1.y * r1.y).squareRoot()
        let y = atan2(-r1.z, cosY)
        guard cosY > 1e-9 else {
            // Gimbal lock: with z = 0 row 2 is (sin x sin y, cos x, 0).
            self.init(x: atan2(-r1.z * r2.x, r2.y), y: y, z: 0)
            return
        }
        let a = EulerAngles(x: atan2(r2.z, r3.z), y: y, z: atan2(r1.y, r1.x))
        let b = EulerAngles(x: wrap(a.x + .pi), y: wrap(.pi - a.y), z: wrap(a.z + .pi))
        self = b.magnitude < a.magnitude ? b : a
    }

    private var magnitude: Double { abs(x) + abs(y) + abs(z) }

    /// The quaternion of `Rx(x) × Ry(y) × Rz(z)`.
    var quaternion: DecomposedTransform3D.Quaternion {
        let m = CATransform3DMakeRotation(CGFloat(x), 1, 0, 0)
            .concatenating(CATransform3DMakeRotation(CGFloat(y), 0, 1, 0))
            .concatenating(CATransform3DMakeRotation(CGFloat(z), 0, 0, 1))
        let (r1, r2, r3, _) = m.rows
        return .init(
            rotationRows: SIMD3(r1.x, r1.y, r1.z), SIMD3(r2.x, r2.y, r2.z), SIMD3(r3.x, r3.y, r3.z))
    }
}

/// `angle` wrapped into (−π, π].
private func wrap(_ angle: Double) -> Double {
    let r = remainder(angle, 2 * .pi)
    return r <= -.pi ? r + 2 * .pi : r
}
