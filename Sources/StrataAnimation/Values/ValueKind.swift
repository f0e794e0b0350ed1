/// The kind of value a property (or a key-path component) animates, decided once when a key path
/// is parsed, so that API values can be converted once (`AnimatableValue.convert(_:to:)`) and the
/// per-frame code never inspects types.
///
/// Every kind has exactly one `AnimatableValue` case except `.any` (custom keys, whose kind is only
/// known from the value given) and the optional object kinds (`path`, `image`, `scalars`,
/// `colors`), whose nil value is `AnimatableValue.none`.
package enum ValueKind: Hashable, Sendable, CaseIterable {
    /// A number (`CGFloat`, `Float`, `Double`, `NSNumber`): `AnimatableValue.scalar`.
    case scalar
    /// A `CGPoint`.
    case point
    /// A `CGSize`.
    case size
    /// A `CGRect`.
    case rect
    /// A `CATransform3D` (also accepted from a `CGAffineTransform`).
    case transform
    /// A `CGColor`, held as straight sRGB (`RGBA`).
    case color
    /// A `CGPath` (nil allowed: `.none`).
    case path
    /// A layer's `contents`: a `CGImage` (nil allowed: `.none`).
    case image
    /// A `Bool` (`hidden`, `masksToBounds`, `doubleSided`, `shouldRasterize`).
    case bool
    /// An array of numbers (`CAGradientLayer.locations`; nil allowed: `.none`).
    case scalars
    /// An array of `CGColor` (`CAGradientLayer.colors`; nil allowed: `.none`).
    case colors
    /// Three numbers: the input of the vector value functions `scale` and `translate`.
    case vector3
    /// Unknown until a value is seen (custom keys of CALayer subclasses): the kind is inferred
    /// from each value's type.
    case any

    /// The type name used in conversion error messages ("… must be a CGPoint, got String").
    package var expectedDescription: String {
        switch self {
        case .scalar: "number"
        case .point: "CGPoint"
        case .size: "CGSize"
        case .rect: "CGRect"
        case .transform: "CATransform3D"
        case .color: "CGColor"
        case .path: "CGPath"
        case .image: "CGImage"
        case .bool: "Bool"
        case .scalars: "array of numbers"
        case .colors: "array of CGColors"
        case .vector3: "array of 3 numbers"
        case .any: "number, CGPoint, CGSize, CGRect, CATransform3D, CGColor, CGPath, CGImage or array"
        }
    }
}
