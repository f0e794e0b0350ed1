import CoreGraphics
import QuartzCore
import Testing

@Suite("CATransition pixels: fade, moveIn, push, reveal")
struct TransitionGoldenTests {
    /// A red layer turned blue under a 1-second transition of `type`, sampled half way.
    func halfway(
        _ type: CATransitionType, subtype: CATransitionSubtype? = nil, at fraction: Double = 0.5, origin: Double = 10
    ) -> CGImage {
        let clock = MediaClock.Manual(time: origin)
        return MediaClock.withClock(clock) {
            let (root, panel) = scene { () -> (CALayer, CALayer) in
                let root = canvas(120, 60)
                let panel = solid(CGRect(x: 10, y: 10, width: 100, height: 40), 1, 0, 0)
                root.addSublayer(panel)
                return (root, panel)
            }
            CATransaction.begin()
            let transition = CATransition()
            transition.type = type
            transition.subtype = subtype
            transition.duration = 1
            panel.add(transition, forKey: nil)
            CATransaction.setDisableActions(true)
            panel.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
            return Golden.render(root, width: 120, height: 60, at: origin + fraction)
        }
    }

    @Test func fadeCrossDissolves() {
        let image = halfway(.fade)
        #expect(near(image.rgba(60, 30), (127, 0, 127, 255), tolerance: 2))
        Golden.check(image, named: "transition-fade")
    }

    @Test(arguments: clockOrigins)
    func pushMovesBothPictures(origin: Double) {
        // From the right: the old picture has moved half out to the left, the new one half in.
        let image = halfway(.push, subtype: .fromRight, origin: origin)
        #expect(near(image.rgba(30, 30), (255, 0, 0, 255)))
        #expect(near(image.rgba(90, 30), (0, 0, 255, 255)))
        #expect(near(image.rgba(115, 30), (255, 255, 255, 255)))  // cut to the bounds
        Golden.check(image, named: "transition-push-from-right")
    }

    @Test func moveInAndRevealFromLeft() {
        let moveIn = halfway(.moveIn)  // nil subtype: from the left
        #expect(near(moveIn.rgba(30, 30), (0, 0, 255, 255)))
        #expect(near(moveIn.rgba(90, 30), (255, 0, 0, 255)))
        let reveal = halfway(.reveal, subtype: .fromLeft)
        // Reveal: the old picture slides away (to the right) uncovering the new one from the left.
        #expect(near(reveal.rgba(30, 30), (0, 0, 255, 255)))
        #expect(near(reveal.rgba(90, 30), (255, 0, 0, 255)))
        Golden.check(moveIn, named: "transition-move-in-from-left")
    }

    @Test(arguments: clockOrigins)
    func transitionsEndOnTheNewPicture(origin: Double) {
        let clock = MediaClock.Manual(time: origin)
        MediaClock.withClock(clock) {
            let (root, panel) = scene { () -> (CALayer, CALayer) in
                let root = canvas(40, 40)
                let panel = solid(CGRect(x: 0, y: 0, width: 40, height: 40), 1, 0, 0)
                root.addSublayer(panel)
                return (root, panel)
            }
            CATransaction.begin()
            let transition = CATransition()
            transition.type = CATransitionType(rawValue: "noSuchEffect")  // tried: an unknown type → fade
            transition.duration = 1
            panel.add(transition, forKey: nil)
            panel.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            CATransaction.commit()
            #expect(near(Golden.render(root, width: 40, height: 40, at: origin + 0.5).rgba(20, 20), (127, 127, 0, 255), tolerance: 2))
            #expect(near(Golden.render(root, width: 40, height: 40, at: origin + 2).rgba(20, 20), (0, 255, 0, 255)))
        }
    }

    @Test func cubeTurnsBothPicturesAsFacesOfACube() {
        let image = halfway(CATransitionType(rawValue: "cube"), subtype: .fromRight)
        // Half way: the old face on the left, the new one on the right, each seen at 45°.
        #expect(near(image.rgba(35, 30), (255, 0, 0, 255), tolerance: 3))
        #expect(near(image.rgba(85, 30), (0, 0, 255, 255), tolerance: 3))
        Golden.check(image, named: "transition-cube-from-right", channelTolerance: 6, allowedPixels: 20)
    }

    @Test func oglFlipShowsTheOldThenTheNewPicture() {
        let early = halfway(CATransitionType(rawValue: "oglFlip"), subtype: .fromLeft, at: 0.25)
        #expect(near(early.rgba(60, 30), (255, 0, 0, 255), tolerance: 3))
        #expect(near(early.rgba(14, 30), (255, 255, 255, 255), tolerance: 3))  // turned: narrower
        let late = halfway(CATransitionType(rawValue: "oglFlip"), subtype: .fromLeft, at: 0.75)
        #expect(near(late.rgba(60, 30), (0, 0, 255, 255), tolerance: 3))
        Golden.check(late, named: "transition-oglflip-late", channelTolerance: 6, allowedPixels: 20)
    }
}
