import CoreGraphics
import StrataGeometry

/// Core Animation's value functions: numbers interpolated by an animation turned into a transform
/// (rotations in radians, scale factors, translations in points).
package enum ValueFunction: String, Sendable, Hashable, CaseIterable {
    case rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ, translate, translateX, translateY, translateZ

    /// The kind of the values the function takes: three numbers for `scale` and `translate`.
    package var inputKind: ValueKind { self == .scale || self == .translate ? .vector3 : .scalar }

    /// The input that gives the identity (0 for rotations and translations, 1 for scales).
    package var neutralInput: AnimatableValue {
        switch self {
        case .scale: .vector3(SIMD3(1, 1, 1))
        case .translate: .vector3(SIMD3(0, 0, 0))
        case .scaleX, .scaleY, .scaleZ: .scalar(1)
        default: .scalar(0)
        }
    }

    /// The transform for `input`; an input of the wrong kind gives the identity.
    package func transform(_ input: AnimatableValue) -> CATransform3D {
        switch (self, input) {
        case (.rotateX, .scalar(let v)): CATransform3DMakeRotation(v, 1, 0, 0)
        case (.rotateY, .scalar(let v)): CATransform3DMakeRotation(v, 0, 1, 0)
        case (.rotateZ, .scalar(let v)): CATransform3DMakeRotation(v, 0, 0, 1)
        case (.scaleX, .scalar(let v)): CATransform3DMakeScale(v, 1, 1)
        case (.scaleY, .scalar(let v)): CATransform3DMakeScale(1, v, 1)
        case (.scaleZ, .scalar(let v)): CATransform3DMakeScale(1, 1, v)
        case (.translateX, .scalar(let v)): CATransform3DMakeTranslation(v, 0, 0)
        case (.translateY, .scalar(let v)): CATransform3DMakeTranslation(0, v, 0)
        case (.translateZ, .scalar(let v)): CATransform3DMakeTranslation(0, 0, v)
        case (.scale, .vector3(let v)): CATransform3DMakeScale(v.x, v.y, v.z)
        case (.translate, .vector3(let v)): CATransform3DMakeTranslation(v.x, v.y, v.z)
        default: CATransform3DIdentity
        }
    }
}
