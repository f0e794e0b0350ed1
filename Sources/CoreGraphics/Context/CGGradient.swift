/// Colours at locations along a gradient, as Apple's CGGradient.
public final class CGGradient: Sendable {
    /// Stops sorted by location (0...1), colours as straight sRGB.
    package let stops: [(location: Double, color: RGBA)]

    package init(stops: [(location: Double, color: RGBA)]) {
        self.stops = stops.sorted { $0.location < $1.location }
    }

    /// A gradient from CGColors at `locations` (nil: evenly spaced). Nil when `colors` holds
    /// something other than CGColor, is empty, or a location is not finite.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let cgColors = colors.compactMap { $0 as? CGColor }
        guard !cgColors.isEmpty, cgColors.count == colors.count else {
            Diagnostics.warn("CGGradientCreateWithColors: colors must be a non-empty array of CGColor")
            return nil
        }
        let positions = Self.locations(locations, count: cgColors.count)
        guard positions.allSatisfy(\.isFinite) else { return nil }
        self.init(stops: zip(positions, cgColors).map { ($0, $1.sRGBComponents) })
    }

    /// A gradient from raw components (`count` colours of `space.numberOfComponents + 1` values each).
    public convenience init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        let n = space.numberOfComponents + 1
        guard count > 0, n > 1 else { return nil }
        var colors: [CGColor] = []
        for i in 0..<count {
            guard let c = CGColor(colorSpace: space, components: components + i * n) else { return nil }
            colors.append(c)
        }
        self.init(colorsSpace: space, colors: colors, locations: locations)
    }

    private static func locations(_ pointer: UnsafePointer<CGFloat>?, count: Int) -> [Double] {
        if let pointer { return (0..<count).map { Double(pointer[$0]) } }
        if count == 1 { return [0] }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }
}

/// Whether a gradient also paints before its start and after its end.
public struct CGGradientDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
