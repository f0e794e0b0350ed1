import Foundation
import QuartzCore
import StrataCompositor
import StrataLottie
import Testing

/// Layers that never reach the target (`OffCanvas`): a renderer stops evaluating and placing
/// them from a snapshot's second frame, and the pixels it draws are those of a renderer whose
/// target holds them (metric: no channel of the shared region off by more than 1 level).
@Suite("Lottie layers that never reach the view")
struct LottieOffCanvasTests {
    /// An open two-point path stroked `width` wide, trimmed by keyframes whose start passes the
    /// end (so the trimmed path is sampled at every frame, as TwitterHeartButton's sparks are).
    static func spark(from a: (Double, Double), to b: (Double, Double), width: Double, ind: Int) -> String {
        let path = "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":{\"c\":false,\"v\":[[\(LJ.num(a.0)),\(LJ.num(a.1))],[\(LJ.num(b.0)),\(LJ.num(b.1))]],\"i\":[[0,0],[0,0]],\"o\":[[0,0],[0,0]]}}}"
        let trim = LJ.trim(start: LJ.keys([(0, [45]), (30, [5])]), end: LJ.keys([(0, [50]), (30, [10])]))
        return LJ.shapeLayer([LJ.group([path, LJ.stroke([0.9, 0.3, 0.1], width: width, cap: 2)]), trim], ind: ind)
    }

    /// A spark far outside the 100 × 100 view (its trim never brings it nearer than 50 points)
    /// and one inside it.
    static let file = LJ.animation(
        w: 100, h: 100, layers: [
            spark(from: (-100, -100), to: (-10, -10), width: 6, ind: 1),
            spark(from: (10, 50), to: (90, 60), width: 6, ind: 2),
        ])

    /// Frames 3 … 12 played from clock `origin` by one renderer on a `size` target, the player at
    /// `offset`; the last frame's count of layers found off the target, and of animated layers
    /// evaluated as changed.
    static func play(origin: Double, size: Int, offset: Double) throws -> (frames: [CGImage], off: Int, changed: Int) {
        let animation = try LottieRender.animation(file)
        let clock = MediaClock.Manual(time: origin)
        return MediaClock.withClock(clock) {
            let root = scene { () -> CALayer in
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: size, height: size)
                let player = LottieLayer(animation: animation)
                player.frame = CGRect(x: offset, y: offset, width: 100, height: 100)
                root.addSublayer(player)
                player.play()
                return root
            }
            CATransaction.flush()
            let context = Golden.makeContext(width: size, height: size)
            let renderer = CARenderer(cgContext: context)
            renderer.layer = root
            var frames: [CGImage] = []
            for k in 3...12 {
                renderer.beginFrame(atTime: origin + Double(k) / 30, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
                if let image = context.makeImage() { frames.append(image) }
            }
            return (frames, renderer.layersOffCanvas, renderer.layersChangedInLastFrame)
        }
    }

    @Test(arguments: [0.0, 1e6, 0.37])
    func aSparkThatNeverReachesTheViewIsSkippedWithTheSamePixels(origin: Double) throws {
        let small = try Self.play(origin: origin, size: 100, offset: 0)
        let large = try Self.play(origin: origin, size: 300, offset: 100)
        #expect(small.off == 1, "the far spark is found off the 100 × 100 target (\(small.off))")
        #expect(large.off == 0, "on a 300 × 300 target with the view in its middle, nothing is off (\(large.off))")
        #expect(small.changed < large.changed, "the skipped spark is not evaluated (\(small.changed) vs \(large.changed))")
        for (k, (a, b)) in zip(small.frames, large.frames).enumerated() {
            let crop = try #require(b.cropping(to: CGRect(x: 100, y: 100, width: 100, height: 100)))
            let difference = try #require(Golden.compare(a, crop, channelTolerance: 1))
            #expect(difference.differingPixels == 0, "frame \(k + 3) at \(origin): \(difference)")
            #expect(LottieCompositingTests.inked(a) > 50, "the near spark is drawn in frame \(k + 3)")
        }
        // The large target shows the far spark: it was drawn there (the two were told apart).
        let whole = try #require(large.frames.first)
        let corner = try #require(whole.cropping(to: CGRect(x: 0, y: 0, width: 100, height: 100)))
        #expect(LottieCompositingTests.inked(corner) > 20, "the far spark shows on the large target")
    }

    /// The distance between a hull and the target, which decides: a spark's tip near a corner
    /// of the target is as far as the corner, not as the nearer sides.
    @Test func theDistanceToTheTargetIsMeasuredToItsCorners() {
        let target = CGRect(x: 0, y: 0, width: 10, height: 10)
        let tip = OffCanvas.distance([CGPoint(x: -10, y: -10), CGPoint(x: -5, y: -5)], target)
        #expect(abs(tip - 50.0.squareRoot()) < 1e-9, "a segment pointing at a corner: \(tip)")
        #expect(OffCanvas.distance([CGPoint(x: -5, y: 5), CGPoint(x: 15, y: 5)], target) == 0, "a segment across it")
        let around = [CGPoint(x: -20, y: -20), CGPoint(x: 30, y: -20), CGPoint(x: 30, y: 30), CGPoint(x: -20, y: 30)]
        #expect(OffCanvas.distance(around, target) == 0, "a hull around it")
        #expect(abs(OffCanvas.distance([CGPoint(x: 13, y: 4)], target) - 3) < 1e-9, "a point beside it")
    }
}
