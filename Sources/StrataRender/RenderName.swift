import CoreGraphics

/// A setting Apple's API names with a string (`CAShapeLayerLineCap.round` is "round"), held on the
/// render side as a case: parsed once where the API sets it, compared as a number every frame.
package protocol RenderName: Equatable, Sendable {
    /// The case `name` stands for; nil for a name Strata does not know.
    init?(name: String)
    /// Apple's raw value for this case.
    var name: String { get }
    /// What a name Strata does not know is drawn as (the model keeps the name itself).
    static var fallback: Self { get }
}

extension RenderName {
    /// The case as a small number (its tag in memory), for signatures.
    package var ordinal: UInt8 { withUnsafeBytes(of: self) { $0.first ?? 0 } }
}

extension RenderName where Self: RawRepresentable, RawValue == String {
    package init?(name: String) { self.init(rawValue: name) }
    package var name: String { rawValue }
}

extension CGPathFillRule: RenderName {
    package init?(name: String) {
        switch name {
        case "non-zero": self = .winding
        case "even-odd": self = .evenOdd
        default: return nil
        }
    }

    package var name: String { self == .evenOdd ? "even-odd" : "non-zero" }
    package static var fallback: Self { .winding }
}

extension CGLineCap: RenderName {
    package init?(name: String) {
        switch name {
        case "butt": self = .butt
        case "round": self = .round
        case "square": self = .square
        default: return nil
        }
    }

    package var name: String {
        switch self {
        case .butt: "butt"
        case .round: "round"
        case .square: "square"
        }
    }

    package static var fallback: Self { .butt }
}

extension CGLineJoin: RenderName {
    package init?(name: String) {
        switch name {
        case "miter": self = .miter
        case "round": self = .round
        case "bevel": self = .bevel
        default: return nil
        }
    }

    package var name: String {
        switch self {
        case .miter: "miter"
        case .round: "round"
        case .bevel: "bevel"
        }
    }

    package static var fallback: Self { .miter }
}

/// Where a layer's contents image goes in its bounds (`CALayerContentsGravity`).
package enum ContentsGravity: String, RenderName {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
    /// An unknown gravity centres the image at its natural size.
    package static var fallback: Self { .center }
}

/// How a layer's contents are resampled (`CALayerContentsFilter`).
package enum ContentsFilter: String, RenderName {
    case linear, nearest, trilinear
    package static var fallback: Self { .linear }
}

/// Where a CATextLayer cuts a line that does not fit (`CATextLayerTruncationMode`).
package enum TextTruncation: String, RenderName {
    case none, start, middle, end
    package static var fallback: Self { .none }
}

/// How a CATextLayer aligns its lines (`CATextLayerAlignmentMode`).
package enum TextAlignment: String, RenderName {
    case natural, left, right, center, justified
    package static var fallback: Self { .natural }
}

/// The shape of a CAGradientLayer's colour change (`CAGradientLayerType`).
package enum GradientKind: String, RenderName {
    case axial, radial, conic
    package static var fallback: Self { .axial }
}

/// Where a CAEmitterLayer's particles are born (`CAEmitterLayerEmitterShape`).
package enum EmitterShape: String, RenderName {
    case point, line, rectangle, cuboid, circle, sphere
    package static var fallback: Self { .point }
}

/// Which part of the emitter's shape particles are born on (`CAEmitterLayerEmitterMode`).
package enum EmitterMode: String, RenderName {
    case points, outline, surface, volume
    package static var fallback: Self { .volume }
}

/// The order and blend particles are drawn in (`CAEmitterLayerRenderMode`).
package enum EmitterRenderMode: String, RenderName {
    case unordered, oldestFirst, oldestLast, backToFront, additive
    package static var fallback: Self { .unordered }
}
