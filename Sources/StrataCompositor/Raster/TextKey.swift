import CCairo
import CPango
import CoreGraphics
import StrataRender

/// CATextLayer's look, as a cache key, and its drawing through Pango.
package struct TextKey: Hashable {
    var string: String
    var fontName: String
    var fontSize: Double
    var color: RGBA
    var isWrapped: Bool
    var truncation: String
    var alignment: String
    /// Where glyphs may sit (the destination context's subpixel switches).
    var glyphPositioning: GlyphPositioning

    /// Font sizes are held to this many points (a huge size would only make huge glyph caches).
    static let maxFontSize: Double = 2000

    init?(_ t: TextState, glyphPositioning: GlyphPositioning = .unspecified) {
        guard let string = t.string, !string.isEmpty, let color = t.foregroundColor?.sRGBComponents.clamped,
            color.a > 0, t.fontSize.isFinite, t.fontSize > 0
        else { return nil }
        self.string = string
        fontName = t.fontName
        fontSize = Swift.min(t.fontSize, Self.maxFontSize)
        self.color = color
        isWrapped = t.isWrapped
        truncation = t.truncationMode
        alignment = t.alignmentMode
        self.glyphPositioning = glyphPositioning
    }

    /// Pango's glyph placement for `glyphPositioning`: whole pixels (its default) or exact
    /// positions, with hinted or unhinted metrics to match.
    private func placeGlyphs(of layout: OpaquePointer) {
        guard glyphPositioning != .unspecified, let context = pango_layout_get_context(layout) else { return }
        let subpixel = glyphPositioning == .subpixel
        pango_context_set_round_glyph_positions(context, subpixel ? 0 : 1)
        if let options = cairo_font_options_create() {
            defer { cairo_font_options_destroy(options) }
            cairo_font_options_set_hint_metrics(options, subpixel ? CAIRO_HINT_METRICS_OFF : CAIRO_HINT_METRICS_ON)
            pango_cairo_context_set_font_options(context, options)
        }
        pango_layout_context_changed(layout)
    }

    /// Lays the text out in `b` (local space, y down) and draws it, clipped to `b`.
    func paint(in b: CGRect, into cr: OpaquePointer) {
        guard b.width > 0, b.height > 0, let layout = pango_cairo_create_layout(cr) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_new_path(cr)
        cairo_rectangle(cr, b.minX, b.minY, b.width, b.height)
        cairo_clip(cr)
        let description = pango_font_description_from_string(Self.pangoFamily(fontName))
        defer { pango_font_description_free(description) }
        pango_font_description_set_absolute_size(description, fontSize * Double(PANGO_SCALE))
        placeGlyphs(of: layout)
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, string, -1)
        let width = Int32(Swift.min(b.width, 1e6) * Double(PANGO_SCALE))
        if isWrapped {
            pango_layout_set_width(layout, width)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if truncation != "none" { pango_layout_set_height(layout, Int32(Swift.min(b.height, 1e6) * Double(PANGO_SCALE))) }
        } else if truncation != "none" {
            pango_layout_set_width(layout, width)
            pango_layout_set_height(layout, -1)  // one line a paragraph
        }
        switch truncation {
        case "start": pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
        case "middle": pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        case "end": pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        default: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        }
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        let hasWidth = pango_layout_get_width(layout) >= 0
        if hasWidth {
            switch alignment {
            case "center": pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            case "right": pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
            case "justified": pango_layout_set_justify(layout, 1)
            default: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            }
            cairo_move_to(cr, b.minX, b.minY)
            pango_cairo_show_layout(cr, layout)
            return
        }
        // Unwrapped lines keep their length; alignment moves each line within the bounds.
        let count = pango_layout_get_line_count(layout)
        var y = b.minY
        for index in 0..<count {
            guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_line_get_pixel_extents(line, &ink, &logical)
            let lineWidth = Double(logical.width)
            var x = b.minX
            switch alignment {
            case "center": x += (b.width - lineWidth) / 2
            case "right": x += b.width - lineWidth
            default: break
            }
            var baseline: Int32 = 0
            let iter = pango_layout_get_iter(layout)
            for _ in 0..<index { pango_layout_iter_next_line(iter) }
            baseline = pango_layout_iter_get_baseline(iter)
            pango_layout_iter_free(iter)
            cairo_move_to(cr, x, b.minY + Double(baseline) / Double(PANGO_SCALE))
            pango_cairo_show_layout_line(cr, line)
            y += Double(logical.height)
        }
    }

    /// Apple names fonts by PostScript name ("Helvetica-Bold"); Pango wants "Family Style".
    static func pangoFamily(_ name: String) -> String {
        var family = name
        var style = ""
        if let dash = name.lastIndex(of: "-") {
            family = String(name[..<dash])
            style = String(name[name.index(after: dash)...])
        }
        // ".SFUI..." and other system names: the default sans face.
        if family.hasPrefix(".") || family.isEmpty { family = "Sans" }
        let styleWords: [String: String] = [
            "Bold": "Bold", "Italic": "Italic", "Oblique": "Italic", "BoldItalic": "Bold Italic",
            "BoldOblique": "Bold Italic", "Light": "Light", "Medium": "Medium", "Regular": "",
        ]
        let words = styleWords[style] ?? style
        return words.isEmpty ? family : "\(family) \(words)"
    }
}
