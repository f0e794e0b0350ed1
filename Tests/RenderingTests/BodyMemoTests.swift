import CoreGraphics
import QuartzCore
import StrataCompositor
import StrataRender
import Testing

/// What a layer draws itself (its body) is described once and kept by a renderer while the layer's
/// look holds: a layer animating only what places it or fades it keeps its body; one animating
/// its colour, or changed by a commit, gets a new one, and its pixels follow.
@Suite("CARenderer: bodies kept while a layer's look holds")
struct BodyMemoTests {
    /// The pixel at (x, y) of `context`'s image as (r, g, b) levels (premultiplied, opaque here).
    func pixel(_ context: CGContext, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        guard let image = context.makeImage() else { return (-1, -1, -1) }
        let word = image.pixels.words[y * image.width + x]
        return (Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF))
    }

    @Test(arguments: clockOrigins)
    func onlyLayersWhoseLookChangesGetNewBodies(origin: Double) {
        MediaClock.withClock(MediaClock.Manual(time: origin)) {
            let (root, still, fading, tinted) = scene { () -> (CALayer, CALayer, CALayer, CALayer) in
                let root = canvas(200, 100)
                let still = solid(CGRect(x: 10, y: 10, width: 40, height: 80), 0, 1, 0)
                still.cornerRadius = 6
                let fading = solid(CGRect(x: 80, y: 10, width: 40, height: 80), 0, 0, 1)
                let tinted = solid(CGRect(x: 150, y: 10, width: 40, height: 80), 1, 0, 0)
                for layer in [still, fading, tinted] { root.addSublayer(layer) }
                return (root, still, fading, tinted)
            }
            CATransaction.begin()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.2
            fade.duration = 2
            fading.add(fade, forKey: "fade")
            let tint = CABasicAnimation(keyPath: "backgroundColor")
            tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            tint.toValue = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            tint.duration = 2
            tinted.add(tint, forKey: "tint")
            CATransaction.commit()
            let context = Golden.makeContext(width: 200, height: 100)
            let renderer = CARenderer(cgContext: context)
            renderer.layer = root
            func frame(at t: Double) {
                renderer.beginFrame(atTime: origin + t, timeStamp: nil)
                renderer.addUpdate(CGRect(x: 0, y: 0, width: 200, height: 100))  // every layer drawn
                renderer.render()
                renderer.endFrame()
            }
            frame(at: 0)
            #expect(renderer.bodiesMadeInLastFrame == 4, "the first frame describes every layer")
            for t in [0.5, 1.0, 1.5] {
                frame(at: t)
                // Only the tinted layer's look changed; the fading one only fades.
                #expect(renderer.bodiesMadeInLastFrame == 1, "t \(t)")
                let alpha = 1 - 0.8 * t / 2, p = t / 2
                let f = pixel(context, 100, 50), c = pixel(context, 170, 50)
                let fadedWhite = Int((255 * (1 - alpha)).rounded())
                #expect(abs(f.0 - fadedWhite) <= 2 && abs(f.1 - fadedWhite) <= 2 && f.2 == 255, "fading at \(t): \(f)")
                #expect(abs(c.0 - Int((255 * (1 - p)).rounded())) <= 2 && c.1 == 0 && c.2 == 0, "tinted at \(t): \(c)")
            }
            // A commit changes the still layer's colour: its body is described again.
            scene { still.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1) }
            frame(at: 1.75)
            #expect(renderer.bodiesMadeInLastFrame == 2)
            let s = pixel(context, 30, 50)
            #expect(s == (255, 255, 0), "the still layer's new colour: \(s)")
        }
    }

    /// Damage follows what places a layer even though its look is named by a serial (footprints
    /// hash the look serial and the placing properties): a layer that only fades, and one that
    /// only moves its shadow, are redrawn frame after frame without forced updates.
    @Test(arguments: clockOrigins)
    func layersAnimatingOnlyPlacementAreRedrawnByDamage(origin: Double) {
        MediaClock.withClock(MediaClock.Manual(time: origin)) {
            let (root, fading, shadowed) = scene { () -> (CALayer, CALayer, CALayer) in
                let root = canvas(200, 100)
                let fading = solid(CGRect(x: 20, y: 10, width: 40, height: 80), 0, 0, 1)
                let shadowed = solid(CGRect(x: 120, y: 30, width: 40, height: 40), 0, 0, 0)
                shadowed.shadowOpacity = 1
                shadowed.shadowRadius = 0
                shadowed.shadowColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                shadowed.shadowOffset = .zero
                root.addSublayer(fading)
                root.addSublayer(shadowed)
                return (root, fading, shadowed)
            }
            CATransaction.begin()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 2
            fading.add(fade, forKey: "fade")
            let drop = CABasicAnimation(keyPath: "shadowOffset")
            drop.fromValue = CGSize.zero
            drop.toValue = CGSize(width: 30, height: 0)
            drop.duration = 2
            shadowed.add(drop, forKey: "drop")
            CATransaction.commit()
            let context = Golden.makeContext(width: 200, height: 100)
            let renderer = CARenderer(cgContext: context)
            renderer.layer = root
            for t in [0.0, 0.5, 1.0, 1.5] {
                renderer.beginFrame(atTime: origin + t, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
                let alpha = 1 - t / 2
                let f = pixel(context, 40, 50)
                let white = Int((255 * (1 - alpha)).rounded())
                #expect(abs(f.0 - white) <= 2 && abs(f.1 - white) <= 2 && f.2 == 255, "fading at \(t): \(f)")
                // The shadow's right edge moves right by 15 points a second: past 160 + 15t it is white.
                let edge = 160 + Int(15 * t)
                #expect(pixel(context, edge - 2, 50) == (255, 0, 0) || t == 0, "shadow inside at \(t)")
                #expect(pixel(context, edge + 3, 50) == (255, 255, 255), "white past the shadow at \(t)")
            }
        }
    }
}
