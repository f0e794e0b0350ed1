import Foundation
import QuartzCore
import StrataLottie
import Testing

/// Zig zag, pucker and bloat, and offset path, each checked against a picture reasoned out from
/// After Effects' definition: points well inside (alpha 255) or outside (alpha 0) the outline,
/// away from antialiased edges.
@Suite("Lottie shape modifiers")
struct LottieShapeModifierTests {
    static func render(_ items: [String], modifier: String) throws -> CGImage {
        try LottieShapeTests.render([LJ.group(items + [modifier, LJ.fill([0, 0, 1])])])
    }

    /// A 60×60 square centred at (50, 50), drawn clockwise from its top-left corner.
    static let square = "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":\(LJ.polygonPath([(20, 20), (80, 20), (80, 80), (20, 80)]))}}"

    @Test func zigZagPushesSegmentPointsOutAndCornersIn() throws {
        // One ridge a side, size 10: each side's midpoint 10 out (the top's at (50, 10)); each
        // corner 10 in along its diagonal ((20, 20) to (27.1, 27.1)).
        let zz = "{\"ty\":\"zz\",\"s\":{\"a\":0,\"k\":10},\"r\":{\"a\":0,\"k\":1},\"pt\":{\"a\":0,\"k\":1}}"
        let image = try Self.render([Self.square], modifier: zz)
        for (x, y) in [(50, 13), (87, 50), (50, 87), (13, 50)] {
            #expect(image.rgba(x, y).a == 255, "the ridge out of each side covers (\(x), \(y))")
        }
        #expect(image.rgba(23, 23).a == 0 && image.rgba(77, 77).a == 0, "corners pulled in leave the old corners empty")
        #expect(image.rgba(50, 50).a == 255)
    }

    @Test func fiveRidgesOnALineAlternateSides() throws {
        // A 60-point line, 5 ridges, size 8, stroked 2 wide: the points at x = 30, 50, 70 go up
        // (y 42), those at 40 and 60 down (y 58): a polyline through them.
        let line = "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":{\"c\":false,\"v\":[[20,50],[80,50]],\"i\":[[0,0],[0,0]],\"o\":[[0,0],[0,0]]}}}"
        let zz = "{\"ty\":\"zz\",\"s\":{\"a\":0,\"k\":8},\"r\":{\"a\":0,\"k\":5},\"pt\":{\"a\":0,\"k\":1}}"
        let image = try LottieShapeTests.render([LJ.group([line, zz, LJ.stroke([0, 0, 0], width: 3)])])
        for (x, y) in [(30, 42), (50, 42), (70, 42), (40, 58), (60, 58)] {
            #expect(image.rgba(x, y).a > 128, "a peak or valley at (\(x), \(y))")
        }
        for (x, y) in [(30, 58), (40, 42), (50, 58)] {
            #expect(image.rgba(x, y).a == 0, "nothing on the other side at (\(x), \(y))")
        }
    }

    @Test func bloatBulgesTheEdgesAndPuckerCurvesThemIn() throws {
        let bloat = try Self.render([Self.square], modifier: "{\"ty\":\"pb\",\"a\":{\"a\":0,\"k\":50}}")
        // Corners halfway in (35, 35)…, handles out at (5, 5)…: each edge's middle at 12.5 from the border.
        #expect(bloat.rgba(50, 16).a == 255 && bloat.rgba(50, 9).a == 0, "the top edge bulges to y 12.5")
        #expect(bloat.rgba(50, 50).a == 255)
        let pucker = try Self.render([Self.square], modifier: "{\"ty\":\"pb\",\"a\":{\"a\":0,\"k\":-50}}")
        // Corners out to (5, 5)…, handles in at (35, 35)…: each edge's middle at y 27.5.
        #expect(pucker.rgba(50, 24).a == 0 && pucker.rgba(50, 31).a == 255, "the top edge curves in to y 27.5")
        #expect(pucker.rgba(8, 8).a == 0 || pucker.rgba(12, 12).a > 0, "a spike towards the old corner's far side")
    }

    @Test func puckerAndBloatWorkAboutTheMiddleOfTheVerticesBox() throws {
        // The square with a fifth vertex halfway down its left edge: the vertices' mean is
        // (44, 50), their box's middle (50, 50) (After Effects' centre: the pucker reference's
        // spikes). Bloat 50: the right corners move to x 65, their handles out to x 95, so the
        // right edge bulges to x (2·65 + 6·95) / 8 = 87.5 (about the mean it would reach 89).
        let notched = "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":\(LJ.polygonPath([(20, 20), (80, 20), (80, 80), (20, 80), (20, 50)]))}}"
        let bloat = try Self.render([notched], modifier: "{\"ty\":\"pb\",\"a\":{\"a\":0,\"k\":50}}")
        #expect(bloat.rgba(86, 50).a == 255, "the right edge bulges past x 87")
        #expect(bloat.rgba(88, 50).a == 0, "and no further than x 87.5")
        #expect(bloat.rgba(50, 13).a == 255 && bloat.rgba(50, 11).a == 0, "the top edge, symmetric about x 50, bulges to y 12.5")
    }

    /// A 40×40 square (edges at 30 and 70), offset by `amount` with join `lj`.
    static func offset(_ amount: Double, join: Int) throws -> CGImage {
        let square = "{\"ty\":\"rc\",\"p\":\(LJ.value([50, 50])),\"s\":\(LJ.value([40, 40])),\"r\":\(LJ.value(0))}"
        return try Self.render([square], modifier: "{\"ty\":\"op\",\"a\":{\"a\":0,\"k\":\(LJ.num(amount))},\"lj\":\(join),\"ml\":{\"a\":0,\"k\":4}}")
    }

    @Test func offsetPathGrowsAndShrinksWithItsJoins() throws {
        let miter = try Self.offset(10, join: 1)
        #expect(miter.rgba(22, 50).a == 255 && miter.rgba(18, 50).a == 0, "grown to x 20")
        #expect(miter.rgba(22, 22).a == 255, "mitred corners stay square")
        let round = try Self.offset(10, join: 2)
        #expect(round.rgba(22, 50).a == 255 && round.rgba(21, 21).a == 0, "round corners: radius 10 about (30, 30) (pixel (21, 21) is 12 away)")
        let bevel = try Self.offset(10, join: 3)
        #expect(bevel.rgba(22, 22).a == 0 && bevel.rgba(26, 26).a == 255, "bevelled corners cut across")
        let shrunk = try Self.offset(-10, join: 1)
        #expect(shrunk.rgba(38, 50).a == 0 && shrunk.rgba(42, 50).a == 255, "shrunk to x 40")
    }

    @Test func offsetOfAnOpenPathIsABandAroundIt() throws {
        let line = "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":{\"c\":false,\"v\":[[20,50],[80,50]],\"i\":[[0,0],[0,0]],\"o\":[[0,0],[0,0]]}}}"
        let butt = try Self.render([line], modifier: "{\"ty\":\"op\",\"a\":{\"a\":0,\"k\":10},\"lj\":1}")
        #expect(butt.rgba(50, 42).a == 255 && butt.rgba(50, 58).a == 255 && butt.rgba(50, 38).a == 0, "10 to each side")
        #expect(butt.rgba(16, 50).a == 0, "square ends")
        let round = try Self.render([line], modifier: "{\"ty\":\"op\",\"a\":{\"a\":0,\"k\":10},\"lj\":2}")
        #expect(round.rgba(14, 50).a == 255, "round ends with round joins")
    }

    @Test func animatedModifiersFollowTheirKeyframes() throws {
        let zz = "{\"ty\":\"zz\",\"s\":\(LJ.keys([(0, [0]), (30, [10])])),\"r\":{\"a\":0,\"k\":1},\"pt\":{\"a\":0,\"k\":1}}"
        let json = LJ.animation(layers: [LJ.shapeLayer([LJ.group([Self.square, zz, LJ.fill([0, 0, 1])])])])
        #expect(try LottieRender.frame(json, 0, playing: false).rgba(50, 15).a == 0, "size 0 at frame 0: the plain square")
        #expect(try LottieRender.frame(json, 30, playing: false).rgba(50, 13).a == 255, "size 10 at frame 30")
        #expect(try LottieRender.frame(json, 30, playing: true).rgba(50, 13).a == 255, "the same, playing")
    }
}

/// Polystar roundness as iOS draws it.
@Suite("Lottie polystar roundness")
struct LottiePolystarTests {
    @Test func aRoundedPolygonsHandlesAreAQuarterOfItsRadius() throws {
        // Pentagon of radius 100 about (120, 120), roundness 100 %: handles of 25 along the circle's
        // tangents bulge each edge's middle 0.441 × 25 = 11.0 out, to 80.9 + 11.0 = 91.9 from the
        // centre (a quarter of the arc, 31.4, would reach 94.8).
        let star = "{\"ty\":\"sr\",\"sy\":2,\"pt\":{\"k\":5},\"p\":{\"k\":[120,120]},\"r\":{\"k\":0},\"or\":{\"k\":100},\"os\":{\"k\":100}}"
        let json = LJ.animation(w: 240, h: 240, layers: [LJ.shapeLayer([LJ.group([star, LJ.fill([0, 0, 1])])])])
        let image = try LottieRender.frame(json, 0, playing: false)
        func along(_ d: Double) -> (Int, Int) { (Int((120 + 0.588 * d).rounded(.down)), Int((120 - 0.809 * d).rounded(.down))) }
        let inside = along(90), outside = along(93.4)
        #expect(image.rgba(inside.0, inside.1).a == 255, "90 from the centre across the first edge's middle: inside")
        #expect(image.rgba(outside.0, outside.1).a < 64, "93.4: outside the bulge (alpha \(image.rgba(outside.0, outside.1).a))")
    }
}
