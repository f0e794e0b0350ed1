import Foundation
import QuartzCore
import StrataLottie
import Testing

/// After Effects' Fill, Tint, Tritone and Gaussian Blur effects on a layer's composite, each
/// against colours and edges worked out from the definitions (tolerances stated per check).
@Suite("Lottie effects")
struct LottieEffectsTests {
    /// A 40×40 square of `rgb` about (50, 50) on a layer carrying `effects` (JSON).
    static func render(_ rgb: [Double], effects: String) throws -> CGImage {
        let layer = LJ.shapeLayer([LJ.group([LJ.rect((50, 50), 40, 40), LJ.fill(rgb)])], extra: ",\"ef\":[\(effects)]")
        let json = LJ.animation(layers: [layer])
        #expect(try !LottieRender.animation(json).warnings.contains { $0.contains("effects other than") })
        return try LottieRender.frame(json, 0, playing: false)
    }

    static func color(_ rgb: [Double]) -> String { "{\"ty\":2,\"v\":{\"a\":0,\"k\":\(LJ.list(rgb + [1]))}}" }
    static func number(_ v: Double) -> String { "{\"ty\":0,\"v\":{\"a\":0,\"k\":\(LJ.num(v))}}" }

    @Test func fillPaintsTheLayerOneColourAtItsOpacity() throws {
        let fill = "{\"ty\":21,\"ef\":[\(Self.number(0)),\(Self.number(0)),\(Self.color([0, 0, 1])),\(Self.number(0)),\(Self.number(0)),\(Self.number(0)),\(Self.number(0.5))]}"
        let image = try Self.render([1, 0, 0], effects: fill)
        #expect(near(image.rgba(50, 50), (0, 0, 128, 128), tolerance: 2), "blue at half opacity: \(image.rgba(50, 50))")
        #expect(image.rgba(20, 20).a == 0, "nothing added outside the layer's pixels")
    }

    @Test(arguments: [([1.0, 1, 1], (0, 0, 255)), ([0, 0, 0], (255, 0, 0)), ([0.5, 0.5, 0.5], (128, 0, 128))])
    func tintMapsBlackAndWhiteToItsColours(rgb: [Double], expected: (Int, Int, Int)) throws {
        let tint = "{\"ty\":20,\"ef\":[\(Self.color([1, 0, 0])),\(Self.color([0, 0, 1])),\(Self.number(100))]}"
        let p = try Self.render(rgb, effects: tint).rgba(50, 50)
        #expect(near(p, (expected.0, expected.1, expected.2, 255), tolerance: 2), "\(rgb) tinted: \(p)")
    }

    @Test func tintAtHalfAmountBlendsWithTheOriginal() throws {
        let tint = "{\"ty\":20,\"ef\":[\(Self.color([1, 0, 0])),\(Self.color([0, 0, 1])),\(Self.number(50))]}"
        let p = try Self.render([0, 1, 0], effects: tint).rgba(50, 50)
        // Green's luminance 0.587 → (0.413, 0, 0.587); halfway from (0, 1, 0).
        #expect(near(p, (53, 128, 75, 255), tolerance: 3), "\(p)")
    }

    @Test func tritoneMapsShadowsMidtonesAndHighlights() throws {
        let tritone = "{\"ty\":23,\"ef\":[\(Self.color([0, 0, 1])),\(Self.color([0, 1, 0])),\(Self.color([1, 0, 0])),\(Self.number(0))]}"
        #expect(near(try Self.render([0.5, 0.5, 0.5], effects: tritone).rgba(50, 50), (0, 255, 0, 255), tolerance: 3), "grey → the midtones")
        #expect(near(try Self.render([1, 1, 1], effects: tritone).rgba(50, 50), (0, 0, 255, 255), tolerance: 2), "white → the highlights")
        #expect(near(try Self.render([0, 0, 0], effects: tritone).rgba(50, 50), (255, 0, 0, 255), tolerance: 2), "black → the shadows")
    }

    @Test func gaussianBlurSoftensTheEdgesByItsBlurriness() throws {
        // Blurriness 10: σ = 3 points. The square spans 30…70: half covered at its edge, about a
        // fifth 2.5 points out (Φ(−0.83) = 0.20), nearly nothing 5.5 out.
        let blur = "{\"ty\":29,\"ef\":[\(Self.number(10)),\(Self.number(1)),\(Self.number(0))]}"
        let image = try Self.render([0, 0, 1], effects: blur)
        #expect(image.rgba(50, 50).a == 255)
        #expect(abs(image.rgba(30, 50).a - 144) <= 25, "at the edge: \(image.rgba(30, 50).a)")
        #expect(abs(image.rgba(27, 50).a - 52) <= 20, "2.5 out: \(image.rgba(27, 50).a)")
        #expect(image.rgba(24, 50).a <= 16, "5.5 out: \(image.rgba(24, 50).a)")
        // Horizontal only: the top edge stays sharp.
        let across = "{\"ty\":29,\"ef\":[\(Self.number(10)),\(Self.number(2)),\(Self.number(0))]}"
        let h = try Self.render([0, 0, 1], effects: across)
        #expect(h.rgba(50, 28).a == 0 && h.rgba(50, 31).a == 255, "vertical edges only")
        #expect(h.rgba(27, 50).a > 20, "blurred across")
    }
}

/// Layer styles besides the drop shadow: colour overlay and outer glow.
@Suite("Lottie layer styles")
struct LottieLayerStyleTests {
    static func render(_ style: String) throws -> CGImage {
        let layer = LJ.shapeLayer([LJ.group([LJ.rect((50, 50), 40, 40), LJ.fill([1, 0, 0])])], extra: ",\"sy\":[\(style)]")
        let json = LJ.animation(layers: [layer])
        #expect(try !LottieRender.animation(json).warnings.contains { $0.contains("layer styles other than") })
        return try LottieRender.frame(json, 0, playing: false)
    }

    @Test func aColourOverlayRepaintsTheLayer() throws {
        let image = try Self.render("{\"ty\":7,\"c\":{\"a\":0,\"k\":[0,1,0,1]},\"o\":{\"a\":0,\"k\":100}}")
        #expect(near(image.rgba(50, 50), (0, 255, 0, 255), tolerance: 2), "green over the red square: \(image.rgba(50, 50))")
    }

    @Test func anOuterGlowSpreadsAroundTheLayerWithoutAnOffset() throws {
        // Size 10: a blur of radius 5 about the square's edges, the same on every side.
        let image = try Self.render("{\"ty\":3,\"c\":{\"a\":0,\"k\":[0,0,1,1]},\"o\":{\"a\":0,\"k\":100},\"s\":{\"a\":0,\"k\":10}}")
        let left = image.rgba(27, 50), right = image.rgba(72, 50), top = image.rgba(50, 27), bottom = image.rgba(50, 72)
        #expect(left.a > 20 && left.b > left.r, "blue glow left of the square: \(left)")
        #expect(abs(left.a - right.a) <= 3 && abs(top.a - bottom.a) <= 3 && abs(left.a - top.a) <= 3, "even all round: \(left.a) \(right.a) \(top.a) \(bottom.a)")
        #expect(near(image.rgba(50, 50), (255, 0, 0, 255)), "the layer over its glow")
    }
}
