import CCairo
import CStrataRaster
import CoreGraphics
import Foundation
@testable import StrataCompositor
import Testing

/// Strata's scan converter and stroker (`ScanConverter`), which draw shapes straight into a
/// frame, against cairo's fill and stroke of the same paths (the reference). Metric over the
/// pixels either draws: the mean channel difference (levels of 255), and the share of pixels
/// with a channel off by more than 32 levels (the two antialias by different means: exact areas
/// against cairo's sample grid; they differ most at joins and where edges cross in one pixel,
/// and on lines thinner than a pixel, all of whose pixels are edge pixels: a mean below 2.5).
/// Gradient paints are compared with cairo's gradient pattern (pixman's fetch) the same way.
@Suite("Compositor: the scan converter")
struct ScanConverterTests {
    static let width: Int32 = 220, height: Int32 = 180

    struct Case: CustomStringConvertible {
        var name: String
        var path: CGPath
        var transform: CGAffineTransform = .identity
        var fill: Bool = false
        var evenOdd = false
        var width: Double = 8
        var cap: CGLineCap = .butt
        var join: CGLineJoin = .miter
        var miterLimit: Double = 10
        var alpha: Double = 1
        /// The device box drawn within (nil: the whole surface).
        var box: CGRect? = nil
        /// Painted with a gradient (device space) instead of a solid colour.
        var gradient: Gradient? = nil
        /// A clip cairo cannot list (a turned or fractional quadrilateral, device pixels): the
        /// scan converter draws within it from the walk's account (`ExactClip`), cairo through
        /// its clip.
        var clip: [CGPoint]? = nil
        var description: String { name }
    }

    static func star() -> CGPath {
        let p = CGMutablePath()
        for k in 0..<5 {
            let angle = -Double.pi / 2 + Double(k) * 4 * .pi / 5
            let point = CGPoint(x: 110 + 70 * cos(angle), y: 90 + 70 * sin(angle))
            if k == 0 { p.move(to: point) } else { p.addLine(to: point) }
        }
        p.closeSubpath()
        return p
    }

    static func zigzag() -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 20, y: 140))
        p.addLine(to: CGPoint(x: 60, y: 40))
        p.addLine(to: CGPoint(x: 100, y: 140))
        p.addLine(to: CGPoint(x: 130, y: 60))
        p.addLine(to: CGPoint(x: 200, y: 70.5))
        return p
    }

    static func curves() -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 20, y: 100))
        p.addCurve(to: CGPoint(x: 200, y: 90), control1: CGPoint(x: 60, y: -20), control2: CGPoint(x: 150, y: 220))
        p.addQuadCurve(to: CGPoint(x: 40, y: 160), control: CGPoint(x: 120, y: 190))
        return p
    }

    enum Gradient { case linear, radial }

    /// The case's gradient as a cairo pattern in device space: three stops, the last translucent.
    static func pattern(_ g: Gradient, alpha: Double) -> OpaquePointer {
        let p: OpaquePointer = g == .linear
            ? cairo_pattern_create_linear(30, 20, 190, 160) : cairo_pattern_create_radial(110, 90, 8, 110, 90, 95)
        cairo_pattern_add_color_stop_rgba(p, 0, 0.9, 0.2, 0.1, alpha)
        cairo_pattern_add_color_stop_rgba(p, 0.45, 0.1, 0.8, 0.3, alpha)
        cairo_pattern_add_color_stop_rgba(p, 1, 0.2, 0.3, 1, 0.7 * alpha)
        cairo_pattern_set_extend(p, CAIRO_EXTEND_PAD)
        return p
    }

    static func ring() -> CGPath {
        let p = CGMutablePath()
        p.addArc(center: CGPoint(x: 110, y: 90), radius: 60, startAngle: 0.3, endAngle: 5.4, clockwise: false)
        return p
    }

    static let cases: [Case] = [
        Case(name: "a star filled, non-zero", path: star(), fill: true),
        Case(name: "a star filled, even-odd", path: star(), fill: true, evenOdd: true),
        Case(name: "an ellipse and a rounded rectangle filled through a turned, stretched map",
             path: {
                 let p = CGMutablePath()
                 p.addEllipse(in: CGRect(x: 20, y: 20, width: 90, height: 60))
                 p.addRoundedRect(in: CGRect(x: 60, y: 60, width: 100, height: 70), cornerWidth: 14, cornerHeight: 14)
                 return p
             }(), transform: CGAffineTransform(translationX: 30, y: -10).rotated(by: 0.25).scaledBy(x: 1.1, y: 0.9),
             fill: true),
        Case(name: "a translucent star filled within a box", path: star(), fill: true, alpha: 0.6,
             box: CGRect(x: 70, y: 30, width: 90, height: 100)),
        Case(name: "a zigzag stroked, butt caps, miter joins", path: zigzag(), width: 10),
        Case(name: "a zigzag stroked, round caps, round joins", path: zigzag(), width: 12, cap: .round, join: .round),
        Case(name: "a zigzag stroked, square caps, bevel joins", path: zigzag(), width: 9, cap: .square, join: .bevel),
        Case(name: "a zigzag stroked, miter joins over a limit of 1.5", path: zigzag(), width: 10, miterLimit: 1.5),
        Case(name: "curves stroked with round caps through a skewed map", path: curves(),
             transform: CGAffineTransform(a: 1, b: 0.1, c: 0.3, d: 0.8, tx: -10, ty: 10), width: 7, cap: .round),
        Case(name: "a ring's arc, round caps (a spinner)", path: ring(), width: 8, cap: .round),
        Case(name: "a closed star stroked, miter joins", path: star(), width: 6),
        Case(name: "a hairline curve", path: curves(), width: 0.6),
        Case(name: "a translucent ring's arc cut to a box", path: ring(), width: 14, cap: .round, alpha: 0.5,
             box: CGRect(x: 40, y: 20, width: 100, height: 90)),
        // Upright sides (the scan converter's vertical-edge path), on whole and fractional pixels.
        Case(name: "upright rectangles and a rounded box, sides on whole and fractional pixels", path: uprightBoxes(), fill: true),
        Case(name: "upright rectangles and a rounded box stroked, sides between pixels", path: uprightBoxes(), width: 3.5),
        // One upright rectangle alone (covered by overlap, `strata_fill_box`), opaque and translucent.
        Case(name: "one upright rectangle on fractional pixels", path: CGPath(rect: CGRect(x: 20.3, y: 15.6, width: 120.45, height: 90.2), transform: nil), fill: true),
        Case(name: "one translucent upright rectangle cut to a box", path: CGPath(rect: CGRect(x: 20.3, y: 15.6, width: 120.45, height: 90.2), transform: nil),
             fill: true, alpha: 0.45, box: CGRect(x: 50, y: 40, width: 200, height: 30)),
        // Gradient paints (a Lottie gradient stroke or fill drawn straight into the frame).
        Case(name: "a ring's arc stroked with a linear gradient, round caps", path: ring(), width: 10, cap: .round, gradient: .linear),
        Case(name: "a star filled even-odd with a radial gradient through a turned map", path: star(),
             transform: CGAffineTransform(translationX: 20, y: -5).rotated(by: 0.2), fill: true, evenOdd: true, gradient: .radial),
        Case(name: "a translucent gradient zigzag cut to a box", path: zigzag(), width: 12, join: .round, alpha: 0.55,
             box: CGRect(x: 40, y: 20, width: 110, height: 120), gradient: .linear),
        // Under clips cairo cannot list (a turned or scaled precomposition's bounds).
        Case(name: "a star filled under a turned clip", path: star(), fill: true, clip: turnedQuad()),
        Case(name: "a zigzag stroked under a turned clip, within a box", path: zigzag(), width: 10,
             box: CGRect(x: 30, y: 20, width: 150, height: 140), clip: turnedQuad()),
        Case(name: "a star filled under a clip on fractional pixels", path: star(), fill: true,
             clip: [CGPoint(x: 60.3, y: 35.7), CGPoint(x: 170.45, y: 35.7), CGPoint(x: 170.45, y: 140.2), CGPoint(x: 60.3, y: 140.2)]),
        Case(name: "a ring's arc stroked with a gradient under a turned clip", path: ring(), width: 12, cap: .round,
             gradient: .linear, clip: turnedQuad()),
    ]

    /// A rectangle of 130 × 90 points turned by 20° about (110, 90), on fractional pixels.
    static func turnedQuad() -> [CGPoint] {
        let t = CGAffineTransform(translationX: 110.3, y: 90.6).rotated(by: 20 * .pi / 180)
        return [CGPoint(x: -65, y: -45), CGPoint(x: 65, y: -45), CGPoint(x: 65, y: 45), CGPoint(x: -65, y: 45)].map { $0.applying(t) }
    }

    /// Clips `cr` to `quad` (device pixels).
    static func clip(_ cr: OpaquePointer, to quad: [CGPoint]) {
        cairo_new_path(cr)
        cairo_move_to(cr, quad[0].x, quad[0].y)
        for p in quad.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
        cairo_clip(cr)
    }

    static func uprightBoxes() -> CGPath {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 10, y: 12, width: 60, height: 50))
        p.addRect(CGRect(x: 90.25, y: 20.5, width: 40.5, height: 70.75))
        p.addRoundedRect(in: CGRect(x: 30.6, y: 100.3, width: 150.2, height: 50), cornerWidth: 12, cornerHeight: 12)
        return p
    }

    /// The case drawn on a white surface, by the scan converter or by cairo.
    static func render(_ c: Case, scan: Bool) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        let color = RGBA(r: 0.1, g: 0.3, b: 0.8, a: 1)
        let box = c.box ?? CGRect(x: 0, y: 0, width: Double(width), height: Double(height))
        if scan {
            var exact: ExactClip?
            if let quad = c.clip {
                exact = KernelTarget(cr).flatMap { ExactClip(whole: $0.clips, corners: quad) }
                Self.clip(cr, to: quad)
                #expect(KernelTarget(cr) == nil, "\(c.name): cairo cannot list the clip")
            }
            guard let target = KernelTarget(cr, exact: exact) else {
                Issue.record("a plain image surface is a kernel target")
                return surface
            }
            #expect(target.planes.count == (c.clip == nil ? 0 : 4), "\(c.name): the clip's four sides cut the polygons")
            let converter = ScanConverter()
            var paint = ScanConverter.Paint.solid(color, alpha: c.alpha)
            if let g = c.gradient {
                let pattern = Self.pattern(g, alpha: c.alpha)
                defer { cairo_pattern_destroy(pattern) }
                let identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
                guard let (device, length) = GradientFill.kernelGradient(pattern, ctm: identity) else {
                    Issue.record("\(c.name): the gradient kernel draws this gradient")
                    return surface
                }
                let table = GradientFill.colorTable(pattern, size: GradientFill.tableSize(forLength: length))
                paint = .gradient(device, table: table, simd: 2)
            }
            guard let paint else {
                Issue.record("\(c.name): the paint shows")
                return surface
            }
            if c.fill {
                converter.fill(c.path.storage, transform: c.transform, evenOdd: c.evenOdd, paint: paint, box: box, onto: target)
            } else {
                let style = ScanConverter.StrokeStyle(width: c.width, cap: c.cap, join: c.join, miterLimit: c.miterLimit)
                converter.stroke(c.path.storage, transform: c.transform, style: style, paint: paint, box: box, onto: target)
            }
            cairo_surface_mark_dirty(surface)
            // The cells are left zero for the next call.
            #expect(converter.cells.allSatisfy { $0 == 0 }, "\(c.name): the cells are left zero")
            #expect(converter.touched.allSatisfy { $0 == 0 }, "\(c.name): the touched bits are left zero")
            return surface
        }
        cairo_rectangle(cr, box.minX, box.minY, box.width, box.height)
        cairo_clip(cr)
        if let quad = c.clip { Self.clip(cr, to: quad) }
        if let g = c.gradient {
            // Set before the matrix: the pattern stays in device space.
            let pattern = Self.pattern(g, alpha: c.alpha)
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        } else {
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * c.alpha)
        }
        var m = cairo_matrix_t(xx: c.transform.a, yx: c.transform.b, xy: c.transform.c, yy: c.transform.d, x0: c.transform.tx, y0: c.transform.ty)
        cairo_set_matrix(cr, &m)
        CairoPath.append(c.path.storage, to: cr)
        if c.fill {
            cairo_set_fill_rule(cr, c.evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        } else {
            cairo_set_line_width(cr, c.width)
            cairo_set_miter_limit(cr, c.miterLimit)
            cairo_set_line_cap(cr, c.cap == .round ? CAIRO_LINE_CAP_ROUND : c.cap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
            cairo_set_line_join(cr, c.join == .round ? CAIRO_LINE_JOIN_ROUND : c.join == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
            cairo_stroke(cr)
        }
        cairo_surface_flush(surface)
        return surface
    }

    /// Mean channel difference over the pixels either drew, how many differ by more than 32,
    /// and how many either drew.
    static func compare(_ a: OpaquePointer, _ b: OpaquePointer) -> (mean: Double, over32: Int, drawn: Int) {
        let rowPixels = Int(cairo_image_surface_get_stride(a)) / 4
        let pa = UnsafeMutableRawPointer(cairo_image_surface_get_data(a)!).assumingMemoryBound(to: UInt32.self)
        let pb = UnsafeMutableRawPointer(cairo_image_surface_get_data(b)!).assumingMemoryBound(to: UInt32.self)
        var total = 0, over = 0, drawn = 0
        for y in 0..<Int(height) {
            for x in 0..<Int(width) {
                let u = pa[y * rowPixels + x], v = pb[y * rowPixels + x]
                guard u != 0xFFFF_FFFF || v != 0xFFFF_FFFF else { continue }
                drawn += 1
                var largest = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let d = abs(Int((u >> shift) & 0xFF) - Int((v >> shift) & 0xFF))
                    total += d
                    largest = max(largest, d)
                }
                if largest > 32 { over += 1 }
            }
        }
        return (drawn > 0 ? Double(total) / Double(drawn * 4) : 0, over, drawn)
    }

    /// A curve's chord count is capped at 1,000 before it becomes an Int: a finite deviation of
    /// 1e300 points (a fuzzed file's control points) asked for more chords than an Int holds and
    /// trapped; NaN and infinite deviations give one chord. A usual curve keeps its count.
    @Test func chordCountsOfFarCurvesAreCappedNotTrapped() {
        #expect(ScanConverter.steps(deviation: 1e300, tolerance: 1e-3) == 1000)
        #expect(ScanConverter.steps(deviation: .greatestFiniteMagnitude, tolerance: .leastNonzeroMagnitude) == 1000)
        #expect(ScanConverter.steps(deviation: .nan, tolerance: 0.1) == 1)
        #expect(ScanConverter.steps(deviation: .infinity, tolerance: 0.1) == 1)
        #expect(ScanConverter.steps(deviation: 10, tolerance: 0.1) == 10)
    }

    /// The scan converter blends four pixels at a time (SSE2 on x86-64): over 360,000 random
    /// premultiplied sources, coverages (0 and 255 among them) and destination bytes, each pixel
    /// is the byte its one-at-a-time arithmetic (pixman's) gives. Metric: exact equality.
    @Test func fourPixelsAtATimeBlendToTheBytesOfOneAtATime() {
        for seed: UInt64 in [1, 0x5EED, 0xDEAD_BEEF_0000_0001] {
            #expect(strata_scan_blend_mismatches(seed, 120_000) == 0, "seed \(seed)")
        }
    }

    /// The scan converter sums four touched cells' coverage at once (a prefix sum, SSE on
    /// x86-64), in another order than one cell at a time: over 300,000 random runs of cells and
    /// running sums, no coverage differs by more than one level of 255 (float rounding at a
    /// level's edge). Metric: the largest difference in levels.
    @Test func fourCellsAtATimeCoverWithinOneLevelOfOneAtATime() {
        for seed: UInt64 in [3, 0xC0FFEE, 0x0123_4567_89AB_CDEF] {
            let difference = strata_scan_running_difference(seed, 100_000)
            #expect(difference == -1 || difference <= 1, "seed \(seed): \(difference) levels")
        }
    }

    /// Hostile geometry: points far outside the surface, a non-finite point, edges almost
    /// level, a stroke a billion points wide, a non-finite transform. Nothing is drawn outside the
    /// box asked for, and the scratch buffers are left zero.
    @Test func hostileGeometryStaysInsideItsBoxAndLeavesTheCellsZero() throws {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Self.width, Self.height))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        defer { cairo_destroy(cr) }
        let target = try #require(KernelTarget(cr))
        let converter = ScanConverter()
        let box = CGRect(x: 40, y: 30, width: 100, height: 80)
        let color = RGBA(r: 1, g: 0, b: 0, a: 1)
        let wild = CGMutablePath()
        wild.move(to: CGPoint(x: -1e12, y: 50))
        wild.addLine(to: CGPoint(x: 1e12, y: 50.000001))
        wild.addLine(to: CGPoint(x: 100, y: 1e15))
        wild.addCurve(to: CGPoint(x: 60, y: 60), control1: CGPoint(x: 1e9, y: -1e9), control2: CGPoint(x: Double.nan, y: 3))
        wild.addLine(to: CGPoint(x: 90, y: 31e-300))
        wild.closeSubpath()
        converter.fill(wild.storage, transform: .identity, evenOdd: false, color: color, alpha: 1, box: box, onto: target)
        converter.fill(wild.storage, transform: .identity, evenOdd: true, color: color, alpha: 1, box: box, onto: target)
        let huge = ScanConverter.StrokeStyle(width: 1e9, cap: .round, join: .round, miterLimit: 10)
        converter.stroke(Self.zigzag().storage, transform: .identity, style: huge, color: color, alpha: 1, box: box, onto: target)
        let thin = ScanConverter.StrokeStyle(width: 3, cap: .square, join: .miter, miterLimit: 1e300)
        converter.stroke(wild.storage, transform: .identity, style: thin, color: color, alpha: 1, box: box, onto: target)
        let broken = CGAffineTransform(a: Double.nan, b: 0, c: 0, d: 1, tx: Double.infinity, ty: 0)
        converter.stroke(Self.ring().storage, transform: broken, style: thin, color: color, alpha: 1, box: box, onto: target)
        cairo_surface_flush(surface)
        let rowPixels = Int(cairo_image_surface_get_stride(surface)) / 4
        let pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        var outside = 0, inside = 0
        for y in 0..<Int(Self.height) {
            for x in 0..<Int(Self.width) where pixels[y * rowPixels + x] != 0 {
                if box.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(outside == 0, "\(outside) pixels drawn outside the box")
        #expect(inside > 0, "the billion-point stroke covers the box")
        #expect(converter.cells.allSatisfy { $0 == 0 })
        #expect(converter.touched.allSatisfy { $0 == 0 })
    }

    /// One upright box is covered by its overlap with each pixel (`strata_fill_box`); the same
    /// box with a point added on its left side goes through the cells. Both must agree within one
    /// level (float rounding) on whole, fractional, sub-pixel, translucent, off-target and clipped
    /// boxes — and each path must be the one taken.
    @Test func anUprightBoxIsCoveredAsThePolygonPathCoversIt() throws {
        let boxes = [
            CGRect(x: 10, y: 12, width: 60, height: 50), CGRect(x: 10.25, y: 12.75, width: 60.4, height: 50.3),
            CGRect(x: 30.2, y: 40.6, width: 0.5, height: 0.3), CGRect(x: 30.2, y: 40.6, width: 1.6, height: 12.9),
            CGRect(x: -20.5, y: -8.25, width: 60, height: 40), CGRect(x: 200.5, y: 150.5, width: 80, height: 90),
            CGRect(x: 5.5, y: 5.5, width: 210, height: 170),
        ]
        for (k, rect) in boxes.enumerated() {
            let alpha = k % 2 == 0 ? 1 : 0.6
            let clip = k == 6 ? CGRect(x: 30.5, y: 20, width: 100, height: 60) : CGRect(x: 0, y: 0, width: 220, height: 180)
            let split = CGMutablePath()
            split.move(to: CGPoint(x: rect.minX, y: rect.minY))
            split.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
            split.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            split.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            split.addLine(to: CGPoint(x: rect.minX, y: rect.midY))
            split.closeSubpath()
            var images: [[UInt32]] = []
            for (path, expectsBox) in [(CGPath(rect: rect, transform: nil), true), (split as CGPath, false)] {
                let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Self.width, Self.height))
                defer { cairo_surface_destroy(surface) }
                let cr = try #require(cairo_create(surface))
                defer { cairo_destroy(cr) }
                cairo_set_source_rgb(cr, 0.9, 0.8, 0.2)
                cairo_paint(cr)
                cairo_surface_flush(surface)
                let target = try #require(KernelTarget(cr))
                let converter = ScanConverter()
                converter.fill(path.storage, transform: .identity, evenOdd: k == 3, color: RGBA(r: 0.1, g: 0.3, b: 0.8, a: 1),
                               alpha: alpha, box: clip, onto: target)
                #expect((converter.uprightBox() != nil) == expectsBox, "box \(k): the upright-box path taken: \(expectsBox)")
                cairo_surface_mark_dirty(surface)
                let rowPixels = Int(cairo_image_surface_get_stride(surface)) / 4
                let pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
                images.append((0..<Int(Self.height)).flatMap { y in (0..<Int(Self.width)).map { pixels[y * rowPixels + $0] } })
            }
            var largest = 0, changed = 0
            // The top right pixel: background in every case.
            let background = images[0][Int(Self.width) - 1]
            for (u, v) in zip(images[0], images[1]) {
                if u != background { changed += 1 }
                for shift: UInt32 in [0, 8, 16, 24] {
                    largest = max(largest, abs(Int((u >> shift) & 0xFF) - Int((v >> shift) & 0xFF)))
                }
            }
            #expect(largest <= 1, "box \(k) \(rect): the two paths differ by \(largest) levels")
            #expect(changed > 0, "box \(k): something is drawn")
        }
    }

    /// Lottie writes straight segments as cubics (zero tangents, or handles along the chord): each
    /// is flattened to one edge, so a rectangle of four is still an upright box. Handles off the
    /// chord, or along it but overshooting or out of order, are curves and cut into chords.
    @Test func cubicsAlongTheirChordsAreOneEdge() throws {
        func flattened(_ c1: CGPoint, _ c2: CGPoint) -> Int {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 10, y: 10))
            path.addCurve(to: CGPoint(x: 110, y: 10), control1: c1, control2: c2)
            let converter = ScanConverter()
            converter.flatten(path.storage, transform: .identity, tolerance: ScanConverter.tolerance)
            return converter.points.count / 2
        }
        #expect(flattened(CGPoint(x: 10, y: 10), CGPoint(x: 110, y: 10)) == 2, "zero tangents: one edge")
        #expect(flattened(CGPoint(x: 40, y: 10), CGPoint(x: 90, y: 10)) == 2, "handles along the chord: one edge")
        #expect(flattened(CGPoint(x: 40, y: 10.5), CGPoint(x: 90, y: 10)) > 2, "a handle off the chord: a curve")
        #expect(flattened(CGPoint(x: 140, y: 10), CGPoint(x: 90, y: 10)) > 2, "a handle past the end: it overshoots")
        #expect(flattened(CGPoint(x: 90, y: 10), CGPoint(x: 40, y: 10)) > 2, "handles out of order: it turns back")
        let rect = CGMutablePath()
        let corners = [CGPoint(x: 75, y: 5), CGPoint(x: 75, y: 75), CGPoint(x: 5, y: 75), CGPoint(x: 5, y: 5)]
        rect.move(to: corners[0])
        for k in 1...4 { rect.addCurve(to: corners[k % 4], control1: corners[k - 1], control2: corners[k % 4]) }
        rect.closeSubpath()
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Self.width, Self.height))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        defer { cairo_destroy(cr) }
        let converter = ScanConverter()
        converter.fill(rect.storage, transform: .identity, evenOdd: false, color: RGBA(r: 1, g: 0, b: 0, a: 1), alpha: 1,
                       box: CGRect(x: 0, y: 0, width: 220, height: 180), onto: try #require(KernelTarget(cr)))
        #expect(converter.uprightBox() == CGRect(x: 5, y: 5, width: 70, height: 70), "Lottie's rectangle is an upright box")
    }

    /// A shape larger than the clip, cut to a rectangle on fractional pixels by the clip's
    /// half-planes: each pixel's alpha is the area of the pixel inside the rectangle, within a
    /// level (edge pixels 0.75 × 0.5 and so on; nothing outside).
    @Test func aFractionalClipCoversEdgePixelsByTheirAreaInside() throws {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 12, 10))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        defer { cairo_destroy(cr) }
        let rect = CGRect(x: 2.25, y: 1.5, width: 5.25, height: 4.0)
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        let exact = try #require(KernelTarget(cr).flatMap { ExactClip(whole: $0.clips, corners: corners) })
        Self.clip(cr, to: corners)
        let target = try #require(KernelTarget(cr, exact: exact))
        // A diamond far larger than the surface (not an upright box: it goes through the cells).
        let diamond = CGMutablePath()
        diamond.move(to: CGPoint(x: 6, y: -40))
        diamond.addLine(to: CGPoint(x: 50, y: 5))
        diamond.addLine(to: CGPoint(x: 6, y: 50))
        diamond.addLine(to: CGPoint(x: -40, y: 5))
        diamond.closeSubpath()
        ScanConverter().fill(
            diamond.storage, transform: .identity, evenOdd: false, color: RGBA(r: 0, g: 0, b: 0, a: 1), alpha: 1,
            box: CGRect(x: 0, y: 0, width: 12, height: 10), onto: target)
        cairo_surface_mark_dirty(surface)
        cairo_surface_flush(surface)
        let rowPixels = Int(cairo_image_surface_get_stride(surface)) / 4
        let pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        for y in 0..<10 {
            for x in 0..<12 {
                let inside = CGRect(x: Double(x), y: Double(y), width: 1, height: 1).intersection(rect)
                let area = inside.isNull ? 0 : inside.width * inside.height
                let alpha = Int(pixels[y * rowPixels + x] >> 24)
                #expect(abs(alpha - Int((area * 255).rounded())) <= 1, "pixel (\(x), \(y)): alpha \(alpha), area inside \(area)")
            }
        }
    }

    @Test("fills and strokes equal cairo's within the stated tolerance", arguments: cases)
    func scanConverterEqualsCairo(_ c: Case) {
        let reference = Self.render(c, scan: false), scanned = Self.render(c, scan: true)
        defer {
            cairo_surface_destroy(reference)
            cairo_surface_destroy(scanned)
        }
        let (mean, over32, drawn) = Self.compare(reference, scanned)
        #expect(drawn > 500, "\(c.name): the case must draw pixels (\(drawn))")
        #expect(mean < 2.5, "\(c.name): mean channel difference \(mean) over \(drawn) pixels")
        #expect(Double(over32) <= Double(drawn) * 0.005, "\(c.name): \(over32) of \(drawn) pixels differ by more than 32")
        if let dir = ProcessInfo.processInfo.environment["STRATA_SCAN_PNG"] {
            cairo_surface_write_to_png(reference, "\(dir)/\(c.name)-cairo.png")
            cairo_surface_write_to_png(scanned, "\(dir)/\(c.name)-scan.png")
        }
        print("scan \(c.name): mean \(mean) over32 \(over32) drawn \(drawn)")
    }
}
