import CoreGraphics
import Foundation
import QuartzCore
import Testing

/// Media times after days and months of uptime still give frame-exact results.
@Suite("Reliability: long uptimes")
struct TimeRobustnessTests {
    @Test(arguments: [0.0, 86_400.0 * 3, 86_400.0 * 90, 86_400.0 * 400])
    func animationsAreFrameExactAfterLongUptimes(_ start: Double) {
        let clock = MediaClock.Manual(time: start)
        MediaClock.withClock(clock) {
            let (root, mover) = scene { () -> (CALayer, CALayer) in
                let root = canvas(200, 40)
                let mover = solid(CGRect(x: 0, y: 10, width: 20, height: 20), 1, 0, 0)
                root.addSublayer(mover)
                return (root, mover)
            }
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 10
            move.toValue = 190
            move.duration = 3
            CATransaction.begin()
            mover.add(move, forKey: "move")
            CATransaction.commit()
            // Frame 90 of 180 at 60 fps: exactly half way.
            let t = start + 90.0 / 60
            let x = mover.presentation(at: t)?.position.x ?? -1
            #expect(abs(x - 100) < 1e-6, "x = \(x) at uptime \(start) s")
            let image = Golden.render(root, width: 200, height: 40, at: t)
            #expect(near(image.rgba(91, 20), (255, 0, 0, 255)))
            #expect(near(image.rgba(88, 20), (255, 255, 255, 255)))
        }
    }
}
