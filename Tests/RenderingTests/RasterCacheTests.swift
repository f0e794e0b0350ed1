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
