import Foundation
import QuartzCore
import StrataLottie
import Testing

/// Lottie masks, track mattes, blend modes, the drop shadow and text, each against a picture
/// reasoned out here (alpha read well inside and outside edges; colours within 3 levels).
@Suite("Lottie masks, mattes and compositing")
struct LottieCompositingTests {
    /// A 100×100 red solid with `masks` (JSON list).
    static func masked(_ masks: String) throws -> CGImage {
        let json = LJ.animation(layers: [LJ.solid("#ff0000", w: 100, h: 100, extra: ",\"hasMask\":true,\"masksProperties\":\(masks)")])
        return try LottieRender.frame(json, 0, playing: false)
    }

    static func mask(_ mode: String, _ path: String, inverted: Bool = false, opacity: Double = 100) -> String {
        "{\"mode\":\"\(mode)\",\"inv\":\(inverted),\"o\":{\"k\":\(LJ.num(opacity))},\"pt\":{\"k\":\(path)}}"
    }

    static let centreSquare = LJ.polygonPath([(30, 30), (70, 30), (70, 70), (30, 70)])
    static let leftHalf = LJ.polygonPath([(0, 0), (50, 0), (50, 100), (0, 100)])

    @Test func anAddMaskShowsOnlyInside() throws {
        let image = try Self.masked("[\(Self.mask("a", Self.centreSquare))]")
        #expect(image.rgba(50, 50).a == 255 && image.rgba(10, 10).a == 0)
    }

    @Test func aSubtractMaskCutsAHole() throws {
        let image = try Self.masked("[\(Self.mask("a", Self.leftHalf)),\(Self.mask("s", Self.centreSquare))]")
        #expect(image.rgba(10, 50).a == 255, "left half kept")
        #expect(image.rgba(40, 50).a == 0, "hole in the left half")
        #expect(image.rgba(80, 50).a == 0, "right half outside the add mask")
    }

    /// Lighten, darken and difference over the left half and the centre square (both opaque):
    /// the larger coverage is their union, the smaller their overlap, the difference where only
    /// one of them covers.
    @Test(arguments: [("l", [true, true, true]), ("d", [false, true, false]), ("f", [true, false, true])])
    func lightenDarkenAndDifferenceMasksCombineInOrder(mode: String, shown: [Bool]) throws {
        let json = LJ.animation(layers: [LJ.solid("#ff0000", w: 100, h: 100, extra: ",\"hasMask\":true,\"masksProperties\":[\(Self.mask("a", Self.leftHalf)),\(Self.mask(mode, Self.centreSquare))]")])
        #expect(!LottieLayer(animation: try LottieRender.animation(json)).warnings.contains { $0.contains("mask mode") })
        let image = try Self.masked("[\(Self.mask("a", Self.leftHalf)),\(Self.mask(mode, Self.centreSquare))]")
        // Left half only, both, the square only; outside both nothing.
        for ((x, y), show) in zip([(10, 50), (40, 50), (60, 50)], shown) {
            #expect(image.rgba(x, y).a == (show ? 255 : 0), "mode \(mode) at (\(x), \(y))")
        }
        #expect(image.rgba(80, 90).a == 0, "mode \(mode): nothing outside both")
    }

    @Test func intersectAndInvertedMasks() throws {
        let intersect = try Self.masked("[\(Self.mask("a", Self.leftHalf)),\(Self.mask("i", Self.centreSquare))]")
        #expect(intersect.rgba(40, 50).a == 255 && intersect.rgba(60, 50).a == 0 && intersect.rgba(10, 50).a == 0)
        let inverted = try Self.masked("[\(Self.mask("a", Self.centreSquare, inverted: true))]")
        #expect(inverted.rgba(50, 50).a == 0 && inverted.rgba(10, 10).a == 255, "an inverted mask shows outside")
    }

    @Test func maskExpansionGrowsOrShrinksTheMask() throws {
        // The centre square (30…70) expanded by 10 reaches 20…80; by −10 only 40…60.
        func expanded(_ x: Double) throws -> CGImage {
            try Self.masked("[{\"mode\":\"a\",\"inv\":false,\"o\":{\"k\":100},\"x\":{\"k\":\(LJ.num(x))},\"pt\":{\"k\":\(Self.centreSquare)}}]")
        }
        let grown = try expanded(10), shrunk = try expanded(-10)
        #expect(grown.rgba(24, 50).a == 255 && grown.rgba(16, 50).a == 0, "grown to x 20")
        #expect(shrunk.rgba(36, 50).a == 0 && shrunk.rgba(44, 50).a == 255, "shrunk to x 40")
    }

    @Test func addMasksKeepTheirOpacity() throws {
        let image = try Self.masked("[\(Self.mask("a", Self.centreSquare, opacity: 50))]")
        #expect(abs(image.rgba(50, 50).a - 128) <= 2, "half opacity: \(image.rgba(50, 50))")
    }

    /// A red 100×100 solid under a matte layer (the layer above, `td` 1) drawn by `matteShapes`.
    static func matted(_ mode: Int, _ matteShapes: [String]) throws -> CGImage {
        let matte = LJ.shapeLayer(matteShapes, ind: 1, extra: ",\"td\":1")
        let target = LJ.solid("#ff0000", w: 100, h: 100, ind: 2, extra: ",\"tt\":\(mode)")
        return try LottieRender.frame(LJ.animation(layers: [matte, target]), 0, playing: false)
    }

    /// White on the left half, 50 % grey on the right half (both opaque).
    static let whiteAndGrey = [
        LJ.group([LJ.rect((25, 50), 50, 100), LJ.fill([1, 1, 1])]), LJ.group([LJ.rect((75, 50), 50, 100), LJ.fill([0.5, 0.5, 0.5])]),
    ]

    @Test func alphaMattesShowTheLayerWhereTheMatteIs() throws {
        let image = try Self.matted(1, [LJ.group([LJ.rect((25, 50), 50, 100), LJ.fill([0, 0, 0])])])
        #expect(near(image.rgba(20, 50), (255, 0, 0, 255)), "under the matte (black counts: alpha)")
        #expect(image.rgba(80, 50).a == 0, "no matte, nothing")
        let inverted = try Self.matted(2, [LJ.group([LJ.rect((25, 50), 50, 100), LJ.fill([0, 0, 0])])])
        #expect(inverted.rgba(20, 50).a == 0 && near(inverted.rgba(80, 50), (255, 0, 0, 255)), "inverted alpha")
    }

    @Test func lumaMattesUseTheMattesBrightness() throws {
        let image = try Self.matted(3, Self.whiteAndGrey)
        #expect(near(image.rgba(20, 50), (255, 0, 0, 255), tolerance: 2), "white: fully shown")
        // 50 % grey is byte 128: luminance 128/255, so alpha ≈ 128.
        #expect(abs(image.rgba(80, 50).a - 128) <= 3, "grey: half shown: \(image.rgba(80, 50))")
        let inverted = try Self.matted(4, Self.whiteAndGrey)
        #expect(inverted.rgba(20, 50).a <= 2 && abs(inverted.rgba(80, 50).a - 127) <= 3, "inverted luma")
    }

    @Test func aMatteNamedByTpNeedNotBeTheLayerAbove() throws {
        // 5.12: the target names its matte (index 7) with tp; a blue solid sits between them.
        let matte = LJ.shapeLayer([LJ.group([LJ.rect((25, 50), 50, 100), LJ.fill([0, 0, 0])])], ind: 7, extra: ",\"td\":1")
        let between = LJ.solid("#0000ff", w: 10, h: 10, ind: 2, ks: LJ.transform(p: LJ.value([90, 5])))
        let target = LJ.solid("#ff0000", w: 100, h: 100, ind: 3, extra: ",\"tt\":1,\"tp\":7")
        let image = try LottieRender.frame(LJ.animation(layers: [matte, between, target]), 0, playing: false)
        #expect(near(image.rgba(20, 50), (255, 0, 0, 255)) && image.rgba(80, 50).a == 0, "cut by layer 7")
        #expect(near(image.rgba(92, 7), (0, 0, 255, 255)), "the layer between drawn as it is")
    }

    @Test func theMatteLayerItselfIsNotDrawn() throws {
        let image = try Self.matted(1, [LJ.group([LJ.rect((25, 50), 50, 100), LJ.fill([0, 0, 1])])])
        #expect(image.rgba(20, 50).b == 0, "no blue from the matte")
    }

    @Test func blendModesGoThroughCompositingFilter() throws {
        // Multiply: (0.5 grey) × (red) = dark red over the grey background.
        let top = LJ.solid("#ff0000", w: 100, h: 100, ind: 1, extra: ",\"bm\":1")
        let bottom = LJ.solid("#808080", w: 100, h: 100, ind: 2)
        let image = try LottieRender.frame(LJ.animation(layers: [top, bottom]), 0, playing: false)
        #expect(near(image.rgba(50, 50), (128, 0, 0, 255), tolerance: 2), "multiply: \(image.rgba(50, 50))")
    }

    @Test func theDropShadowEffectOffsetsAShadow() throws {
        // Direction 90° (to the right), distance 20, no softness, opaque black.
        let effect = """
            ,"ef":[{"ty":25,"ef":[{"v":{"k":[0,0,0,1]}},{"v":{"k":255}},{"v":{"k":90}},{"v":{"k":20}},{"v":{"k":0}}]}]
            """
        let layer = LJ.shapeLayer([LJ.group([LJ.rect((30, 50), 20, 20), LJ.fill([1, 1, 1])])], extra: effect)
        let image = try LottieRender.frame(LJ.animation(layers: [layer]), 0, playing: false)
        #expect(near(image.rgba(30, 50), (255, 255, 255, 255)), "the white square")
        #expect(near(image.rgba(55, 50), (0, 0, 0, 255), tolerance: 3), "its shadow 20 points right: \(image.rgba(55, 50))")
        #expect(image.rgba(30, 75).a == 0, "nothing below")
    }

    @Test func theDropShadowLayerStyleOffsetsAShadow() throws {
        // Layer style: angle 180° (downwards), distance 20, size 0, opacity 100 %.
        let style = ",\"sy\":[{\"ty\":1,\"c\":{\"k\":[0,0,0,1]},\"o\":{\"k\":100},\"a\":{\"k\":180},\"d\":{\"k\":20},\"s\":{\"k\":0}}]"
        let layer = LJ.shapeLayer([LJ.group([LJ.rect((50, 30), 20, 20), LJ.fill([1, 1, 1])])], extra: style)
        let image = try LottieRender.frame(LJ.animation(layers: [layer]), 0, playing: false)
        #expect(near(image.rgba(50, 55), (0, 0, 0, 255), tolerance: 3), "shadow 20 points down: \(image.rgba(50, 55))")
        #expect(image.rgba(75, 30).a == 0, "nothing to the right")
    }

    @Test func textDocumentsChangeAtTheirFrames() throws {
        // "HH" in red from frame 0, in blue from frame 10.
        let red = "{\"t\":\"HH\",\"f\":\"DejaVu Sans\",\"s\":40,\"j\":0,\"fc\":[1,0,0]}"
        let blue = red.replacingOccurrences(of: "[1,0,0]", with: "[0,0,1]")
        let text = "{\"ty\":5,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":\(LJ.transform(p: LJ.value([10, 70]))),\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":\(red)},{\"t\":10,\"s\":\(blue)}]}}}"
        let json = LJ.animation(w: 120, h: 100, layers: [text])
        func inks(_ frame: Double) throws -> (red: Int, blue: Int) {
            let image = try LottieRender.frame(json, frame, playing: false)
            var r = 0, b = 0
            for y in 0..<100 { for x in 0..<120 where image.rgba(x, y).a > 200 { if image.rgba(x, y).r > 200 { r += 1 } else if image.rgba(x, y).b > 200 { b += 1 } } }
            return (r, b)
        }
        let early = try inks(5), late = try inks(15)
        #expect(early.red > 100 && early.blue == 0, "red text first: \(early)")
        #expect(late.blue > 100 && late.red == 0, "blue text from frame 10: \(late)")
    }

    @Test func textLayersDrawTheirTextOnTheBaseline() throws {
        let document = "{\"t\":\"HH\",\"f\":\"DejaVu Sans\",\"s\":40,\"j\":0,\"fc\":[0,0,1]}"
        let text = "{\"ty\":5,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":\(LJ.transform(p: LJ.value([10, 70]))),\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":\(document)}]}}}"
        let image = try LottieRender.frame(LJ.animation(w: 120, h: 100, layers: [text]), 0, playing: false)
        var inked: [(Int, Int)] = []
        for y in 0..<100 { for x in 0..<120 where image.rgba(x, y).a > 128 { inked.append((x, y)) } }
        #expect(!inked.isEmpty, "text is drawn")
        let minY = inked.map(\.1).min() ?? 0, maxY = inked.map(\.1).max() ?? 0, minX = inked.map(\.0).min() ?? 0
        // Capitals of a 40-point font: about 29 points tall, standing on the baseline at y 70.
        #expect(abs(maxY - 70) <= 3, "on the baseline: bottom at \(maxY)")
        #expect(abs(minY - 41) <= 4, "cap height above it: top at \(minY)")
        #expect(minX >= 10 && minX <= 16, "starting at x 10: \(minX)")
        #expect(inked.allSatisfy { image.rgba($0.0, $0.1).b > image.rgba($0.0, $0.1).r }, "in the fill colour (blue)")
    }

    /// Issue 29: a chain of 60 layers each parented to the one before (beyond the parents
    /// nested as layers, 16, the rest are one sampled layer; the whole chain used to cost the square
    /// of its length). Each parent moves its child by (2, 1) → (1, 2) over frames 0…10; the first
    /// sits at (190, 10) turned 90° (so the order of the transforms matters). The red 4×4 square
    /// at the end has its centre at 60·step + (2, 2) in the first's space, turned: (x, y) → (−y, x).
    @Test(arguments: [(0.0, 128.0, 132.0), (5, 98, 102), (10, 68, 72)])
    func longParentChainsPlaceTheirLastLayerExactly(frame: Double, x: Double, y: Double) throws {
        var layers: [String] = []
        let step = LJ.keys([(0, [2, 1]), (10, [1, 2])], o: (0, 0), i: (1, 1))
        for k in 0..<60 {
            let ks = k == 0 ? LJ.transform(p: LJ.value([190, 10]), r: LJ.value(90)) : LJ.transform(p: step)
            let parent = k == 0 ? "" : ",\"parent\":\(k)"
            layers.append("{\"ty\":3,\"ind\":\(k + 1),\"ip\":0,\"op\":60,\"st\":0,\"ks\":\(ks)\(parent)}")
        }
        layers.append(LJ.solid("#ff0000", w: 4, h: 4, ind: 61, ks: LJ.transform(p: step), extra: ",\"parent\":60"))
        let image = try LottieRender.frame(LJ.animation(w: 200, h: 200, layers: layers.reversed()), frame, playing: false)
        let (cx, cy) = (Int(x), Int(y))
        #expect(near(image.rgba(cx, cy), (255, 0, 0, 255), tolerance: 2), "frame \(frame): \(image.rgba(cx, cy)) at (\(cx), \(cy))")
        #expect(image.rgba(cx + 6, cy).a == 0 && image.rgba(cx, cy - 6).a == 0, "nothing beside it")
    }

    /// A still parent (a null: turned, scaled, moved about its anchor) is put on its still
    /// child rather than drawn as a layer of its own: the same pixels as the same parent with its
    /// rotation given as an animation that holds one value (kept as its own layer: its turn
    /// cannot go onto a child stretched unevenly), and one layer fewer. A child whose position
    /// moves keeps its parent as a layer.
    @Test(arguments: [0.0, 7, 15])
    func aStillParentIsFoldedIntoItsStillChildWithTheSamePixels(frame: Double) throws {
        func file(heldParent: Bool, childMoves: Bool) -> String {
            let r = heldParent ? LJ.keys([(0, [30]), (30, [30])]) : LJ.value(30)
            let null = "{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"st\":0,\"ks\":"
                + LJ.transform(p: LJ.value([60, 40]), a: LJ.value([5, 5]), s: LJ.value([150, 120]), r: r, o: LJ.value(0)) + "}"
            let childP = childMoves ? LJ.keys([(0, [10, -5]), (30, [4, 2])]) : LJ.value([10, -5])
            let child = LJ.shapeLayer(
                [LJ.rect((0, 0), 24, 10), "{\"ty\":\"fl\",\"c\":" + LJ.keys([(0, [1, 0, 0, 1]), (30, [0, 0, 1, 1])]) + ",\"o\":{\"a\":0,\"k\":100}}"],
                ind: 2, ks: LJ.transform(p: childP, a: LJ.value([2, 3]), s: LJ.value([80, 90]), r: LJ.value(15)),
                extra: ",\"parent\":1")
            return LJ.animation(w: 100, h: 100, layers: [child, null])
        }
        for moves in [false, true] {
            let folded = try LottieRender.frame(file(heldParent: false, childMoves: moves), frame, playing: false)
            let kept = try LottieRender.frame(file(heldParent: true, childMoves: moves), frame, playing: false)
            let inked = Self.inked(folded)
            let difference = try #require(Golden.compare(folded, kept, channelTolerance: 0))
            #expect(inked > 150, "the rectangle is drawn (\(inked) px)")
            #expect(
                difference.maxChannel <= 1 && difference.differingPixels <= 4,
                "frame \(frame), child moves \(moves): \(difference.differingPixels) px differ, up to \(difference.maxChannel)")
            let fewer = try Self.layerCount(file(heldParent: true, childMoves: moves)) - Self.layerCount(file(heldParent: false, childMoves: moves))
            #expect(fewer == (moves ? 0 : 1), "layers saved: \(fewer)")
        }
    }

    /// A shape layer whose Lottie layer does nothing but place it and show it from its in to its
    /// out point is drawn as that one shape layer: the same pixels as the same file with a
    /// second shape far off the canvas (which keeps the layer a container) and the layer's
    /// rotation given as an animation that holds, before, within and after its time, and two
    /// layers fewer.
    @Test(arguments: [2.0, 12, 25], [0.0, 1e6, 0.37])
    func aLayerThatOnlyPlacesItsShapeIsDrawnAsTheShapeWithTheSamePixels(frame: Double, origin: Double) throws {
        func file(held: Bool) -> String {
            let r = held ? LJ.keys([(0, [20]), (30, [20])]) : LJ.value(20)
            let fill = "{\"ty\":\"fl\",\"c\":" + LJ.keys([(0, [1, 0, 0, 1]), (30, [0, 0.5, 1, 1])]) + ",\"o\":{\"a\":0,\"k\":100}}"
            var groups = [LJ.group([LJ.ellipse((0, 0), 30), fill])]
            if held { groups.append(LJ.group([LJ.ellipse((-900, -900), 10), LJ.fill([1, 0, 0])])) }
            let layer = LJ.shapeLayer(
                groups, ind: 1,
                ks: LJ.transform(p: LJ.value([50, 45]), a: LJ.value([4, -3]), s: LJ.value([120, 80]), r: r), ip: 5, op: 20)
            return LJ.animation(w: 100, h: 100, layers: [layer])
        }
        // Played (its animations drawn) and paused (its model set to the frame's values).
        let collapsed = try LottieRender.frame(file(held: false), frame, origin: origin)
        let kept = try LottieRender.frame(file(held: true), frame, origin: origin)
        let paused = try LottieRender.frame(file(held: false), frame, playing: false)
        #expect(Golden.compare(paused, kept, channelTolerance: 1)?.differingPixels == 0, "paused at frame \(frame)")
        let difference = try #require(Golden.compare(collapsed, kept, channelTolerance: 0))
        let (inked, collapsedInk) = (Self.inked(kept), Self.inked(collapsed))
        #expect(
            (inked > 300) == (frame == 12) && (collapsedInk > 300) == (frame == 12),
            "shown only between its in and out points (\(inked), \(collapsedInk) px)")
        #expect(
            difference.maxChannel <= 1 && difference.differingPixels <= 4,
            "frame \(frame) at \(origin): \(difference.differingPixels) px differ, up to \(difference.maxChannel)")
        #expect(try Self.layerCount(file(held: true)) - Self.layerCount(file(held: false)) == 2)
        // Paused, the model is set to the frame (what `render(in:)` and snapshot tests draw).
        func model(_ json: String) throws -> CGImage {
            let player = LottieLayer(animation: try LottieRender.animation(json))
            player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            player.currentFrame = frame
            let context = Golden.makeContext(width: 100, height: 100)
            player.render(in: context)
            return try #require(context.makeImage())
        }
        let (modelCollapsed, modelKept) = (try model(file(held: false)), try model(file(held: true)))
        #expect((Self.inked(modelCollapsed) > 300) == (frame == 12), "the model shows it only in its time")
        #expect(Golden.compare(modelCollapsed, modelKept, channelTolerance: 1)?.differingPixels == 0, "model at frame \(frame)")
    }

    /// The layers a LottieLayer builds for `json`, itself included.
    static func layerCount(_ json: String) throws -> Int {
        let player = LottieLayer(animation: try LottieRender.animation(json))
        func count(_ l: CALayer) -> Int { 1 + (l.sublayers ?? []).reduce(0) { $0 + count($1) } }
        return count(player)
    }

    /// The pixels of `image` that are not fully transparent.
    static func inked(_ image: CGImage) -> Int {
        (0..<image.height).reduce(0) { n, y in n + (0..<image.width).filter { image.rgba($0, y).a > 0 }.count }
    }
}
