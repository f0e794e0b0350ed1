import CCairo
import CStrataRaster
import CoreGraphics
import Foundation
import QuartzCore
@testable import StrataCompositor
import StrataRender
import Testing

/// Plain opaque layers over whole pixels and a renderer's clear are written by the kernel
/// (`strata_fill`) instead of cairo: the bytes must be cairo's exactly (metric: the largest
/// channel difference, 0), on one thread or two.
@Suite("Compositor: kernel fills")
struct KernelFillTests {
    @Test func opaquePixelsAreTheOnesCairoMakes() throws {
        var random = SplitMix(seed: 5)
        var colors: [RGBA] = [
            RGBA(r: 0, g: 0, b: 0, a: 1), RGBA(r: 1, g: 1, b: 1, a: 1), RGBA(r: 0.5, g: 0.25, b: 0.75, a: 1),
            // Out of range (clamped by both), and each 1/255 step.
            RGBA(r: 1.5, g: -0.2, b: 1 + 1e-12, a: 1.3),
        ]
        colors += (0...255).map { RGBA(r: Double($0) / 255, g: Double(255 - $0) / 255, b: Double($0) / 256, a: 1) }
        colors += (0..<300).map { _ in RGBA(r: random.next(in: 0...1), g: random.next(in: 0...1), b: random.next(in: 0...1), a: 1) }
        for color in colors {
            let pixel = try #require(RasterKernel.opaquePixel(color, alpha: 1), "\(color)")
            #expect(pixel == cairoPixel(color), "\(color): \(String(pixel, radix: 16)) vs \(String(cairoPixel(color), radix: 16))")
        }
        // Tried: translucent colours, a layer opacity below 1, NaN: not taken (cairo draws those).
        #expect(RasterKernel.opaquePixel(RGBA(r: 1, g: 0, b: 0, a: 0.999), alpha: 1) == nil)
        #expect(RasterKernel.opaquePixel(RGBA(r: 1, g: 0, b: 0, a: 1), alpha: 0.5) == nil)
        #expect(RasterKernel.opaquePixel(RGBA(r: .nan, g: 0, b: 0, a: 1), alpha: 1) == nil)
        #expect(RasterKernel.opaquePixel(RGBA(r: 0, g: 0, b: 0, a: .nan), alpha: 1) == nil)
    }

    /// Plain layers: opaque ones on whole pixels (filled by the kernel, one of them large enough
    /// to be split between threads), and ones cairo still draws (translucent, half-pixel edges,
    /// turned, scaled by a fraction), over a translucent canvas.
    @Test(arguments: [1, 2])
    func plainLayersAreFilledWithCairosBytes(threads: Int) throws {
        let root = scene { () -> CALayer in
            let root = solid(CGRect(x: 0, y: 0, width: 640, height: 480), 0.2, 0.4, 0.6, 0.5)
            var random = SplitMix(seed: UInt64(9 + threads))
            root.addSublayer(solid(CGRect(x: 0, y: 0, width: 640, height: 480), 0.9, 0.8, 0.1))
            for i in 0..<40 {
                let x = random.next(in: -40...600).rounded(), y = random.next(in: -40...440).rounded()
                let layer = solid(
                    CGRect(x: x, y: y, width: random.next(in: 1...200).rounded(), height: random.next(in: 1...150).rounded()),
                    random.next(in: 0...1), random.next(in: 0...1), random.next(in: 0...1), i % 5 == 1 ? 0.6 : 1)
                switch i % 5 {
                case 2: layer.position.x += 0.5
                case 3: layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
                case 4: layer.transform = CATransform3DMakeScale(1.3, 0.7, 1)
                default: break
                }
                root.addSublayer(layer)
            }
            return root
        }
        let kernel = Compositor()
        kernel.options.kernelOptions = RasterKernelOptions(threads: threads)
        let reference = Compositor()
        reference.options.usesKernel = false
        let ours = draw(root, with: kernel), theirs = draw(root, with: reference)
        let difference = try #require(Golden.compare(ours, theirs, channelTolerance: 0))
        #expect(difference.maxChannel == 0, "\(difference)")
    }

    @Test func aRenderersClearLeavesTransparentPixelsAsCairosDoes() throws {
        // A renderer over a context already painted: the damaged region is cleared, then drawn
        // (a translucent layer shows whether the clear happened).
        let root = scene { solid(CGRect(x: 0, y: 0, width: 400, height: 300), 0.3, 0.6, 0.9, 0.4) }
        var images: [CGImage] = []
        for usesKernel in [true, false] {
            let context = Golden.makeContext(width: 400, height: 300)
            context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 400, height: 300))
            let renderer = CARenderer(cgContext: context)
            renderer.compositorOptions.usesKernel = usesKernel
            renderer.layer = root
            renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
            renderer.addUpdate(CGRect(x: 0, y: 0, width: 400, height: 300))
            renderer.render()
            renderer.endFrame()
            images.append(try #require(context.makeImage()))
        }
        let difference = try #require(Golden.compare(images[0], images[1], channelTolerance: 0))
        #expect(difference.maxChannel == 0, "\(difference)")
        // And the red underneath is gone: the canvas shows its own translucent blue alone.
        let pixel = images[0].rgba(200, 150)
        #expect(near(pixel, (31, 61, 92, 102)), "\(pixel)")
    }

    private func draw(_ root: CALayer, with compositor: Compositor) -> CGImage {
        let context = Golden.makeContext(width: 640, height: 480)
        guard let snapshot = root.committedSnapshot?.snapshot else { return context.makeImage()! }
        context.withCairo { cr, _, _ in
            compositor.draw(
                snapshot, states: snapshot.nodes.map(\.state), placement: .inSuperlayer, into: cr, base: .identity,
                clip: CGRect(x: 0, y: 0, width: 640, height: 480))
        }
        return context.makeImage()!
    }

    /// The pixel cairo fills a surface with for `color`.
    private func cairoPixel(_ color: RGBA) -> UInt32 {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2, 2)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        cairo_rectangle(cr, 0, 0, 2, 2)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
    }
}
