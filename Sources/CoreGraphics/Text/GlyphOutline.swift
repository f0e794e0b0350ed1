import CFontEngine
import Foundation

/// Glyph outlines read through HarfBuzz's drawing callbacks into CGPaths (font units, y up).
enum GlyphOutline {
    /// HarfBuzz's drawing callbacks, made once and immutable, so shared by every thread.
    private struct Funcs: @unchecked Sendable { let pointer: OpaquePointer? }

    private static let funcs: Funcs = {
        guard let funcs = hb_draw_funcs_create() else { return Funcs(pointer: nil) }
        hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
            path(data).move(to: CGPoint(x: CGFloat(x), y: CGFloat(y)))
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
            path(data).addLine(to: CGPoint(x: CGFloat(x), y: CGFloat(y)))
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
            path(data).addQuadCurve(to: CGPoint(x: CGFloat(x), y: CGFloat(y)), control: CGPoint(x: CGFloat(cx), y: CGFloat(cy)))
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
            path(data).addCurve(to: CGPoint(x: CGFloat(x), y: CGFloat(y)), control1: CGPoint(x: CGFloat(c1x), y: CGFloat(c1y)),
                                control2: CGPoint(x: CGFloat(c2x), y: CGFloat(c2y)))
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in path(data).closeSubpath() }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        return Funcs(pointer: funcs)
    }()

    private static func path(_ data: UnsafeMutableRawPointer?) -> CGMutablePath {
        Unmanaged<CGMutablePath>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The outline of `glyph` of `font`; empty when the glyph is blank or out of range.
    static func path(of glyph: UInt16, in font: OpaquePointer, glyphCount: Int) -> CGPath {
        let path = CGMutablePath()
        guard Int(glyph) < glyphCount, let funcs = funcs.pointer else { return path }
        withExtendedLifetime(path) {
            hb_font_get_glyph_shape(font, hb_codepoint_t(glyph), funcs, Unmanaged.passUnretained(path).toOpaque())
        }
        return path
    }
}
