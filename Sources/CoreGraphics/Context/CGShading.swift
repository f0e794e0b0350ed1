/// A smooth blend of colours computed by a `CGFunction`: along a line (axial) or between two
/// circles (radial), as Apple's CGShading. The function maps t in its domain to the colour
/// space's components, plus alpha when it has one more output.
public final class CGShading {
    enum Geometry {
        case axial(start: CGPoint, end: CGPoint)
        case radial(start: CGPoint, startRadius: CGFloat, end: CGPoint, endRadius: CGFloat)
    }

    let space: CGColorSpace
    let geometry: Geometry
    let function: CGFunction
    let extendStart: Bool
    let extendEnd: Bool

    public init?(
        axialSpace space: CGColorSpace, start: CGPoint, end: CGPoint, function: CGFunction, extendStart: Bool,
        extendEnd: Bool
    ) {
        guard Self.fits(space, function) else { return nil }
        self.space = space
        self.geometry = .axial(start: start, end: end)
        self.function = function
        self.extendStart = extendStart
        self.extendEnd = extendEnd
    }

    public init?(
        radialSpace space: CGColorSpace, start: CGPoint, startRadius: CGFloat, end: CGPoint, endRadius: CGFloat,
        function: CGFunction, extendStart: Bool, extendEnd: Bool
    ) {
        guard Self.fits(space, function) else { return nil }
        self.space = space
        self.geometry = .radial(start: start, startRadius: startRadius, end: end, endRadius: endRadius)
        self.function = function
        self.extendStart = extendStart
        self.extendEnd = extendEnd
    }

    /// The function must have one input and the space's components (plus, optionally, alpha).
    private static func fits(_ space: CGColorSpace, _ function: CGFunction) -> Bool {
        let n = space.numberOfComponents
        guard n > 0, function.domainDimension == 1, function.rangeDimension == n || function.rangeDimension == n + 1 else {
            Diagnostics.warn("CGShadingCreate: the function must take 1 input and give the colour space's components (and alpha); nil")
            return false
        }
        return true
    }

    /// How many samples of the function make the gradient drawn (piecewise linear between them).
    static let samples = 256

    /// The shading as a gradient: the function sampled evenly over its domain.
    var gradient: CGGradient? {
        let (t0, t1) = function.inputDomain
        var colors: [CGColor] = []
        var locations: [CGFloat] = []
        let n = space.numberOfComponents
        for k in 0..<Self.samples {
            let u = CGFloat(k) / CGFloat(Self.samples - 1)
            var out = function.evaluate([t0 + (t1 - t0) * u])
            if out.count == n { out.append(1) }
            colors.append(CGColor(space: space, components: out))
            locations.append(u)
        }
        return CGGradient(colorsSpace: space, colors: colors as CFArray, locations: locations)
    }
}

extension CGContext {
    /// Paints `shading` over the clip (extended past its ends where it says so).
    public func drawShading(_ shading: CGShading) {
        guard let gradient = shading.gradient else { return }
        var options: CGGradientDrawingOptions = []
        if shading.extendStart { options.insert(.drawsBeforeStartLocation) }
        if shading.extendEnd { options.insert(.drawsAfterEndLocation) }
        switch shading.geometry {
        case .axial(let start, let end):
            drawLinearGradient(gradient, start: start, end: end, options: options)
        case .radial(let start, let startRadius, let end, let endRadius):
            drawRadialGradient(
                gradient, startCenter: start, startRadius: startRadius, endCenter: end, endRadius: endRadius,
                options: options)
        }
    }
}
