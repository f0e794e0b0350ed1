import CCairo
import CoreGraphics
import StrataGeometry
import StrataRender

// A layer seen in perspective that has sublayers (or a mask): Core Animation flattens the
// sublayers into the layer's plane, so the layer and its subtree are drawn into an offscreen
// raster in the layer's own space, which is then projected onto the target in one warp.

extension FrameWalk {
    mutating func beginOffscreen(_ node: Int, map: PlaneMap, context: Context) {
        let s = states[node]
        let extent = subtreeExtent(node)
        guard !extent.isNull, extent.width > 0, extent.height > 0 else { return }
        let center = CGPoint(x: s.bounds.midX, y: s.bounds.midY)
        let scale = Compositor.rasterScale(stretch: map.scale(at: center), extent: extent)
        guard let raster = Raster(covering: extent, scale: scale), let offscreenContext = cairo_create(raster.surface)
        else { return }
        targets.append(offscreenContext)
        compositor.clipChanged()
        var toOffscreen = CATransform3DMakeScale(scale, scale, 1)
        toOffscreen.m41 = -extent.minX * scale
        toOffscreen.m42 = -extent.minY * scale
        let wCenter = map.applyHomogeneous(center.x, center.y).w
        var inner = context
        inner.toTarget = toOffscreen
        inner.toPlane = CATransform3DIdentity
        inner.alpha = 1
        inner.clip = CGRect(x: 0, y: 0, width: raster.width, height: raster.height)
        inner.orientation = context.orientation * (map.determinant < 0 ? -1 : 1) * (wCenter < 0 ? -1 : 1)
        inner.groupDepth = context.groupDepth + 1
        inner.blendRoot = node
        inner.exactClip = -1  // another target: its clip is its own
        steps.append(
            .endOffscreen(
                Offscreen(
                    node: node, raster: raster, map: map, clip: context.clip, alpha: context.alpha,
                    antialias: s.allowsEdgeAntialiasing, blend: s.compositingBlend)))
        let hasSublayers = nodes[node].sublayers.contains { !states[Int($0)].isHidden }
        drawLayer(
            node, stateStorage.baseAddress! + node, map: PlaneMap(toOffscreen), context: &inner, hasSublayers: hasSublayers,
            hasMask: nodes[node].mask >= 0)
    }

    mutating func endOffscreen(_ offscreen: Offscreen) {
        compositor.kernelBatch.flush()
        let offscreenContext = targets.removeLast()
        cairo_destroy(offscreenContext)
        compositor.clipChanged()
        cairo_surface_flush(offscreen.raster.surface)
        let blends = offscreen.blend != .normal
        if blends { compositor.pushGroup(cr) }
        ProjectiveWarp.draw(
            offscreen.raster, through: offscreen.map, onto: cr, clip: offscreen.clip, alpha: offscreen.alpha,
            antialias: offscreen.antialias)
        if blends {
            // The warped picture, combined with the backdrop by the layer's blend mode.
            compositor.popGroupToSource(cr)
            cairo_set_operator(cr, offscreen.blend.cairoOperator)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
    }

    /// The local rectangle that `node` and its subtree (flattened into its plane) cover,
    /// shadows included; a masksToBounds layer's sublayers are cut to its bounds.
    func subtreeExtent(_ node: Int) -> CGRect {
        var box = ownExtent(node)
        var stack: [(node: Int, parent: Int, map: PlaneMap)] = []
        if !states[node].masksToBounds {
            for child in nodes[node].sublayers { stack.append((Int(child), node, .identity)) }
        }
        while let (child, parent, parentMap) = stack.popLast() {
            let s = states[child]
            if s.isHidden { continue }
            let local = LayerMatrix.flattened(localMatrix(child, parent: parent, isMask: false))
            let map = PlaneMap(local).then(parentMap)
            guard map.isFinite else { continue }
            let extent = ownExtent(child)
            if !extent.isNull { box = box.union(CGRect.bounding(map.projectedPolygon(of: extent))) }
            if !s.masksToBounds {
                for grandchild in nodes[child].sublayers { stack.append((Int(grandchild), child, map)) }
            }
        }
        return box
    }

    /// A layer's bounds, contents and shadow, in its own space.
    func ownExtent(_ node: Int) -> CGRect {
        let s = states[node]
        if nodes[node].isTransformLayer { return .null }
        let body = LayerBody(s, withBorder: true, flipped: false)
        var box = body.extent
        // An outline's antialiased edge reaches past its box: a point of room, so the offscreen's
        // edge does not cut it (its edge would be antialiased a second time by the warp).
        if body.isShapeOnly, !box.isNull { box = box.insetBy(dx: -1, dy: -1).integral }
        if let shadow = shadowStyle(s) {
            let source = s.shadowPath?.boundingBoxOfPath ?? box
            let pad = 3 * shadow.radius + 1
            box = box.union(
                source.offsetBy(dx: s.shadowOffset.width, dy: s.shadowOffset.height).insetBy(dx: -pad, dy: -pad))
        }
        return box
    }
}
