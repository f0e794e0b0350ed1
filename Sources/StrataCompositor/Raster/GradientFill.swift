import CCairo
import CStrataRaster
import CoreGraphics
import Foundation

/// cairo fills and paints whose source is a linear or concentric radial gradient, drawn by
/// Strata's gradient kernel (a colour table looked up a pixel) instead of pixman's gradient
/// fetch (a stop search and float interpolation a pixel: ≈ 15 ns against ≈ 1.5 for a solid
/// colour, measured on 1000² Lottie frames). The coverage is still cairo's (its rasteriser
/// draws the outline into an A8 mask); cairo's own fill is the reference the tests compare with.
/// Anything else — another operator, a clip that is not whole-pixel rectangles, a surface that
/// is not ARGB32, focal gradients, small regions — answers false and is left to cairo. Fills,
/// strokes and paints.
enum GradientFill {
    /// Regions smaller than this many pixels stay with cairo (the table and mask cost more than
    /// pixman's fetch there).
    static let minimumPixels = 4096

    /// Fills `cr`'s current path with `pattern` as `cairo_fill` would (source-over, the
    /// context's fill rule, antialiasing, tolerance and clip), and clears the path; false (path
    /// and target untouched) when the kernel does not do this case.
    static func fill(_ cr: OpaquePointer, pattern: OpaquePointer, simd: Int32 = 2) -> Bool {
        draw(cr, pattern: pattern, mode: .fill, simd: simd)
    }

    /// Strokes `cr`'s current path with `pattern` as `cairo_stroke` would (its line width, caps,
    /// joins, miter limit and dashes, in user space), and clears the path; false (path and
    /// target untouched) when the kernel does not do this case.
    static func stroke(_ cr: OpaquePointer, pattern: OpaquePointer, simd: Int32 = 2) -> Bool {
        draw(cr, pattern: pattern, mode: .stroke, simd: simd)
    }

    /// Paints `pattern` over `cr`'s clip as `cairo_paint` would; false when the kernel does not
    /// do this case (nothing drawn).
    static func paint(_ cr: OpaquePointer, pattern: OpaquePointer, simd: Int32 = 2) -> Bool {
        draw(cr, pattern: pattern, mode: .paint, simd: simd)
    }

    enum Mode { case fill, stroke, paint }

    /// `simd`: the kernel's code level (0 portable, 1 SSSE3, 2 AVX2; the same pixels whatever it is).
    private static func draw(_ cr: OpaquePointer, pattern: OpaquePointer, mode: Mode, simd: Int32) -> Bool {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        guard let (gradient, length) = kernelGradient(pattern, ctm: ctm) else { return false }
        // What the path covers, in user space (a stroke's width is in user space).
        var inked = CGRect.infinite
        if mode != .paint {
            var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
            if mode == .fill { cairo_fill_extents(cr, &x0, &y0, &x1, &y1) } else { cairo_stroke_extents(cr, &x0, &y0, &x1, &y1) }
            inked = deviceBox(CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), ctm)
        }
        // The target's pixels and clip in device space (the kernel's view of it: source-over,
        // whole-pixel clip rectangles, cairo's user space with the identity matrix).
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let kernelTarget = KernelTarget(cr)
        cairo_restore(cr)
        guard let target = kernelTarget, !target.clips.isEmpty else { return false }
        let clip = target.clips.map { CGRect(x: $0.0, y: $0.1, width: $0.2 - $0.0, height: $0.3 - $0.1) }
        var region = clip.dropFirst().reduce(clip[0]) { $0.union($1) }
        if mode != .paint { region = region.clipped(to: inked.integral) }
        region = region.clipped(to: 
            CGRect(x: target.originX, y: target.originY, width: Int(target.width), height: Int(target.height)))
        guard !region.isNull, !region.isEmpty else {
            if mode != .paint { cairo_new_path(cr) }
            return true
        }
        guard region.width * region.height >= Double(minimumPixels) else { return false }
        var mask: OpaquePointer?
        if mode != .paint || clip.count > 1 {
            mask = coverage(of: cr, ctm: ctm, region: region, clip: clip.count > 1 ? clip : [], mode: mode)
            guard mask != nil else { return false }
        }
        defer { if let mask { cairo_surface_destroy(mask) } }
        let table = colorTable(pattern, size: tableSize(forLength: length, gap: closestStops(pattern)))
        guard table.count >= 2 else { return false }
        cairo_surface_flush(target.surface)
        let x = Int(region.minX), y = Int(region.minY)
        let first = target.pixels + (y - target.originY) * Int(target.stride) + (x - target.originX)
        var g = gradient
        table.withUnsafeBufferPointer { lut in
            let maskData = mask.flatMap { cairo_image_surface_get_data($0) }.map { UnsafePointer($0) }
            let maskStride = mask.map { cairo_image_surface_get_stride($0) } ?? 0
            strata_gradient_fill(
                &g, lut.baseAddress, Int32(lut.count), first, Int32(target.stride), maskData, maskStride, Int32(x),
                Int32(y), Int32(region.width), Int32(region.height), simd)
        }
        cairo_surface_mark_dirty(target.surface)
        if mode != .paint { cairo_new_path(cr) }
        return true
    }

    /// The device box of user-space rectangle `r` through `ctm`.
    private static func deviceBox(_ r: CGRect, _ ctm: cairo_matrix_t) -> CGRect {
        guard !r.isNull, r.width.isFinite, r.height.isFinite else { return .null }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            let dx = ctm.xx * x + ctm.xy * y + ctm.x0, dy = ctm.yx * x + ctm.yy * y + ctm.y0
            minX = Swift.min(minX, dx)
            maxX = Swift.max(maxX, dx)
            minY = Swift.min(minY, dy)
            maxY = Swift.max(maxY, dy)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .null }
        // A pixel of room: antialiased edges.
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).insetBy(dx: -1, dy: -1)
    }

    /// An A8 surface of `region`'s size (device pixels) holding what cairo would cover: `cr`'s
    /// current path filled or stroked with its settings through `ctm` (or everything, to paint),
    /// within the clip rectangles (when any).
    private static func coverage(
        of cr: OpaquePointer, ctm: cairo_matrix_t, region: CGRect, clip: [CGRect], mode: Mode
    ) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(region.width), Int32(region.height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let mcr = cairo_create(surface)
        else { return nil }
        defer { cairo_destroy(mcr) }
        cairo_translate(mcr, -region.minX, -region.minY)
        for r in clip { cairo_rectangle(mcr, r.minX, r.minY, r.width, r.height) }
        if !clip.isEmpty { cairo_clip(mcr) }
        cairo_set_source_rgba(mcr, 0, 0, 0, 1)
        if mode == .paint {
            cairo_paint(mcr)
        } else {
            // The path in user space, drawn through the same matrix moved to the region.
            guard let copied = cairo_copy_path(cr) else { return nil }
            defer { cairo_path_destroy(copied) }
            var m = ctm
            m.x0 -= region.minX
            m.y0 -= region.minY
            cairo_set_matrix(mcr, &m)
            cairo_append_path(mcr, copied)
            cairo_set_antialias(mcr, cairo_get_antialias(cr))
            cairo_set_tolerance(mcr, cairo_get_tolerance(cr))
            if mode == .fill {
                cairo_set_fill_rule(mcr, cairo_get_fill_rule(cr))
                cairo_fill(mcr)
            } else {
                cairo_set_line_width(mcr, cairo_get_line_width(cr))
                cairo_set_line_cap(mcr, cairo_get_line_cap(cr))
                cairo_set_line_join(mcr, cairo_get_line_join(cr))
                cairo_set_miter_limit(mcr, cairo_get_miter_limit(cr))
                let count = Int(cairo_get_dash_count(cr))
                if count > 0 {
                    var dashes = [Double](repeating: 0, count: count)
                    var offset = 0.0
                    cairo_get_dash(cr, &dashes, &offset)
                    cairo_set_dash(mcr, dashes, Int32(count), offset)
                }
                cairo_stroke(mcr)
            }
        }
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }

    /// The kernel's description of `pattern` in device space (`ctm`: user → device) and the
    /// gradient's length in device pixels; nil for what the kernel does not draw.
    static func kernelGradient(_ pattern: OpaquePointer, ctm: cairo_matrix_t) -> (strata_gradient, Double)? {
        guard cairo_pattern_get_extend(pattern) == CAIRO_EXTEND_PAD else { return nil }
        var toPattern = cairo_matrix_t()
        cairo_pattern_get_matrix(pattern, &toPattern)
        var inverse = ctm
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return nil }
        // Device → user → pattern space.
        var m = cairo_matrix_t()
        withUnsafePointer(to: inverse) { a in withUnsafePointer(to: toPattern) { b in cairo_matrix_multiply(&m, a, b) } }
        var g = strata_gradient()
        switch cairo_pattern_get_type(pattern) {
        case CAIRO_PATTERN_TYPE_LINEAR:
            var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
            cairo_pattern_get_linear_points(pattern, &x0, &y0, &x1, &y1)
            let dx = x1 - x0, dy = y1 - y0, l2 = dx * dx + dy * dy
            guard l2 > 1e-12 else { return nil }
            g.kind = 0
            g.a = (m.xx * dx + m.yx * dy) / l2
            g.b = (m.xy * dx + m.yy * dy) / l2
            g.c = ((m.x0 - x0) * dx + (m.y0 - y0) * dy) / l2
            let slope = (g.a * g.a + g.b * g.b).squareRoot()
            guard slope > 0, g.a.isFinite, g.b.isFinite, g.c.isFinite else { return nil }
            return (g, 1 / slope)
        case CAIRO_PATTERN_TYPE_RADIAL:
            var cx0 = 0.0, cy0 = 0.0, r0 = 0.0, cx1 = 0.0, cy1 = 0.0, r1 = 0.0
            cairo_pattern_get_radial_circles(pattern, &cx0, &cy0, &r0, &cx1, &cy1, &r1)
            // Concentric circles only (a focal gradient solves a quadratic a pixel: pixman's).
            guard cx0 == cx1, cy0 == cy1, r0 >= 0, r1 > r0 else { return nil }
            g.kind = 1
            g.m = (m.xx, m.xy, m.x0 - cx0, m.yx, m.yy, m.y0 - cy0)
            g.r0 = r0
            g.inverseSpan = 1 / (r1 - r0)
            // The longest a pattern unit gets on the device: the larger column of the inverse.
            let det = m.xx * m.yy - m.xy * m.yx
            guard det != 0, det.isFinite, g.inverseSpan.isFinite else { return nil }
            let stretch = Swift.max((m.yy * m.yy + m.yx * m.yx).squareRoot(), (m.xy * m.xy + m.xx * m.xx).squareRoot()) / abs(det)
            return (g, (r1 - r0) * stretch)
        default:
            return nil
        }
    }

    /// Table entries for a gradient `length` device pixels long whose closest distinct stops are
    /// `gap` apart (0 for a hard stop: two at one offset): two a pixel (a smooth blend is then
    /// within half a level of exact), eight where stops come within four pixels of each other
    /// (a hard stop then moves by at most a sixteenth of a pixel: only pixels whose centre is
    /// that close can take the colour of its other side); between 256 and 16,384.
    static func tableSize(forLength length: Double, gap: Double = 1) -> Int {
        guard length.isFinite, length > 0 else { return 256 }
        let perPixel: Double = gap * length < 4 ? 8 : 2
        let wanted = Swift.min(Swift.max(perPixel * length + 2, 256), 16384)
        return 1 << Int(log2(wanted).rounded(.up))
    }

    /// The smallest distance between neighbouring stop offsets of `pattern` (1 with one stop).
    static func closestStops(_ pattern: OpaquePointer) -> Double {
        var count: Int32 = 0
        guard cairo_pattern_get_color_stop_count(pattern, &count) == CAIRO_STATUS_SUCCESS, count > 1 else { return 1 }
        var gap = 1.0, previous = 0.0
        for i in 0..<count {
            var o = 0.0, r = 0.0, g = 0.0, b = 0.0, a = 0.0
            cairo_pattern_get_color_stop_rgba(pattern, i, &o, &r, &g, &b, &a)
            if i > 0 { gap = Swift.min(gap, o - previous) }
            previous = o
        }
        return Swift.max(gap, 0)
    }

    /// The pattern's colours at `size` evenly spaced positions from 0 to 1, premultiplied ARGB32,
    /// interpolated as pixman does (alpha and unpremultiplied channels apart, then premultiplied;
    /// before the first stop its colour, after the last the last's).
    static func colorTable(_ pattern: OpaquePointer, size: Int) -> [UInt32] {
        var count: Int32 = 0
        guard cairo_pattern_get_color_stop_count(pattern, &count) == CAIRO_STATUS_SUCCESS, count > 0, size >= 2 else {
            return []
        }
        var offsets: [Double] = [], colors: [(r: Double, g: Double, b: Double, a: Double)] = []
        for i in 0..<count {
            var o = 0.0, r = 0.0, g = 0.0, b = 0.0, a = 0.0
            cairo_pattern_get_color_stop_rgba(pattern, i, &o, &r, &g, &b, &a)
            offsets.append(o)
            colors.append((r, g, b, a))
        }
        var table = [UInt32](repeating: 0, count: size)
        var k = 0
        for i in 0..<size {
            let t = Double(i) / Double(size - 1)
            while k < offsets.count && offsets[k] <= t { k += 1 }
            let c: (r: Double, g: Double, b: Double, a: Double)
            if k == 0 {
                c = colors[0]
            } else if k == offsets.count {
                c = colors[offsets.count - 1]
            } else {
                let span = offsets[k] - offsets[k - 1]
                let f = span > 0 ? (t - offsets[k - 1]) / span : 1
                let l = colors[k - 1], r = colors[k]
                c = (l.r + (r.r - l.r) * f, l.g + (r.g - l.g) * f, l.b + (r.b - l.b) * f, l.a + (r.a - l.a) * f)
            }
            table[i] = premultiplied(c)
        }
        return table
    }

    private static func premultiplied(_ c: (r: Double, g: Double, b: Double, a: Double)) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32(Swift.min(Swift.max(v * 255 + 0.5, 0), 255)) }
        let a = Swift.min(Swift.max(c.a, 0), 1)
        return byte(a) << 24 | byte(c.r * a) << 16 | byte(c.g * a) << 8 | byte(c.b * a)
    }
}
