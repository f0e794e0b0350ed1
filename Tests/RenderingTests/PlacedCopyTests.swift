import CoreGraphics
import Foundation
import QuartzCore
import StrataCompositor
import StrataRender
import Testing

/// Rasters are put on the target through copies resampled in target pixels, kept while the map
/// stays the same. Metric: the largest difference of any premultiplied channel, and the number
/// of pixels over a stated tolerance.
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
            let flip = solid(CGRect(x: 130, y: 95, width: 50, height: 50), 0.1, 0.6, 0.7)
            flip.cornerRadius = 8
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 300
            flip.transform = CATransform3DRotate(perspective, 0.6, 0, 1, 0)
            root.addSublayer(flip)
            // Perspective from the parent's sublayerTransform, on an image (a projective copy
            // made by rebasing the map lost pixman's precision here and magnified the image).
            let stage = CALayer()
            stage.frame = CGRect(x: 180, y: 90, width: 60, height: 70)
            var stagePerspective = CATransform3DIdentity
            stagePerspective.m34 = -1.0 / 500
            stage.sublayerTransform = stagePerspective
            let turned = CALayer()
            turned.frame = CGRect(x: 5, y: 5, width: 50, height: 50)
            turned.contents = quadrantImage(size: 64)
            turned.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            stage.addSublayer(turned)
            root.addSublayer(stage)
            return root
        }
    }

    /// Draws `root`'s committed tree with `compositor` into a fresh 240×160 bitmap, placed as
    /// `CARenderer` places it (y down).
    func draw(_ root: CALayer, with compositor: Compositor) -> CGImage {
        let context = Golden.makeContext(width: 240, height: 160)
        guard let snapshot = root.committedSnapshot?.snapshot else { return context.makeImage()! }
        context.withCairo { cr, _, _ in
            compositor.draw(
                snapshot, states: snapshot.nodes.map(\.state), placement: .inSuperlayer, into: cr, base: .identity,
                clip: CGRect(x: 0, y: 0, width: 240, height: 160))
        }
        return context.makeImage()!
    }

    /// Frame 1 draws through fresh copies, frame 2 keeps them, frame 3 only copies: all three are
    /// byte-identical (a layer's pixels never depend on what was cached). Against drawing every
    /// raster straight onto the target, within two levels on antialiased edges (cairo blends an
    /// edge pixel as a lerp by its coverage; the copy holds colour × coverage, put on with OVER:
    /// the same value, rounded differently).
    @Test func copiesGiveTheSamePixelsWhateverWasCached() throws {
        let root = stillScene()
        let compositor = Compositor()
        let first = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame == 0)
        let keeping = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame == 7)  // every raster but the plain fills
        let copied = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame == 0)
        #expect(compositor.rastersMadeInLastFrame == 0)
        for (name, image) in [("frame keeping the copies", keeping), ("frame from kept copies", copied)] {
            let difference = try #require(Golden.compare(first, image, channelTolerance: 0))
            #expect(difference.maxChannel == 0, "\(name) vs first frame: \(difference)")
        }
        let straight = Compositor()
        straight.options.drawsThroughCopies = false
        let direct = draw(root, with: straight)
        let difference = try #require(Golden.compare(direct, copied, channelTolerance: 2))
        #expect(difference.differingPixels == 0, "copies vs straight resampling: \(difference)")
        // The perspective image is drawn whole: its four quadrants all show.
        let colours = (185..<235).map { copied.rgba($0, 108) }
        #expect(colours.contains { $0.r > 200 && $0.g < 60 && $0.b < 60 }, "red quadrant")
        #expect(colours.contains { $0.g > 120 && $0.r < 60 && $0.b < 60 }, "green quadrant")
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
    /// whole-pixel offset), and the moved copy has the pixels a fresh compositor draws.
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
        let fresh = draw(root, with: Compositor())
        let difference = try #require(Golden.compare(moved, fresh, channelTolerance: 0))
        #expect(difference.maxChannel == 0, "moved copy vs a fresh compositor's frame: \(difference)")
    }

    /// With no room in the copies' byte budget, nothing is kept and the frames look the same.
    @Test func anExhaustedBudgetFallsBackToResampling() throws {
        let root = stillScene()
        let compositor = Compositor()
        compositor.options.placedByteBudget = 0
        let first = draw(root, with: compositor)
        _ = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame == 0)
        #expect(compositor.placedByteCount == 0)
        let third = draw(root, with: compositor)
        let difference = try #require(Golden.compare(first, third, channelTolerance: 0))
        #expect(difference.maxChannel == 0, "\(difference)")
    }

    /// A large rotated layer mostly off the target gets a copy of only what shows: the copies
    /// hold no more than the target's pixels (240 × 160 × 4 bytes), and the picture is the one
    /// drawn straight onto the target (within two levels on edges, as above).
    @Test func aLayerMostlyOffTheTargetIsCopiedOnlyWhereItShows() throws {
        let root = scene { () -> CALayer in
            let root = canvas(240, 160)
            let big = solid(CGRect(x: -600, y: -500, width: 1000, height: 800), 0.3, 0.5, 0.7)
            big.cornerRadius = 40
            big.borderWidth = 6
            big.setAffineTransform(CGAffineTransform(rotationAngle: 0.1))
            root.addSublayer(big)
            return root
        }
        let compositor = Compositor()
        _ = draw(root, with: compositor)
        let second = draw(root, with: compositor)
        #expect(compositor.placedMadeInLastFrame == 1)
        #expect(compositor.placedByteCount <= 242 * 162 * 4, "\(compositor.placedByteCount) bytes of copies")
        let straight = Compositor()
        straight.options.drawsThroughCopies = false
        let difference = try #require(Golden.compare(draw(root, with: straight), second, channelTolerance: 2))
        #expect(difference.differingPixels == 0, "\(difference)")
    }
}
