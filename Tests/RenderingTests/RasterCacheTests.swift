import CoreGraphics
import QuartzCore
import StrataCompositor
import StrataRender
import Testing

/// What the compositor keeps between frames: layer rasters stay while their layer is in the tree
/// (drawn or not), and go when it leaves or has not been drawn for a long time.
@Suite("Compositor: raster cache lifetime")
struct RasterCacheTests {
    func rounded(_ frame: CGRect) -> CALayer {
        let layer = solid(frame, 0.2, 0.6, 0.3)
        layer.cornerRadius = 6
        return layer
    }

    func frame(_ renderer: CARenderer, at t: Double, full: Bool = false) {
        renderer.beginFrame(atTime: t, timeStamp: nil)
        if full { renderer.addUpdate(CGRect(x: 0, y: 0, width: 200, height: 100)) }
        renderer.render()
        renderer.endFrame()
    }

    /// A frame that redraws only a small damaged region does not draw the other layers, and must
    /// not forget their rasters: a later full redraw makes none.
    @Test func layersOutsideTheDamageKeepTheirRasters() {
        let (root, mover) = scene { () -> (CALayer, CALayer) in
            let root = canvas(200, 100)
            for i in 0..<3 { root.addSublayer(rounded(CGRect(x: 5 + i * 30, y: 10, width: 25, height: 25))) }
            let mover = solid(CGRect(x: 150, y: 60, width: 20, height: 20), 1, 0, 0)
            root.addSublayer(mover)
            return (root, mover)
        }
        let context = Golden.makeContext(width: 200, height: 100)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        frame(renderer, at: 0)
        #expect(renderer.rastersMadeInLastFrame == 3)
        for step in 1...5 {
            scene { mover.position = CGPoint(x: 160, y: 70 - Double(step)) }
            frame(renderer, at: Double(step))
            #expect(renderer.rastersMadeInLastFrame == 0, "partial frame \(step)")
        }
        frame(renderer, at: 6, full: true)
        #expect(renderer.rastersMadeInLastFrame == 0, "full redraw after partial frames")
    }

    /// A layer removed from the tree has its rasters freed by the next frame (the tree's size
    /// changed, so the cache is swept at once).
    @Test func aRemovedLayersRastersAreFreed() {
        let (root, doomed) = scene { () -> (CALayer, CALayer) in
            let root = canvas(200, 100)
            root.addSublayer(rounded(CGRect(x: 10, y: 10, width: 40, height: 40)))
            let doomed = rounded(CGRect(x: 100, y: 10, width: 40, height: 40))
            doomed.shadowOpacity = 0.5
            root.addSublayer(doomed)
            return (root, doomed)
        }
        let compositor = Compositor()
        draw(root, with: compositor)
        #expect(compositor.cachedRasterCount == 3)  // two bodies and one shadow
        scene { doomed.removeFromSuperlayer() }
        draw(root, with: compositor)
        #expect(compositor.cachedRasterCount == 1)
    }

    /// A layer that stays in the tree but is not drawn (hidden) keeps its raster until it has
    /// not been drawn for `idleFrames` frames, then it is freed.
    @Test func aLayerNotDrawnForLongIsFreed() {
        let (root, hidden) = scene { () -> (CALayer, CALayer) in
            let root = canvas(200, 100)
            let hidden = rounded(CGRect(x: 10, y: 10, width: 40, height: 40))
            root.addSublayer(hidden)
            return (root, hidden)
        }
        let compositor = Compositor()
        draw(root, with: compositor)
        #expect(compositor.cachedRasterCount == 1)
        scene { hidden.isHidden = true }
        for _ in 0..<Int(Compositor.idleFrames / 2) { draw(root, with: compositor) }
        #expect(compositor.cachedRasterCount == 1)
        for _ in 0..<Int(Compositor.idleFrames) { draw(root, with: compositor) }
        #expect(compositor.cachedRasterCount == 0)
    }

    /// A layer that turns, flat or in perspective (turned about z, so its magnification at its
    /// centre stays 1), keeps its raster from frame to frame: the magnification that picks the
    /// raster's scale measures 1 for a turn, not 1 + 10⁻⁸ (which picked the next scale up in some
    /// frames and remade the raster in every frame of a spinning layer).
    @Test(arguments: [false, true])
    func aTurningLayerKeepsItsRaster(inPerspective: Bool) {
        let (root, card) = scene { () -> (CALayer, CALayer) in
            let root = canvas(200, 100)
            let card = solid(CGRect(x: 60, y: 20, width: 80, height: 60), 0.9, 0.4, 0.1)
            card.cornerRadius = 9
            root.addSublayer(card)
            return (root, card)
        }
        let compositor = Compositor()
        for step in 0..<40 {
            var transform = CATransform3DMakeRotation(0.173 * Double(step), 0, 0, 1)
            if inPerspective {
                var perspective = CATransform3DIdentity
                perspective.m34 = -1.0 / 500
                transform = CATransform3DConcat(transform, CATransform3DRotate(perspective, 0.5, 0, 1, 0))
            }
            scene { card.transform = transform }
            draw(root, with: compositor)
            if step > 0 { #expect(compositor.rastersMadeInLastFrame == 0, "step \(step)") }
        }
    }

    /// A shape layer drawn from its raster, then drawn straight into the frame while it slides
    /// (its look unchanged), goes back to the same raster when it stops: none is made again, and
    /// the stopped frame's pixels are a fresh renderer's (step_loader's bars remade theirs at every
    /// stop). At three clock origins.
    @Test(arguments: [0.0, 1_000_000.0, 12_345.678])
    func aShapeThatSlidesAndStopsKeepsItsRaster(origin: Double) throws {
        func make() -> (CALayer, CAShapeLayer) {
            scene { () -> (CALayer, CAShapeLayer) in
                let root = canvas(200, 100)
                let dot = CAShapeLayer()
                dot.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
                dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
                dot.fillColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
                root.addSublayer(dot)
                return (root, dot)
            }
        }
        let (root, dot) = make()
        let context = Golden.makeContext(width: 200, height: 100)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        var made: [Int] = []
        for step in 0..<12 {
            // Still for three frames, sliding by fractions of a pixel for six, still again.
            let x = 40 + 7.37 * Double(min(max(step - 2, 0), 6))
            scene { dot.position = CGPoint(x: x, y: 40) }
            // Whole frames: a layer is drawn only where damage asks, and the still frames ask none.
            frame(renderer, at: origin + Double(step) / 60, full: true)
            made.append(renderer.rastersMadeInLastFrame)
        }
        #expect(made[0...2].reduce(0, +) == 1, "the still dot's raster is made once: \(made)")
        #expect(made[3...].allSatisfy { $0 == 0 }, "no raster made while sliding or after the stop: \(made)")
        let kept = try #require(context.makeImage())
        let (freshRoot, freshDot) = make()
        scene { freshDot.position = dot.position }
        let freshContext = Golden.makeContext(width: 200, height: 100)
        let fresh = CARenderer(cgContext: freshContext)
        fresh.layer = freshRoot
        for step in 0..<3 { frame(fresh, at: origin + Double(step) / 60, full: true) }
        let reference = try #require(freshContext.makeImage())
        // Metric: the largest difference of any channel, in 8-bit levels; the raster and its
        // placement are the same in both, so they agree to rounding.
        let difference = try #require(Golden.compare(kept, reference, channelTolerance: 1))
        #expect(difference.maxChannel <= 1, "\(difference)")
    }

    /// The magnification of a turn is 1 within 10⁻¹², at any angle; of a turn and a scale, the
    /// larger scale.
    @Test func theStretchOfATurnIsOne() {
        for k in 0..<1000 {
            let angle = Double(k) * 0.0127
            let turn = PlaneMap(CATransform3DMakeRotation(angle, 0, 0, 1))
            #expect(abs(turn.scale(at: CGPoint(x: 3, y: 4)) - 1) < 1e-12, "angle \(angle)")
            let scaled = PlaneMap(CATransform3DConcat(CATransform3DMakeScale(1.5, 0.5, 1), CATransform3DMakeRotation(angle, 0, 0, 1)))
            #expect(abs(scaled.scale(at: .zero) - 1.5) < 1e-12, "angle \(angle)")
        }
    }

    /// A layer showing a whole image at one image pixel a raster pixel keeps the image's own
    /// pixels as its raster: no copy (cached bytes 0; a copy's are 60 × 40 × 4), and frames equal
    /// the copy's within 2 levels (metric: largest channel difference) wherever the layer lands:
    /// on whole pixels, between pixels, turned. Images shown scaled (a transform, contentsScale)
    /// or with a border are copied as before, and equal too.
    @Test(arguments: [
        (CGPoint(x: 20, y: 10), 0.0, 1.0, false, true), (CGPoint(x: 20.37, y: 9.61), 0.0, 1.0, false, true),
        (CGPoint(x: 50, y: 20), 0.4, 1.0, false, true), (CGPoint(x: 30, y: 5), 0.0, 1.7, false, false),
        (CGPoint(x: 12, y: 12), 0.0, 1.0, true, false),
    ])
    func aWholeImageShownOneToOneSharesItsPixels(origin: CGPoint, turn: Double, scale: Double, bordered: Bool, shares: Bool) throws {
        let image = Self.translucentImage(width: 60, height: 40)
        let root = scene { () -> CALayer in
            let root = canvas(200, 100)
            let layer = CALayer()
            layer.frame = CGRect(origin: origin, size: CGSize(width: 60, height: 40))
            layer.contents = image
            layer.transform = CATransform3DScale(CATransform3DMakeRotation(turn, 0, 0, 1), scale, scale, 1)
            if bordered {
                layer.borderWidth = 1
                layer.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            }
            root.addSublayer(layer)
            return root
        }
        var frames: [CGImage] = []
        for sharing in [true, false] {
            let compositor = Compositor()
            compositor.options.sharesImagePixels = sharing
            frames.append(try #require(drawImage(root, with: compositor)))
            let owned = compositor.cachedRasterBytes
            if sharing && shares {
                #expect(owned == 0, "the image's raster holds \(owned) bytes of its own")
            } else {
                #expect(owned >= 60 * 40 * 4, "a copy holds its pixels: \(owned) bytes")
            }
        }
        let difference = try #require(Golden.compare(frames[0], frames[1], channelTolerance: 2))
        #expect(difference.maxChannel <= 2 && difference.differingPixels == 0, "\(difference)")
    }

    /// A 60 × 40 image with translucent and antialiased parts (premultiplied edges matter).
    static func translucentImage(width: Int, height: Int) -> CGImage {
        let context = Golden.makeContext(width: width, height: height)
        for i in 0..<6 {
            context.setFillColor(CGColor(red: Double(i) / 5, green: 0.5, blue: 1 - Double(i) / 5, alpha: 0.4 + Double(i) / 10))
            context.fill(CGRect(x: Double(i) * 10, y: 0, width: 10, height: Double(height)))
        }
        context.setFillColor(CGColor(red: 1, green: 1, blue: 0, alpha: 0.8))
        context.fillEllipse(in: CGRect(x: 7.5, y: 5.25, width: 33, height: 27))
        return context.makeImage()!
    }

    func drawImage(_ root: CALayer, with compositor: Compositor) -> CGImage? {
        let context = Golden.makeContext(width: 200, height: 100)
        guard let snapshot = root.committedSnapshot?.snapshot else { return nil }
        context.withCairo { cr, base, clip in
            compositor.draw(
                snapshot, states: snapshot.nodes.map(\.state), placement: .inSuperlayer, into: cr, base: base,
                clip: clip)
        }
        return context.makeImage()
    }

    func draw(_ root: CALayer, with compositor: Compositor) {
        let context = Golden.makeContext(width: 200, height: 100)
        guard let snapshot = root.committedSnapshot?.snapshot else { return }
        context.withCairo { cr, base, clip in
            compositor.draw(
                snapshot, states: snapshot.nodes.map(\.state), placement: .inSuperlayer, into: cr, base: base,
                clip: clip)
        }
    }
}
