import CCairo
import CoreGraphics
import Foundation
@testable import StrataCompositor
import Testing

/// Strata's gradient kernel (`GradientFill`) against cairo's own fill and paint with the same
/// gradient pattern (pixman's gradient fetch), which it replaces for large regions. Metric: the
/// largest difference of any premultiplied channel over the whole surface, and how many
/// pixels differ by more than 2 levels of 255.
@Suite("Compositor: the gradient kernel")
struct GradientFillTests {
    static let width: Int32 = 240, height: Int32 = 180

    /// One drawing case: a gradient, a transform, an outline (nil: paint), a clip, a group.
    struct Case: CustomStringConvertible {
        var name: String
        var radial: Bool
        var stops: [(Double, Double, Double, Double, Double)]
        var matrix: CGAffineTransform
        var outline: Bool = true
        var evenOdd = false
        /// Stroke the outline (8 points wide, round joins, dashed) instead of filling it.
        var stroked = false
        var clip: [CGRect] = []
        var grouped = false
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "linear, two opaque stops, a star", radial: false,
             stops: [(0, 1, 0, 0, 1), (1, 0, 0, 1, 1)], matrix: .identity),
        Case(name: "linear, translucent stops and a hard stop, turned and scaled", radial: false,
             stops: [(0, 1, 0.5, 0, 0.2), (0.5, 0, 1, 0, 0.9), (0.5, 0, 0, 1, 1), (1, 1, 1, 0, 0.5)],
             matrix: CGAffineTransform(rotationAngle: 0.4).scaledBy(x: 1.3, y: 0.8)),
        Case(name: "linear, stops inside the range (pad before and after), even-odd", radial: false,
             stops: [(0.3, 0.2, 0.4, 0.6, 1), (0.7, 0.9, 0.1, 0.3, 0.7)], matrix: .identity, evenOdd: true),
        Case(name: "radial, elliptical by the matrix, translucent", radial: true,
             stops: [(0, 1, 1, 1, 1), (0.4, 0.2, 0.8, 0.2, 0.6), (1, 0, 0, 0.5, 0.3)],
             matrix: CGAffineTransform(scaleX: 1.6, y: 0.7)),
        Case(name: "radial painted over two whole-pixel clip rectangles", radial: true,
             stops: [(0, 0, 0, 0, 0), (1, 1, 0.5, 0, 1)], matrix: .identity, outline: false,
             clip: [CGRect(x: 10, y: 10, width: 100, height: 80), CGRect(x: 60, y: 50, width: 150, height: 110)]),
        Case(name: "linear painted within one clip rectangle, in a group", radial: false,
             stops: [(0, 0.1, 0.2, 0.3, 1), (1, 0.9, 0.8, 0.7, 0.4)], matrix: .identity, outline: false,
             clip: [CGRect(x: 20, y: 15, width: 190, height: 140)], grouped: true),
        Case(name: "radial, a dashed stroke through a turned, stretched matrix", radial: true,
             stops: [(0, 1, 0.2, 0.2, 1), (0.6, 0.2, 0.2, 1, 0.7), (1, 0.1, 0.9, 0.3, 1)],
             matrix: CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 1.4, y: 0.9), stroked: true),
        Case(name: "linear star in a group whose surface is offset", radial: false,
             stops: [(0, 1, 0, 1, 1), (1, 0, 1, 0, 0.6)], matrix: CGAffineTransform(rotationAngle: -0.9),
             clip: [CGRect(x: 30, y: 20, width: 170, height: 150)], grouped: true),
    ]

    @Test("the kernel's fills and paints equal cairo's within 2 levels", arguments: cases)
    func kernelEqualsCairo(_ c: Case) throws {
        let reference = render(c, kernel: false)
        let kernel = render(c, kernel: true)
        defer {
            cairo_surface_destroy(reference.surface)
            cairo_surface_destroy(kernel.surface)
        }
        // A case the kernel declines would compare cairo with itself: each must be taken.
        #expect(kernel.taken, "the kernel declined \(c.name)")
        let (largest, over2, drawn) = compare(reference.surface, kernel.surface)
        #expect(drawn > 2000, "the case must cover pixels: \(drawn)")
        // A hard stop (two stops at one offset) moves by up to a sixteenth of a pixel (a table
        // entry): a pixel whose centre is that close may take the other side's colour.
        let hardStop = zip(c.stops, c.stops.dropFirst()).contains { $0.0 == $1.0 }
        if !hardStop { #expect(largest <= 3, "\(c.name): largest channel difference \(largest)") }
        #expect(over2 * 1000 <= drawn, "\(c.name): \(over2) of \(drawn) pixels differ by more than 2")
    }

    @Test("the portable and AVX2 code give the same bytes", arguments: cases)
    func codeLevelsAgree(_ c: Case) {
        let portable = render(c, kernel: true, simd: 0)
        let vector = render(c, kernel: true, simd: 2)
        defer {
            cairo_surface_destroy(portable.surface)
            cairo_surface_destroy(vector.surface)
        }
        let (largest, _, _) = compare(portable.surface, vector.surface)
        #expect(largest == 0, "\(c.name): the code levels differ by up to \(largest)")
    }

    @Test("what the kernel does not draw is left to cairo: focal gradients, fractional clips, other operators")
    func declinedCasesLeaveTheTargetUntouched() throws {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Self.width, Self.height))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        defer { cairo_destroy(cr) }
        // A focal (two-circle) radial gradient.
        let focal = try #require(cairo_pattern_create_radial(60, 60, 0, 100, 90, 80))
        defer { cairo_pattern_destroy(focal) }
        cairo_pattern_add_color_stop_rgba(focal, 0, 1, 0, 0, 1)
        cairo_pattern_add_color_stop_rgba(focal, 1, 0, 0, 1, 1)
        cairo_pattern_set_extend(focal, CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, 200, 150)
        #expect(!GradientFill.fill(cr, pattern: focal))
        // A linear one through a clip at half a pixel, and with another operator.
        let linear = try #require(cairo_pattern_create_linear(0, 0, 200, 0))
        defer { cairo_pattern_destroy(linear) }
        cairo_pattern_add_color_stop_rgba(linear, 0, 1, 0, 0, 1)
        cairo_pattern_add_color_stop_rgba(linear, 1, 0, 0, 1, 1)
        cairo_pattern_set_extend(linear, CAIRO_EXTEND_PAD)
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, 10.5, 10, 150, 100)
        cairo_clip(cr)
        cairo_rectangle(cr, 0, 0, 200, 150)
        #expect(!GradientFill.fill(cr, pattern: linear))
        cairo_restore(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        #expect(!GradientFill.fill(cr, pattern: linear))
        // The path is kept for cairo, and nothing was drawn.
        #expect(cairo_has_current_point(cr) != 0)
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let bytes = Int(cairo_image_surface_get_stride(surface)) * Int(Self.height)
        #expect((0..<bytes).allSatisfy { data[$0] == 0 })
    }

    @Test("table sizes: two entries a pixel, eight near close stops (a hard stop within a sixteenth of a pixel), bounded")
    func tableSizes() {
        #expect(GradientFill.tableSize(forLength: 10) == 256)
        #expect(GradientFill.tableSize(forLength: 1000) == 2048)
        #expect(GradientFill.tableSize(forLength: 1000, gap: 0) == 8192)
        #expect(GradientFill.tableSize(forLength: 1000, gap: 0.003) == 8192)
        #expect(GradientFill.tableSize(forLength: 1000, gap: 0.3) == 2048)
        #expect(GradientFill.tableSize(forLength: 1e9, gap: 0) == 16384)
        #expect(GradientFill.tableSize(forLength: .nan) == 256)
        #expect(GradientFill.tableSize(forLength: -4) == 256)
    }

    // MARK: - Support

    func render(_ c: Case, kernel: Bool, simd: Int32 = 2) -> (surface: OpaquePointer, taken: Bool) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Self.width, Self.height)!
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        // Something under the gradient, so that translucent colours blend over it.
        cairo_set_source_rgba(cr, 0.3, 0.6, 0.9, 0.5)
        cairo_rectangle(cr, 0, 0, 120, 180)
        cairo_fill(cr)
        for r in c.clip { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }
        if !c.clip.isEmpty { cairo_clip(cr) }
        if c.grouped { cairo_push_group(cr) }
        var m = cairo_matrix_t(xx: c.matrix.a, yx: c.matrix.b, xy: c.matrix.c, yy: c.matrix.d, x0: 120, y0: 90)
        cairo_set_matrix(cr, &m)
        let pattern = c.radial
            ? cairo_pattern_create_radial(0, 0, 8, 0, 0, 90)! : cairo_pattern_create_linear(-80, -30, 70, 40)!
        defer { cairo_pattern_destroy(pattern) }
        for s in c.stops { cairo_pattern_add_color_stop_rgba(pattern, s.0, s.1, s.2, s.3, s.4) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        var taken = false
        if c.outline {
            star(cr)
            cairo_set_fill_rule(cr, c.evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            if c.stroked {
                cairo_set_line_width(cr, 8)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                let dashes = [30.0, 12.0]
                cairo_set_dash(cr, dashes, 2, 5)
                taken = kernel && GradientFill.stroke(cr, pattern: pattern, simd: simd)
            } else {
                taken = kernel && GradientFill.fill(cr, pattern: pattern, simd: simd)
            }
            if !taken {
                cairo_set_source(cr, pattern)
                if c.stroked { cairo_stroke(cr) } else { cairo_fill(cr) }
            }
        } else {
            taken = kernel && GradientFill.paint(cr, pattern: pattern, simd: simd)
            if !taken {
                cairo_set_source(cr, pattern)
                cairo_paint(cr)
            }
        }
        if c.grouped {
            cairo_pop_group_to_source(cr)
            cairo_identity_matrix(cr)
            cairo_paint(cr)
        }
        cairo_surface_flush(surface)
        return (surface, taken)
    }

    /// A five-pointed star with a curved edge (self-intersecting: even-odd leaves a hole).
    func star(_ cr: OpaquePointer) {
        cairo_new_path(cr)
        for k in 0..<5 {
            let a = Double(k) * 4 * .pi / 5 - .pi / 2
            let x = 85 * cos(a), y = 85 * sin(a)
            if k == 0 { cairo_move_to(cr, x, y) } else { cairo_line_to(cr, x, y) }
        }
        cairo_curve_to(cr, 40, -120, -40, -120, 0, -85)
        cairo_close_path(cr)
    }

    /// The largest channel difference, the pixels differing by more than 2, and the pixels
    /// either surface drew on (non-zero in one of them and different from the backdrop).
    func compare(_ a: OpaquePointer, _ b: OpaquePointer) -> (Int, Int, Int) {
        let rowPixels = Int(cairo_image_surface_get_stride(a)) / 4
        let pa = UnsafeRawPointer(cairo_image_surface_get_data(a)!).assumingMemoryBound(to: UInt32.self)
        let pb = UnsafeRawPointer(cairo_image_surface_get_data(b)!).assumingMemoryBound(to: UInt32.self)
        var largest = 0, over = 0, drawn = 0
        for y in 0..<Int(Self.height) {
            for x in 0..<Int(Self.width) {
                let u = pa[y * rowPixels + x], v = pb[y * rowPixels + x]
                if u != 0 || v != 0 { drawn += 1 }
                var worst = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((u >> UInt32(shift)) & 0xff) - Int((v >> UInt32(shift)) & 0xff)))
                }
                largest = max(largest, worst)
                if worst > 2 { over += 1 }
            }
        }
        return (largest, over, drawn)
    }
}
