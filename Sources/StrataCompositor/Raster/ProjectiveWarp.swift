import CCairo
import CPixman
import CoreGraphics

/// Draws a raster through a perspective map with pixman's projective transform (cairo has only
/// affine ones), then clips it to the part of the layer in front of the eye.
package enum ProjectiveWarp {
    /// Composites `raster` (local space) onto `cr` (identity matrix = target pixels) through
    /// `map` (local → target), at `alpha`, limited to `clip` (target pixels).
    package static func draw(
        _ raster: Raster, through map: PlaneMap, onto cr: OpaquePointer, clip: CGRect, alpha: Double, antialias: Bool
    ) {
        let polygon = map.projectedPolygon(of: raster.extent)
        guard polygon.count >= 3 else { return }
        let box = CGRect.bounding(polygon).clipped(to: clip)
        guard !box.isNull, box.width > 0, box.height > 0 else { return }
        let x0 = Int(box.minX.rounded(.down)), y0 = Int(box.minY.rounded(.down))
        let w = Int(box.maxX.rounded(.up)) - x0, h = Int(box.maxY.rounded(.up)) - y0
        guard w > 0, h > 0, w <= 16384, h <= 16384 else { return }
        // target pixel → local → raster pixel.
        guard let inverse = map.inverse else { return }
        let toRaster = inverse.then(
            PlaneMap(
                a: raster.scale, b: 0, c: 0, d: 0, e: raster.scale, f: 0, g: -raster.origin.x * raster.scale,
                h: -raster.origin.y * raster.scale, i: 1))
        let corners = [(x0, y0), (x0 + w, y0), (x0, y0 + h), (x0 + w, y0 + h)].map { CGPoint(x: $0.0, y: $0.1) }
        guard let transform = pixmanTransform(toRaster, over: corners) else { return }
        guard let temp = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return }
        defer { cairo_surface_destroy(temp) }
        cairo_surface_flush(raster.surface)
        guard let srcBits = cairo_image_surface_get_data(raster.surface),
            let dstBits = cairo_image_surface_get_data(temp)
        else { return }
        let src = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(raster.width), Int32(raster.height),
            UnsafeMutableRawPointer(srcBits).assumingMemoryBound(to: UInt32.self),
            cairo_image_surface_get_stride(raster.surface))
        let dst = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(w), Int32(h), UnsafeMutableRawPointer(dstBits).assumingMemoryBound(to: UInt32.self),
            cairo_image_surface_get_stride(temp))
        defer {
            pixman_image_unref(src)
            pixman_image_unref(dst)
        }
        var t = transform
        pixman_image_set_transform(src, &t)
        pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(src, PIXMAN_REPEAT_NONE)
        // Destination pixel (i, j) samples the source at transform(x0 + i + ½, y0 + j + ½).
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, Int32(x0), Int32(y0), 0, 0, 0, 0, Int32(w), Int32(h))
        cairo_surface_mark_dirty(temp)

        cairo_save(cr)
        cairo_set_antialias(cr, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        cairo_new_path(cr)
        cairo_move_to(cr, polygon[0].x, polygon[0].y)
        for p in polygon.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
        cairo_clip(cr)
        cairo_set_source_surface(cr, temp, Double(x0), Double(y0))
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    /// pixman's 16.16 matrix for `m` (column vectors: pixman's convention is the transpose of
    /// ours), scaled as far as fixed point allows: a projective map is unchanged by a common
    /// factor, and small perspective terms keep their precision. pixman computes each sample's
    /// homogeneous coordinates in 16.16 too, and skips a pixel whose coordinate overflows, so
    /// the scale also keeps them (at `points`, the corners of the pixels it will sample, where
    /// these linear forms are largest) under 2¹⁴: scaled by its largest entry alone, a card far
    /// from the target's origin lost every pixel past a few hundred.
    static func pixmanTransform(_ m: PlaneMap, over points: [CGPoint] = []) -> pixman_transform? {
        let entries = [m.a, m.d, m.g, m.b, m.e, m.h, m.c, m.f, m.i]
        var largest = entries.map(abs).max() ?? 0
        for p in points {
            let x = p.x, y = p.y
            largest = Swift.max(
                largest, abs(m.a * x + m.d * y + m.g), abs(m.b * x + m.e * y + m.h), abs(m.c * x + m.f * y + m.i))
        }
        guard largest > 0, largest.isFinite else { return nil }
        let k = 16384 / largest
        var f = pixman_f_transform()
        withUnsafeMutableBytes(of: &f.m) { raw in
            let p = raw.bindMemory(to: Double.self)
            for (n, v) in entries.enumerated() { p[n] = v * k }
        }
        var t = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&t, &f) != 0 else { return nil }
        return t
    }
}
