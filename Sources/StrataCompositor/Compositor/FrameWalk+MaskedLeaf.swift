import CCairo
import CoreGraphics
import StrataGeometry
import StrataRender

/// A masked layer's picture cut by its mask, cached as one raster: the body, the mask's body,
/// where the mask sits on the layer and at what opacity.
struct MaskedBodyKey: Hashable {
    var body: BodyRasterKey
    var mask: LayerBody
    var maskFlipped: Bool
    /// Mask space → the layer's space.
    var maskMatrix: AffineKey
    var maskAlpha: Double
}

/// An affine matrix's six numbers, as a cache key.
struct AffineKey: Hashable {
    var a, b, c, d, tx, ty: Double
}

/// A leaf layer whose mask is a leaf too (a gradient cut by a shape: every gradient fill of a
/// Lottie file, and iOS's gradient rings) is drawn as one cached raster of its body cut by its
/// mask, composited like any body: no isolation group, and nothing redrawn while the two only
/// move together. When the cut changes every frame, the group path draws it instead.
extension FrameWalk {
    /// What a masked leaf's raster is made from; nil when `node` is not such a leaf.
    func maskedLeaf(_ node: Int, _ s: RenderLayerState, map: PlaneMap, context: Context, hasSublayers: Bool)
        -> (mask: Int, key: MaskedBodyKey, body: LayerBody, maskState: RenderLayerState)?
    {
        let mask = Int(nodes[node].mask)
        guard !hasSublayers, mask >= 0, mask < nodes.count, map.isAffine, s.maskMode == .alpha, s.effects.isEmpty,
            s.compositingBlend == .normal || context.blendRoot == node, s.tiles == nil, visibleShadow(s) == nil
        else { return nil }
        if case .emitter = s.kind { return nil }
        if case .replicator = s.kind { return nil }
        let m = states[mask]
        guard !m.isHidden, nodes[mask].mask < 0, nodes[mask].sublayers.allSatisfy({ states[Int($0)].isHidden }),
            m.effects.isEmpty, m.tiles == nil, visibleShadow(m) == nil, m.opacity.isFinite
        else { return nil }
        if case .emitter = m.kind { return nil }
        if case .replicator = m.kind { return nil }
        let local = LayerMatrix.flattened(localMatrix(mask, parent: node, isMask: true))
        let maskMap = PlaneMap(local)
        guard maskMap.isAffine else { return nil }
        let t = maskMap.affine
        guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else { return nil }
        let matrix = AffineKey(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
        let body = LayerBody(s, withBorder: true, flipped: context.flipped, glyphPositioning: compositor.glyphPositioning)
        let maskFlipped = context.flipped != m.isGeometryFlipped
        let maskBody = LayerBody(m, withBorder: true, flipped: maskFlipped, glyphPositioning: compositor.glyphPositioning)
        let extent = body.extent
        let scale = Compositor.rasterScale(stretch: map.scale(at: CGPoint(x: extent.midX, y: extent.midY)), extent: extent)
        let key = MaskedBodyKey(
            body: BodyRasterKey(body: body, scale: scale, flipped: context.flipped), mask: maskBody, maskFlipped: maskFlipped,
            maskMatrix: matrix, maskAlpha: Double(Swift.min(Swift.max(m.opacity, 0), 1)))
        return (mask, key, body, m)
    }

    /// Draws a masked leaf through its cached raster; false when its cut keeps changing (then the
    /// group path draws it, each part cached or drawn directly on its own).
    mutating func drawMaskedLeaf(
        _ node: Int, _ s: RenderLayerState, map: PlaneMap, context: Context,
        leaf: (mask: Int, key: MaskedBodyKey, body: LayerBody, maskState: RenderLayerState)
    ) -> Bool {
        let key = leaf.key
        let id = nodes[node].layerID
        var look = Hasher()
        look.combine(key.body.body)
        look.combine(key.body.flipped)
        look.combine(key.mask)
        look.combine(key.maskMatrix)
        look.combine(key.maskAlpha)
        if compositor.keepsChanging(id: id, .maskedBody, look: look.finalize()) { return false }
        guard !key.body.body.isEmpty, !key.mask.isEmpty, key.maskAlpha > 0 else { return true }
        let k = key.maskMatrix
        let maskMap = PlaneMap(CATransform3DMakeAffineTransform(CGAffineTransform(a: k.a, b: k.b, c: k.c, d: k.d, tx: k.tx, ty: k.ty)))
        let extent = key.body.body.extent.intersection(maskMap.boundingBox(of: key.mask.extent))
        guard !extent.isNull, extent.width > 0, extent.height > 0,
            deviceBox(of: extent, map: map, shadow: nil, s: s).intersects(context.clip)
        else { return true }
        let image = s.contentsImage, maskImage = leaf.maskState.contentsImage
        let path = key.body.body.shape != nil ? s.shape.path : nil
        let maskPath = key.mask.shape != nil ? leaf.maskState.shape.path : nil
        let raster = compositor.raster(.body, id: id, key: .maskedBody(key)) {
            guard let raster = Raster(covering: extent, scale: key.body.scale) else { return nil }
            raster.draw { cr in
                key.body.body.paint(into: cr, image: image, path: path, flipped: key.body.flipped, deviceScale: key.body.scale)
                // The mask's picture, in its own space, then kept where it is opaque.
                cairo_push_group(cr)
                var m = Self.cairoMatrix(maskMap.affine)
                cairo_transform(cr, &m)
                key.mask.paint(into: cr, image: maskImage, path: maskPath, flipped: key.maskFlipped, deviceScale: key.body.scale)
                cairo_pop_group_to_source(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
                cairo_paint_with_alpha(cr, key.maskAlpha)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            return raster
        }
        guard let raster else { return true }
        composite(raster, map: map, alpha: context.alpha, clip: context.clip, antialias: s.allowsEdgeAntialiasing)
        return true
    }
}
