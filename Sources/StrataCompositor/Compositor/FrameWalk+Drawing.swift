import CCairo
import CoreGraphics
import StrataGeometry
import StrataRender

/// A body raster's cache key: the body, the scale it was drawn at and the contents orientation.
struct BodyRasterKey: Hashable {
    var body: LayerBody
    var scale: Double
    var flipped: Bool
}

struct ShadowRasterKey: Hashable {
    var shadow: LayerShadow
    var scale: Double
}

extension FrameWalk {
    /// The largest shadowRadius drawn, in points.
    static let maxShadowRadius: Double = 1000

    /// The shadow's colour (shadowOpacity folded in) and blur radius, nil when it cannot show.
    func shadowStyle(_ s: RenderLayerState) -> (color: RGBA, radius: Double)? {
        guard s.shadowOpacity > 0, s.shadowOpacity.isFinite, let base = s.shadowColor?.sRGBComponents.clamped,
            s.shadowRadius.isFinite, s.shadowOffset.width.isFinite, s.shadowOffset.height.isFinite
        else { return nil }
        var color = base
        color.a *= Double(Swift.min(s.shadowOpacity, 1))
        guard color.a > 0 else { return nil }
        // Radii are held to 1,000 points (a larger blur only costs memory and time).
        return (color, Swift.min(Swift.max(0, s.shadowRadius), Self.maxShadowRadius))
    }

    func visibleShadow(_ s: RenderLayerState) -> (color: RGBA, radius: Double)? { shadowStyle(s) }

    /// The box (target pixels) that `rect` of a layer covers through `map`, with its shadow.
    func deviceBox(of rect: CGRect, map: PlaneMap, shadow: (color: RGBA, radius: Double)?, s: RenderLayerState)
        -> CGRect
    {
        var box = map.boundingBox(of: rect)
        if let shadow {
            let source = s.shadowPath?.boundingBoxOfPath ?? rect
            let pad = 3 * shadow.radius + 1
            let shadowRect = source.offsetBy(dx: s.shadowOffset.width, dy: s.shadowOffset.height)
                .insetBy(dx: -pad, dy: -pad)
            box = box.union(map.boundingBox(of: shadowRect))
        }
        return box
    }

    /// The part of the target clip that a layer's local space can reach (affine maps only).
    static func localClip(_ map: PlaneMap, _ clip: CGRect) -> CGRect {
        guard let inverse = map.inverse else { return .null }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        // Four corners without an array (this runs for every layer drawn).
        func add(_ x: Double, _ y: Double) {
            guard let p = inverse.apply(CGPoint(x: x, y: y)) else { return }
            minX = Swift.min(minX, p.x)
            maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y)
            maxY = Swift.max(maxY, p.y)
        }
        add(clip.minX, clip.minY)
        add(clip.maxX, clip.minY)
        add(clip.maxX, clip.maxY)
        add(clip.minX, clip.maxY)
        guard minX <= maxX, minY <= maxY else { return .null }
        // A pixel of slack so edge pixels filter from their neighbours.
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).insetBy(dx: -2, dy: -2)
    }

    /// Draws a layer's body (or its border, for `part` .border) through `map`.
    mutating func drawBody(
        _ node: Int, _ s: UnsafePointer<RenderLayerState>, _ body: LayerBody, map: PlaneMap, alpha: Double, context: Context,
        part: Compositor.RasterPart = .body
    ) {
        guard !body.isEmpty else { return }
        let extent = body.extent
        guard !extent.isNull else { return }
        // A pixel of slack: antialiased edges reach past the outline.
        let box = map.boundingBox(of: extent).insetBy(dx: -1, dy: -1)
        guard box.meets(context.clip) else { return }
        let antialias = s.pointee.allowsEdgeAntialiasing
        if body.isPlainRectangle, let color = body.background {
            fillRectangle(extent, color: color, map: map, alpha: alpha, clip: context.clip, antialias: antialias)
            return
        }
        let directPath = part == .body && map.isAffine && body.isShapeOnly ? body.shape?.cgPath : nil
        let drawing = compositor.policy.bodyDrawing(
            node: node, look: body.look(flipped: context.flipped), placement: { Self.placementLook(map) },
            eligible: directPath != nil,
            movesCheaply: body.shape?.stroke == nil || body.shape?.outlinesCheaply == true
                || (context.isInstance && body.shape?.strokesThinly == true),
            holds: !context.isInstance, whole: { compositor.redrawsWhole(box) })
        if case .direct(let scans, let dropsRaster) = drawing, let directPath {
            if dropsRaster { compositor.bodies[plan[node].layerID] = nil }
            drawShapeDirectly(
                body, path: directPath, map: map, alpha: alpha, box: box.clipped(to: context.clip), scans: scans,
                exact: exactClip(context))
            return
        }
        if part == .body, !map.isAffine, drawsInPerspective(s, body, map: map, alpha: alpha, box: box.clipped(to: context.clip), context) {
            return
        }
        let stretch = map.scale(at: CGPoint(x: extent.midX, y: extent.midY))
        var scale = Compositor.rasterScale(stretch: stretch, extent: extent)
        if let kept = compositor.keptBodyRaster(part, id: plan[node].layerID, body: body, flipped: context.flipped, scale: scale) {
            composite(kept, map: map, alpha: alpha, clip: context.clip, antialias: antialias)
            return
        }
        // A layer shrinking by less than a bucket keeps the sharper raster it has (scaling
        // pulses would otherwise remake it each time they cross a bucket).
        if let kept = compositor.cachedBodyScale(part, id: plan[node].layerID, body: body, flipped: context.flipped),
            kept > scale, kept <= scale * Compositor.rasterScaleStep * (1 + 1e-9)
        {
            scale = kept
        }
        let key = BodyRasterKey(body: body, scale: scale, flipped: context.flipped)
        let image = s.pointee.contentsImage
        let path = body.shape?.cgPath
        let flipped = context.flipped, sharing = compositor.options.sharesImagePixels
        let raster = compositor.raster(part, id: plan[node].layerID, key: .body(key)) {
            Self.makeBodyRaster(body, image: image, path: path, scale: scale, flipped: flipped, sharing: sharing)
        }
        guard let raster else { return }
        composite(raster, map: map, alpha: alpha, clip: context.clip, antialias: antialias)
    }

    /// A hash of where `map` puts a layer (its affine part), for the draw policy's history.
    static func placementLook(_ map: PlaneMap) -> Int {
        let t = map.affine
        var placement = Signature()
        placement.combine(t.a)
        placement.combine(t.b)
        placement.combine(t.c)
        placement.combine(t.d)
        placement.combine(t.tx)
        placement.combine(t.ty)
        return placement.finalize()
    }

    /// Draws a shape-only body straight into the target through `map` (affine), within `box`
    /// (target pixels): fill and stroke together at `alpha` (through a group of the box's size
    /// when they overlap and alpha is below 1).
    func drawShapeDirectly(
        _ body: LayerBody, path: CGPath, map: PlaneMap, alpha: Double, box: CGRect, scans: Bool = true, exact: ExactClip? = nil
    ) {
        let visible = box.insetBy(dx: -1, dy: -1).integral
        guard !visible.isNull, !visible.isEmpty else { return }
        compositor.directDraws += 1
        let cr = self.cr
        if scans, scanShape(body, path: path, map: map, alpha: alpha, box: visible, cr: cr, exact: exact) { return }
        compositor.save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, visible.minX, visible.minY, visible.width, visible.height)
        compositor.clip(cr)
        let isolates = alpha < 1 && body.shape?.paintsTwice == true
        if isolates { compositor.pushGroup(cr) }
        var m = Self.cairoMatrix(map.affine)
        cairo_set_matrix(cr, &m)
        body.paintShape(path, into: cr, alpha: isolates ? 1 : alpha)
        if isolates {
            compositor.popGroupToSource(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        compositor.restore(cr)
    }

    static func makeBodyRaster(
        _ body: LayerBody, image: CGImage?, path: CGPath? = nil, scale: Double, flipped: Bool, sharing: Bool = true
    ) -> Raster? {
        if sharing, let image, let shared = sharedContentsRaster(body, image: image, scale: scale, flipped: flipped) { return shared }
        var extent = body.rasterExtent(path: path)
        if body.isShapeOnly, !extent.isNull {
            // The outline with a pixel of slack for antialiased edges, on whole points (a layer
            // at whole points is then copied, not resampled), never past the bounds and outline
            // together (a rectangle filling its bounds keeps its crisp edges).
            let slack = extent.insetBy(dx: -1 / scale, dy: -1 / scale).integral
            extent = slack.clipped(to: body.bounds.standardized.union(body.extent))
        }
        guard !extent.isNull, let raster = Raster(covering: extent, scale: scale) else { return nil }
        raster.draw { body.paint(into: $0, image: image, path: path, flipped: flipped, deviceScale: scale) }
        return raster
    }

    /// The image itself as the body's raster, when the raster would be an exact copy of it:
    /// contents alone (no background, border, shape, gradient or text), the whole image filling
    /// the bounds upright at one image pixel a raster pixel. Lottie image layers are this; their
    /// rasters doubled the memory of an image-heavy file (`dog_car_ride`: 13 MiB of images).
    static func sharedContentsRaster(_ body: LayerBody, image: CGImage, scale: Double, flipped: Bool) -> Raster? {
        guard !flipped, let contents = body.contents, body.background == nil, body.border == nil, body.shape == nil,
            body.gradient == nil, body.text == nil, !(body.masksToBounds && body.corners.isRounded),
            contents.layout.pieces.count == 1
        else { return nil }
        let piece = contents.layout.pieces[0]
        let frame = piece.destination
        guard piece.source == CGRect(x: 0, y: 0, width: image.width, height: image.height),
            frame == body.bounds.standardized, frame == body.extent,
            abs(frame.width * scale - Double(image.width)) < 1e-9, abs(frame.height * scale - Double(image.height)) < 1e-9
        else { return nil }
        return Raster(sharing: image, origin: frame.origin, scale: scale)
    }

    /// Fills a solid rectangle of local space (the common plain layer: no raster needed).
    func fillRectangle(_ rect: CGRect, color: RGBA, map: PlaneMap, alpha: Double, clip: CGRect, antialias: Bool) {
        if compositor.recordsComposites {
            compositor.recorded.append(
                .init(raster: nil, color: color, rect: rect, map: map, alpha: alpha, antialias: antialias))
        }
        // Opaque over whole pixels: the kernel sets them (the same bytes, on both cores).
        // (What cairo fills below: the visible part of the rectangle, within the context's clip.)
        if compositor.options.usesKernel, map.isAffine, let pixel = RasterKernel.opaquePixel(color, alpha: alpha),
            let box = RasterKernel.wholePixelBox(rect.clipped(to: Self.localClip(map, clip)), map: map),
            let target = compositor.kernelTarget(currentTarget)
        {
            compositor.kernelBatch.flush()
            RasterKernel.fill(box, pixel: pixel, onto: target, options: compositor.options.kernelOptions)
            return
        }
        compositor.save(cr)
        cairo_set_antialias(cr, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * alpha)
        cairo_new_path(cr)
        if map.isAffine {
            let visible = rect.clipped(to: Self.localClip(map, clip))
            guard !visible.isNull, visible.width > 0, visible.height > 0 else {
                compositor.restore(cr)
                return
            }
            var m = Self.cairoMatrix(map.affine.translatedBy(x: visible.minX, y: visible.minY))
            cairo_set_matrix(cr, &m)
            cairo_rectangle(cr, 0, 0, visible.width, visible.height)
        } else {
            let polygon = map.projectedPolygon(of: rect)
            guard polygon.count >= 3 else {
                compositor.restore(cr)
                return
            }
            cairo_move_to(cr, polygon[0].x, polygon[0].y)
            for p in polygon.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
        }
        cairo_fill(cr)
        compositor.restore(cr)
    }

    /// Composites a cached raster through `map` at `alpha`, as its copy in target pixels would
    /// (kept from the last frame when the map is the same, else made now or drawn straight by the
    /// kernel with the same numbers).
    func composite(_ raster: Raster, map: PlaneMap, alpha: Double, clip: CGRect, antialias: Bool) {
        let kernel = compositor.options.usesKernel ? compositor.kernelTarget(currentTarget) : nil
        let batch = compositor.kernelBatch
        if compositor.options.drawsThroughCopies, !Self.isExactCopy(raster, map: map),
            let placement = compositor.placedCopy(
                of: raster, map: map, antialias: antialias, target: Self.targetExtent(currentTarget), direct: kernel != nil,
                resample: { map, target, clip in
                    Self.resample(raster, map: map, alpha: 1, clip: clip, antialias: antialias, onto: target)
                })
        {
            switch placement {
            case .direct(let frame, let crop):
                if compositor.recordsComposites {
                    compositor.recorded.append(
                        .init(raster: raster, color: nil, rect: raster.extent, map: map, alpha: alpha, antialias: antialias))
                }
                if let kernel {
                    RasterKernel.composite(
                        raster, map: map, frame: frame, bilinear: true, alpha: alpha, antialias: antialias, crop: crop,
                        onto: kernel, options: compositor.options.kernelOptions, next: nextRaster(), batch: batch)
                }
            case .copy(let copy, let dx, let dy):
                // Whole pixels from where the copy was made: it goes on at 1:1, clipped to whole
                // pixels (the target's own clip cuts finer).
                let shift = PlaneMap.translation(Double(dx), Double(dy))
                if compositor.recordsComposites {
                    compositor.recorded.append(
                        .init(raster: copy, color: nil, rect: copy.extent, map: shift, alpha: alpha, antialias: false))
                }
                if let kernel {
                    RasterKernel.composite(
                        copy, map: shift, bilinear: false, alpha: alpha, antialias: false, onto: kernel,
                        options: compositor.options.kernelOptions, batch: batch)
                } else {
                    let wholeClip = clip.isNull || clip.isInfinite ? clip : clip.integral
                    Self.resample(copy, map: shift, alpha: alpha, clip: wholeClip, antialias: false, onto: cr)
                }
            }
            return
        }
        if compositor.recordsComposites {
            compositor.recorded.append(
                .init(raster: raster, color: nil, rect: raster.extent, map: map, alpha: alpha, antialias: antialias))
        }
        if let kernel,
            RasterKernel.composite(
                raster, map: map, bilinear: !Self.isExactCopy(raster, map: map), alpha: alpha, antialias: antialias,
                onto: kernel, options: compositor.options.kernelOptions, batch: batch)
        {
            return
        }
        Self.resample(raster, map: map, alpha: alpha, clip: clip, antialias: antialias, onto: cr)
    }

    /// The raster the walk will most likely put on next (the next layer's cached shadow or body),
    /// so the kernel can fetch it from memory while it draws this one; nil when unknown.
    func nextRaster() -> Raster? {
        guard case .enter(let node, _, _, _, _, _)? = steps.last, node >= 0, node < nodes.count else { return nil }
        let id = plan[node].layerID
        // By index: `shadows[id]?.raster` copied the whole entry (its key holds the layer's look).
        if let i = compositor.shadows.index(forKey: id) { return compositor.shadows.values[i].raster }
        if let i = compositor.bodies.index(forKey: id) { return compositor.bodies.values[i].raster }
        return nil
    }

    /// The pixels `cr` draws into (its current group's surface), in its device coordinates.
    static func targetExtent(_ cr: OpaquePointer) -> CGRect? {
        guard let surface = cairo_get_group_target(cr), cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
        else { return nil }
        var dx = 0.0, dy = 0.0
        cairo_surface_get_device_offset(surface, &dx, &dy)
        return CGRect(
            x: -dx, y: -dy, width: Double(cairo_image_surface_get_width(surface)),
            height: Double(cairo_image_surface_get_height(surface)))
    }

    /// True when `map` puts the raster's pixels on whole target pixels at 1:1 (a copy already).
    static func isExactCopy(_ raster: Raster, map: PlaneMap) -> Bool {
        guard map.isAffine else { return false }
        let t = map.affine
        return raster.scale == 1 && t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1
            && (t.tx + raster.origin.x).rounded() == t.tx + raster.origin.x
            && (t.ty + raster.origin.y).rounded() == t.ty + raster.origin.y
    }

    /// Draws `raster` through `map` onto `target` at `alpha`, within `clip` (target pixels).
    static func resample(
        _ raster: Raster, map: PlaneMap, alpha: Double, clip: CGRect, antialias: Bool, onto target: OpaquePointer
    ) {
        guard map.isAffine else {
            ProjectiveWarp.draw(raster, through: map, onto: target, clip: clip, alpha: alpha, antialias: antialias)
            return
        }
        let visible = raster.extent.clipped(to: localClip(map, clip))
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return }
        let t = map.affine
        // A raster at 1:1 on whole pixels is copied exactly; anything else is filtered.
        let exact = isExactCopy(raster, map: map)
        // Coordinates are rebased at the visible rectangle's corner: cairo hands pixman 16.16
        // fixed-point transforms, which cannot hold the offsets of far corners of huge layers.
        let shift = visible.origin
        guard let pattern = raster.makePattern(
            filter: exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR, rebasedAt: shift)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_save(target)
        var m = cairoMatrix(t.translatedBy(x: shift.x, y: shift.y))
        cairo_set_matrix(target, &m)
        cairo_set_source(target, pattern)
        cairo_set_antialias(target, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        cairo_new_path(target)
        cairo_rectangle(target, 0, 0, visible.width, visible.height)
        if alpha >= 1 {
            cairo_fill(target)
        } else {
            cairo_clip(target)
            cairo_paint_with_alpha(target, alpha)
        }
        cairo_restore(target)
    }

    /// Draws a layer's shadow from its body's alpha or its shadowPath, offset by shadowOffset.
    mutating func drawShadow(
        _ node: Int, _ style: (color: RGBA, radius: Double), body: LayerBody, map: PlaneMap, alpha: Double,
        context: Context
    ) {
        let s = states[node]
        let path = s.shadowPath
        let source: LayerShadow.Source =
            path.map { .path($0.serial, $0.boundingBoxOfPath) } ?? .body(body)
        if path == nil, body.isEmpty { return }
        let offset = s.shadowOffset
        // masksToBounds cuts the shadow to the rounded bounds, as on Apple.
        let cut = s.masksToBounds
            ? LayerShadow.Cut(rect: s.bounds.offsetBy(dx: -offset.width, dy: -offset.height), corners: body.corners)
            : nil
        let shadow = LayerShadow(color: style.color, radius: style.radius, source: source, cut: cut)
        let extent = path?.boundingBoxOfPath ?? body.extent
        // Cut away whole (an offset beyond the blur): nothing to draw, and no raster to remake.
        if let cut, !cut.rect.meets(extent.insetBy(dx: -(3 * style.radius + 1), dy: -(3 * style.radius + 1))) {
            return
        }
        let shadowMap = PlaneMap.translation(offset.width, offset.height).then(map)
        let box = deviceBox(of: extent, map: map, shadow: style, s: s)
        guard box.meets(context.clip) else { return }
        let scale = Compositor.rasterScale(stretch: map.scale(at: CGPoint(x: extent.midX, y: extent.midY)), extent: extent)
        let image = s.contentsImage
        let flipped = context.flipped, sharing = compositor.options.sharesImagePixels
        let key = ShadowRasterKey(shadow: shadow, scale: scale)
        let raster = compositor.raster(.shadow, id: plan[node].layerID, key: .shadow(key)) {
            let shapePath = body.shape?.cgPath
            let shape = path == nil
                ? Self.makeBodyRaster(
                    body, image: image, path: shapePath, scale: scale, flipped: flipped, sharing: sharing) : nil
            return shadow.makeRaster(shapeRaster: shape, path: path, scale: scale)
        }
        guard let raster else { return }
        composite(raster, map: shadowMap, alpha: alpha, clip: context.clip, antialias: true)
    }

    /// The shadow of a layer with sublayers (no shadowPath): from the alpha of everything it drew,
    /// blurred in target pixels (σ scaled by the layer's scale on the target).
    func drawCompositeShadow(
        _ content: OpaquePointer, shadow: (color: RGBA, radius: Double), s: RenderLayerState,
        map: PlaneMap, alpha: Double
    ) {
        compositor.pushGroup(cr, content: CAIRO_CONTENT_ALPHA)
        cairo_set_source(cr, content)
        cairo_paint(cr)
        guard let alphaPattern = compositor.popGroup(cr) else { return }
        defer { cairo_pattern_destroy(alphaPattern) }
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(alphaPattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
        else { return }
        var dx = 0.0, dy = 0.0
        cairo_surface_get_device_offset(surface, &dx, &dy)
        let placed = Self.compositeShadowPlacement(shadow, s, map: map)
        let blurred = GaussianBlur.blurA8(surface, sigma: placed.sigma, approximate: true)
        defer { cairo_surface_destroy(blurred) }
        cairo_set_source_rgba(cr, shadow.color.r, shadow.color.g, shadow.color.b, shadow.color.a * alpha)
        cairo_mask_surface(cr, blurred, -dx + placed.offset.x, -dy + placed.offset.y)
    }

    /// Where a group's composite shadow falls on the target: its offset and blur deviation in
    /// target pixels (the group's limit and the drawing both read it).
    static func compositeShadowPlacement(
        _ shadow: (color: RGBA, radius: Double), _ s: RenderLayerState, map: PlaneMap
    ) -> (offset: CGPoint, sigma: Double) {
        let t = map.affine
        let o = s.shadowOffset
        let offset = CGPoint(x: o.width * t.a + o.height * t.c, y: o.width * t.b + o.height * t.d)
        return (offset, shadow.radius * abs(t.a * t.d - t.b * t.c).squareRoot())
    }

    static func cairoMatrix(_ t: CGAffineTransform) -> cairo_matrix_t {
        cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    }
}

extension FrameWalk {
    /// Draws a shape-only body through the scan converter (`ScanConverter`) within the device
    /// box `visible`; false when it is for cairo: a group is needed (a translucent fill and stroke
    /// overlap), the stroke is dashed, the shape is cut to rounded bounds, or the target is not
    /// one the kernel draws on.
    func scanShape(
        _ body: LayerBody, path: CGPath, map: PlaneMap, alpha: Double, box visible: CGRect, cr: OpaquePointer,
        exact: ExactClip? = nil
    ) -> Bool
    {
        guard compositor.options.scansShapes, compositor.options.usesKernel, let shape = body.shape, !body.masksToBounds,
            shape.dashes == nil, !(alpha < 1 && shape.paintsTwice), let target = compositor.kernelTarget(cr, exact: exact)
        else { return false }
        let t = map.affine
        let scan = compositor.scanConverter
        if let fill = shape.fill {
            scan.fill(path.storage, transform: t, evenOdd: shape.evenOdd, color: fill, alpha: alpha, box: visible, onto: target)
        }
        if let stroke = shape.stroke, let part = shape.strokedPart(of: path, measures: compositor.pathMeasures) {
            scan.stroke(part, transform: t, style: shape.strokeStyle, color: stroke, alpha: alpha, box: visible, onto: target)
        }
        cairo_surface_mark_dirty(target.surface)
        return true
    }
}

extension FrameWalk {
    /// Draws a shape-only body seen in perspective straight into the target by the scan
    /// converter, its outline projected (`ScanConverter+Perspective`), within the device box
    /// `visible`; false when it is for a raster: a dashed stroke, a translucent fill and stroke
    /// (they need a group), a clip to bounds, part of the shape or its stroke behind the eye, or a
    /// target the kernel does not draw on.
    func drawsInPerspective(
        _ s: UnsafePointer<RenderLayerState>, _ body: LayerBody, map: PlaneMap, alpha: Double, box visible: CGRect,
        _ context: Context
    ) -> Bool {
        guard compositor.options.scansShapes, compositor.options.usesKernel, compositor.options.drawsChangingLayersDirectly,
            body.isShapeOnly, !body.masksToBounds, let shape = body.shape, shape.dashes == nil,
            !(alpha < 1 && shape.paintsTwice)
        else { return false }
        let path = shape.cgPath
        // w is affine over the layer's plane: in front of the eye at the corners of the box the
        // shape and its stroke ink, it is in front everywhere inside.
        let inked = Self.inkedBox(path, shape).insetBy(dx: -1, dy: -1)
        guard !inked.isNull, !inked.isInfinite else { return false }
        let corners = [CGPoint(x: inked.minX, y: inked.minY), CGPoint(x: inked.maxX, y: inked.minY),
            CGPoint(x: inked.maxX, y: inked.maxY), CGPoint(x: inked.minX, y: inked.maxY)]
        guard corners.allSatisfy({ map.applyHomogeneous($0.x, $0.y).w > 1e-6 }) else { return false }
        let box = visible.insetBy(dx: -1, dy: -1).integral
        guard !box.isNull, !box.isEmpty else { return true }
        let stretch = corners.reduce(0) { Swift.max($0, map.scale(at: $1)) }
        let cr = self.cr
        guard let target = compositor.kernelTarget(cr, exact: exactClip(context)) else { return false }
        let scan = compositor.scanConverter
        if let fill = shape.fill {
            guard scan.fill(
                path.storage, through: map, stretch: stretch, evenOdd: shape.evenOdd, color: fill, alpha: alpha, box: box,
                onto: target)
            else { return false }
        }
        if let stroke = shape.stroke, let part = shape.strokedPart(of: path, measures: compositor.pathMeasures) {
            scan.stroke(part, through: map, stretch: stretch, style: shape.strokeStyle, color: stroke, alpha: alpha, box: box, onto: target)
        }
        compositor.directDraws += 1
        cairo_surface_mark_dirty(target.surface)
        return true
    }
}
