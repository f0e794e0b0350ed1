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
/// move together. When the cut changes every frame, a gradient through a filled or stroked outline is drawn
/// straight into the target, and any other cut by the group path.
extension FrameWalk {
    /// What a masked leaf's raster is made from; nil when `node` is not such a leaf.
    func maskedLeaf(_ node: Int, _ s: UnsafePointer<RenderLayerState>, map: PlaneMap, context: Context, hasSublayers: Bool)
        -> (mask: Int, key: MaskedBodyKey, body: LayerBody, maskState: UnsafePointer<RenderLayerState>)?
    {
        let mask = Int(nodes[node].mask)
        guard !hasSublayers, mask >= 0, mask < nodes.count, map.isAffine, s.pointee.maskMode == .alpha,
            s.pointee.effects.isEmpty, s.pointee.compositingBlend == .normal || context.blendRoot == node,
            s.pointee.tiles == nil, !(s.pointee.shadowOpacity > 0 && visibleShadow(s.pointee) != nil)
        else { return nil }
        if case .emitter = s.pointee.kind { return nil }
        if case .replicator = s.pointee.kind { return nil }
        let maskState = stateStorage.baseAddress! + mask
        guard !maskState.pointee.isHidden, nodes[mask].mask < 0,
            nodes[mask].sublayers.allSatisfy({ stateStorage[Int($0)].isHidden }), maskState.pointee.effects.isEmpty,
            maskState.pointee.tiles == nil, maskState.pointee.opacity.isFinite,
            !(maskState.pointee.shadowOpacity > 0 && visibleShadow(maskState.pointee) != nil)
        else { return nil }
        if case .emitter = maskState.pointee.kind { return nil }
        if case .replicator = maskState.pointee.kind { return nil }
        let local = LayerMatrix.flattened(localMatrix(mask, parent: node, isMask: true))
        let maskMap = PlaneMap(local)
        guard maskMap.isAffine else { return nil }
        let t = maskMap.affine
        guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else { return nil }
        let matrix = AffineKey(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
        let body = self.body(node, s, withBorder: true, flipped: context.flipped)
        let maskFlipped = context.flipped != maskState.pointee.isGeometryFlipped
        let maskBody = self.body(mask, maskState, withBorder: true, flipped: maskFlipped)
        let extent = body.extent
        let scale = Compositor.rasterScale(stretch: map.scale(at: CGPoint(x: extent.midX, y: extent.midY)), extent: extent)
        let key = MaskedBodyKey(
            body: BodyRasterKey(body: body, scale: scale, flipped: context.flipped), mask: maskBody, maskFlipped: maskFlipped,
            maskMatrix: matrix, maskAlpha: Double(Swift.min(Swift.max(maskState.pointee.opacity, 0), 1)))
        return (mask, key, body, maskState)
    }

    /// True when `node` or one of its ancestors has animations (at most 64 levels are looked at).
    func isAnimatedOrUnderAnimation(_ node: Int) -> Bool {
        var n = node
        for _ in 0..<64 {
            guard n >= 0, n < nodes.count else { return false }
            if !nodes[n].animations.isEmpty { return true }
            n = Int(nodes[n].parent)
        }
        return false
    }

    /// Draws a masked leaf through its cached raster, or straight into the target when it is a
    /// gradient cut by a filled or stroked outline that keeps changing; false when another kind of cut keeps
    /// changing (then the group path draws it, each part cached or drawn directly on its own).
    mutating func drawMaskedLeaf(
        _ node: Int, _ s: UnsafePointer<RenderLayerState>, map: PlaneMap, context: Context,
        leaf: (mask: Int, key: MaskedBodyKey, body: LayerBody, maskState: UnsafePointer<RenderLayerState>)
    ) -> Bool {
        let key = leaf.key
        let id = nodes[node].layerID
        var look = Hasher()
        look.combine(key.body.body)
        look.combine(key.body.flipped)
        look.combine(key.mask)
        look.combine(key.maskMatrix)
        look.combine(key.maskAlpha)
        let cut = Self.directGradientCut(key)
        let k = key.maskMatrix
        let maskMap = PlaneMap(CATransform3DMakeAffineTransform(CGAffineTransform(a: k.a, b: k.b, c: k.c, d: k.d, tx: k.tx, ty: k.ty)))
        let drawing = compositor.policy.cutDrawing(
            node: node, look: look.finalize(), placement: { Self.placementLook(map) }, paintsWhole: cut != nil,
            unclipped: {
                // The gradient kernel paints the cut whole only where nothing clips it to the
                // layer's bounds: the outline stays within them.
                guard let cut, compositor.options.usesKernel, !key.body.body.corners.isRounded else { return false }
                let outline = maskMap.boundingBox(of: Self.inkedBox(cut.path, key.mask.shape))
                return key.body.body.bounds.standardized.contains(outline)
            },
            animated: !nodes[leaf.mask].animations.isEmpty || isAnimatedOrUnderAnimation(node),
            whole: {
                // The body's box holds the cut's: redrawn whole, so is the cut. A replicator's
                // instances share the node: each is decided on its own.
                context.isInstance || compositor.redrawsWhole(map.boundingBox(of: key.body.body.extent).insetBy(dx: -1, dy: -1))
            })
        if drawing == .group { return false }
        let direct = drawing == .direct ? cut : nil
        guard !key.body.body.isEmpty, !key.mask.isEmpty, key.maskAlpha > 0 else { return true }
        // The mask's box with a point of room for its antialiased edge, on whole points (the
        // raster is then copied, not resampled, while the layer sits on whole points).
        let maskBox = maskMap.boundingBox(of: key.mask.extent).insetBy(dx: -1, dy: -1).integral
        let extent = key.body.body.extent.clipped(to: maskBox)
        guard !extent.isNull, extent.width > 0, extent.height > 0 else { return true }
        let box = map.boundingBox(of: extent).clipped(to: context.clip)
        guard !box.isNull, !box.isEmpty else { return true }
        if let direct {
            // The cut keeps changing: a raster would be remade every frame; the gradient is
            // painted through the mask's outline instead.
            compositor.bodies[id] = nil
            drawGradientCut(key, gradient: direct.gradient, maskPath: direct.path, maskMap: maskMap, map: map,
                alpha: context.alpha * key.maskAlpha * direct.alpha, box: box, exact: exactClip(context))
            return true
        }
        let image = s.pointee.contentsImage, maskImage = leaf.maskState.pointee.contentsImage
        let path = key.body.body.shape?.cgPath
        let maskPath = key.mask.shape?.cgPath
        let raster = compositor.raster(.body, id: id, key: .maskedBody(key)) {
            guard let raster = Raster(covering: extent, scale: key.body.scale) else { return nil }
            raster.draw { cr in
                key.body.body.paint(into: cr, image: image, path: path, flipped: key.body.flipped, deviceScale: key.body.scale)
                // The mask's picture, in its own space, then kept where it is opaque.
                compositor.pushGroup(cr)
                var m = Self.cairoMatrix(maskMap.affine)
                cairo_transform(cr, &m)
                key.mask.paint(into: cr, image: maskImage, path: maskPath, flipped: key.maskFlipped, deviceScale: key.body.scale)
                compositor.popGroupToSource(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
                cairo_paint_with_alpha(cr, key.maskAlpha)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            return raster
        }
        guard let raster else { return true }
        composite(raster, map: map, alpha: context.alpha, clip: context.clip, antialias: s.pointee.allowsEdgeAntialiasing)
        return true
    }

    /// A masked leaf that can be drawn without a raster: a gradient (nothing else) cut by a
    /// filled or a stroked outline (one of the two, no clip to the mask's bounds). The gradient, the
    /// outline and the fill's alpha; nil for any other.
    static func directGradientCut(_ key: MaskedBodyKey)
        -> (gradient: GradientKey, path: CGPath, alpha: Double)?
    {
        let body = key.body.body, mask = key.mask
        guard let gradient = body.gradient, gradient.isPattern, body.background == nil, body.contents == nil,
            body.border == nil, body.shape == nil, body.text == nil,
            mask.isShapeOnly, !mask.masksToBounds, let shape = mask.shape, (shape.fill == nil) != (shape.stroke == nil)
        else { return nil }
        return (gradient, shape.cgPath, (shape.fill ?? shape.stroke)?.a ?? 0)
    }

    /// The box `path` inks in its own space: with a stroke, widened by half its width (a miter
    /// join's reach beyond that, up to the miter limit).
    static func inkedBox(_ path: CGPath, _ shape: ShapeKey?) -> CGRect {
        let box = path.boundingBoxOfPath
        guard let shape, shape.stroke != nil else { return box }
        let reach = shape.lineWidth / 2 * (shape.join == .miter ? Swift.max(shape.miterLimit, 1) : 1)
        return box.insetBy(dx: -reach, dy: -reach)
    }

    /// Paints `gradient` (the layer's) through the mask's outline straight into the target,
    /// within `box` (target pixels).
    func drawGradientCut(
        _ key: MaskedBodyKey, gradient: GradientKey, maskPath: CGPath, maskMap: PlaneMap, map: PlaneMap, alpha: Double,
        box: CGRect, exact: ExactClip? = nil
    ) {
        let visible = box.insetBy(dx: -1, dy: -1).integral
        compositor.directDraws += 1
        let cr = self.cr
        let body = key.body.body
        let bounds = body.bounds.standardized
        if scanGradientCut(
            key, gradient: gradient, maskPath: maskPath, maskMap: maskMap, map: map, alpha: alpha, box: visible, exact: exact)
        {
            return
        }
        compositor.save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, visible.minX, visible.minY, visible.width, visible.height)
        compositor.clip(cr)
        var m = Self.cairoMatrix(map.affine)
        cairo_set_matrix(cr, &m)
        // The gradient fills the layer's (rounded) bounds: a clip only when the outline may leave them.
        let outline = maskMap.boundingBox(of: Self.inkedBox(maskPath, key.mask.shape))
        if body.corners.isRounded || !bounds.contains(outline) {
            cairo_new_path(cr)
            body.corners.addPath(bounds, to: cr)
            compositor.clip(cr)
        }
        // The outline filled with the gradient: one pass, no clip mask (the gradient's colours
        // carry the alpha).
        guard let pattern = gradient.pattern(over: bounds, alpha: alpha) else {
            compositor.restore(cr)
            return
        }
        defer { cairo_pattern_destroy(pattern) }
        cairo_set_source(cr, pattern)
        var mm = Self.cairoMatrix(maskMap.affine)
        cairo_transform(cr, &mm)
        cairo_new_path(cr)
        CairoPath.append(maskPath.storage, to: cr)
        cairo_set_fill_rule(cr, key.mask.shape?.evenOdd == true ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        if let shape = key.mask.shape, shape.stroke != nil {
            // A stroked outline: the gradient through the stroke (its trim, width, caps, dashes).
            if shape.setStroke(maskPath, into: cr), !compositor.options.usesKernel || !GradientFill.stroke(cr, pattern: pattern) {
                cairo_stroke(cr)
            }
        } else if !compositor.options.usesKernel || !GradientFill.fill(cr, pattern: pattern) {
            cairo_fill(cr)
        }
        compositor.restore(cr)
    }

    /// Paints the gradient through the mask's outline by the scan converter (as `scanShape`
    /// draws a solid one), within `visible` (device pixels); false when it is for cairo: the
    /// outline may leave the layer's (or rounded) bounds, the stroke is dashed, the gradient is
    /// one the kernel does not draw, or the target is not a kernel target.
    func scanGradientCut(
        _ key: MaskedBodyKey, gradient: GradientKey, maskPath: CGPath, maskMap: PlaneMap, map: PlaneMap, alpha: Double,
        box visible: CGRect, exact: ExactClip? = nil
    ) -> Bool {
        guard compositor.options.scansShapes, compositor.options.usesKernel, let shape = key.mask.shape,
            shape.dashes == nil, map.isAffine, maskMap.isAffine
        else { return false }
        let body = key.body.body
        let bounds = body.bounds.standardized
        guard !body.corners.isRounded, bounds.contains(maskMap.boundingBox(of: Self.inkedBox(maskPath, shape))),
            let target = compositor.kernelTarget(cr, exact: exact),
            let paint = compositor.gradientPaint(gradient, over: bounds, alpha: alpha, map: map.affine)
        else { return false }
        let t = maskMap.affine.concatenating(map.affine)
        let scan = compositor.scanConverter
        if shape.fill != nil {
            scan.fill(maskPath.storage, transform: t, evenOdd: shape.evenOdd, paint: paint, box: visible, onto: target)
        } else if let part = shape.strokedPart(of: maskPath, measures: compositor.pathMeasures) {
            scan.stroke(part, transform: t, style: shape.strokeStyle, paint: paint, box: visible, onto: target)
        }
        cairo_surface_mark_dirty(target.surface)
        return true
    }
}
