import CoreGraphics
import StrataGeometry

/// One typed value of an animated property: what animations interpolate and what the presentation
/// holds. Made once from the API's `Any` values (`convert(_:to:)`) when an animation is added;
/// after that the engine works on this enum only.
///
/// Units are those of the property: points for geometry, radians for angles, unitless scales,
/// straight (not premultiplied) sRGB components for colours.
///
/// Storage: the cases for numbers, geometry, transforms, colours, bools and 3-vectors hold their
/// payload inline, so creating, interpolating and combining them never allocates. Paths and
/// arrays hold copy-on-write arrays (operations that produce new ones allocate); images are
/// immutable references (`CGImage` is `Sendable`), copied by reference.
///
/// Discrete things:
/// - `isHidden`, `masksToBounds`, `isDoubleSided`, `shouldRasterize` are `.bool`;
/// - `contents` is `.image` (a `CGImage`) or `.none` for nil;
/// - a nil `shadowPath`/`path` is `.none` (for `shadowPath`, nil means "shadow from the alpha",
///   which an empty path would not express), as are nil `colors`/`locations`;
/// - a nil colour is converted to transparent black `.color(.clear)`, so fading a nil
///   `backgroundColor` in or out is a normal colour interpolation.
/// `.none` and `.bool`/`.image` switch at progress 0.5 when interpolated.
package enum AnimatableValue: Equatable, Sendable {
    /// A number (CGFloat, Float, Double, NSNumber, Int).
    case scalar(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// Boxed: without it every value is 129 bytes (the matrix), and evaluation copies values
    /// several times a record.
    indirect case transform(CATransform3D)
    /// Straight sRGB colour, each component nominally 0...1 (never clamped here).
    case color(RGBA)
    /// A path's elements (flat arrays).
    case path(PathStorage)
    /// Layer contents. Compared by identity: images are immutable.
    case image(CGImage)
    case bool(Bool)
    /// A number array (gradient `locations`).
    case scalars([Double])
    /// A colour array (gradient `colors`).
    case colors([RGBA])
    /// Three numbers, the input of the `scale` / `translate` value functions.
    case vector3(SIMD3<Double>)
    /// The nil value of an optional object property (`contents`, `shadowPath`, `path`, `colors`,
    /// `locations`, a custom key set to nil).
    case none

    /// The kind of this value (`.any` never occurs; `.none` reports `.any` since nil fits any
    /// optional kind).
    package var kind: ValueKind {
        switch self {
        case .scalar: .scalar
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .transform: .transform
        case .color: .color
        case .path: .path
        case .image: .image
        case .bool: .bool
        case .scalars: .scalars
        case .colors: .colors
        case .vector3: .vector3
        case .none: .any
        }
    }

    package static func == (lhs: AnimatableValue, rhs: AnimatableValue) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a), .scalar(let b)): a == b
        case (.point(let a), .point(let b)): a == b
        case (.size(let a), .size(let b)): a == b
        case (.rect(let a), .rect(let b)): a == b
        case (.transform(let a), .transform(let b)): a == b
        case (.color(let a), .color(let b)): a == b
        case (.path(let a), .path(let b)): a == b
        case (.image(let a), .image(let b)): a === b
        case (.bool(let a), .bool(let b)): a == b
        case (.scalars(let a), .scalars(let b)): a == b
        case (.colors(let a), .colors(let b)): a == b
        case (.vector3(let a), .vector3(let b)): a == b
        case (.none, .none): true
        default: false
        }
    }
}
