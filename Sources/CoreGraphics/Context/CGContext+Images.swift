import CCairo

extension CGContext {
    /// Draws `image` scaled to fill `rect` (user space), upright: its first row at the top (max y).
    /// With `byTiling`, the image is repeated at `rect`'s size over the whole clip.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard Self.finite([rect.origin.x, rect.origin.y, rect.width, rect.height], "CGContextDrawImage") else {
            return
        }
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        let filter = image.shouldInterpolate ? state.interpolationQuality.cairoFilter : CAIRO_FILTER_NEAREST
        paint {
            withImagePattern(image.pixels, width: image.width, height: image.height, in: r, tiled: byTiling, filter: filter) {
                if image.isImageMask {
                    // An image mask paints the fill colour through its stencil.
                    let c = state.fillColor.clamped
                    cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
                    if !byTiling {
                        cairo_save(cr)
                        cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                        cairo_clip(cr)
                    }
                    cairo_mask(cr, $0)
                    if !byTiling { cairo_restore(cr) }
                    return
                }
                cairo_set_source(cr, $0)
                if byTiling {
                    cairo_paint(cr)
                } else {
                    cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                    cairo_fill(cr)
                }
            }
        }
    }

    /// Calls `body` with a cairo pattern that maps `pixels` onto `rect` in the current user space.
    func withImagePattern(
        _ pixels: PixelBuffer, width w: Int, height h: Int, in rect: CGRect, tiled: Bool, filter: cairo_filter_t,
        _ body: (OpaquePointer) -> Void
    ) {
        let surface = CairoSurface.wrapping(pixels)
        defer { cairo_surface_destroy(surface) }
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        let r = rect.standardized
        let sx = Double(w) / Double(r.width)
        let sy = Double(h) / Double(r.height)
        // Pattern space is image pixels (row 0 on top): x grows with user x, rows grow as user y falls.
        var matrix = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: -sy, x0: -Double(r.minX) * sx, y0: Double(r.maxY) * sy)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, filter)
        // Padding keeps scaled edges crisp instead of fading into transparency.
        cairo_pattern_set_extend(pattern, tiled ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
        withExtendedLifetime(pixels) { body(pattern) }
    }
}
