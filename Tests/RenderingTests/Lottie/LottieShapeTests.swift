import Foundation
import QuartzCore
import StrataLottie
import StrataInput
import Testing

/// Lottie shapes drawn through CAShapeLayer, CAGradientLayer and CAReplicatorLayer, each compared
/// with a picture reasoned out here: where the outline must be covered and where it must not
/// (points well inside or outside, away from antialiased edges: exact alpha 255 or 0 there).
@Suite("Lottie shapes")
struct LottieShapeTests {
    static func render(_ shapes: [String], frame: Double = 0, ks: String = LJ.transform()) throws -> CGImage {
        try LottieRender.frame(LJ.animation(layers: [LJ.shapeLayer(shapes, ks: ks)]), frame, playing: false)
    }

    /// A ring: circle of diameter 80 at (50, 50), stroked 10 wide, trimmed.
    static func ring(_ trim: String) throws -> CGImage {
        try render([LJ.group([LJ.ellipse((50, 50), 80), LJ.stroke([0, 0, 0], width: 10), trim])])
    }

    @Test func aTrimAtHalfOfACircleIsItsRightHalf() throws {
        // After Effects' ellipse starts at the top and runs clockwise: 0…50 % is the right half.
        let image = try Self.ring(LJ.trim(end: LJ.value(50)))
        #expect(image.rgba(90, 50).a == 255, "right (90°) stroked")
        #expect(image.rgba(78, 78).a == 255, "lower right stroked")
        #expect(image.rgba(10, 50).a == 0, "left not stroked")
        #expect(image.rgba(22, 78).a == 0, "lower left not stroked")
        #expect(image.rgba(50, 50).a == 0, "a ring: the centre is empty")
    }

    /// Issue 29: start after end (90 → 10) keeps 10…90 %, with a zero offset (the
    /// strokeStart/strokeEnd shortcut would draw nothing) and with a full-turn offset alike.
    @Test(arguments: [0.0, 360])
    func aTrimWhoseStartPassesItsEndKeepsTheRangeBetween(offset: Double) throws {
        let image = try Self.ring(LJ.trim(start: LJ.value(90), end: LJ.value(10), offset: LJ.value(offset)))
        // 10 %…90 % from the top clockwise: right, bottom and left are kept, the top is not.
        #expect(image.rgba(90, 50).a == 255 && image.rgba(50, 90).a == 255 && image.rgba(10, 50).a == 255)
        #expect(image.rgba(50, 10).a == 0, "the top (0 %, and the 10 % either side of it) is cut")
    }

    /// Issue 29: a gradient whose stop count `p` is 0 but whose values hold two colour stops
    /// (red at 0, blue at 1) draws red to blue, not solid black.
    @Test func aGradientWithNoStopCountReadsItsColours() throws {
        let fill = #"{"ty":"gf","o":{"k":100},"r":1,"s":{"k":[10,50]},"e":{"k":[90,50]},"t":1,"g":{"p":0,"k":{"k":[0,1,0,0,1,0,0,1]}}}"#
        let image = try Self.render([LJ.group([LJ.rect((50, 50), 100, 100), fill])])
        let left = image.rgba(12, 50), right = image.rgba(88, 50)
        #expect(left.r > 200 && left.b < 60, "red on the left: \(left)")
        #expect(right.b > 200 && right.r < 60, "blue on the right: \(right)")
    }

    @Test func aTrimOffsetWrapsPastTheStart() throws {
        // 25 % long, offset −45° (315°): from −45° to +45° around the top.
        let image = try Self.ring(LJ.trim(end: LJ.value(25), offset: LJ.value(315)))
        #expect(image.rgba(50, 10).a == 255, "the top is stroked")
        // ±30° from the top, inside the kept ±45°.
        #expect(image.rgba(70, 16).a == 255 && image.rgba(30, 16).a == 255, "both sides of the top")
        #expect(image.rgba(90, 50).a == 0 && image.rgba(10, 50).a == 0 && image.rgba(50, 90).a == 0, "nothing further")
    }

    @Test func animatedTrimEndDrawsTheRingProgressively() throws {
        let json = LJ.animation(layers: [LJ.shapeLayer([
            LJ.group([LJ.ellipse((50, 50), 80), LJ.stroke([0, 0, 0], width: 10), LJ.trim(end: LJ.keys([(0, [0]), (40, [100])]))])
        ])])
        let quarter = try LottieRender.frame(json, 10)  // 25 %: top to right
        #expect(quarter.rgba(78, 22).a == 255 && quarter.rgba(50, 90).a == 0)
        let threeQuarters = try LottieRender.frame(json, 30)
        #expect(threeQuarters.rgba(50, 90).a == 255 && threeQuarters.rgba(22, 22).a == 0)
    }

    @Test func individualTrimsSpanAllOutlinesSimultaneousOnesEach() throws {
        // Two 80-point lines, one at y 30 and one at y 70, both from x 10 to 90; trim end 50 %.
        func line(_ y: Double) -> String {
            let path = LJ.polygonPath([(10, y), (90, y)]).replacingOccurrences(of: "\"c\":true", with: "\"c\":false")
            return "{\"ty\":\"sh\",\"ks\":{\"k\":\(path)}}"
        }
        func render(individually: Bool) throws -> CGImage {
            let trim = "{\"ty\":\"tm\",\"s\":{\"k\":0},\"e\":{\"k\":50},\"o\":{\"k\":0},\"m\":\(individually ? 2 : 1)}"
            return try Self.render([LJ.group([line(30), line(70), LJ.stroke([0, 0, 0], width: 6), trim])])
        }
        let each = try render(individually: false)
        #expect(each.rgba(30, 30).a == 255 && each.rgba(70, 30).a == 0, "simultaneous: the first line's first half")
        #expect(each.rgba(30, 70).a == 255 && each.rgba(70, 70).a == 0, "and the second line's first half")
        let all = try render(individually: true)
        #expect(all.rgba(30, 30).a == 255 && all.rgba(70, 30).a == 255, "individually: half the total is the whole first line")
        #expect(all.rgba(30, 70).a == 0 && all.rgba(70, 70).a == 0, "and none of the second")
    }

    @Test func trimmedFillsFillTheTrimmedOutline() throws {
        // A trim also cuts what fills see: half a square's outline, closed, is a triangle.
        let image = try Self.render([LJ.group([LJ.rect((50, 50), 80, 80), LJ.fill([0, 0, 1]), LJ.trim(end: LJ.value(50))])])
        // The rect starts at its top right corner, clockwise: 50 % ends at the bottom left corner.
        #expect(image.rgba(80, 80).a == 255, "inside the triangle (right, bottom)")
        #expect(image.rgba(20, 20).a == 0, "the other half is not filled")
    }

    @Test func groupsDrawTheirItemsInAfterEffectsOrder() throws {
        // Items earlier in the list are in front: red over blue.
        let image = try Self.render([
            LJ.group([LJ.rect((50, 50), 40, 40), LJ.fill([1, 0, 0])]), LJ.group([LJ.rect((50, 50), 80, 80), LJ.fill([0, 0, 1])]),
        ])
        #expect(near(image.rgba(50, 50), (255, 0, 0, 255)), "front: red")
        #expect(near(image.rgba(15, 15), (0, 0, 255, 255)), "behind: blue")
    }

    @Test func aFillInAGroupFillsItsNestedGroupsOutlines() throws {
        let inner = LJ.group(
            [LJ.rect((0, 0), 20, 20)],
            transform: "{\"ty\":\"tr\",\"p\":{\"k\":[70,70]},\"a\":{\"k\":[0,0]},\"s\":{\"k\":[100,100]},\"r\":{\"k\":0},\"o\":{\"k\":100}}")
        let image = try Self.render([LJ.group([inner, LJ.rect((25, 25), 20, 20), LJ.fill([0, 0.5, 0])])])
        #expect(image.rgba(25, 25).a == 255, "the group's own rectangle")
        #expect(image.rgba(70, 70).a == 255, "the nested group's rectangle, moved by its transform")
        #expect(image.rgba(50, 50).a == 0)
    }

    @Test(arguments: ["fill", "stroke", "gradient"])
    func aGroupWhoseOnlyChildIsAGroupKeepsBothTransforms(paint: String) throws {
        // Inner group moves its 20×20 square by (30, 10); the outer one by (10, 30): centre (10+30+10, 30+10+10).
        func tr(_ x: Double, _ y: Double) -> String {
            "{\"ty\":\"tr\",\"p\":{\"k\":[\(LJ.num(x)),\(LJ.num(y))]},\"a\":{\"k\":[0,0]},\"s\":{\"k\":[100,100]},\"r\":{\"k\":0},\"o\":{\"k\":100}}"
        }
        let style: String
        switch paint {
        case "fill": style = LJ.fill([1, 0, 0])
        case "stroke": style = LJ.stroke([1, 0, 0], width: 4)
        default: style = "{\"ty\":\"gf\",\"o\":{\"k\":100},\"r\":1,\"s\":{\"k\":[0,0]},\"e\":{\"k\":[100,0]},\"t\":1,\"g\":{\"p\":2,\"k\":{\"k\":[0,1,0,0,1,1,0,0]}}}"
        }
        let inner = LJ.group([LJ.rect((10, 10), 20, 20), style], transform: tr(30, 10))
        let image = try Self.render([LJ.group([inner], transform: tr(10, 30))])
        let edge = paint == "stroke" ? 40 : 45
        #expect(image.rgba(edge, 50).a == 255, "\(paint): drawn around (50, 50), both groups' moves")
        #expect(image.rgba(20, 20).a == 0 && image.rgba(40, 20).a == 0, "\(paint): not where one transform alone puts it")
    }

    @Test func aColoursFourthComponentIsIgnoredOpacityIsTheFills() throws {
        // [1, 0, 0, 0]: red with a zero "alpha" the exporters never mean; the fill's 50 % opacity applies.
        let image = try Self.render([LJ.group([LJ.rect((50, 50), 40, 40), "{\"ty\":\"fl\",\"c\":{\"k\":[1,0,0,0]},\"o\":{\"k\":50},\"r\":1}"])])
        #expect(near(image.rgba(50, 50), (128, 0, 0, 128), tolerance: 2), "half-transparent red: \(image.rgba(50, 50))")
    }

    @Test func linearGradientsRunFromStartToEndWithOpacityStops() throws {
        let gradient = """
            {"ty":"gf","t":1,"s":{"k":[0,0]},"e":{"k":[100,0]},"o":{"k":100},"r":1,"g":{"p":2,"k":{"k":[0,1,0,0,1,0,0,1,0,1,1,0]}}}
            """
        let image = try Self.render([LJ.group([LJ.rect((50, 50), 100, 100), gradient])])
        let left = image.rgba(2, 50), middle = image.rgba(50, 50), right = image.rgba(97, 50)
        #expect(left.a >= 248 && left.r >= 240 && left.b <= 12, "red, opaque at the start: \(left)")
        #expect(abs(middle.a - 128) <= 4, "half opacity half way: \(middle)")
        #expect(right.a <= 10, "transparent at the end: \(right)")
        // Unpremultiplied, the middle is the mean of red and blue.
        let r = Double(middle.r) / Double(middle.a), b = Double(middle.b) / Double(middle.a)
        #expect(abs(r - 0.5) < 0.05 && abs(b - 0.5) < 0.05, "colour half way: \(r), \(b)")
    }

    /// Lottie gradients mix in sRGB as After Effects does (CAGradientLayer's own default is
    /// iOS's Display P3 mix, which puts green 147 at the middle of red → yellow).
    @Test func gradientsMixTheirStopsInSRGBAsAfterEffectsDoes() throws {
        let gradient = """
            {"ty":"gf","t":1,"s":{"k":[0,0]},"e":{"k":[100,0]},"o":{"k":100},"r":1,"g":{"p":2,"k":{"k":[0,1,0,0,1,1,1,0]}}}
            """
        let image = try Self.render([LJ.group([LJ.rect((50, 50), 100, 100), gradient])])
        for x in [25, 50, 75] {
            let expected = (Double(x) + 0.5) / 100 * 255
            #expect(abs(Double(image.rgba(x, 50).g) - expected) <= 3, "column \(x): \(image.rgba(x, 50)), sRGB mix \(expected)")
        }
    }

    @Test func radialGradientsRunFromTheCentreOutwards() throws {
        let gradient = """
            {"ty":"gf","t":2,"s":{"k":[50,50]},"e":{"k":[90,50]},"o":{"k":100},"r":1,"g":{"p":2,"k":{"k":[0,1,1,1,1,0,0,0]}}}
            """
        let image = try Self.render([LJ.group([LJ.rect((50, 50), 100, 100), gradient])])
        #expect(image.rgba(50, 50).r >= 245, "white at the centre")
        #expect(abs(image.rgba(70, 50).r - 128) <= 8, "grey half way along the radius: \(image.rgba(70, 50))")
        // Pixel centres (50.5, 20.5) and (79.5, 49.5) are both 29.5 from the centre.
        #expect(abs(image.rgba(50, 20).r - image.rgba(79, 49).r) <= 2, "round: \(image.rgba(50, 20)) and \(image.rgba(79, 49)) at the same distance")
        #expect(image.rgba(95, 95).r <= 3, "black beyond the radius")
    }

    @Test func aRepeaterMakesTurnedCopiesWithFadingOpacity() throws {
        let repeater = """
            {"ty":"rp","c":{"k":4},"o":{"k":0},"m":1,"tr":{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":90},"so":{"k":100},"eo":{"k":40}}}
            """
        let image = try Self.render(
            [LJ.group([LJ.rect((0, -30), 12, 12), LJ.fill([0, 0, 0])]), repeater], ks: LJ.transform(p: LJ.value([50, 50])))
        // Copies at the top, right, bottom and left, alpha 1, 0.8, 0.6, 0.4.
        let alphas = [image.rgba(50, 20).a, image.rgba(80, 50).a, image.rgba(50, 80).a, image.rgba(20, 50).a]
        let expected = [255, 204, 153, 102]
        for (a, e) in zip(alphas, expected) { #expect(abs(a - e) <= 3, "copy alphas \(alphas), expected \(expected)") }
        #expect(image.rgba(50, 50).a == 0)
    }

    /// Start and end opacity animate (the held-out file 4479-fireworks fades its bursts in this
    /// way; they were read at the first frame only, so the copies stayed at 10–13 %). Start
    /// 0 → 100 % and end 100 → 40 % over frames 0–10, four copies; played at three clock origins.
    @Test(arguments: [0.0, 1_000_000, 12.375])
    func aRepeatersStartAndEndOpacityAnimate(origin: Double) throws {
        let repeater = """
            {"ty":"rp","c":{"k":4},"o":{"k":0},"m":1,"tr":{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":90},"so":\(LJ.keys([(0, [0]), (10, [100])])),"eo":\(LJ.keys([(0, [100]), (10, [40])]))}}
            """
        let json = LJ.animation(layers: [LJ.shapeLayer(
            [LJ.group([LJ.rect((0, -30), 12, 12), LJ.fill([0, 0, 0])]), repeater], ks: LJ.transform(p: LJ.value([50, 50])))])
        // Copies at the top, right, bottom and left, alpha from start to end opacity.
        func alphas(_ frame: Double) throws -> [Int] {
            let image = try LottieRender.frame(json, frame, origin: origin)
            return [image.rgba(50, 20).a, image.rgba(80, 50).a, image.rgba(50, 80).a, image.rgba(20, 50).a]
        }
        let cases: [(frame: Double, start: Double, end: Double)] = [(0, 0, 1), (5, 0.5, 0.7), (10, 1, 0.4)]
        for c in cases {
            let got = try alphas(c.frame)
            let expected = (0..<4).map { Int((255 * (c.start + (c.end - c.start) * Double($0) / 3)).rounded()) }
            for (a, e) in zip(got, expected) {
                #expect(abs(a - e) <= 3, "frame \(c.frame): copy alphas \(got), expected \(expected) (±3)")
            }
        }
    }

    /// Copies animate (abstract_circle, held out, grows 0 → 18 → 0 copies; the first frame's 0 drew
    /// nothing). 1 → 4 copies over frames 0–12, copies turned 90° apart: at frame 0 only the top
    /// one, at 6 (2.5 copies, rounded to 3) top, right and bottom, at 12 all four; above and below
    /// the original alike (below, the original is the last copy: the same four places). From 0
    /// copies (0 → 4): none, then two, then four.
    @Test(arguments: [(false, 1.0), (true, 1), (false, 0), (true, 0)])
    func aRepeatersCopiesAnimate(below: Bool, from: Double) throws {
        let repeater = """
            {"ty":"rp","c":\(LJ.keys([(0, [from]), (12, [4])])),"o":{"k":0},"m":\(below ? 2 : 1),"tr":{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":90},"so":{"k":100},"eo":{"k":100}}}
            """
        let json = LJ.animation(layers: [LJ.shapeLayer(
            [LJ.group([LJ.rect((0, -30), 12, 12), LJ.fill([0, 0, 0])]), repeater], ks: LJ.transform(p: LJ.value([50, 50])))])
        let expected: [(Double, [Bool])] = from == 1
            ? [(0, [true, false, false, false]), (6, [true, true, true, false]), (12, [true, true, true, true])]
            : [(0, [false, false, false, false]), (6, [true, true, false, false]), (12, [true, true, true, true])]
        for (frame, drawn) in expected {
            let image = try LottieRender.frame(json, frame, origin: 1_000_000.25)
            let shown = [image.rgba(50, 20).a, image.rgba(80, 50).a, image.rgba(50, 80).a, image.rgba(20, 50).a].map { $0 == 255 }
            let clear = [image.rgba(50, 20).a, image.rgba(80, 50).a, image.rgba(50, 80).a, image.rgba(20, 50).a].map { $0 == 0 }
            for k in 0..<4 {
                #expect(drawn[k] ? shown[k] : clear[k], "frame \(frame): copies at top, right, bottom, left \(shown), expected \(drawn)")
            }
        }
    }

    /// A repeater's anchor is the centre its copies turn about (abstract_circle, held out: anchor
    /// (280, 0), 20° a copy — a ring about the anchor in lottie-web, ThorVG and rlottie; read as a
    /// layer's anchor, the ring's centre was 800 points away and one circle showed). A square at
    /// the top of a 30-point circle about (50, 50), four copies 90° apart about anchor (50, 50).
    @Test func aRepeatersCopiesTurnAboutItsAnchor() throws {
        let repeater = """
            {"ty":"rp","c":{"k":4},"o":{"k":0},"m":1,"tr":{"ty":"tr","p":{"k":[0,0]},"a":{"k":[50,50]},"s":{"k":[100,100]},"r":{"k":90},"so":{"k":100},"eo":{"k":100}}}
            """
        let image = try Self.render([LJ.group([LJ.rect((50, 20), 12, 12), LJ.fill([0, 0, 0])]), repeater])
        let alphas = [image.rgba(50, 20).a, image.rgba(80, 50).a, image.rgba(50, 80).a, image.rgba(20, 50).a]
        #expect(alphas == [255, 255, 255, 255], "copies at the top, right, bottom and left of (50, 50): \(alphas)")
        #expect(image.rgba(50, 50).a == 0 && image.rgba(5, 5).a == 0, "nothing at the centre or a corner")
    }

    @Test func repeaterCopiesGoBelowTheOriginalWhenAskedAndStartAtTheOffset() throws {
        // Three 30×30 squares stepping 15 points right: overlapping. Red original at x 10–40.
        func repeater(below: Bool, offset: Double) -> String {
            "{\"ty\":\"rp\",\"c\":{\"k\":3},\"o\":{\"k\":\(LJ.num(offset))},\"m\":\(below ? 2 : 1),\"tr\":{\"ty\":\"tr\",\"p\":{\"k\":[15,0]},\"a\":{\"k\":[0,0]},\"s\":{\"k\":[100,100]},\"r\":{\"k\":0},\"so\":{\"k\":100},\"eo\":{\"k\":100}}}"
        }
        let square = LJ.group([LJ.rect((25, 50), 30, 30), LJ.fill([1, 0, 0])])
        let above = try Self.render([square, repeater(below: false, offset: 0)])
        let below = try Self.render([square, repeater(below: true, offset: 0)])
        // The union is the same either way (x 10–70); offset 1 shifts it by one step.
        for image in [above, below] {
            #expect(image.rgba(12, 50).a == 255 && image.rgba(68, 50).a == 255 && image.rgba(75, 50).a == 0)
        }
        let shifted = try Self.render([square, repeater(below: false, offset: 1)])
        #expect(shifted.rgba(12, 50).a == 0 && shifted.rgba(27, 50).a == 255 && shifted.rgba(83, 50).a == 255, "starts one step on")
    }

    @Test func belowRepeaterCopiesLieUnderTheOriginal() throws {
        // A blue 40-point square with a black 6-point outline at x 10–50, one copy 20 points on
        // (x 30–70). Above, the copy's left outline (x 30) crosses the original's blue; below,
        // the original's right outline (x 50) crosses the copy's blue.
        func image(below: Bool) throws -> CGImage {
            let repeater = "{\"ty\":\"rp\",\"c\":{\"k\":2},\"o\":{\"k\":0},\"m\":\(below ? 2 : 1),\"tr\":{\"ty\":\"tr\",\"p\":{\"k\":[20,0]},\"a\":{\"k\":[0,0]},\"s\":{\"k\":[100,100]},\"r\":{\"k\":0},\"so\":{\"k\":100},\"eo\":{\"k\":100}}}"
            let square = LJ.group([LJ.rect((30, 50), 40, 40), LJ.stroke([0, 0, 0], width: 6), LJ.fill([0, 0, 1])])
            return try Self.render([square, repeater])
        }
        let above = try image(below: false), below = try image(below: true)
        #expect(near(above.rgba(30, 50), (0, 0, 0, 255), tolerance: 2), "above: the copy's outline on top: \(above.rgba(30, 50))")
        #expect(near(above.rgba(50, 50), (0, 0, 255, 255), tolerance: 2), "above: the copy's fill hides the original's outline")
        #expect(near(below.rgba(30, 50), (0, 0, 255, 255), tolerance: 2), "below: the original's fill on top: \(below.rgba(30, 50))")
        #expect(near(below.rgba(50, 50), (0, 0, 0, 255), tolerance: 2), "below: the original's outline on top")
    }

    @Test func mergePathsIntersectKeepsTheOverlap() throws {
        let image = try Self.render([LJ.group([
            LJ.rect((40, 50), 40, 40), LJ.rect((60, 50), 40, 40), "{\"ty\":\"mm\",\"mm\":4}", LJ.fill([0, 0, 0]),
        ])])
        #expect(image.rgba(50, 50).a == 255, "the overlap")
        #expect(image.rgba(25, 50).a == 0 && image.rgba(75, 50).a == 0, "each rectangle alone is gone")
    }

    @Test func mergePathsSubtractCutsTheLaterOnesOut() throws {
        let image = try Self.render([LJ.group([
            LJ.rect((50, 50), 80, 80), LJ.ellipse((50, 50), 30), "{\"ty\":\"mm\",\"mm\":3}", LJ.fill([0, 0, 0]),
        ])])
        #expect(image.rgba(50, 50).a == 0 && image.rgba(15, 15).a == 255)
    }

    @Test func polystarsAndRoundedRectangles() throws {
        let star = "{\"ty\":\"sr\",\"sy\":2,\"pt\":{\"k\":4},\"p\":{\"k\":[50,50]},\"r\":{\"k\":0},\"or\":{\"k\":40},\"os\":{\"k\":0}}"
        let diamond = try Self.render([LJ.group([star, LJ.fill([0, 0, 0])])])
        // A square polygon with a point straight up: a diamond.
        #expect(diamond.rgba(50, 15).a == 255 && diamond.rgba(85, 50).a == 255, "points up and right")
        #expect(diamond.rgba(20, 20).a == 0 && diamond.rgba(80, 80).a == 0, "corners of the box empty")
        let rounded = try Self.render([LJ.group([LJ.rect((50, 50), 80, 80, r: 20), LJ.fill([0, 0, 0])])])
        #expect(rounded.rgba(12, 12).a == 0, "the corner is cut by the radius")
        #expect(rounded.rgba(12, 50).a == 255 && rounded.rgba(50, 12).a == 255)
        let roundCorners = try Self.render([LJ.group([LJ.rect((50, 50), 80, 80), "{\"ty\":\"rd\",\"r\":{\"k\":20}}", LJ.fill([0, 0, 0])])])
        #expect(roundCorners.rgba(12, 12).a == 0 && roundCorners.rgba(50, 12).a == 255, "Round Corners rounds a sharp rectangle")
    }

    @Test func dashedStrokesLeaveGaps() throws {
        let stroke = """
            {"ty":"st","c":{"k":[0,0,0]},"o":{"k":100},"w":{"k":6},"lc":1,"lj":1,"d":[{"n":"d","v":{"k":10}},{"n":"g","v":{"k":10}},{"n":"o","v":{"k":0}}]}
            """
        let path = LJ.polygonPath([(0, 50), (100, 50)]).replacingOccurrences(of: "\"c\":true", with: "\"c\":false")
        let image = try Self.render([LJ.group(["{\"ty\":\"sh\",\"ks\":{\"k\":\(path)}}", stroke])])
        #expect(image.rgba(5, 50).a == 255 && image.rgba(15, 50).a == 0 && image.rgba(25, 50).a == 255, "dash, gap, dash")
    }

    /// An ellipse, rectangle or star whose only animation is its position (the item's `p`) is a
    /// still outline on a layer that moves, not a path rebuilt at every frame: its shape layer
    /// has a position animation and no path one. Its frames match the same still item moved by
    /// its group's transform instead (same keyframes, same easing) at three clock origins, within
    /// 2 levels a channel. Tried with a fill, a stroke, and a stroke over a fill.
    @Test(arguments: ["el", "rc", "sr"])
    func aShapeThatOnlyMovesIsAStillOutlineOnAMovingLayer(kind: String) throws {
        let moves = LJ.keys([(0, [20, 50]), (30, [70, 30]), (60, [80, 60])], o: (0.4, 0), i: (0.6, 1))
        func item(_ p: String) -> String {
            switch kind {
            case "el": return "{\"ty\":\"el\",\"p\":\(p),\"s\":\(LJ.value([24, 16]))}"
            case "rc": return "{\"ty\":\"rc\",\"p\":\(p),\"s\":\(LJ.value([24, 16])),\"r\":\(LJ.value(3))}"
            default:
                return "{\"ty\":\"sr\",\"sy\":1,\"p\":\(p),\"pt\":\(LJ.value(5)),\"r\":\(LJ.value(10)),\"or\":\(LJ.value(14)),"
                    + "\"os\":\(LJ.value(0)),\"ir\":\(LJ.value(6)),\"is\":\(LJ.value(0))}"
            }
        }
        let paints = [[LJ.fill([0.8, 0.1, 0.1])], [LJ.stroke([0.1, 0.1, 0.8], width: 3)], [LJ.stroke([0, 0, 0], width: 2), LJ.fill([0.1, 0.6, 0.1])]]
        for paint in paints {
            let moved = LJ.animation(layers: [LJ.shapeLayer([LJ.group([item(moves)] + paint)])])
            let groupTransform = "{\"ty\":\"tr\",\"p\":\(moves),\"a\":{\"k\":[0,0]},\"s\":{\"k\":[100,100]},\"r\":{\"k\":0},\"o\":{\"k\":100}}"
            let reference = LJ.animation(layers: [LJ.shapeLayer([LJ.group([item(LJ.value([0, 0]))] + paint, transform: groupTransform)])])

            let player = LottieLayer(animation: try LottieRender.animation(moved))
            let shapes = LottiePlaybackTests.everyLayer(under: player).compactMap { $0.layer as? CAShapeLayer }
            #expect(shapes.count == paint.count - (paint.count == 2 ? 1 : 0), "\(kind): one shape layer")
            for shape in shapes {
                let keys = shape.animationKeys() ?? []
                #expect(keys.contains("position") && !keys.contains("path"), "\(kind) \(paint.count): moved, not reshaped: \(keys)")
            }
            for origin in [0, 1_000_000, 37.25] {
                for frame in [0, 12.5, 30, 47, 59] {
                    let a = try LottieRender.frame(moved, frame, origin: origin), b = try LottieRender.frame(reference, frame, origin: origin)
                    #expect(a.pixels.words.contains { $0 >> 24 == 255 }, "\(kind) at frame \(frame): something drawn")
                    let difference = try #require(Golden.compare(a, b, channelTolerance: 2))
                    #expect(difference.differingPixels == 0, "\(kind) at frame \(frame), origin \(origin): \(difference)")
                }
            }
        }
    }

    @Test func animatedPathsMorphWithTheirKeyframes() throws {
        let small = LJ.polygonPath([(40, 40), (60, 40), (60, 60), (40, 60)])
        let big = LJ.polygonPath([(10, 10), (90, 10), (90, 90), (10, 90)])
        let shape = "{\"ty\":\"sh\",\"ks\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[\(small)],\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}},{\"t\":20,\"s\":[\(big)]}]}}"
        let json = LJ.animation(layers: [LJ.shapeLayer([LJ.group([shape, LJ.fill([0, 0, 0])])])])
        let half = try LottieRender.frame(json, 10)
        // Half way: corners at 25 and 75.
        #expect(half.rgba(27, 27).a == 255 && half.rgba(23, 23).a == 0, "the square has grown half way")
    }

    /// Issue 29: sampled paths are bounded in all (a 500-point path sampled at every frame of many
    /// uses took 7 GB): three layers each morphing two 100-point outlines over 2,000 frames ask
    /// for 1.2 million sampled points; past 1 million they are sampled at fewer frames, with a
    /// warning.
    @Test func sampledPathsStayWithinTheirBudget() throws {
        func ring(_ r: Double) -> String {
            LJ.polygonPath((0..<100).map { k in
                let a = Double(k) / 100 * 2 * .pi
                return (50 + r * cos(a), 50 + r * sin(a))
            })
        }
        let morph = "{\"ty\":\"sh\",\"ks\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[\(ring(10))],\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}},{\"t\":2000,\"s\":[\(ring(40))]}]}}"
        let layers = (0..<3).map { k in
            LJ.shapeLayer([LJ.group([morph, morph, LJ.fill([0, 0, 1])])], ind: k + 1, op: 2000)
        }
        let animation = try LottieAnimation(data: Data(LJ.animation(op: 2000, layers: layers).utf8))
        let player = LottieLayer(animation: animation)
        #expect(player.warnings.contains { $0.contains("paths sampled at fewer frames") }, "\(player.warnings)")
    }

    /// `depth` groups nested in each other, each with a rectangle, a trim whose end moves, a
    /// stroke, a fill and a turning transform: each paint sees every outline nested in its group,
    /// trimmed by every group around it (250 deep took 47 s a frame).
    static func nestedTrimmedGroups(_ depth: Int) -> String {
        let end = "{\"a\":1,\"k\":[{\"t\":0,\"s\":[20],\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}},{\"t\":60,\"s\":[90]}]}"
        let turn = "{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}},{\"t\":60,\"s\":[30]}]}"
        let transform = "{\"ty\":\"tr\",\"p\":{\"k\":[0,0]},\"a\":{\"k\":[0,0]},\"s\":{\"k\":[99,99]},\"r\":\(turn),\"o\":{\"k\":100}}"
        var group: String?
        for _ in 0..<depth {
            let items = [group, LJ.rect((50, 50), 60, 40), LJ.trim(end: end), LJ.stroke([0, 0, 1], width: 2), LJ.fill([1, 0, 0])]
            group = LJ.group(items.compactMap { $0 }, transform: transform)
        }
        return LJ.animation(layers: [LJ.shapeLayer([group ?? ""])])
    }

    /// Issue 29: nested trimmed groups cost the cube of their depth; past the file's path steps
    /// (shapes evaluated, transforms applied, 25 a trim; 8 million by default) paths are sampled
    /// at fewer frames, then lose trims, then are left out, with a warning naming the limit. Ten
    /// levels fit the default; under a 50,000-step budget they do not, yet the first-built
    /// (innermost) groups still draw; past 128 JSON levels (about 55 groups) the file is refused.
    @Test func nestedTrimmedGroupsStayWithinThePathBudget() throws {
        let ten = Data(Self.nestedTrimmedGroups(10).utf8)
        let whole = LottieLayer(animation: try LottieAnimation(data: ten))
        #expect(!whole.warnings.contains { $0.contains("path steps") }, "\(whole.warnings)")
        var small = InputLimits.standard
        small.pathSteps = 50_000
        let bounded = LottieLayer(animation: try LottieAnimation(data: ten, limits: small))
        #expect(bounded.warnings.contains { $0.contains("over 50000 path steps") && $0.contains("--limit path-steps") }, "\(bounded.warnings)")
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        bounded.frame = root.bounds
        root.addSublayer(bounded)
        bounded.currentFrame = 0
        let frame = Golden.render(root, width: 100, height: 100)
        let covered = (0..<frame.height).reduce(0) { n, y in n + (0..<frame.width).filter { frame.rgba($0, y).a > 0 }.count }
        #expect(covered > 200, "the nested groups are drawn in part: \(covered) pixels")
        do {
            _ = try LottieAnimation(data: Data(Self.nestedTrimmedGroups(70).utf8))
            Issue.record("70 nested groups pass 128 JSON levels")
        } catch {
            #expect("\(error)".contains("nested deeper than 128 levels"), "\(error)")
        }
    }
}
