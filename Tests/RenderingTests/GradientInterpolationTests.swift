import CoreGraphics
import QuartzCore
@testable import StrataCompositor
import StrataRender
import Testing

/// Issue 44, item 6: CAGradientLayer mixes its stops in Display P3, as iOS devices and simulators
/// with wide-colour displays draw it; Lottie gradients keep After Effects' sRGB mix. The
/// reference values are iOS's, read off a red → yellow CAGradientLayer recorded on a simulator
/// (the measurement): greens 88, 147 and 201 at a quarter, the middle and three quarters
/// (sRGB mixing gives 64, 128 and 191). Metric: 8-bit levels of the straight colour.
@Suite("Rendering: gradient interpolation")
struct GradientInterpolationTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)

    /// A 256 × 8 horizontal gradient from `colors[0]` to the last, drawn through CARenderer.
    func row(_ colors: [CGColor], interpolation: GradientInterpolation? = nil) -> (Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let root = scene { () -> CALayer in
            let root = canvas(256, 8)
            let gradient = CAGradientLayer()
            gradient.frame = root.bounds
            gradient.colors = colors
            gradient.startPoint = CGPoint(x: 0, y: 0.5)
            gradient.endPoint = CGPoint(x: 1, y: 0.5)
            if let interpolation { gradient.interpolation = interpolation }
            root.addSublayer(gradient)
            return root
        }
        let image = Golden.render(root, width: 256, height: 8)
        return { x in image.rgba(x, 4) }
    }

    /// The exact Display P3 mix of two opaque sRGB colours at `t`, in 8-bit levels.
    static func p3Mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (Double, Double, Double) {
        let pa = CGColor.sRGBToDisplayP3(a), pb = CGColor.sRGBToDisplayP3(b)
        let s = CGColor.displayP3ToSRGB((pa.0 + (pb.0 - pa.0) * t, pa.1 + (pb.1 - pa.1) * t, pa.2 + (pb.2 - pa.2) * t))
        func level(_ v: Double) -> Double { min(max(v, 0), 1) * 255 }
        return (level(s.0), level(s.1), level(s.2))
    }

    @Test func aRedToYellowLayerHasIOSsGreensAtItsQuarters() {
        let pixel = row([Self.red, Self.yellow])
        // Pixel x samples the gradient at (x + 0.5) / 256.
        for (x, iOS) in [(64, 88), (128, 147), (192, 201)] {
            let p = pixel(x)
            #expect(abs(p.g - iOS) <= 3, "column \(x): green \(p.g), iOS \(iOS)")
            #expect(p.r == 255 && p.a == 255, "column \(x): \(p)")
            // P3's mix of these two leaves up to 19 levels of blue where iOS showed 0: the one
            // channel this rule does not explain (noted in the SnapshotTesting article).
            #expect(p.b <= 20, "column \(x): blue \(p.b)")
        }
    }

    @Test func aLayerAskedForSRGBMixesInSRGB() {
        let pixel = row([Self.red, Self.yellow], interpolation: .sRGB)
        for x in [64, 128, 192] {
            let expected = (Double(x) + 0.5) / 256 * 255
            #expect(abs(Double(pixel(x).g) - expected) <= 1.5, "column \(x): green \(pixel(x).g), sRGB \(expected)")
        }
    }

    /// Saturated pairs (through black, white and every primary) drawn along a whole row are
    /// within 2 levels of the exact P3 mix somewhere inside each column's span (where a channel
    /// leaves 0 the mix climbs a few levels across one pixel, so one sample point would be unfair).
    @Test(arguments: [
        ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0)), ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)), ((0.0, 1.0, 0.0), (1.0, 0.0, 1.0)),
        ((0.0, 1.0, 1.0), (1.0, 0.5, 0.0)), ((0.1, 0.2, 0.3), (0.9, 0.85, 0.2)),
    ])
    func everyColumnIsWithinTwoLevelsOfTheP3Mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) {
        let pixel = row([CGColor(red: a.0, green: a.1, blue: a.2, alpha: 1), CGColor(red: b.0, green: b.1, blue: b.2, alpha: 1)])
        var worst = 0.0
        for x in 0..<256 {
            let p = pixel(x)
            let span = (0...8).map { Self.p3Mix(a, b, (Double(x) + Double($0) / 8) / 256) }
            func off(_ v: Int, _ channel: KeyPath<(Double, Double, Double), Double>) -> Double {
                let values = span.map { $0[keyPath: channel] }
                return max(0, values.min()! - Double(v), Double(v) - values.max()!)
            }
            worst = max(worst, off(p.r, \.0), off(p.g, \.1), off(p.b, \.2))
        }
        #expect(worst <= 2, "largest difference \(worst) levels")
    }

    /// A colour given in Display P3 (outside sRGB) is mixed from its own components: the middle
    /// of P3 red → P3 green is P3's (0.5, 0.5, 0) clamped into sRGB.
    @Test func aDisplayP3ColourIsMixedFromItsOwnComponents() throws {
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        let pixel = row([
            try #require(CGColor(colorSpace: p3, components: [1, 0, 0, 1])), try #require(CGColor(colorSpace: p3, components: [0, 1, 0, 1])),
        ])
        let s = CGColor.displayP3ToSRGB((0.5, 0.5, 0))
        let p = pixel(128)
        #expect(abs(Double(p.r) - min(max(s.0, 0), 1) * 255) <= 2 && abs(Double(p.g) - min(max(s.1, 0), 1) * 255) <= 2, "\(p), P3 mix \(s)")
    }

    @Test func stopsLaidOutForP3StayWithinHalfALevelOfTheMixAndAreBounded() {
        let red = RGBA(r: 1, g: 0, b: 0, a: 1), blue = RGBA(r: 0, g: 0, b: 1, a: 0.5)
        let (colors, locations) = GradientInterpolation.displayP3.stops([red, blue], [0.2, 0.8])
        #expect(colors.count == locations.count && colors.count > 2 && colors.count <= 66)
        #expect(colors.first == red && colors.last == blue && locations.first == 0.2 && locations.last == 0.8)
        #expect(zip(locations, locations.dropFirst()).allSatisfy { $0 < $1 }, "ascending")
        var worst = 0.0
        for k in 0...1000 {
            let l = 0.2 + 0.6 * Double(k) / 1000
            let i = min(max(locations.lastIndex { $0 <= l } ?? 0, 0), locations.count - 2)
            let f = (l - locations[i]) / (locations[i + 1] - locations[i])
            let drawn = (colors[i].r + (colors[i + 1].r - colors[i].r) * f, colors[i].b + (colors[i + 1].b - colors[i].b) * f)
            let e = Self.p3Mix((1, 0, 0), (0, 0, 1), (l - 0.2) / 0.6)
            worst = max(worst, abs(drawn.0 * 255 - e.0), abs(drawn.1 * 255 - e.2))
            #expect(abs(colors[i].a - (1 - 0.5 * (locations[i] - 0.2) / 0.6)) < 1e-9, "alpha mixes linearly")
        }
        #expect(worst <= 0.75, "largest difference \(worst) levels")
        // Equal colours and hard edges gain no stops; 4,096 stops stay bounded.
        let same = GradientInterpolation.displayP3.stops([red, RGBA(r: 1, g: 0, b: 0, a: 0.2), blue], [0, 0.5, 0.5])
        #expect(same.0.count == 3)
        let many = (0..<4096).map { RGBA(r: Double($0 % 2), g: 0, b: Double(1 - $0 % 2), a: 1) }
        let spread = GradientInterpolation.displayP3.stops(many, (0..<4096).map { Double($0) / 4095 })
        #expect(spread.0.count <= GradientInterpolation.stopLimit + 64 + 4096)
    }
}
