/// Colours at locations along a gradient, as Apple's CGGradient.
public final class CGGradient: Sendable {
    /// Stops sorted by location (0...1), colours as straight sRGB.
    package let stops: [(location: Double, color: RGBA)]

    package init(stops: [(location: Double, color: RGBA)]) {
        let sorted = stops.sorted { $0.location < $1.location }
        self.stops = sorted.count > Self.maxStops ? Self.resampled(sorted, count: Self.maxStops) : sorted
    }

    /// The most stops a gradient keeps: more are resampled to this many, evenly spaced (pixman
    /// walks the stops for each pixel: a million stops never finished drawing). Finer than a
    /// byte per channel can show over the 4,096 points of a gradient that wide.
    package static let maxStops = 4096

    /// The colours of `stops` (sorted) at `count` evenly spaced locations from the first to the
    /// last, each the linear mix of the two stops around it.
    static func resampled(_ stops: [(location: Double, color: RGBA)], count: Int) -> [(location: Double, color: RGBA)] {
        guard let first = stops.first, let last = stops.last, count > 1 else { return stops }
        var out: [(location: Double, color: RGBA)] = []
        out.reserveCapacity(count)
        var k = 0
        for i in 0..<count {
            let t = first.location + (last.location - first.location) * Double(i) / Double(count - 1)
            while k + 1 < stops.count - 1, stops[k + 1].location <= t { k += 1 }
            let a = stops[k], b = stops[min(k + 1, stops.count - 1)]
            let span = b.location - a.location
            let f = span > 0 ? min(max((t - a.location) / span, 0), 1) : 1
            func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
            out.append((t, RGBA(r: mix(a.color.r, b.color.r), g: mix(a.color.g, b.color.g), b: mix(a.color.b, b.color.b), a: mix(a.color.a, b.color.a))))
        }
        return out
    }

    /// A gradient from CGColors at `locations` (nil: evenly spaced), mixed in `space` as Core
    /// Graphics mixes it (linear sRGB gives light-correct ramps; nil and gray mix as sRGB). Nil
    /// when `colors` holds something other than CGColor, is empty, or a location is not finite.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let cgColors = colors.compactMap { $0 as? CGColor }
        guard !cgColors.isEmpty, cgColors.count == colors.count else {
            Diagnostics.warn("CGGradientCreateWithColors: colors must be a non-empty array of CGColor")
            return nil
        }
        let positions = Self.locations(locations, count: cgColors.count)
        guard positions.allSatisfy(\.isFinite) else { return nil }
        let given = zip(positions, cgColors).map { (location: $0, color: $1.sRGBComponents) }.sorted { $0.location < $1.location }
        let (colors, locations) = GradientInterpolation(space).stops(given.map(\.color), given.map(\.location))
        self.init(stops: zip(locations, colors).map { ($0, $1) })
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
