import Foundation
import QuartzCore
import StrataLottie
import Testing

/// Layers `LottieLayer` leaves out because they could not change a pixel: each test pins the
/// count saved and the pixels against a file drawn the long way or a picture reasoned out here.
@Suite("Lottie layers left out")
struct LottieLayerEconomyTests {
    static let origins = [0.0, 1_000_000, 0.37]

    /// A blue square (24 points, centred) with `paints` after its rectangle.
    static func square(_ paints: [String]) -> String {
        let layer = LJ.shapeLayer(
            [LJ.group([LJ.rect((0, 0), 24, 24)] + paints)], ind: 1, ks: LJ.transform(p: LJ.value([50, 50]), r: LJ.value(10)))
        return LJ.animation(w: 100, h: 100, layers: [layer])
    }

    static func stroke(opacity: String) -> String {
        "{\"ty\":\"st\",\"c\":\(LJ.value([1, 0, 0])),\"o\":\(opacity),\"w\":\(LJ.value(6)),\"lc\":1,\"lj\":1,\"ml\":4}"
    }

    /// Exporters leave strokes at opacity 0 beside fills (a common After Effects default): such
    /// a paint, fixed or keyframed at 0 throughout, builds no layer, and the frame is the fill's
    /// alone, byte for byte, at every clock origin. A stroke that fades in is kept and shows.
    @Test(arguments: [3.0, 15, 29])
    func aPaintAtOpacityZeroThroughoutBuildsNoLayerAndChangesNoPixel(frame: Double) throws {
        let fill = LJ.fill([0, 0, 1])
        let plain = Self.square([fill])
        let invisible = [
            Self.stroke(opacity: LJ.value(0)), Self.stroke(opacity: LJ.keys([(0, [0]), (30, [0])], o: (0.3, 0.9), i: (0.5, 0.2))),
            "{\"ty\":\"gf\",\"o\":\(LJ.value(0)),\"r\":1,\"t\":1,\"s\":\(LJ.value([-12, 0])),\"e\":\(LJ.value([12, 0])),\"g\":{\"p\":2,\"k\":\(LJ.value([0, 1, 0, 0, 1, 0, 1, 0]))}}",
        ]
        for paint in invisible {
            let json = Self.square([paint, fill])
            #expect(try LottieCompositingTests.layerCount(json) == LottieCompositingTests.layerCount(plain), "\(paint.prefix(40))")
            for origin in Self.origins {
                let expected = try LottieRender.frame(plain, frame, origin: origin)
                let drawn = try LottieRender.frame(json, frame, origin: origin)
                #expect(LottieCompositingTests.inked(expected) > 500, "the square is drawn")
                let difference = try #require(Golden.compare(drawn, expected, channelTolerance: 0))
                #expect(difference.differingPixels == 0, "\(paint.prefix(40)) at \(origin): \(difference.differingPixels) px differ")
            }
        }
        // Fading in from 0: a layer of its own (and the group's, which no longer fits on its one
        // shape), red on the square's edge once it has begun.
        let fading = Self.square([Self.stroke(opacity: LJ.keys([(0, [0]), (30, [100])])), fill])
        let (fadingLayers, plainLayers) = (try LottieCompositingTests.layerCount(fading), try LottieCompositingTests.layerCount(plain))
        #expect(fadingLayers == plainLayers + 2, "\(fadingLayers) layers, \(plainLayers) without the stroke")
        let shown = try LottieRender.frame(fading, frame, origin: 0.37)
        // (63, 50) is 0.8 points outside the turned square, inside the stroke's outer half (3
        // points): red at the stroke's opacity then, frame / 30.
        let edge = shown.rgba(63, 50)
        #expect(abs(Double(edge.a) - 255 * frame / 30) <= 10 && edge.r > edge.b, "frame \(frame): the fading stroke on the edge (\(edge))")
    }

    /// A uniform animated scale whose third (z) component is eased otherwise (After Effects
    /// writes three easings) is one `transform.scale.xy` animation: when the layer does not
    /// turn, on the shape itself, which the Lottie layer's placement goes onto (as many layers as
    /// a fixed scale, which folds into the shape), else on one inner layer with no layer between
    /// it and the content (two more, not three). At a frame whose eased scale is known, it draws what the fixed scale
    /// draws (within one level on at most 4 pixels), played at every clock origin and paused.
    @Test(arguments: [10.0, 15, 24], [0.0, 20])
    func aUniformScaleEasedOtherwiseInDepthIsOneAnimationWithTheFixedScalesPixels(frame: Double, rotation: Double) throws {
        // Linear in x and y from 50 % at frame 0 to 150 % at frame 30.
        let scale: Double = 50 + 100 * frame / 30
        let eases = "\"o\":{\"x\":[0,0,0.3],\"y\":[0,0,0.9]},\"i\":{\"x\":[1,1,0.5],\"y\":[1,1,0.2]}"
        let animated = "{\"a\":1,\"k\":[{\"t\":0,\"s\":[50,50,100],\(eases)},{\"t\":30,\"s\":[150,150,100]}]}"
        func file(_ s: String) -> String {
            let layer = LJ.shapeLayer(
                [LJ.group([LJ.rect((0, 0), 30, 20), LJ.fill([0, 0.6, 0.2])])], ind: 1,
                ks: LJ.transform(p: LJ.value([50, 50]), a: LJ.value([5, -3]), s: s, r: LJ.value(rotation)))
            return LJ.animation(w: 100, h: 100, layers: [layer])
        }
        let fixed = file(LJ.value([scale, scale, 100]))
        let (animatedLayers, fixedLayers) = (try LottieCompositingTests.layerCount(file(animated)), try LottieCompositingTests.layerCount(fixed))
        #expect(animatedLayers == fixedLayers + (rotation == 0 ? 0 : 2), "\(animatedLayers) layers, \(fixedLayers) with a fixed scale")
        for origin in Self.origins {
            let drawn = try LottieRender.frame(file(animated), frame, origin: origin)
            let expected = try LottieRender.frame(fixed, frame, origin: origin)
            #expect(LottieCompositingTests.inked(expected) > 150, "the rectangle is drawn")
            let difference = try #require(Golden.compare(drawn, expected, channelTolerance: 1))
            #expect(
                difference.differingPixels <= 4,
                "frame \(frame) at \(origin): \(difference.differingPixels) px differ by more than 1 level")
        }
        // Paused at the frame: the model's transform is set to the frame's scale.
        let paused = try LottieRender.frame(file(animated), frame, playing: false)
        let pausedExpected = try LottieRender.frame(fixed, frame, playing: false)
        let difference = try #require(Golden.compare(paused, pausedExpected, channelTolerance: 1))
        #expect(difference.differingPixels <= 4, "paused at frame \(frame): \(difference.differingPixels) px differ")
    }
}

extension LottieLayerEconomyTests {
    static func groupTransform(p: String, s: String, r: String) -> String {
        "{\"ty\":\"tr\",\"p\":\(p),\"a\":\(LJ.value([3, -2])),\"s\":\(s),\"r\":\(r),\"o\":\(LJ.value(100))}"
    }

    /// A still group around a group that carries its own transform (After Effects nests groups
    /// so) puts its placement onto that group's shape layer, and the Lottie layer, which then
    /// only places that shape, goes onto it too: one layer fewer than the same file with the
    /// outer group's rotation given as keyframes that hold (kept as a layer of its own, which
    /// takes the Lottie layer's shift), and the same pixels (within one level on at most 4
    /// pixels), at every clock origin.
    @Test(arguments: [0.0, 12, 25])
    func aStillGroupAroundOneGroupIsFoldedIntoItsShapeWithTheSamePixels(frame: Double) throws {
        func file(held: Bool) -> String {
            let inner = LJ.group(
                [LJ.rect((4, 0), 26, 12), "{\"ty\":\"fl\",\"c\":" + LJ.keys([(0, [1, 0, 0, 1]), (30, [0, 0, 1, 1])]) + ",\"o\":{\"a\":0,\"k\":100}}"],
                transform: Self.groupTransform(p: LJ.value([6, 4]), s: LJ.value([150, 120]), r: LJ.value(30)))
            let r = held ? LJ.keys([(0, [15]), (30, [15])]) : LJ.value(15)
            let outer = LJ.group([inner], transform: Self.groupTransform(p: LJ.value([-5, 8]), s: LJ.value([80, 90]), r: r))
            return LJ.animation(w: 100, h: 100, layers: [LJ.shapeLayer([outer], ind: 1, ks: LJ.transform(p: LJ.value([50, 50])))])
        }
        let (kept, folded) = (try LottieCompositingTests.layerCount(file(held: true)), try LottieCompositingTests.layerCount(file(held: false)))
        #expect(kept - folded == 1, "\(kept) layers kept, \(folded) folded")
        for origin in Self.origins {
            let drawn = try LottieRender.frame(file(held: false), frame, origin: origin)
            let expected = try LottieRender.frame(file(held: true), frame, origin: origin)
            #expect(LottieCompositingTests.inked(expected) > 200, "the rectangle is drawn")
            let difference = try #require(Golden.compare(drawn, expected, channelTolerance: 1))
            #expect(
                difference.differingPixels <= 4,
                "frame \(frame) at \(origin): \(difference.differingPixels) px differ by more than 1 level")
        }
    }
}

extension LottieLayerEconomyTests {
    /// A Lottie layer whose position and opacity animate around its one shape (a particle that
    /// flies and fades) is drawn as that shape layer, which takes the animations over: one layer
    /// fewer than the same file with the layer's rotation given as keyframes that hold (kept as a
    /// layer of its own), the same pixels (within one level on at most 4 pixels) played at every
    /// clock origin and shown paused (the model set to the frame), before, within and after the
    /// layer's time.
    @Test(arguments: [2.0, 12, 18, 27])
    func aMovingFadingLayerAroundOneShapeIsThatShapeWithTheSamePixels(frame: Double) throws {
        func file(held: Bool) -> String {
            let shape = LJ.group(
                [LJ.ellipse((2, -3), 18), LJ.fill([0.9, 0.3, 0.1])],
                transform: Self.groupTransform(p: LJ.value([4, 2]), s: LJ.value([120, 90]), r: LJ.value(25)))
            let r = held ? LJ.keys([(0, [10]), (30, [10])]) : LJ.value(10)
            let ks = LJ.transform(
                p: LJ.keys([(0, [20, 30]), (30, [80, 60])], o: (0.4, 0), i: (0.2, 1)), a: LJ.value([3, -4]), s: LJ.value([110, 110]),
                r: r, o: LJ.keys([(0, [100]), (30, [20])]))
            return LJ.animation(w: 100, h: 100, layers: [LJ.shapeLayer([shape], ind: 1, ks: ks, ip: 5, op: 25)])
        }
        let (kept, collapsed) = (try LottieCompositingTests.layerCount(file(held: true)), try LottieCompositingTests.layerCount(file(held: false)))
        #expect(kept - collapsed == 1, "\(kept) layers kept, \(collapsed) collapsed")
        var drawnFrames: [CGImage] = []
        for origin in Self.origins {
            drawnFrames.append(try LottieRender.frame(file(held: false), frame, origin: origin))
            drawnFrames.append(try LottieRender.frame(file(held: true), frame, origin: origin))
        }
        drawnFrames.append(try LottieRender.frame(file(held: false), frame, playing: false))
        drawnFrames.append(try LottieRender.frame(file(held: true), frame, playing: false))
        let shown = frame >= 5 && frame < 25
        for pair in stride(from: 0, to: drawnFrames.count, by: 2) {
            let (drawn, expected) = (drawnFrames[pair], drawnFrames[pair + 1])
            #expect((LottieCompositingTests.inked(expected) > 100) == shown, "drawn only within its time")
            let difference = try #require(Golden.compare(drawn, expected, channelTolerance: 1))
            #expect(difference.differingPixels <= 4, "frame \(frame), case \(pair / 2): \(difference.differingPixels) px differ by more than 1 level")
        }
    }
}

extension LottieLayerEconomyTests {
    /// A Lottie layer whose position, rotation and opacity animate around its one shape
    /// (a spinning square of a loader) is drawn as that shape layer, turning about the layer's
    /// anchor: two layers fewer than the same file with a second shape far off the canvas (which
    /// keeps the layer a container), the same pixels (within one level on at most 4 pixels)
    /// played at every clock origin and shown paused, before, within and after the layer's time.
    /// With `groupScale`, the shape's group scales it uniformly and it is stroked with dashes:
    /// that scale goes into the path, the stroke's width and its dashes.
    @Test(arguments: [2.0, 9, 16, 27], [false, true])
    func aTurningLayerAroundOneShapeIsThatShapeTurningAboutTheLayersAnchor(frame: Double, groupScale: Bool) throws {
        func file(offCanvas: Bool) -> String {
            let dashed = "{\"ty\":\"st\",\"c\":\(LJ.value([0.9, 0.5, 0.1])),\"o\":\(LJ.value(100)),\"w\":\(LJ.value(3)),\"lc\":1,\"lj\":1,\"ml\":4,"
                + "\"d\":[{\"n\":\"d\",\"v\":\(LJ.value(5))},{\"n\":\"g\",\"v\":\(LJ.value(3))},{\"n\":\"o\",\"v\":\(LJ.value(2))}]}"
            // The stroke above the fill (listed first): one shape layer paints both.
            let items = [LJ.rect((2, -3), 22, 14)] + (groupScale ? [dashed] : []) + [LJ.fill([0.2, 0.4, 0.9])]
            var groups = [
                groupScale
                    ? LJ.group(items, transform: Self.groupTransform(p: LJ.value([4, 2]), s: LJ.value([130, 130]), r: LJ.value(0)))
                    : LJ.group(items)
            ]
            if offCanvas { groups.append(LJ.group([LJ.ellipse((-900, -900), 10), LJ.fill([1, 0, 0])])) }
            let ks = LJ.transform(
                p: LJ.keys([(0, [25, 30]), (30, [75, 65])], o: (0.4, 0), i: (0.2, 1)), a: LJ.value([6, -5]),
                s: LJ.value([120, 120]), r: LJ.keys([(0, [0]), (30, [200])], o: (0.3, 0.1), i: (0.6, 1)),
                o: LJ.keys([(0, [100]), (30, [40])]))
            return LJ.animation(w: 100, h: 100, layers: [LJ.shapeLayer(groups, ind: 1, ks: ks, ip: 5, op: 25)])
        }
        let (kept, collapsed) = (try LottieCompositingTests.layerCount(file(offCanvas: true)), try LottieCompositingTests.layerCount(file(offCanvas: false)))
        #expect(kept - collapsed == 2, "\(kept) layers kept, \(collapsed) collapsed")
        try Self.expectSamePixels(file(offCanvas: false), as: file(offCanvas: true), frame: frame, shown: frame >= 5 && frame < 25)
    }
}

extension LottieLayerEconomyTests {
    /// A still parent (a null layer) that only shifts its child (no turn or scale) is no layer
    /// of its own: its shift goes onto the child's position when that is still (the child
    /// turns), else onto the child's anchor point through the child's still transform (the
    /// child moves, turned and stretched). One layer fewer than the same file with the parent's
    /// rotation given as keyframes that hold (kept as a layer), and the same pixels (within one
    /// level on at most 4 pixels) played at every clock origin and shown paused.
    @Test(arguments: [3.0, 14, 26], [false, true])
    func aStillParentThatOnlyShiftsItsMovingChildIsNoLayer(frame: Double, childTurns: Bool) throws {
        func file(held: Bool) -> String {
            let r = held ? LJ.keys([(0, [0]), (30, [0])]) : LJ.value(0)
            let parent = "{\"ty\":3,\"ind\":2,\"ip\":0,\"op\":60,\"st\":0,\"ks\":\(LJ.transform(p: LJ.value([40, 30]), a: LJ.value([10, -5]), r: r))}"
            let ks = childTurns
                ? LJ.transform(p: LJ.value([20, 25]), a: LJ.value([4, 2]), s: LJ.value([110, 90]), r: LJ.keys([(0, [0]), (30, [120])], o: (0.3, 0), i: (0.5, 1)))
                : LJ.transform(
                    p: LJ.keys([(0, [0, 10]), (30, [45, 40])], o: (0.4, 0), i: (0.2, 1)), a: LJ.value([4, 2]), s: LJ.value([110, 90]),
                    r: LJ.value(15))
            let child = LJ.shapeLayer(
                [LJ.group([LJ.rect((0, 0), 20, 12), LJ.fill([0.1, 0.6, 0.3])])], ind: 1, ks: ks, extra: ",\"parent\":2")
            return LJ.animation(w: 100, h: 100, layers: [child, parent])
        }
        let (kept, folded) = (try LottieCompositingTests.layerCount(file(held: true)), try LottieCompositingTests.layerCount(file(held: false)))
        #expect(kept - folded == 1, "\(kept) layers kept, \(folded) folded")
        try Self.expectSamePixels(file(held: false), as: file(held: true), frame: frame)
    }
}

extension LottieLayerEconomyTests {
    /// A parent (a null layer) whose position and rotation animate goes onto its one child, a
    /// still shape layer, which then turns about the parent's anchor: one layer fewer than the
    /// same file with the child's position given as keyframes that hold (a moving child keeps
    /// its parent), and the same pixels (within one level on at most 4 pixels) played at every
    /// clock origin and shown paused.
    @Test(arguments: [3.0, 14, 26])
    func aMovingTurningParentOfOneStillLayerGoesOntoIt(frame: Double) throws {
        func file(held: Bool) -> String {
            let parentKs = LJ.transform(
                p: LJ.keys([(0, [30, 40]), (30, [70, 55])], o: (0.3, 0), i: (0.4, 1)), a: LJ.value([10, -5]),
                r: LJ.keys([(0, [0]), (30, [140])]))
            let parent = "{\"ty\":3,\"ind\":2,\"ip\":0,\"op\":60,\"st\":0,\"ks\":\(parentKs)}"
            let p = held ? LJ.keys([(0, [20, 25]), (30, [20, 25])]) : LJ.value([20, 25])
            let child = LJ.shapeLayer(
                [LJ.group([LJ.rect((0, 0), 20, 12), LJ.fill([0.6, 0.2, 0.7])])], ind: 1,
                ks: LJ.transform(p: p, a: LJ.value([4, 2])), extra: ",\"parent\":2")
            return LJ.animation(w: 100, h: 100, layers: [child, parent])
        }
        let (kept, folded) = (try LottieCompositingTests.layerCount(file(held: true)), try LottieCompositingTests.layerCount(file(held: false)))
        #expect(kept - folded == 1, "\(kept) layers kept, \(folded) folded")
        try Self.expectSamePixels(file(held: false), as: file(held: true), frame: frame)
    }
}

extension LottieLayerEconomyTests {
    /// `json`'s frame against `reference`'s, played at every clock origin and shown paused: the
    /// same pixels within one level on at most 4 pixels, and the reference inked (more than 100
    /// pixels) exactly when `shown`.
    static func expectSamePixels(_ json: String, as reference: String, frame: Double, shown: Bool = true) throws {
        var pairs: [(CGImage, CGImage)] = []
        for origin in origins {
            pairs.append((try LottieRender.frame(json, frame, origin: origin), try LottieRender.frame(reference, frame, origin: origin)))
        }
        pairs.append((try LottieRender.frame(json, frame, playing: false), try LottieRender.frame(reference, frame, playing: false)))
        for (k, (drawn, expected)) in pairs.enumerated() {
            #expect((LottieCompositingTests.inked(expected) > 100) == shown, "case \(k): drawn \(shown ? "" : "not ")at frame \(frame)")
            let difference = try #require(Golden.compare(drawn, expected, channelTolerance: 1))
            #expect(difference.differingPixels <= 4, "frame \(frame), case \(k): \(difference.differingPixels) px differ by more than 1 level")
        }
    }
}
