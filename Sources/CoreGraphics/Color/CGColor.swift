/// How colours are mapped between colour spaces; Strata accepts every intent and uses one mapping.
public enum CGColorRenderingIntent: Int32, Sendable, Hashable {
    case defaultIntent = 0
    case absoluteColorimetric = 1
    case relativeColorimetric = 2
    case perceptual = 3
    case saturation = 4
}

/// An immutable colour: a colour space, its components and alpha, as Apple's CGColor.
///
/// Non-finite components are replaced by 0 (with a warning) so that drawing never sees NaN.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    public let colorSpace: CGColorSpace?
    /// The colour components followed by alpha.
    public let components: [CGFloat]?
    /// The pattern of a colour in a pattern space.
    public let pattern: CGPattern?

    package init(space: CGColorSpace, components: [CGFloat]) {
        self.pattern = nil
        self.colorSpace = space
        // Finite components are kept as given (no copy: an animated colour makes one a frame).
        guard !components.allSatisfy(\.isFinite) else {
            self.components = components
            return
        }
        self.components = components.map { value in
            guard value.isFinite else {
                Diagnostics.warn("CGColor: non-finite component \(value) replaced by 0")
                return 0
            }
            return value
        }
    }

    /// A pattern colour: `pattern` in `space` (made by `CGColorSpace(patternBaseSpace:)`), with
    /// `components` its stencil colour in the base space then alpha (alpha alone for a coloured
    /// pattern). Nil when `space` is not a pattern space.
    public init?(patternSpace space: CGColorSpace, pattern: CGPattern, components: UnsafePointer<CGFloat>) {
        guard space.model == .pattern else {
            Diagnostics.warn("CGColorCreateWithPattern: the space must be a pattern space; nil")
            return nil
        }
        let count = pattern.isColored ? 1 : (space.patternBase?.numberOfComponents ?? 3) + 1
        self.colorSpace = space
        self.components = Array(UnsafeBufferPointer(start: components, count: count))
        self.pattern = pattern
    }

    /// An sRGB colour (Apple's iOS `CGColor(red:green:blue:alpha:)` is sRGB too).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .sRGBSpace, components: [red, green, blue, alpha])
    }

    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .sRGBSpace, components: [red, green, blue, alpha])
    }

    /// A gray in the Gamma 2.2 gray space.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .grayGamma22, components: [gray, alpha])
    }

    /// A colour in the generic CMYK space (drawn converted to sRGB, see `CGColorSpaceCreateDeviceCMYK`).
    public convenience init(genericCMYKCyan cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace(name: CGColorSpace.genericCMYK) ?? .deviceCMYK, components: [cyan, magenta, yellow, black, alpha])
    }

    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(space: .grayGamma22, components: [gray, alpha])
    }

    /// A colour from `space.numberOfComponents + 1` components (the last is alpha).
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let count = space.numberOfComponents
        guard count > 0, space.model == .rgb || space.model == .monochrome else { return nil }
        self.init(space: space, components: Array(UnsafeBufferPointer(start: components, count: count + 1)))
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Components including alpha.
    public var numberOfComponents: Int { components?.count ?? 0 }

    public var alpha: CGFloat { components?.last ?? 1 }

    public func copy() -> CGColor? { self }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let space = colorSpace, var values = components else { return nil }
        values[values.count - 1] = alpha
        return CGColor(space: space, components: values)
    }

    /// The colour in another space (through sRGB; ICC spaces through LittleCMS); nil for spaces
    /// Strata cannot convert to (pattern, indexed).
    public func converted(
        to space: CGColorSpace, intent: CGColorRenderingIntent, options: CFDictionary?
    ) -> CGColor? {
        let rgba = sRGBComponents
        if case .icc(let profile) = space.transfer {
            guard let values = profile.fromSRGB((rgba.r, rgba.g, rgba.b)) else { return nil }
            return CGColor(space: space, components: values.map { CGFloat($0) } + [rgba.a])
        }
        switch (space.model, space.transfer) {
        case (.rgb, .displayP3):
            let p3 = space.encodeFromSRGB(rgba.r, rgba.g, rgba.b)
            return CGColor(space: space, components: [p3.0, p3.1, p3.2, rgba.a])
        case (.cmyk, _):
            let k = 1 - Swift.max(rgba.r, rgba.g, rgba.b)
            guard k < 1 else { return CGColor(space: space, components: [0, 0, 0, 1, rgba.a]) }
            return CGColor(space: space, components: [(1 - rgba.r - k) / (1 - k), (1 - rgba.g - k) / (1 - k), (1 - rgba.b - k) / (1 - k), k, rgba.a])
        case (.rgb, .sRGB):
            return CGColor(space: space, components: [rgba.r, rgba.g, rgba.b, rgba.a])
        case (.rgb, .linearSRGB):
            return CGColor(
                space: space,
                components: [Self.linearize(rgba.r), Self.linearize(rgba.g), Self.linearize(rgba.b), rgba.a])
        case (.monochrome, .sRGB):
            return CGColor(space: space, components: [Self.luminance(rgba), rgba.a])
        case (.monochrome, .linearSRGB):
            return CGColor(space: space, components: [Self.linearize(Self.luminance(rgba)), rgba.a])
        default:
            return nil
        }
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(components)
    }

    public var description: String {
        "<CGColor \(colorSpace?.name ?? "?") \(components ?? [])>"
    }
}
