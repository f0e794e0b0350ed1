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

/// Layer styles besides the drop shadow: colour overlay, outer glow, stroke and inner shadow.
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

    @Test func aStrokeStyleRingsTheLayerOutsideItsEdge() throws {
        // Size 5, blue: the square spans 30…70, so a band 25…30 (and 70…75) behind it, rounded at
        // the corners (pixel (25, 25) is 6.4 points from the corner (30, 30)).
        let image = try Self.render("{\"ty\":0,\"c\":{\"a\":0,\"k\":[0,0,1,1]},\"s\":{\"a\":0,\"k\":5}}")
        for (x, y) in [(25, 50), (28, 50), (74, 50), (50, 25), (50, 74), (27, 27)] {
            #expect(near(image.rgba(x, y), (0, 0, 255, 255), tolerance: 3), "the band at (\(x), \(y)): \(image.rgba(x, y))")
        }
        for (x, y) in [(23, 50), (76, 50), (50, 23), (25, 25)] {
            #expect(image.rgba(x, y).a == 0, "nothing past the band at (\(x), \(y)): \(image.rgba(x, y))")
        }
        #expect(near(image.rgba(50, 50), (255, 0, 0, 255)) && near(image.rgba(31, 50), (255, 0, 0, 255)), "the layer over its stroke")
    }

    @Test func stylesFollowTheMaskedOutline() throws {
        // A 100×100 solid cut by a mask to the square 30…70 with a 5-point stroke style: After
        // Effects applies masks before styles, so the band rings the mask (25…30), not the solid.
        let mask = "\"hasMask\":true,\"masksProperties\":[{\"mode\":\"a\",\"inv\":false,\"o\":{\"k\":100},\"pt\":{\"k\":\(LJ.polygonPath([(30, 30), (70, 30), (70, 70), (30, 70)]))}}]"
        let json = LJ.animation(layers: [LJ.solid("#ff0000", w: 100, h: 100, extra: ",\(mask),\"sy\":[{\"ty\":0,\"c\":{\"a\":0,\"k\":[0,0,1,1]},\"s\":{\"a\":0,\"k\":5}}]")])
        let image = try LottieRender.frame(json, 0, playing: false)
        #expect(near(image.rgba(27, 50), (0, 0, 255, 255), tolerance: 3), "the band left of the mask: \(image.rgba(27, 50))")
        #expect(near(image.rgba(50, 50), (255, 0, 0, 255)) && image.rgba(20, 50).a == 0, "the masked solid inside, nothing beyond the band")
    }

    @Test func anInnerShadowFallsInsideTheLayerAwayFromTheLight() throws {
        // Black, opacity 100, angle 90 (the drop shadow's direction: towards +x), distance 10, size
        // 0: the outside moved 10 to the right covers x 30…40 of the square; nothing is added
        // outside it.
        let hard = try Self.render("{\"ty\":2,\"c\":{\"a\":0,\"k\":[0,0,0,1]},\"o\":{\"a\":0,\"k\":100},\"a\":{\"a\":0,\"k\":90},\"d\":{\"a\":0,\"k\":10},\"s\":{\"a\":0,\"k\":0}}")
        #expect(near(hard.rgba(32, 50), (0, 0, 0, 255), tolerance: 2) && near(hard.rgba(38, 50), (0, 0, 0, 255), tolerance: 2),
            "shadow along the left edge: \(hard.rgba(32, 50)) \(hard.rgba(38, 50))")
        #expect(near(hard.rgba(41, 50), (255, 0, 0, 255), tolerance: 2) && near(hard.rgba(68, 50), (255, 0, 0, 255), tolerance: 2),
            "the rest of the square untouched")
        #expect(hard.rgba(26, 50).a == 0 && hard.rgba(50, 26).a == 0, "nothing outside the layer")
        // Size 10 (σ 5) at opacity 50: at x 40 the shadow is about half (Φ(−0.1) = 0.46), so red
        // falls to about 1 − 0.5 × 0.46 of itself; 12 points further in, nothing.
        let soft = try Self.render("{\"ty\":2,\"c\":{\"a\":0,\"k\":[0,0,0,1]},\"o\":{\"a\":0,\"k\":50},\"a\":{\"a\":0,\"k\":90},\"d\":{\"a\":0,\"k\":10},\"s\":{\"a\":0,\"k\":10}}")
        #expect(abs(soft.rgba(40, 50).r - 196) <= 12, "half-way shade at the moved edge: \(soft.rgba(40, 50))")
        #expect(soft.rgba(55, 50).r >= 252, "none 15 points in: \(soft.rgba(55, 50))")
    }
}
