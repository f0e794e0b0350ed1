import CCairo
import CStrataRaster
import CoreGraphics

// Opaque fills and clears of whole-pixel rectangles by the kernel: the same bytes as cairo's
// (pixman's solid fill), on both cores, without cairo's path machinery. A plain opaque layer
// (a window's background) and a renderer's clear of the damaged region take this way.

extension RasterKernel {
    /// The premultiplied ARGB32 pixel cairo makes of `color` at opacity `alpha`, or nil unless
    /// the result is fully opaque (and every channel a number). cairo clamps each channel to
    /// 0…1, rounds it to 16 bits (× 65535 + ½, truncated) and keeps the high byte.
    static func opaquePixel(_ color: RGBA, alpha: Double) -> UInt32? {
        func clamped(_ v: Double) -> Double { v >= 0 ? (v <= 1 ? v : 1) : 0 }
        guard clamped(color.a * alpha) >= 1 else { return nil }
        return ScanConverter.pixel(RGBA(r: color.r, g: color.g, b: color.b, a: 1), alpha: 1)
    }

    /// The whole-pixel device rectangle (x0, y0, x1, y1) that `rect` of local space covers
    /// through `map` (empty for an empty `rect`), or nil when an edge falls between pixels (cairo
    /// would cover part of a pixel there) or the map turns, skews or is not affine.
    static func wholePixelBox(_ rect: CGRect, map: PlaneMap) -> (Int, Int, Int, Int)? {
        guard map.isAffine else { return nil }
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return (0, 0, 0, 0) }
        let t = map.affine
        guard t.b == 0, t.c == 0, t.a != 0, t.d != 0 else { return nil }
        let xs = (t.a * rect.minX + t.tx, t.a * rect.maxX + t.tx), ys = (t.d * rect.minY + t.ty, t.d * rect.maxY + t.ty)
        var whole: [Int] = []
        for v in [min(xs.0, xs.1), min(ys.0, ys.1), max(xs.0, xs.1), max(ys.0, ys.1)] {
            // Within 10⁻⁶ of a pixel edge: cairo's 24.8 fixed point puts it on the edge.
            let r = v.rounded()
            guard abs(v - r) < 1e-6, abs(r) < 1e9 else { return nil }
            whole.append(Int(r))
        }
        return (whole[0], whole[1], whole[2], whole[3])
    }

    /// Sets the pixels of device rectangle `box` within the target's clip to `pixel`.
    static func fill(_ box: (Int, Int, Int, Int), pixel: UInt32, onto target: KernelTarget, options: RasterKernelOptions) {
        var buffer = target.buffer
        var drew = false
        for clip in target.clips {
            let x0 = max(box.0, clip.0), y0 = max(box.1, clip.1), x1 = min(box.2, clip.2), y1 = min(box.3, clip.3)
            guard x0 < x1, y0 < y1 else { continue }
            strata_fill(
                &buffer, Int32(clamping: x0), Int32(clamping: y0), Int32(clamping: x1), Int32(clamping: y1), pixel,
                Int32(clamping: options.threads))
            drew = true
        }
        if drew { cairo_surface_mark_dirty(target.surface) }
    }
}

extension Compositor {
    /// Clears the context's clip region to transparent (a renderer's redraw of its damage): by
    /// the kernel where it can draw on the target, else cairo's CLEAR paint.
    package func clear(_ cr: OpaquePointer) {
        kernelBatch.flush()
        // The caller set the clip: a view kept from before is not trusted.
        resetClipSerials()
        if options.usesKernel, let target = kernelTarget(cr) {
            RasterKernel.fill((Int.min / 4, Int.min / 4, Int.max / 4, Int.max / 4), pixel: 0, onto: target, options: options.kernelOptions)
            return
        }
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
