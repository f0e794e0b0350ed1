import CCairo
import CoreGraphics
import StrataRender

/// Everything that decides how a layer's own pixels look (background, contents, border), as a
/// hashable key: a cached raster is reused while its key is unchanged. Immutable, and held by
/// reference: a frame hands each drawn layer's body through a dozen calls, and as a 680-byte
/// value it was copied (with its shape's 200 bytes and references) at each.
package final class LayerBody: Hashable, @unchecked Sendable {
    package let bounds: CGRect
    package let background: RGBA?
    package let corners: CornerShape
    package let masksToBounds: Bool
    package let contents: ContentsKey?
    package let shape: ShapeKey?
    package let gradient: GradientKey?
    package let text: TextKey?
    package let border: Border?
    /// True when the body draws nothing.
    package let isEmpty: Bool
    /// True when the body is one opaque-or-not solid rectangle: drawn directly, not cached.
    package let isPlainRectangle: Bool
    /// True when the body is a shape and nothing else: what the compositor may draw straight into
    /// the target (its fill and stroke need no raster to be combined with other parts).
    package let isShapeOnly: Bool
    /// The local rectangle the body covers: a shape alone covers its outline, not its bounds
    /// (Lottie shape layers' bounds hold the outline at every frame, with room for miters).
    package let extent: CGRect
    /// The hash of every field, worked out once: the walk asks a drawn body's look at every frame.
    private let hashCode: Int

    package struct Border: Hashable {
        package var width: Double
        package var color: RGBA
    }

    /// A contents image and how it is laid out.
    package struct ContentsKey: Hashable {
        /// The image's serial (its identity; see `ObjectSerial`).
        package var image: UInt64
        package var layout: ContentsLayout
        package var minification: ContentsFilter
        package var magnification: ContentsFilter

        package static func == (l: ContentsKey, r: ContentsKey) -> Bool {
            l.image == r.image && l.layout == r.layout && l.minification == r.minification
                && l.magnification == r.magnification
        }

        package func hash(into h: inout Hasher) {
            h.combine(image)
            h.combine(layout.frame.origin.x)
            h.combine(layout.frame.origin.y)
            h.combine(layout.frame.size.width)
            h.combine(layout.frame.size.height)
        }
    }

    /// The body of `s`; `withBorder` when the border belongs in it (no sublayers are drawn
    /// between the contents and the border), `flipped` for contentsAreFlipped; text placed as
    /// `glyphPositioning` says; `previous`, the layer's last body, lends what it measured.
    package init(
        _ s: borrowing RenderLayerState, withBorder: Bool, withFill: Bool = true, flipped: Bool,
        glyphPositioning: GlyphPositioning = .unspecified, previous: LayerBody? = nil
    ) {
        bounds = s.bounds
        corners = CornerShape(radius: s.cornerRadius, corners: s.maskedCornersRaw, continuous: s.isCornerCurveContinuous)
        masksToBounds = s.masksToBounds
        var background: RGBA?, contents: ContentsKey?, shape: ShapeKey?, gradient: GradientKey?, text: TextKey?
        if withFill {
            switch s.kind {
            case .shape(let state): shape = ShapeKey(state, previous: previous?.shape)
            case .gradient(let state): gradient = GradientKey(state)
            case .text(let state): text = TextKey(state, glyphPositioning: glyphPositioning)
            default: break
            }
            if let color = s.backgroundColor?.sRGBComponents.clamped, color.a > 0 { background = color }
            if let image = s.contentsImage,
                let layout = ContentsLayout.make(
                    imageSize: CGSize(width: image.width, height: image.height), bounds: s.bounds,
                    gravity: s.contentsGravity, contentsRect: s.contentsRect, contentsCenter: s.contentsCenter,
                    contentsScale: s.contentsScale, flipped: flipped)
            {
                contents = ContentsKey(
                    image: image.serial, layout: layout, minification: s.minificationFilter,
                    magnification: s.magnificationFilter)
            }
        }
        self.background = background
        self.contents = contents
        self.shape = shape
        self.gradient = gradient
        self.text = text
        if withBorder, s.borderWidth > 0, s.borderWidth.isFinite,
            let color = s.borderColor?.sRGBComponents.clamped, color.a > 0
        {
            border = Border(width: s.borderWidth, color: color)
        } else {
            border = nil
        }
        isEmpty = background == nil && contents == nil && border == nil && shape == nil && gradient == nil && text == nil
        isPlainRectangle = contents == nil && border == nil && !corners.isRounded && shape == nil && gradient == nil && text == nil
        isShapeOnly = shape != nil && background == nil && contents == nil && border == nil && gradient == nil && text == nil
        extent = Self.extent(
            bounds: bounds, masksToBounds: masksToBounds, shapeOnly: isShapeOnly, contents: contents, shape: shape)
        var h = Hasher()
        h.combine(bounds.origin.x)
        h.combine(bounds.origin.y)
        h.combine(bounds.size.width)
        h.combine(bounds.size.height)
        h.combine(background)
        h.combine(corners)
        h.combine(masksToBounds)
        h.combine(contents)
        h.combine(shape)
        h.combine(gradient)
        h.combine(text)
        h.combine(border)
        hashCode = h.finalize()
    }

    package static func == (l: LayerBody, r: LayerBody) -> Bool {
        l === r
            || (l.bounds == r.bounds && l.background == r.background && l.corners == r.corners
                && l.masksToBounds == r.masksToBounds && l.contents == r.contents && l.shape == r.shape
                && l.gradient == r.gradient && l.text == r.text && l.border == r.border)
    }

    package func hash(into h: inout Hasher) { h.combine(hashCode) }

    /// The look that decides the body's pixels, as a hash (with the contents' orientation).
    func look(flipped: Bool) -> Int { flipped ? hashCode &* 31 &+ 1 : hashCode }

    private static func extent(
        bounds: CGRect, masksToBounds: Bool, shapeOnly: Bool, contents: ContentsKey?, shape: ShapeKey?
    ) -> CGRect {
        if shapeOnly, let shape {
            return masksToBounds ? shape.extent.clipped(to: bounds.standardized) : shape.extent
        }
        var r = bounds.standardized
        if let contents, !masksToBounds { r = r.union(contents.layout.frame) }
        if let shape, !masksToBounds { r = r.union(shape.extent) }
        return r
    }

    /// The local rectangle a raster of the body needs: `extent`, with a shape's stroke measured
    /// when its miter allowance is generous (see `ShapeKey.measuredExtent`).
    func rasterExtent(path: CGPath?) -> CGRect {
        guard isShapeOnly, let shape, let path else { return extent }
        let measured = shape.measuredExtent(path)
        return masksToBounds ? measured.clipped(to: bounds.standardized) : measured
    }

    /// Paints the body into `cr` (user space = local space). `image` is the contents image.
    package func paint(
        into cr: OpaquePointer, image: CGImage?, path: CGPath? = nil, flipped: Bool, deviceScale: Double
    ) {
        let b = bounds.standardized
        if let color = background {
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
            cairo_new_path(cr)
            corners.addPath(b, to: cr)
            cairo_fill(cr)
        }
        if let gradient {
            // Over the background, within the (rounded) bounds: the outline filled with the
            // gradient (Strata's gradient kernel when it can), or conic wedges clipped to it.
            if let pattern = gradient.pattern(over: b) {
                defer { cairo_pattern_destroy(pattern) }
                cairo_new_path(cr)
                corners.addPath(b, to: cr)
                if !GradientFill.fill(cr, pattern: pattern) {
                    cairo_set_source(cr, pattern)
                    cairo_fill(cr)
                }
            } else {
                cairo_save(cr)
                cairo_new_path(cr)
                corners.addPath(b, to: cr)
                cairo_clip(cr)
                gradient.paint(in: b, into: cr)
                cairo_restore(cr)
            }
        }
        if let contents, let image {
            cairo_save(cr)
            if masksToBounds {
                cairo_new_path(cr)
                corners.addPath(b, to: cr)
                cairo_clip(cr)
            }
            Self.paintContents(image, contents, flipped: flipped, deviceScale: deviceScale, into: cr)
            cairo_restore(cr)
        }
        if let text {
            // A text layer's text is its content, clipped to its bounds.
            text.paint(in: b, into: cr)
        }
        if let path {
            // Between the contents and the sublayers (Apple's order).
            paintShape(path, into: cr)
        }
        if let border {
            let w = Swift.min(border.width, Swift.min(b.width, b.height) / 2)
            cairo_set_source_rgba(cr, border.color.r, border.color.g, border.color.b, border.color.a)
            cairo_new_path(cr)
            corners.addPath(b, to: cr)
            if w < Swift.min(b.width, b.height) / 2 {
                var inner = corners
                inner.radius = Swift.max(0, corners.radius - w)
                inner.addPath(b.insetBy(dx: w, dy: w), to: cr)
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
    }

    /// Paints the shape (a CAShapeLayer's fill, then stroke), within the rounded bounds when the
    /// layer masks to them, its colours' alpha multiplied by `alpha`.
    func paintShape(_ path: CGPath, into cr: OpaquePointer, alpha: Double = 1) {
        guard let shape else { return }
        cairo_save(cr)
        if masksToBounds {
            cairo_new_path(cr)
            corners.addPath(bounds.standardized, to: cr)
            cairo_clip(cr)
        }
        shape.paint(path, into: cr, alpha: alpha)
        cairo_restore(cr)
    }

    private static func paintContents(
        _ image: CGImage, _ contents: ContentsKey, flipped: Bool, deviceScale: Double, into cr: OpaquePointer
    ) {
        let surface = CairoSurface.wrapping(image.pixels)
        defer { cairo_surface_destroy(surface) }
        let frame = contents.layout.frame
        for piece in contents.layout.pieces {
            var dst = piece.destination
            if flipped { dst.origin.y = frame.minY + frame.maxY - dst.maxY }
            var src = piece.source
            // Sample only the pixels of this piece (the edges of a contentsRect or of a nine-part
            // piece extend outwards instead of blending with the neighbouring pixels).
            var pieceSurface = surface
            let whole = src.clipped(to: CGRect(x: 0, y: 0, width: image.width, height: image.height))
            let cut = whole.isNull ? src : whole.integral
            if !whole.isNull, cut.width >= 1, cut.height >= 1,
                let sub = cairo_surface_create_for_rectangle(surface, cut.minX, cut.minY, cut.width, cut.height)
            {
                pieceSurface = sub
                src.origin.x -= cut.minX
                src.origin.y -= cut.minY
            }
            defer { if pieceSurface != surface { cairo_surface_destroy(pieceSurface) } }
            guard let pattern = cairo_pattern_create_for_surface(pieceSurface) else { continue }
            defer { cairo_pattern_destroy(pattern) }
            let sx = src.width / dst.width, sy = src.height / dst.height
            // User (local) → image pixels; upright: row 0 at the visual top.
            var m = cairo_matrix_t()
            if flipped {
                m = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: -sy, x0: src.minX - dst.minX * sx, y0: src.minY + dst.maxY * sy)
            } else {
                m = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: sy, x0: src.minX - dst.minX * sx, y0: src.minY - dst.minY * sy)
            }
            cairo_pattern_set_matrix(pattern, &m)
            // Pixels of the image per device pixel: above 1 minifies.
            let density = Swift.max(sx, sy) / Swift.max(deviceScale, 1e-9)
            let filter = density > 1 ? contents.minification : contents.magnification
            cairo_pattern_set_filter(pattern, Self.cairoFilter(filter, minifying: density > 1))
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            withExtendedLifetime(image) {
                cairo_set_source(cr, pattern)
                cairo_new_path(cr)
                cairo_rectangle(cr, dst.minX, dst.minY, dst.width, dst.height)
                cairo_fill(cr)
            }
        }
    }

    /// cairo's filter for a contents filter. Trilinear becomes cairo's GOOD filter when
    /// minifying (box-filtered downscaling, cairo's stand-in for mipmaps), bilinear otherwise.
    static func cairoFilter(_ filter: ContentsFilter, minifying: Bool) -> cairo_filter_t {
        switch filter {
        case .nearest: return CAIRO_FILTER_NEAREST
        case .trilinear: return minifying ? CAIRO_FILTER_GOOD : CAIRO_FILTER_BILINEAR
        case .linear: return CAIRO_FILTER_BILINEAR
        }
    }
}
