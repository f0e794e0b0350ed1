import CCairo
import CoreGraphics
import Foundation
import QuartzCore
@testable import StrataCompositor
import StrataRender
import Testing

/// The kernel's view of the target (its pixels and clip rectangles) is kept from one direct
/// draw to the next while the walk changes neither clip nor group (`Compositor.kernelTarget`).
/// A view kept past a clip, a group or an offscreen would draw a later layer inside the earlier
/// clip or into a popped group: the layers drawn after each such change must be where cairo puts
/// them (metric: the largest channel difference from cairo's own drawing, 0 for whole-pixel fills).
@Suite("Compositor: the kept kernel view")
struct KernelViewTests {
    /// Siblings drawn by the kernel after a clip to bounds, a group (opacity), a mask and a
    /// perspective offscreen have closed, inside a damage region of several rectangles.
    static func siblingsAfterClipsAndGroups() -> CALayer {
        scene {
            let root = solid(CGRect(x: 0, y: 0, width: 240, height: 160), 0.9, 0.9, 0.9)
            let clipped = solid(CGRect(x: 10, y: 10, width: 40, height: 40), 0.2, 0.2, 0.2)
            clipped.masksToBounds = true
            clipped.addSublayer(solid(CGRect(x: 0, y: 0, width: 100, height: 100), 1, 0, 0))
            root.addSublayer(clipped)
            root.addSublayer(solid(CGRect(x: 60, y: 10, width: 40, height: 40), 0, 0.6, 0))
            let grouped = solid(CGRect(x: 110, y: 10, width: 40, height: 40), 0, 0, 1)
            grouped.opacity = 0.5
            grouped.addSublayer(solid(CGRect(x: 10, y: 10, width: 40, height: 40), 1, 1, 0))
            root.addSublayer(grouped)
            root.addSublayer(solid(CGRect(x: 170, y: 10, width: 40, height: 40), 0.5, 0, 0.5))
            let masked = solid(CGRect(x: 10, y: 70, width: 60, height: 60), 0, 0.5, 0.5)
            masked.mask = solid(CGRect(x: 0, y: 0, width: 30, height: 60), 0, 0, 0)
            root.addSublayer(masked)
            root.addSublayer(solid(CGRect(x: 80, y: 70, width: 40, height: 40), 0.8, 0.4, 0))
            let turned = solid(CGRect(x: 130, y: 70, width: 40, height: 40), 0.3, 0.3, 0.9)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 200
            turned.transform = CATransform3DConcat(CATransform3DMakeRotation(0.6, 0, 1, 0), perspective)
            turned.addSublayer(solid(CGRect(x: 5, y: 5, width: 10, height: 10), 1, 1, 1))
            root.addSublayer(turned)
            root.addSublayer(solid(CGRect(x: 185, y: 70, width: 40, height: 40), 0.1, 0.7, 0.7))
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 185, y: 115, width: 40, height: 40)
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
            shape.fillColor = CGColor(red: 0.6, green: 0.1, blue: 0.3, alpha: 1)
            root.addSublayer(shape)
            return root
        }
    }

    @Test func layersAfterAClipOrGroupClosesAreDrawnWhereCairoDrawsThem() throws {
        let root = Self.siblingsAfterClipsAndGroups()
        // Two damage rectangles apart (the clip is a list), then the whole canvas.
        let regions = [
            [CGRect(x: 0, y: 0, width: 120, height: 60), CGRect(x: 150, y: 60, width: 90, height: 100)],
            [CGRect(x: 0, y: 0, width: 240, height: 160)],
        ]
        for region in regions {
            var images: [CGImage] = []
            var viewsMade: [Int] = []
            for usesKernel in [true, false] {
                let (image, made) = try render(root, updating: region, usesKernel: usesKernel)
                images.append(image)
                viewsMade.append(made)
            }
            let difference = try #require(Golden.compare(images[0], images[1], channelTolerance: 0))
            // The shape is the scan converter's (not cairo's bytes): its axis-aligned square is
            // the same on whole pixels; nothing else may differ at all.
            #expect(difference.maxChannel == 0, "\(region): \(difference)")
            // Each sibling is there in its own colour (a stale view clipped it away or drew it
            // into the closed group).
            let image = images[0]
            let covered = { (x: Int, y: Int) in region.contains { $0.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) } }
            if covered(80, 30) { #expect(near(image.rgba(80, 30), (0, 153, 0, 255)), "\(image.rgba(80, 30))") }
            if covered(190, 30) { #expect(near(image.rgba(190, 30), (128, 0, 128, 255)), "\(image.rgba(190, 30))") }
            if covered(200, 90) { #expect(near(image.rgba(200, 90), (26, 179, 179, 255)), "\(image.rgba(200, 90))") }
            if covered(200, 140) { #expect(near(image.rgba(200, 140), (153, 26, 77, 255)), "\(image.rgba(200, 140))") }
            #expect(viewsMade[0] >= 1, "\(viewsMade[0]) kernel views made")
        }
    }

    @Test func siblingsWithNoClipBetweenThemShareOneView() throws {
        // Forty plain layers and ten shapes side by side: one view for the whole walk.
        let root = scene { () -> CALayer in
            let root = solid(CGRect(x: 0, y: 0, width: 240, height: 160), 0.9, 0.9, 0.9)
            for i in 0..<50 {
                let frame = CGRect(x: Double(i % 10) * 24, y: Double(i / 10) * 32, width: 20, height: 28)
                if i % 5 == 4 {
                    let shape = CAShapeLayer()
                    shape.frame = frame
                    shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 28), transform: nil)
                    shape.fillColor = CGColor(red: 0.2, green: 0.3, blue: Double(i) / 50, alpha: 1)
                    root.addSublayer(shape)
                } else {
                    root.addSublayer(solid(frame, Double(i) / 50, 0.5, 0.2))
                }
            }
            return root
        }
        let region = [CGRect(x: 0, y: 0, width: 100, height: 160), CGRect(x: 140, y: 0, width: 100, height: 160)]
        let (image, made) = try render(root, updating: region, usesKernel: true)
        #expect(made == 1, "\(made) kernel views made for 51 layers")
        // And they are drawn: a plain layer and a shape in each rectangle of the region.
        #expect(near(image.rgba(10, 10), (0, 128, 51, 255)), "\(image.rgba(10, 10))")
        #expect(near(image.rgba(226, 14), (230, 230, 230, 255)) == false, "\(image.rgba(226, 14))")
        #expect(image.rgba(120, 10).a == 0, "outside the region: \(image.rgba(120, 10))")
    }

    @Test func aRenderersWalkDrawsOnTheViewItsClearTook() throws {
        // A renderer clears the damage and draws at once: the walk takes no view of its own.
        // (A translucent root: a root that repaints the region opaquely is drawn without a clear.)
        let root = scene { () -> CALayer in
            let root = solid(CGRect(x: 0, y: 0, width: 240, height: 160), 0.2, 0.4, 0.6, 0.5)
            for i in 0..<12 {
                root.addSublayer(solid(CGRect(x: Double(i) * 20, y: Double(i % 4) * 30, width: 18, height: 40), 0.1, Double(i) / 12, 0.3))
            }
            return root
        }
        var images: [CGImage] = []
        var made: [Int] = []
        for usesKernel in [true, false] {
            let context = Golden.makeContext(width: 240, height: 160)
            let renderer = CARenderer(cgContext: context)
            renderer.compositorOptions.usesKernel = usesKernel
            renderer.layer = root
            renderer.bounds = CGRect(x: 0, y: 0, width: 240, height: 160)
            for (k, origin) in [0, 1_000_000, 0.375].enumerated() {
                renderer.beginFrame(atTime: origin + Double(k) / 60, timeStamp: nil)
                renderer.addUpdate(CGRect(x: 0, y: 0, width: 240, height: 160))
                renderer.render()
                renderer.endFrame()
            }
            images.append(try #require(context.makeImage()))
            made.append(renderer.compositor.kernelViewsMadeInLastFrame)
        }
        #expect(made[0] == 0, "\(made[0]) kernel views made by the walk after the clear")
        let difference = try #require(Golden.compare(images[0], images[1], channelTolerance: 0))
        #expect(difference.maxChannel == 0, "\(difference)")
    }

    /// The tree drawn by a compositor with the kernel or without, its clip `region`'s rectangles
    /// (target pixels; the rest stays clear); and the kernel views the walk made.
    private func render(_ root: CALayer, updating region: [CGRect], usesKernel: Bool) throws -> (CGImage, Int) {
        let context = Golden.makeContext(width: 240, height: 160)
        let compositor = Compositor()
        compositor.options.usesKernel = usesKernel
        let snapshot = try #require(root.committedSnapshot?.snapshot)
        context.withCairo { cr, _, _ in
            cairo_save(cr)
            for rect in region { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
            cairo_clip(cr)
            compositor.clear(cr)
            compositor.draw(
                snapshot, states: snapshot.nodes.map(\.state), placement: .inSuperlayer, into: cr, base: .identity,
                clip: region.reduce(CGRect.null) { $0.union($1) })
            cairo_restore(cr)
        }
        return (try #require(context.makeImage()), compositor.kernelViewsMadeInLastFrame)
    }
}
