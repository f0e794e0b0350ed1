import Foundation
import QuartzCore
import StrataLottie
import Testing

/// What a layer's start time (`st`) moves, and what the first and last frames show, as iOS,
/// lottie-web and ThorVG play files: `st` (and `sr`) move only a precomposition's contents, never
/// a layer's own keyframes, its parent's, a precomposition's transform or its time remapping;
/// out points are exclusive except on the root's last frame (progress 1). Positions are read
/// from the pixels (tolerance 1 point), at several clock origins, paused and playing.
@Suite("Lottie time rules")
struct LottieTimeRulesTests {
    static func square(_ rgb: [Double], ks: String, ind: Int = 1, ip: Double = 0, op: Double = 60, extra: String = "") -> String {
        LJ.shapeLayer([LJ.group([LJ.rect((0, 0), 10, 10), LJ.fill(rgb)])], ind: ind, ks: ks, ip: ip, op: op, extra: extra)
    }

    static let moving = LJ.transform(p: LJ.keys([(0, [20, 50]), (30, [80, 50])]))

    @Test(arguments: clockOrigins)
    func aLayersStartTimeDoesNotShiftItsOwnKeyframes(origin: Double) throws {
        let layer = Self.square([1, 0, 0], ks: Self.moving).replacingOccurrences(of: "\"st\":0", with: "\"st\":10")
        let json = LJ.animation(layers: [layer])
        for (frame, expected) in [(0.0, 20.0), (12.5, 45), (25, 70), (30, 80)] {
            for playing in [true, false] {
                let x = try #require(LottieTimingTests.centre(try LottieRender.frame(json, frame, origin: origin, playing: playing)))
                #expect(abs(x - expected) <= 1, "st 10, frame \(frame) (playing \(playing)): keyframe time, x \(x), expected \(expected)")
            }
        }
    }

    @Test func aParentsStartTimeDoesNotShiftItsKeyframes() throws {
        let parent = "{\"ty\":3,\"ind\":1,\"ip\":0,\"op\":60,\"st\":20,\"ks\":\(LJ.transform(p: LJ.keys([(0, [0, 0]), (30, [30, 0])])))}"
        let child = Self.square([1, 0, 0], ks: LJ.transform(p: LJ.value([20, 50])), ind: 2, extra: ",\"parent\":1")
        let x = try #require(LottieTimingTests.centre(try LottieRender.frame(LJ.animation(layers: [child, parent]), 15)))
        #expect(abs(x - 35) <= 1, "the parent at frame 15 has moved 15: x \(x)")
    }

    /// A precomposition of a square moving x 20→80 over inner frames 0…30, used with `extra`,
    /// its own position moving by `slide` over root frames 0…30.
    static func precomp(_ extra: String, slide: Double = 0) -> String {
        let asset = "{\"id\":\"inner\",\"w\":100,\"h\":100,\"layers\":[\(Self.square([0, 0.6, 0], ks: Self.moving))]}"
        let ks = LJ.transform(p: LJ.keys([(0, [0, 0]), (30, [slide, 0])]))
        let use = "{\"ty\":0,\"ind\":1,\"refId\":\"inner\",\"w\":100,\"h\":100,\"ip\":0,\"op\":60,\"ks\":\(ks)\(extra)}"
        return LJ.animation(layers: [use], assets: [asset])
    }

    @Test(arguments: clockOrigins)
    func aPrecompositionsStartTimeShiftsItsContentsNotItsTransform(origin: Double) throws {
        // Root frame 25: the precomposition's own keyframes at 25 (moved 10·25/30), its contents at 15 (x 50).
        let json = Self.precomp(",\"st\":10", slide: 12)
        let x = try #require(LottieTimingTests.centre(try LottieRender.frame(json, 25, origin: origin)))
        #expect(abs(x - 60) <= 1, "contents at inner frame 15 (50) + own slide at frame 25 (10): \(x)")
    }

    @Test func timeRemappingIgnoresTheStartTime() throws {
        // tm 0.5 s (inner frame 15) held over frames 0…20, then to 0 s at frame 40; st 10 changes nothing.
        let tm = LJ.keys([(0, [0.5]), (20, [0.5]), (40, [0])])
        for st in [0.0, 10] {
            let json = Self.precomp(",\"st\":\(LJ.num(st)),\"tm\":\(tm)")
            let held = try #require(LottieTimingTests.centre(try LottieRender.frame(json, 12)))
            #expect(abs(held - 50) <= 1, "st \(st), frame 12: tm 0.5 s = inner frame 15 → x 50: \(held)")
            let back = try #require(LottieTimingTests.centre(try LottieRender.frame(json, 30)))
            #expect(abs(back - 35) <= 1, "st \(st), frame 30: tm 0.25 s = inner 7.5 → x 35: \(back)")
        }
    }

    @Test(arguments: clockOrigins)
    func theLastFrameShowsLayersThatEndAtTheOutPoint(origin: Double) throws {
        // Red from 10 to the out point 60; blue at the right from 0 to 30.
        let red = Self.square([1, 0, 0], ks: LJ.transform(p: LJ.value([30, 50])), ip: 10, op: 60)
        let blue = Self.square([0, 0, 1], ks: LJ.transform(p: LJ.value([70, 50])), ind: 2, ip: 0, op: 30)
        let json = LJ.animation(op: 60, layers: [red, blue])
        for playing in [true, false] {
            let last = try LottieRender.frame(json, 60, origin: origin, playing: playing)
            #expect(last.rgba(30, 50).a == 255, "frame 60 = op (playing \(playing)): the layer ending there is shown")
            #expect(last.rgba(70, 50).a == 0, "frame 60: a layer that ended at 30 stays hidden")
            let boundary = try LottieRender.frame(json, 30, origin: origin, playing: playing)
            #expect(boundary.rgba(70, 50).a == 0, "frame 30: out points inside the animation are exclusive (After Effects)")
            let before = try LottieRender.frame(json, 29.5, origin: origin, playing: playing)
            #expect(before.rgba(70, 50).a == 255, "frame 29.5: still shown")
            #expect(before.rgba(30, 50).a == 255 && boundary.rgba(30, 50).a == 255, "red is shown from 10 on")
        }
    }

    @Test func theLastFrameOfAPrecompositionEndingAtTheOutPointIsShown() throws {
        let asset = "{\"id\":\"inner\",\"w\":100,\"h\":100,\"layers\":[\(Self.square([0, 0.6, 0], ks: LJ.transform(p: LJ.value([50, 50])), ip: 0, op: 40))]}"
        let use = "{\"ty\":0,\"ind\":1,\"refId\":\"inner\",\"w\":100,\"h\":100,\"ip\":20,\"op\":60,\"st\":20,\"ks\":\(LJ.transform())}"
        let json = LJ.animation(op: 60, layers: [use], assets: [asset])
        #expect(try LottieRender.frame(json, 60).rgba(50, 50).a == 255, "inner out point 40 + st 20 = the root's out point: shown on the last frame")
        #expect(try LottieRender.frame(json, 19).rgba(50, 50).a == 0, "before the precomposition's in point")
        #expect(try LottieRender.frame(json, 45).rgba(50, 50).a == 255, "inner frame 25")
    }
}
