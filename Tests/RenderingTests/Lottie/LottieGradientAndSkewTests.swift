import Foundation
import QuartzCore
import StrataLottie
import Testing

/// After Effects' gradient midpoints and radial highlight, and skew about an axis, each against
/// values reasoned out from the definitions (colour tolerance stated per check).
@Suite("Lottie gradients and skew")
struct LottieGradientAndSkewTests {
    static func square(_ paint: String) throws -> CGImage {
        try LottieShapeTests.render([LJ.group([LJ.rect((50, 50), 100, 100), paint])])
    }

    @Test func aColourMidpointCurvesTheBlendAsAfterEffectsDoes() throws {
        // Red at 0, blue at 1, the midpoint stop (their mean) at 0.1: at 0.3 the mix is
        // 1 − 0.7^(ln ½ / ln 0.9) = 0.904 blue (a straight blend through the midpoint: 0.611).
        let paint = """
            {"ty":"gf","t":1,"s":{"k":[0,0]},"e":{"k":[100,0]},"o":{"k":100},"r":1,"g":{"p":3,"k":{"k":[0,1,0,0,0.1,0.5,0,0.5,1,0,0,1]}}}
            """
        let p = try Self.square(paint).rgba(30, 50)
        #expect(abs(p.b - 230) <= 6 && abs(p.r - 25) <= 6, "0.904 of the way to blue at x 30: \(p)")
        // Midpoints half way keep the straight blend.
        let even = """
            {"ty":"gf","t":1,"s":{"k":[0,0]},"e":{"k":[100,0]},"o":{"k":100},"r":1,"g":{"p":3,"k":{"k":[0,1,0,0,0.5,0.5,0,0.5,1,0,0,1]}}}
            """
        let q = try Self.square(even).rgba(30, 50)
        #expect(abs(q.b - 77) <= 4 && abs(q.r - 178) <= 4, "0.3 of the way at x 30: \(q)")
    }

    @Test func aRadialHighlightMovesTheInnerPointTowardsTheAngle() throws {
        // Centre (50, 50), radius 40, highlight 50 % at 0°: the focal point is (70, 50). Red there;
        // at (30, 50) the gradient is 2/3 of the way (|30 − (70 − 20t)| = 40t), not ½ as centred.
        let paint = """
            {"ty":"gf","t":2,"s":{"k":[50,50]},"e":{"k":[90,50]},"h":{"k":50},"a":{"k":0},"o":{"k":100},"r":1,"g":{"p":2,"k":{"k":[0,1,0,0,1,0,0,1]}}}
            """
        let image = try Self.square(paint)
        let focal = image.rgba(70, 50), far = image.rgba(30, 50)
        #expect(focal.r >= 245 && focal.b <= 12, "red at the focal point: \(focal)")
        #expect(abs(far.b - 170) <= 8 && abs(far.r - 85) <= 8, "two thirds of the way at (30, 50): \(far)")
    }

    @Test func skewAboutA45DegreeAxisKeepsTheRisingDiagonal() throws {
        // A 40×40 square about (50, 50), skew 45° along an axis at 45°: the corners on the
        // bottom-left to top-right diagonal stay, the others go to (50, 10) and (50, 90).
        let transform = "{\"ty\":\"tr\",\"p\":{\"k\":[50,50]},\"a\":{\"k\":[0,0]},\"s\":{\"k\":[100,100]},\"r\":{\"k\":0},\"o\":{\"k\":100},\"sk\":{\"k\":45},\"sa\":{\"k\":45}}"
        let image = try LottieShapeTests.render([LJ.group([LJ.rect((0, 0), 40, 40), LJ.fill([1, 0, 0])], transform: transform)])
        #expect(image.rgba(50, 14).a == 255 && image.rgba(50, 86).a == 255, "stretched to the top and bottom")
        #expect(image.rgba(32, 32).a == 0 && image.rgba(67, 67).a == 0, "the falling diagonal's corners are gone")
        #expect(image.rgba(66, 33).a == 255 && image.rgba(33, 66).a == 255, "the rising diagonal's corners stay")
    }
}

/// A paint's own blend mode (`bm` on a fill, stroke or gradient).
@Suite("Lottie paint blend modes")
struct LottiePaintBlendTests {
    @Test func aFillsBlendModeBlendsWithWhatIsBelowIt() throws {
        // Blue (0.2, 0.6, 0.9) darkening yellow (1, 0.9, 0.1) where they overlap: per channel the
        // minimum, (0.2, 0.6, 0.1); blue alone outside.
        let darken = "{\"ty\":\"fl\",\"c\":{\"k\":[0.2,0.6,0.9]},\"o\":{\"k\":100},\"r\":1,\"bm\":4}"
        let image = try LottieShapeTests.render([
            LJ.group([LJ.rect((60, 50), 40, 40), darken]), LJ.group([LJ.rect((40, 50), 40, 40), LJ.fill([1, 0.9, 0.1])]),
        ])
        #expect(near(image.rgba(50, 50), (51, 153, 26, 255), tolerance: 2), "darken: the minimum of each channel: \(image.rgba(50, 50))")
        #expect(near(image.rgba(75, 50), (51, 153, 230, 255), tolerance: 2), "blue over nothing stays blue")
        #expect(near(image.rgba(25, 50), (255, 230, 26, 255), tolerance: 2), "yellow alone")
    }
}
