import QuartzCore
import Testing

/// `CALayer.compositingFilter` blend modes, drawn by the compositor: each checked against the W3C
/// compositing formula computed here, independently of cairo (tolerance: 3 levels of 255 a
/// channel, for 8-bit premultiplied arithmetic).
@Suite("compositingFilter blend modes")
struct CompositingFilterTests {
    typealias RGB = SIMD3<Double>
    static let backdrop = RGB(0.2, 0.5, 0.8)
    static let source = RGB(0.9, 0.4, 0.1)

    /// The W3C separable blend functions B(Cb, Cs).
    static func separable(_ name: String, _ b: Double, _ s: Double) -> Double {
        func multiply(_ b: Double, _ s: Double) -> Double { b * s }
        func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }
        func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? multiply(b, 2 * s) : screen(b, 2 * s - 1) }
        switch name {
        case "multiplyBlendMode": return multiply(b, s)
        case "screenBlendMode": return screen(b, s)
        case "overlayBlendMode": return hardLight(s, b)
        case "darkenBlendMode": return min(b, s)
        case "lightenBlendMode": return max(b, s)
        case "colorDodgeBlendMode": return b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s))
        case "colorBurnBlendMode": return b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s)
        case "hardLightBlendMode": return hardLight(b, s)
        case "softLightBlendMode":
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case "differenceBlendMode": return abs(b - s)
        case "exclusionBlendMode": return b + s - 2 * b * s
        case "additionCompositing": return min(1, b + s)
        default: return s
        }
    }

    /// The W3C non-separable blend functions.
    static func nonSeparable(_ name: String, _ b: RGB, _ s: RGB) -> RGB {
        func lum(_ c: RGB) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
        func clip(_ c: RGB) -> RGB {
            let l = lum(c), n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
            var c = c
            if n < 0 { c = RGB(repeating: l) + (c - RGB(repeating: l)) * l / (l - n) }
            if x > 1 { c = RGB(repeating: l) + (c - RGB(repeating: l)) * (1 - l) / (x - l) }
            return c
        }
        func setLum(_ c: RGB, _ l: Double) -> RGB { clip(c + RGB(repeating: l - lum(c))) }
        func sat(_ c: RGB) -> Double { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }
        func setSat(_ c: RGB, _ s: Double) -> RGB {
            let values = [c.x, c.y, c.z]
            let order = values.indices.sorted { values[$0] < values[$1] }
            var out = [0.0, 0.0, 0.0]
            let lo = values[order[0]], mid = values[order[1]], hi = values[order[2]]
            if hi > lo {
                out[order[1]] = (mid - lo) * s / (hi - lo)
                out[order[2]] = s
            }
            return RGB(out[0], out[1], out[2])
        }
        switch name {
        case "hueBlendMode": return setLum(setSat(s, sat(b)), lum(b))
        case "saturationBlendMode": return setLum(setSat(b, sat(s)), lum(b))
        case "colorBlendMode": return setLum(s, lum(b))
        default: return setLum(b, lum(s))  // luminosity
        }
    }

    static let separableNames = [
        "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode",
        "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode",
        "differenceBlendMode", "exclusionBlendMode", "additionCompositing",
    ]
    static let nonSeparableNames = ["hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode"]

    /// A 40×20 backdrop with a 20×20 square of `source` at its left half, blended by `filter`,
    /// at `alpha` (the square's opacity).
    private func render(_ filter: Any?, alpha: Float = 1, perspective: Bool = false) -> CGImage {
        let root = scene { () -> CALayer in
            let b = Self.backdrop
            let root = solid(CGRect(x: 0, y: 0, width: 40, height: 20), b.x, b.y, b.z)
            let s = Self.source
            let square = solid(CGRect(x: 0, y: 0, width: 20, height: 20), s.x, s.y, s.z)
            square.opacity = alpha
            square.compositingFilter = filter
            if perspective {
                // A sublayer and a slight perspective: the square is drawn through an offscreen.
                square.addSublayer(solid(CGRect(x: 5, y: 5, width: 2, height: 2), s.x, s.y, s.z))
                var t = CATransform3DIdentity
                t.m34 = -1 / 2000
                square.transform = CATransform3DRotate(t, 0.01, 0, 1, 0)
            }
            root.addSublayer(square)
            return root
        }
        return Golden.render(root, width: 40, height: 20)
    }

    private func expectPixel(_ image: CGImage, _ expected: RGB, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let p = image.rgba(10, 10)
        let e = (expected * 255.0).rounded(.toNearestOrAwayFromZero)
        let ok = abs(Double(p.r) - e.x) <= 3 && abs(Double(p.g) - e.y) <= 3 && abs(Double(p.b) - e.z) <= 3
        #expect(ok, "\(name): got \(p), expected \(e)", sourceLocation: sourceLocation)
        // Outside the square the backdrop is untouched.
        let q = image.rgba(30, 10), b = (Self.backdrop * 255.0).rounded(.toNearestOrAwayFromZero)
        #expect(abs(Double(q.r) - b.x) <= 1 && abs(Double(q.b) - b.z) <= 1, "\(name): backdrop \(q)", sourceLocation: sourceLocation)
    }

    @Test(arguments: separableNames)
    func separableBlendModesFollowTheirFormulas(name: String) {
        let b = Self.backdrop, s = Self.source
        let expected = RGB(Self.separable(name, b.x, s.x), Self.separable(name, b.y, s.y), Self.separable(name, b.z, s.z))
        expectPixel(render(name), expected, name)
    }

    @Test(arguments: nonSeparableNames)
    func nonSeparableBlendModesFollowTheirFormulas(name: String) {
        expectPixel(render(name), Self.nonSeparable(name, Self.backdrop, Self.source), name)
    }

    @Test func aTranslucentLayerBlendsInProportionToItsOpacity() {
        // Over an opaque backdrop: (1 − α)·Cb + α·B(Cb, Cs).
        let b = Self.backdrop, s = Self.source, a = 0.6
        let blended = RGB(b.x * s.x, b.y * s.y, b.z * s.z)
        expectPixel(render("multiplyBlendMode", alpha: Float(a)), b * (1 - a) + blended * a, "multiply at 0.6")
    }

    @Test func aLayerInPerspectiveBlendsWhereItIsWarped() {
        let b = Self.backdrop, s = Self.source
        expectPixel(render("screenBlendMode", perspective: true), b + s - b * s, "screen through an offscreen")
    }

    @Test func theFilterIsKeptAsGivenAndUnknownNamesDrawNormally() {
        // Tried: a misspelt name, and a value of another type: both drawn as normal.
        let layer = CALayer()
        layer.compositingFilter = "multiplyBlendMode"
        #expect(layer.compositingFilter as? String == "multiplyBlendMode")
        #expect(layer.value(forKey: "compositingFilter") as? String == "multiplyBlendMode")
        expectPixel(render("multiplyBlendMod"), Self.source, "unknown name")
        expectPixel(render(42), Self.source, "a number")
        expectPixel(render(nil), Self.source, "nil")
        let filters: [Any] = ["gaussianBlur"]
        layer.filters = filters
        layer.backgroundFilters = filters
        #expect(layer.filters?.first as? String == "gaussianBlur" && layer.backgroundFilters?.count == 1)
    }
}
