import CoreGraphics
import Foundation
import QuartzCore
import StrataCompositor
import StrataRender
import Testing

/// A raster whose map did not change since the last frame is put on the target from a copy
/// resampled in target pixels. Metric for "the same pixels": the largest difference of any
/// premultiplied channel between the frame drawn from copies and the frame resampled directly.
@Suite("Compositor: placed copies of still layers")
struct PlacedCopyTests {
    /// Rotated, scaled, rounded, bordered, translucent, shadowed, clipped and perspective layers.
    func stillScene() -> CALayer {
        scene { () -> CALayer in
            let root = canvas(240, 160)
            let card = solid(CGRect(x: 20, y: 20, width: 70, height: 50), 0.2, 0.5, 0.9)
            card.contents = quadrantImage(size: 16)
            card.cornerRadius = 9
            card.borderWidth = 2
            card.borderColor = CGColor(gray: 0.1, alpha: 1)
            card.masksToBounds = true
            card.setAffineTransform(CGAffineTransform(rotationAngle: 0.35).scaledBy(x: 1.1, y: 0.9))
            root.addSublayer(card)
            let translucent = solid(CGRect(x: 110, y: 15, width: 60, height: 60), 0.9, 0.2, 0.1)
            translucent.cornerRadius = 12
            translucent.opacity = 0.6
            translucent.setAffineTransform(CGAffineTransform(rotationAngle: -0.5))
            root.addSublayer(translucent)
            let shadowed = solid(CGRect(x: 180, y: 30, width: 40, height: 40), 0.3, 0.8, 0.3)
            shadowed.cornerRadius = 6
            shadowed.shadowOpacity = 0.6
            shadowed.shadowRadius = 4
            shadowed.setAffineTransform(CGAffineTransform(rotationAngle: 0.2))
            root.addSublayer(shadowed)
            let clipper = solid(CGRect(x: 20, y: 95, width: 80, height: 50), 0.95, 0.9, 0.6)
            clipper.masksToBounds = true
            clipper.setAffineTransform(CGAffineTransform(rotationAngle: 0.1))
            let child = solid(CGRect(x: 40, y: 10, width: 60, height: 30), 0.5, 0.1, 0.6)
            child.cornerRadius = 5
            child.setAffineTransform(CGAffineTransform(rotationAngle: 0.7))
            clipper.addSublayer(child)
            root.addSublayer(clipper)
            let flip = solid(CGRect(x: 130, y: 95, width: 80, height: 50), 0.1, 0.6, 0.7)
            flip.cornerRadius = 8
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 300
            flip.transform = CATransform3DRotate(perspective, 0.6, 0, 1, 0)
            root.addSublayer(flip)
            return root
        }
    }

    /// Draws `root`'s committed tree with `compositor` into a fresh 240×160 bitmap.
    func draw(_ root: CALayer, with compositor: Compositor) -> CGImage {
        let context = Golden.makeContext(width: 240, height: 160)
        guard let snapshot = root.committedSnapshot?.snapshot else { return context.makeImage()! }
        context.withCairo { cr, base, clip in
            compositor.draw(
                snapshot, states: snapshot.nodes.map(\.state), placement: .inSuperlayer, into: cr, base: base,
                clip: clip)
        }
        return context.makeImage()!
    }

    /// Frame 1 resamples (a placement first seen), frame 2 makes the copies, frame 3 only copies;
    /// frame 3 has frame 1's pixels within two levels on antialiased edges (cairo blends an edge
    /// pixel as a lerp by its coverage; the copy holds colour × coverage, rounded, put on with
    /// OVER: the same value, rounded differently).
    @Test func aStillLayerIsDrawnFromItsCopyWithTheSamePixels() throws {
        let root = stillScene()
        let compositor = Compositor()
        let direct = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame == 0)
        let making = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame >= 6)
        let copied = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame == 0)
        #expect(compositor.rastersMadeInLastFrame == 0)
        let first = try #require(Golden.compare(direct, copied, channelTolerance: 2))
        #expect(first.differingPixels == 0, "copied vs resampled: \(first)")
        let second = try #require(Golden.compare(direct, making, channelTolerance: 2))
        #expect(second.differingPixels == 0, "frame making the copies vs resampled: \(second)")
    }

    /// A layer that turns every frame is resampled every frame: no copy is made for a map that
    /// is seen once.
    @Test func aLayerWhoseMapChangesEveryFrameGetsNoCopy() {
        let (root, spinner) = scene { () -> (CALayer, CALayer) in
            let root = canvas(240, 160)
            let spinner = solid(CGRect(x: 60, y: 40, width: 80, height: 60), 0.2, 0.4, 0.8)
            spinner.cornerRadius = 10
            root.addSublayer(spinner)
            return (root, spinner)
        }
        let compositor = Compositor()
        for frame in 0..<5 {
            scene { spinner.setAffineTransform(CGAffineTransform(rotationAngle: 0.1 * Double(frame))) }
            let image = draw(root, with: compositor)
            #expect(compositor.placedMadeInLastFrame == 0, "frame \(frame)")
            #expect(compositor.placedByteCount == 0, "frame \(frame): \(compositor.placedByteCount) bytes held")
            #expect(near(image.rgba(100, 70), (51, 102, 204, 255), tolerance: 1))
        }
    }

    /// Moving a still, rotated layer by whole pixels keeps its copy (the key leaves out the
    /// whole-pixel offset), and the moved copy has the pixels a direct resampling gives (within
    /// two levels, as above).
    @Test func movingByWholePixelsKeepsTheCopy() throws {
        let (root, card) = scene { () -> (CALayer, CALayer) in
            let root = canvas(240, 160)
            let card = solid(CGRect(x: 40, y: 30, width: 90, height: 60), 0.8, 0.3, 0.2)
            card.cornerRadius = 11
            card.borderWidth = 3
            card.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
            root.addSublayer(card)
            return (root, card)
        }
        let compositor = Compositor()
        _ = draw(root, with: compositor)
        _ = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame > 0)
        scene { card.position = CGPoint(x: card.position.x + 7, y: card.position.y + 4) }
        let moved = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame == 0)
        #expect(compositor.rastersMadeInLastFrame == 0)
        let direct = draw(root, with: Compositor())
        let difference = try #require(Golden.compare(moved, direct, channelTolerance: 2))
        #expect(difference.differingPixels == 0, "moved copy vs resampled: \(difference)")
    }

    /// With no room in the copies' byte budget, everything is resampled and looks the same.
    @Test func anExhaustedBudgetFallsBackToResampling() throws {
        let root = stillScene()
        let compositor = Compositor()
        compositor.placedByteBudget = 0
        let first = draw(root, with: compositor)
        _ = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame == 0)
        #expect(compositor.placedByteCount == 0)
        let third = draw(root, with: compositor)
        let difference = try #require(Golden.compare(first, third, channelTolerance: 0))
        #expect(difference.maxChannel == 0, "\(difference)")
    }
}
