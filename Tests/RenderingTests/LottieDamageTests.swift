import Foundation
import QuartzCore
import StrataLottie
import Testing

/// A CARenderer redraws only what changed. On real Lottie files (the bench's), frame after frame,
/// the partially redrawn frame must show what a fresh renderer draws whole at the same time (a
/// second player of the same file, started at the same instant).
///
/// Metric: the two paths may antialias an edge differently (a raster resampled against a path
/// drawn in place), so pixels are not compared one by one; instead every 8×8 block's mean must
/// agree within 24 levels a channel (an edge pixel off by 255 moves its block's mean by 4; a
/// stale 4×4 dot left behind moves it by 64), and at most 0.6 % of the pixels may be off by more
/// than 48 levels (the bound of the direct-drawing tests). This test found the strokes of
/// LottieLogo1_masked frozen mid-trim: caches knew paths by their address, and each frame's new
/// path was often allocated where the last frame's had just been freed.
@Suite("Damage on Lottie files")
struct LottieDamageTests {
    static let files = DirectDrawingTests.files

    /// The largest difference of 8×8 block means (levels of 255, any channel) of two same-sized images.
    static func blockDifference(_ a: CGImage, _ b: CGImage) -> Int {
        let pa = a.pixels.words, pb = b.pixels.words, width = a.width, height = a.height
        var worst = 0
        for by in stride(from: 0, to: height, by: 8) {
            for bx in stride(from: 0, to: width, by: 8) {
                var sums = [Int](repeating: 0, count: 4), count = 0
                for y in by..<min(by + 8, height) {
                    for x in bx..<min(bx + 8, width) {
                        let p = pa[y * width + x], q = pb[y * width + x]
                        for c in 0..<4 { sums[c] += Int((p >> UInt32(8 * c)) & 0xFF) - Int((q >> UInt32(8 * c)) & 0xFF) }
                        count += 1
                    }
                }
                for c in 0..<4 { worst = max(worst, abs(sums[c]) / count) }
            }
        }
        return worst
    }

    static func player(_ animation: LottieAnimation, _ canvas: CGRect) -> LottieLayer {
        let player = scene { () -> LottieLayer in
            let player = LottieLayer(animation: animation)
            player.frame = canvas
            player.loopMode = .loop
            return player
        }
        player.play()
        return player
    }

    /// Two players of `animation` started at the current clock's instant: the first drawn by a
    /// renderer into a context of the composition's size, the second the fresh reference.
    static func playedAndReference(_ animation: LottieAnimation) -> (CARenderer, CGContext, LottieLayer) {
        let width = Int(animation.size.width), height = Int(animation.size.height)
        let canvas = CGRect(x: 0, y: 0, width: width, height: height)
        let played = player(animation, canvas), reference = player(animation, canvas)
        CATransaction.flush()
        let context = Golden.makeContext(width: width, height: height)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = played
        return (renderer, context, reference)
    }

    /// Each file at one clock origin (cycled over the files), 14 frames from a point where things
    /// move; `tight`: some frame of the run redraws under a quarter of the destination.
    @Test(arguments: [
        ("success", 0, 20, true), ("LottieLogo1_masked", 1, 40, true), ("shop", 2, 10, false),
        ("TwitterHeartButton", 0, 30, false), ("step_loader", 1, 60, false), ("infinity_loader", 2, 10, false),
    ] as [(String, Int, Int, Bool)])
    func partialFramesShowWhatAFreshRendererDraws(name: String, cycle: Int, first: Int, tight: Bool) throws {
        let animation = try LottieAnimation(contentsOf: Self.files.appendingPathComponent("\(name).json"))
        let width = Int(animation.size.width), height = Int(animation.size.height)
        let origin = clockOrigins[cycle % clockOrigins.count]
        MediaClock.withClock(MediaClock.Manual(time: origin)) {
            let (renderer, context, reference) = Self.playedAndReference(animation)
            var smallest = Double.infinity
            for k in 0..<14 {
                let t = origin + Double(first + k) / animation.frameRate
                renderer.beginFrame(atTime: t, timeStamp: nil)
                let damage = renderer.updateBounds()
                if k > 0 { smallest = min(smallest, damage.isNull ? 0 : damage.width * damage.height) }
                renderer.render()
                renderer.endFrame()
                let fresh = Golden.render(reference, width: width, height: height, at: t)
                guard let image = context.makeImage(), let difference = Golden.compare(image, fresh, channelTolerance: 48) else {
                    Issue.record("\(name): no image")
                    return
                }
                let what = "\(name) frame \(first + k) (origin \(origin))"
                #expect(Self.blockDifference(image, fresh) <= 24, "\(what): 8×8 block means")
                #expect(Double(difference.differingPixels) <= Double(width * height) * 0.006, "\(what): \(difference)")
            }
            if tight {
                #expect(smallest < Double(width * height) / 4, "\(name): the damage stays small (\(smallest) pixels at least)")
            }
        }
    }

    /// A renderer's time may go back (a scrubbed timeline, a benchmark's second pass): after
    /// frames 30 … 115 of TwitterHeartButton, frames 40 and 50 drawn again show what a fresh
    /// renderer draws (the metric above), at three clock origins.
    @Test(arguments: clockOrigins)
    func framesDrawnAfterTimeWentBackShowWhatAFreshRendererDraws(origin: Double) throws {
        let animation = try LottieAnimation(contentsOf: Self.files.appendingPathComponent("TwitterHeartButton.json"))
        let width = Int(animation.size.width), height = Int(animation.size.height)
        MediaClock.withClock(MediaClock.Manual(time: origin)) {
            let (renderer, context, reference) = Self.playedAndReference(animation)
            for frame in Array(30...115) + [40, 50] {
                let t = origin + Double(frame) / animation.frameRate
                renderer.beginFrame(atTime: t, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
                guard frame == 40 || frame == 50, let image = context.makeImage() else { continue }
                let fresh = Golden.render(reference, width: width, height: height, at: t)
                guard let difference = Golden.compare(image, fresh, channelTolerance: 48) else {
                    Issue.record("no image")
                    return
                }
                #expect(Self.blockDifference(image, fresh) <= 24, "frame \(frame) again (origin \(origin)): 8×8 block means")
                #expect(Double(difference.differingPixels) <= Double(width * height) * 0.006, "frame \(frame) again: \(difference)")
            }
        }
    }
}
