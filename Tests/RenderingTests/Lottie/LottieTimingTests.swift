import Foundation
import QuartzCore
import StrataLottie
import Testing

/// Lottie time through Core Animation: frame F shows time F / fr, keyframes keep their easing,
/// holds jump, precompositions run on their own time, layers show between their in and out
/// points, parents carry their children. Each check reasons out where a shape must be and reads
/// the pixels (tolerance: 1 point for positions, which antialiasing can move by a pixel).
@Suite("Lottie timing")
struct LottieTimingTests {
    /// A 10×10 red square whose centre moves along x by `position` keyframes, in a 100×100 comp.
    static func movingSquare(_ position: String, op: Double = 60) -> String {
        LJ.animation(op: op, layers: [
            LJ.shapeLayer([LJ.group([LJ.rect((0, 0), 10, 10), LJ.fill([1, 0, 0])])], ks: LJ.transform(p: position), op: op)
        ])
    }

    /// The centre x of the square in row 50 (nil when nothing is drawn there).
    static func centre(_ image: CGImage) -> Double? {
        guard let a = image.firstOpaqueColumn(row: 50), let b = image.lastOpaqueColumn(row: 50) else { return nil }
        return Double(a + b + 1) / 2
    }

    @Test(arguments: clockOrigins)
    func linearPositionKeyframesAreFrameExact(origin: Double) throws {
        let json = Self.movingSquare(LJ.keys([(0, [20, 50]), (30, [80, 50])]))
        for frame in [0.0, 6, 15, 24, 30, 45] {
            let image = try LottieRender.frame(json, frame, origin: origin)
            let expected = 20 + 2 * min(frame, 30)
            let x = try #require(Self.centre(image), "frame \(frame): the square is drawn")
            #expect(abs(x - expected) <= 1, "frame \(frame) at clock \(origin): centre \(x), expected \(expected)")
        }
    }

    @Test func fractionalFramesShowTheTimeBetween() throws {
        let json = Self.movingSquare(LJ.keys([(0, [20, 50]), (30, [80, 50])]))
        let image = try LottieRender.frame(json, 7.5, playing: false)
        let x = try #require(Self.centre(image))
        #expect(abs(x - 35) <= 1, "frame 7.5 is a quarter of the way: x = 35, got \(x)")
    }

    /// The eased value computed here from the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1), by bisection.
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if coordinate(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return coordinate((lo + hi) / 2, y1, y2)
    }

    @Test(arguments: clockOrigins)
    func bezierEasingFollowsTheKeyframeHandles(origin: Double) throws {
        let json = Self.movingSquare(LJ.keys([(0, [10, 50]), (30, [90, 50])], o: (0.8, 0), i: (0.2, 1)))
        for frame in [5.0, 10, 15, 22] {
            let expected = 10 + 80 * Self.bezier(frame / 30, 0.8, 0, 0.2, 1)
            let x = try #require(Self.centre(try LottieRender.frame(json, frame, origin: origin)))
            #expect(abs(x - expected) <= 1, "frame \(frame): centre \(x), eased expectation \(expected)")
        }
    }

    @Test func perDimensionEasingEasesXAndYApart() throws {
        // x linear, y strongly eased: at frame 10 of 20, x is half way, y far less than half.
        let position = """
            {"a":1,"k":[{"t":0,"s":[20,20],"o":{"x":[0,0.9],"y":[0,0]},"i":{"x":[1,1],"y":[1,1]}},{"t":20,"s":[80,80]}]}
            """
        let json = LJ.animation(layers: [
            LJ.shapeLayer([LJ.group([LJ.rect((0, 0), 6, 6), LJ.fill([0, 0, 1])])], ks: LJ.transform(p: position))
        ])
        let image = try LottieRender.frame(json, 10)
        let expectedY = 20 + 60 * Self.bezier(0.5, 0.9, 0, 1, 1)
        let column = 50
        let rows = (0..<100).filter { image.rgba(column, $0).a >= 128 }
        let y = Double((rows.first ?? 0) + (rows.last ?? 0) + 1) / 2
        #expect(!rows.isEmpty, "x is half way (50) at frame 10")
        #expect(abs(y - expectedY) <= 1, "y eased on its own: \(y), expected \(expectedY)")
    }

    @Test func spatialTangentsMoveAlongTheCurveByArcLength() throws {
        // From (20,50) to (80,50) with both handles 40 up: a symmetric arch whose arc-length
        // midpoint is its top, (50, 50 − ¾·40) = (50, 20), reached half way in time (linear easing).
        let position = """
            {"a":1,"k":[{"t":0,"s":[20,50],"to":[0,-40],"ti":[0,-40],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[80,50]}]}
            """
        let json = LJ.animation(layers: [
            LJ.shapeLayer([LJ.group([LJ.rect((0, 0), 6, 6), LJ.fill([0, 0, 1])])], ks: LJ.transform(p: position))
        ])
        let image = try LottieRender.frame(json, 15)
        let rows = (0..<100).filter { image.rgba(50, $0).a >= 128 }
        let y = Double((rows.first ?? -10) + (rows.last ?? -10) + 1) / 2
        #expect(abs(y - 20) <= 1, "the top of the arch at half time: y \(y)")
    }

    @Test func autoOrientTurnsTheLayerAlongItsPath() throws {
        // Moving down-right at 45°, a horizontal bar turns to point down-right.
        let layer = LJ.shapeLayer(
            [LJ.group([LJ.rect((0, 0), 40, 4), LJ.fill([0, 0, 0])])],
            ks: LJ.transform(p: LJ.keys([(0, [20, 20]), (30, [80, 80])])), extra: ",\"ao\":1")
        let image = try LottieRender.frame(LJ.animation(layers: [layer]), 15)
        #expect(image.rgba(60, 60).a == 255 && image.rgba(40, 40).a == 255, "along the diagonal")
        #expect(image.rgba(65, 50).a == 0 && image.rgba(35, 50).a == 0, "no longer horizontal")
    }

    @Test func holdKeyframesKeepTheirValueUntilTheNext() throws {
        let color = LJ.keys([(0, [1, 0, 0]), (10, [0, 0, 1]), (20, [0, 1, 0])], hold: [0])
        let json = LJ.animation(layers: [
            LJ.shapeLayer([LJ.group([LJ.rect((50, 50), 40, 40), "{\"ty\":\"fl\",\"c\":\(color),\"o\":{\"k\":100}}"])])
        ])
        let before = try LottieRender.frame(json, 9.9, playing: false).rgba(50, 50)
        #expect(near(before, (255, 0, 0, 255), tolerance: 1), "held red until frame 10: \(before)")
        let at = try LottieRender.frame(json, 10, playing: false).rgba(50, 50)
        #expect(near(at, (0, 0, 255, 255), tolerance: 1), "blue from frame 10: \(at)")
        let between = try LottieRender.frame(json, 15, playing: false).rgba(50, 50)
        #expect(abs(between.g - 128) <= 2 && abs(between.b - 128) <= 2, "then eased linearly to green: \(between)")
    }

    @Test func inAndOutPointsShowTheLayerOnlyBetween() throws {
        let json = LJ.animation(layers: [LJ.solid("#ff0000", w: 100, h: 100, ip: 10, op: 20)])
        for (frame, shown) in [(5.0, false), (9.9, false), (10, true), (19.9, true), (20, false), (40, false)] {
            let a = try LottieRender.frame(json, frame, playing: false).rgba(50, 50).a
            #expect((a == 255) == shown, "frame \(frame): \(shown ? "shown" : "hidden") (alpha \(a))")
        }
    }

    /// A precomposition whose inner square moves x 0→60 over inner frames 0…30.
    static func precomp(_ layerExtra: String) -> String {
        let inner = LJ.shapeLayer(
            [LJ.group([LJ.rect((0, 0), 10, 10), LJ.fill([0, 0.6, 0])])], ks: LJ.transform(p: LJ.keys([(0, [20, 50]), (30, [80, 50])])))
        let asset = "{\"id\":\"inner\",\"w\":100,\"h\":100,\"layers\":[\(inner)]}"
        let use = "{\"ty\":0,\"ind\":1,\"refId\":\"inner\",\"w\":100,\"h\":100,\"ip\":0,\"op\":60,\"ks\":\(LJ.transform())\(layerExtra)}"
        return LJ.animation(layers: [use], assets: [asset])
    }

    @Test(arguments: clockOrigins)
    func aPrecompositionsStartTimeDelaysItsTime(origin: Double) throws {
        let json = Self.precomp(",\"st\":10")
        // Root frame 25 is inner frame 15: x = 20 + 2·15.
        let x = try #require(Self.centre(try LottieRender.frame(json, 25, origin: origin)))
        #expect(abs(x - 50) <= 1, "inner frame 15 at root frame 25: \(x)")
    }

    @Test func aPrecompositionsStretchSlowsItsTime() throws {
        let json = Self.precomp(",\"st\":0,\"sr\":2")
        let x = try #require(Self.centre(try LottieRender.frame(json, 20)))
        #expect(abs(x - 40) <= 1, "sr 2: root frame 20 is inner frame 10, x = 40: \(x)")
    }

    @Test func timeRemappingPicksTheInnerTime() throws {
        // tm: 0.5 s held from frame 0 to 20, then to 0 s at frame 40 (inner frames at fr 30).
        let tm = LJ.keys([(0, [0.5]), (20, [0.5]), (40, [0])])
        let json = Self.precomp(",\"tm\":\(tm)")
        let held = try #require(Self.centre(try LottieRender.frame(json, 12)))
        #expect(abs(held - 50) <= 1, "tm 0.5 s = inner frame 15 → x 50: \(held)")
        let back = try #require(Self.centre(try LottieRender.frame(json, 30)))
        #expect(abs(back - 35) <= 1, "frame 30: tm 0.25 s = inner 7.5 → x 35: \(back)")
    }

    @Test func parentsMoveTheirChildrenButNotTheirOpacity() throws {
        let parent = "{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":\(LJ.transform(p: LJ.keys([(0, [0, 0]), (30, [30, 0])]), o: LJ.value(0)))}"
        let child = LJ.shapeLayer([LJ.group([LJ.rect((20, 50), 10, 10), LJ.fill([1, 0, 0])])], ind: 2, extra: ",\"parent\":1")
        let json = LJ.animation(layers: [child, parent])
        let image = try LottieRender.frame(json, 30)
        let x = try #require(Self.centre(image), "the child is drawn although its parent's opacity is 0")
        #expect(abs(x - 50) <= 1, "moved by the parent's 30 points: \(x)")
        #expect(image.rgba(50, 50).a == 255)
    }

    @Test func rotationTurnsAboutTheAnchorPoint() throws {
        // A bar from the anchor (50,50) to the right, turned 90° clockwise (y down): it points down.
        let json = LJ.animation(layers: [
            LJ.shapeLayer(
                [LJ.group([LJ.rect((20, 0), 40, 6), LJ.fill([0, 0, 0])])],
                ks: LJ.transform(p: LJ.value([50, 50]), r: LJ.keys([(0, [0]), (30, [90])])))
        ])
        let image = try LottieRender.frame(json, 30)
        #expect(image.rgba(50, 80).a == 255, "the bar points down")
        #expect(image.rgba(80, 50).a == 0, "no longer to the right")
    }

    @Test func negativeScaleMirrorsAndAnimatedScaleStaysMirrored() throws {
        // A dot right of the centre; x scale animates from −100 to −50: the dot stays on the left.
        let json = LJ.animation(layers: [
            LJ.shapeLayer(
                [LJ.group([LJ.rect((30, 0), 10, 10), LJ.fill([1, 0, 0])])],
                ks: LJ.transform(p: LJ.value([50, 50]), s: LJ.keys([(0, [-100, 100]), (30, [-50, 100])])))
        ])
        let start = try LottieRender.frame(json, 0)
        #expect(start.rgba(20, 50).a == 255 && start.rgba(80, 50).a == 0, "mirrored: the dot at x 20")
        let half = try LottieRender.frame(json, 15)
        // scale −0.75: the dot's centre at 50 − 22.5.
        #expect(half.rgba(28, 50).a == 255 && half.rgba(72, 50).a == 0, "still mirrored, closer to the centre")
    }
}
