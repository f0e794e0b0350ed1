import StrataCompositor
import StrataGeometry
import StrataRender

extension CALayer {
    /// `render(in:)`'s work (see there).
    final func defaultRender(in ctx: CGContext) {
        prepareForRendering()
        let snapshot = withLock { makeSnapshot(commitTime: 0) }
        let states = snapshot.nodes.map { node in
            var s = node.state
            s.transform = CATransform3DMakeAffineTransform(CATransform3DGetAffineTransform(s.transform))
            s.sublayerTransform = CATransform3DMakeAffineTransform(CATransform3DGetAffineTransform(s.sublayerTransform))
            return s
        }
        let compositor = Compositor()
        compositor.glyphPositioning = ctx.glyphPositioning
        ctx.withCairo { cr, base, clip in
            compositor.draw(snapshot, states: states, root: 0, placement: .ownSpace, into: cr, base: base, clip: clip)
        }
    }

    /// Lays out and displays, top down, every layer of the subtree that needs it.
    final func prepareForRendering() {
        var stack: [CALayer] = [self]
        var visited = 0
        while let layer = stack.popLast(), visited < 1_000_000 {
            visited += 1
            layer.layoutIfNeeded()
            layer.displayIfNeeded()
            let (sublayers, mask) = layer.withLock { (layer.sublayerStorage, layer.maskStorage) }
            stack.append(contentsOf: sublayers)
            if let mask { stack.append(mask) }
        }
    }
}
