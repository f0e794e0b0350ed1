import Foundation
import QuartzCore
import StrataLottie
import Testing

/// The looping expressions (`loopOut`, `loopIn` with cycle, pingpong, offset, continue) read
/// without a JavaScript engine: positions worked out by hand at frames past the keyframes,
/// playing and paused, at several clock origins (tolerance 1 point).
@Suite("Lottie loop expressions")
struct LottieLoopExpressionTests {
    /// A 10×10 square moving x 20 → 80 over `keys` frames, with expression `x`, in a 200-wide comp.
    static func json(_ x: String, keys: (Double, Double) = (0, 30)) -> String {
        let keyed = LJ.keys([(keys.0, [20, 50]), (keys.1, [80, 50])])
        let p = String(keyed.dropLast()) + ",\"x\":\"\(x)\"}"
        return LJ.animation(w: 200, op: 90, layers: [
            LJ.shapeLayer([LJ.group([LJ.rect((0, 0), 10, 10), LJ.fill([1, 0, 0])])], ks: LJ.transform(p: p), op: 90)
        ])
    }

    @Test(arguments: [
        ("var $bm_rt;\\n$bm_rt = loopOut();", 40.0, 40.0), ("$bm_rt = loopOut('Cycle');", 75, 50),
        ("var $bm_rt;\\n$bm_rt = loopOut('pingpong');", 40, 60), ("$bm_rt = loopOut(\\\"pingpong\\\");", 70, 40),
        ("$bm_rt = loopOut('offset');", 40, 100), ("$bm_rt = loopOut('continue');", 40, 100),
    ])
    func loopOutRepeatsTheKeyframesAfterTheLast(expression: String, frame: Double, x: Double) throws {
        let json = Self.json(expression)
        let animation = try LottieRender.animation(json)
        #expect(!animation.warnings.contains { $0.contains("expressions") }, "\(animation.warnings)")
        for origin in clockOrigins {
            for playing in [true, false] {
                let centre = try #require(LottieTimingTests.centre(try LottieRender.frame(json, frame, origin: origin, playing: playing)))
                #expect(abs(centre - x) <= 1, "\(expression) at frame \(frame) (origin \(origin), playing \(playing)): \(centre), expected \(x)")
            }
        }
    }

    @Test func loopInRepeatsTheKeyframesBeforeTheFirst() throws {
        // Keyframes at 10 and 40: frame 0 shows frame 30 of the loop, x = 20 + 2·20 = 60.
        let json = Self.json("$bm_rt = loopIn();", keys: (10, 40))
        let x = try #require(LottieTimingTests.centre(try LottieRender.frame(json, 0, playing: false)))
        #expect(abs(x - 60) <= 1, "\(x)")
        let inside = try #require(LottieTimingTests.centre(try LottieRender.frame(json, 25, playing: false)))
        #expect(abs(inside - 50) <= 1, "inside the keyframes nothing changes: \(inside)")
    }

    /// Issue 42: `loopOut('pingpong')` over keyframes 1e-307 frames apart made the count of loops
    /// infinite and trapped converting it; no loop is read then, and the last keyframe holds.
    @Test func loopsOverKeyframesAHairApartHoldTheLastValue() throws {
        let json = Self.json("$bm_rt = loopOut('pingpong');", keys: (0, 1e-307))
        let x = try #require(LottieTimingTests.centre(try LottieRender.frame(json, 40, playing: false)))
        #expect(abs(x - 80) <= 1, "held after the last keyframe: \(x)")
    }

    @Test func otherExpressionsAreWarnedAndTheKeyframesUsed() throws {
        let json = Self.json("$bm_rt = wiggle(2, 30);")
        #expect(try LottieRender.animation(json).warnings.contains { $0.contains("expressions other than loopIn/loopOut") })
        let x = try #require(LottieTimingTests.centre(try LottieRender.frame(json, 40, playing: false)))
        #expect(abs(x - 80) <= 1, "held after the last keyframe: \(x)")
    }
}
