import CCairo
import CoreGraphics

/// A layer's shadow (shadowColor, shadowOpacity, shadowRadius, shadowPath), as a key for its
/// cached raster. The blur is a Gaussian of standard deviation σ = shadowRadius (the CSS
/// convention `box-shadow` blur = 2 × shadowRadius); shadowOffset is applied when compositing.
package struct LayerShadow: Hashable {
    /// Colour with shadowOpacity folded into alpha.
    package var color: RGBA
    package var radius: Double
    /// The shape: the body's alpha, or a path (identity plus bounds; paths are immutable).
    package var source: Source
    /// For a layer that masks to its bounds: the rounded bounds that cut the shadow, in the
    /// shadow's own space (the bounds moved back by shadowOffset). Cut in the raster, so the
    /// frame composites it without a clip.
    package var cut: Cut?

    package struct Cut: Hashable {
        var rect: CGRect
        var corners: CornerShape
    }

    package enum Source: Hashable {
        case body(LayerBody)
        case path(UInt64, CGRect)
    }

    /// The widest blur computed at full resolution, in raster pixels of σ: a Gaussian this wide
    /// magnified with bilinear filtering differs from one computed at full size by at most 4
    /// levels of 255 (tested), and 200 layers with shadowRadius 150 took 17–33 s a frame at 32.
    package static let maxSigmaPixels: Double = 8

    /// The standard deviation of the blur, in local units.
    package var sigma: Double { radius }

    /// Paints the shadow into a new raster: `shapeRaster` (for `.body`) or `path` gives the alpha.
    package func makeRaster(shapeRaster: Raster?, path: CGPath?, scale: Double) -> Raster? {
        let pad = 3 * sigma + 1 / scale
        var shapeExtent: CGRect
        switch source {
        case .body:
            guard let shapeRaster else { return nil }
            shapeExtent = shapeRaster.extent
        case .path(_, let box):
            shapeExtent = box
        }
        guard shapeExtent.width > 0 || shapeExtent.height > 0 else { return nil }
        var s = scale
        // A wide blur needs little resolution: at most `maxSigmaPixels` of σ (the raster is
        // filtered when drawn), which keeps kernels short and rasters small for large radii.
        if sigma * s > Self.maxSigmaPixels { s = Self.maxSigmaPixels / sigma }
        let extent = shapeExtent.insetBy(dx: -pad, dy: -pad)
        // Keep the raster within bounds: a blur this large needs no more detail.
        let side = Swift.max(extent.width, extent.height) * s
        if side > Double(Raster.maxSide) { s *= Double(Raster.maxSide) / side }
        guard let alpha = Self.alphaSurface(extent: extent, scale: s, shapeRaster: shapeRaster, path: path) else {
            return nil
        }
        defer { cairo_surface_destroy(alpha) }
        let blurred = GaussianBlur.blurA8(alpha, sigma: sigma * s, approximate: true)
        defer { cairo_surface_destroy(blurred) }
        if let cut { return Self.paint(color, blurred, extent: extent, scale: s, cutTo: cut, at: scale) }
        guard let out = Raster(covering: extent, scale: s) else { return nil }
        guard let cr = cairo_create(out.surface) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        cairo_mask_surface(cr, blurred, 0, 0)
        cairo_surface_flush(out.surface)
        return out
    }

    /// The part of the shadow inside `cut`, at the layer's full raster scale (a wide blur's
    /// coarse raster would blur the cut edge): `blurred` covers `extent` at `blurScale`.
    private static func paint(
        _ color: RGBA, _ blurred: OpaquePointer, extent: CGRect, scale blurScale: Double, cutTo cut: Cut,
        at scale: Double
    ) -> Raster? {
        let visible = extent.clipped(to: cut.rect)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return nil }
        // Whole raster pixels from the shadow's corner, so an unscaled mask lands on whole pixels.
        let x0 = extent.minX + ((visible.minX - extent.minX) * scale).rounded(.down) / scale
        let y0 = extent.minY + ((visible.minY - extent.minY) * scale).rounded(.down) / scale
        let covered = CGRect(x: x0, y: y0, width: visible.maxX - x0, height: visible.maxY - y0)
        guard let out = Raster(covering: covered, scale: scale) else { return nil }
        out.draw { cr in
            cut.corners.addPath(cut.rect, to: cr)
            cairo_clip(cr)
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
            cairo_translate(cr, extent.minX, extent.minY)
            cairo_scale(cr, 1 / blurScale, 1 / blurScale)
            cairo_mask_surface(cr, blurred, 0, 0)
        }
        return out
    }

    /// An A8 surface over `extent` holding the shape's coverage.
    private static func alphaSurface(extent: CGRect, scale: Double, shapeRaster: Raster?, path: CGPath?) -> OpaquePointer? {
        let w = Int32((extent.width * scale).rounded(.up)), h = Int32((extent.height * scale).rounded(.up))
        guard w > 0, h > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h) else { return nil }
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -extent.minX, -extent.minY)
        if let path {
            CairoPath.append(path.storage, to: cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        } else if let shapeRaster, let pattern = shapeRaster.makePattern(filter: CAIRO_FILTER_BILINEAR) {
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        }
        cairo_surface_flush(surface)
        return surface
    }
}
