import CCairo
import CPango
import CoreGraphics
import Foundation

/// Where each character of a line of text starts, laid out as CATextLayer draws it (Pango, the
/// same font names and Apple family aliases): for layouts that place characters one by one
/// (Lottie's text animators).
package enum TextMeasure {
    /// The x of each character's start and the line's whole width (points), for `text` in font
    /// `fontName` at `fontSize` points with `letterSpacing` points between letters; nil when
    /// Pango cannot lay it out.
    /// With `exact`, glyphs at their exact positions with unhinted metrics (as a text layer with
    /// `exactGlyphPositions` draws them).
    package static func characterOffsets(
        of text: String, fontName: String, fontSize: Double, letterSpacing: Double = 0, exact: Bool = false
    ) -> (offsets: [Double], width: Double)? {
        guard !text.isEmpty else { return nil }
        return withLayout(fontName: fontName, fontSize: fontSize, exact: exact) { layout in
            offsets(layout, text, letterSpacing)
        } ?? nil
    }

    /// The first baseline's distance below the top of a layout of `fontName` at `fontSize`
    /// points, unhinted (the font's ascent, and half the leading `lineHeight` adds, when it is
    /// given: Pango shares it above and below each line); nil when Pango cannot lay it out.
    package static func firstBaseline(fontName: String, fontSize: Double, lineHeight: Double = 0) -> Double? {
        withLayout(fontName: fontName, fontSize: fontSize, exact: true) { layout in
            pango_layout_set_text(layout, "x", -1)
            if lineHeight > 0, lineHeight.isFinite, let attributes = pango_attr_list_new() {
                pango_attr_list_insert(attributes, pango_attr_line_height_new_absolute(Int32(min(lineHeight, 1e5) * Double(PANGO_SCALE))))
                pango_layout_set_attributes(layout, attributes)
                pango_attr_list_unref(attributes)
            }
            return Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        }
    }

    /// `body` over a Pango layout of the font on a one-pixel surface.
    private static func withLayout<T>(fontName: String, fontSize: Double, exact: Bool, _ body: (OpaquePointer) -> T) -> T? {
        FontAliases.install
        guard fontSize.isFinite, fontSize > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if exact { TextKey.placeExactly(layout) }
        let description = pango_font_description_from_string(TextKey.pangoFamily(fontName))
        defer { pango_font_description_free(description) }
        pango_font_description_set_absolute_size(description, min(fontSize, TextKey.maxFontSize) * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        return body(layout)
    }

    private static func offsets(_ layout: OpaquePointer, _ text: String, _ letterSpacing: Double) -> (offsets: [Double], width: Double)? {
        let clean = text.replacingOccurrences(of: "\0", with: "")
        pango_layout_set_text(layout, clean, -1)
        if letterSpacing != 0, letterSpacing.isFinite, let attributes = pango_attr_list_new() {
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32(max(min(letterSpacing, 1e4), -1e4) * Double(PANGO_SCALE))))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        var offsets: [Double] = []
        var byte = 0
        for character in clean {
            var rect = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(byte), &rect)
            offsets.append(Double(rect.x) / Double(PANGO_SCALE))
            byte += character.utf8.count
        }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return (offsets, Double(logical.width) / Double(PANGO_SCALE))
    }
}
