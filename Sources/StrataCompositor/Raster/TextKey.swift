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
    var truncation: TextTruncation
    var alignment: TextAlignment
    /// Where glyphs may sit (the destination context's subpixel switches).
    var glyphPositioning: GlyphPositioning
    /// Glyphs unhinted at their exact positions, whatever `glyphPositioning` says (Lottie text).
    var exact = false
    /// The outline stroke (none when its width is 0), and letter spacing (points).
    var stroke: RGBA?
    var strokeWidth: Double = 0
    var strokeOverFill = true
    var letterSpacing: Double = 0
    /// Points from baseline to baseline (0: the font's spacing).
    var lineHeight: Double = 0
    /// An attributed string's runs (empty for a plain string).
    var runs: [TextRun] = []

    /// Font sizes are held to this many points (a huge size would only make huge glyph caches).
    package static let maxFontSize: Double = 2000

    init?(_ t: TextState, glyphPositioning: GlyphPositioning = .unspecified) {
        let outlineColor = t.strokeOnly ? t.foregroundColor : t.strokeColor
        let stroke = t.strokeWidth > 0 && t.strokeWidth.isFinite ? outlineColor?.sRGBComponents.clamped : nil
        let runs = t.runs.compactMap(Self.sanitized)
        // An attributed string draws in its runs' colours and fonts, not the layer's (as on Apple).
        let base = !runs.isEmpty ? RGBA.black : t.strokeOnly ? RGBA(r: 0, g: 0, b: 0, a: 0) : t.foregroundColor?.sRGBComponents.clamped
        guard let string = t.string, !string.isEmpty, let color = base,
            color.a > 0 || (stroke?.a ?? 0) > 0, t.fontSize.isFinite, t.fontSize > 0
        else { return nil }
        self.runs = runs
        self.stroke = stroke
        strokeWidth = stroke == nil ? 0 : Swift.min(Double(t.strokeWidth), Self.maxFontSize)
        strokeOverFill = t.strokeOverFill
        letterSpacing = t.letterSpacing.isFinite ? Swift.min(Swift.max(Double(t.letterSpacing), -Self.maxFontSize), Self.maxFontSize) : 0
        lineHeight = t.lineHeight.isFinite ? Swift.min(Swift.max(Double(t.lineHeight), 0), 4 * Self.maxFontSize) : 0
        self.string = string
        fontName = runs.isEmpty ? t.fontName : "Helvetica"
        fontSize = runs.isEmpty ? Swift.min(t.fontSize, Self.maxFontSize) : Swift.min(12, runs.map { Double($0.fontSize) }.min() ?? 12)
        self.color = color
        isWrapped = t.isWrapped
        truncation = t.truncationMode
        alignment = t.alignmentMode
        self.glyphPositioning = glyphPositioning
        exact = t.exactGlyphPositions
    }

    /// Pango's glyph placement for `glyphPositioning`: whole pixels (its default) or exact
    /// positions, with hinted or unhinted metrics to match.
    private func placeGlyphs(of layout: OpaquePointer) {
        if exact { Self.placeExactly(layout); return }
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

    /// Glyph outlines unhinted, at unrounded positions with unhinted metrics: where their font
    /// units put them, as After Effects and Lottie players draw text.
    static func placeExactly(_ layout: OpaquePointer) {
        guard let context = pango_layout_get_context(layout) else { return }
        pango_context_set_round_glyph_positions(context, 0)
        if let options = cairo_font_options_create() {
            defer { cairo_font_options_destroy(options) }
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            pango_cairo_context_set_font_options(context, options)
        }
        pango_layout_context_changed(layout)
    }

    /// Lays the text out in `b` (local space, y down) and draws it, clipped to `b`.
    func paint(in b: CGRect, into cr: OpaquePointer) {
        FontAliases.install
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
        let visible = visibleText(height: b.height)
        pango_layout_set_text(layout, visible, -1)
        if letterSpacing != 0 || lineHeight > 0 || !runs.isEmpty, let attributes = pango_attr_list_new() {
            if letterSpacing != 0 {
                pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32(letterSpacing * Double(PANGO_SCALE))))
            }
            if lineHeight > 0 { pango_attr_list_insert(attributes, pango_attr_line_height_new_absolute(Int32(lineHeight * Double(PANGO_SCALE)))) }
            insertRuns(into: attributes, visibleBytes: visible.utf8.count)
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        let width = Int32(Swift.min(b.width, 1e6) * Double(PANGO_SCALE))
        if isWrapped {
            pango_layout_set_width(layout, width)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if truncation != .none { pango_layout_set_height(layout, Int32(Swift.min(b.height, 1e6) * Double(PANGO_SCALE))) }
        } else if truncation != .none {
            pango_layout_set_width(layout, width)
            pango_layout_set_height(layout, -1)  // one line a paragraph
        }
        switch truncation {
        case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
        case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        case .none: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        }
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        let hasWidth = pango_layout_get_width(layout) >= 0
        if hasWidth {
            switch alignment {
            case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
            case .justified: pango_layout_set_justify(layout, 1)
            case .natural, .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            }
            cairo_move_to(cr, b.minX, b.minY)
            if stroke == nil && (!exact || !runs.isEmpty) {
                pango_cairo_show_layout(cr, layout)
            } else {
                pango_cairo_layout_path(cr, layout)
                paintOutline(cr)
            }
            return
        }
        // Unwrapped lines keep their length; alignment moves each line within the bounds. One
        // iterator walks the lines (reaching line i from the start each time was quadratic:
        // 100,000 lines took minutes), and lines below the bounds are not drawn (clipped anyway).
        guard let iter = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_line_get_pixel_extents(line, &ink, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iter)) / Double(PANGO_SCALE)
            if baseline - Double(logical.height) > b.height { break }
            let lineWidth = Double(logical.width)
            var x = b.minX
            switch alignment {
            case .center: x += (b.width - lineWidth) / 2
            case .right: x += b.width - lineWidth
            case .natural, .left, .justified: break
            }
            cairo_move_to(cr, x, b.minY + baseline)
            if stroke == nil && (!exact || !runs.isEmpty) {
                pango_cairo_show_layout_line(cr, line)
            } else {
                pango_cairo_layout_line_path(cr, line)
                paintOutline(cr)
            }
        } while pango_layout_iter_next_line(iter) != 0
    }

    /// Fills and strokes the glyph outlines in `cr`'s path (the stroke over or under the fill).
    /// Exact text is filled as outlines too: cairo's image backend puts shown glyphs on whole
    /// pixel rows, a quarter of a point off at a 2× raster.
    private func paintOutline(_ cr: OpaquePointer) {
        guard let path = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(path) }
        cairo_new_path(cr)
        func fill() {
            guard color.a > 0 else { return }
            cairo_append_path(cr, path)
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
            cairo_fill(cr)
        }
        func outline() {
            guard let stroke else { return }
            cairo_append_path(cr, path)
            cairo_set_source_rgba(cr, stroke.r, stroke.g, stroke.b, stroke.a)
            cairo_set_line_width(cr, strokeWidth)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
        if strokeOverFill {
            fill()
            outline()
        } else {
            outline()
            fill()
        }
    }

    /// The text Pango is given: NULs removed (a NUL would end the C string and lose the rest;
    /// Core Text draws nothing for it and goes on), and only the paragraphs that can show in a
    /// box `height` points tall, plus one (so truncation still sees that more follows). Pango
    /// lays out every paragraph it is given, each from the start of the text (100,000 lines
    /// took minutes); the lines drawn are the same.
    func visibleText(height: Double) -> String {
        var text = string.contains("\0") ? string.replacingOccurrences(of: "\0", with: "") : string
        // A line is at least half the font size tall, so no more paragraphs than this can show.
        let limit = Int(Swift.min(100_000, (Swift.max(height, 0) / Swift.max(fontSize * 0.5, 0.01)).rounded(.up) + 2))
        var paragraphs = 0
        var end = text.unicodeScalars.endIndex
        var previous: Unicode.Scalar?
        for index in text.unicodeScalars.indices {
            let scalar = text.unicodeScalars[index]
            // \r\n is one break; \n, \r and U+2029 each end a paragraph, as for Pango.
            let breaks = scalar == "\n" ? previous != "\r" : scalar == "\r" || scalar == "\u{2029}"
            previous = scalar
            guard breaks else { continue }
            paragraphs += 1
            if paragraphs >= limit {
                end = index
                break
            }
        }
        if end != text.unicodeScalars.endIndex { text = String(text.unicodeScalars[..<end]) }
        return text
    }

    /// A run with a usable size and spacing; nil for an empty one.
    private static func sanitized(_ run: TextRun) -> TextRun? {
        guard run.length > 0, run.location >= 0 else { return nil }
        var run = run
        run.fontSize = run.fontSize.isFinite && run.fontSize > 0 ? Swift.min(run.fontSize, maxFontSize) : 12
        run.kern = run.kern.isFinite ? Swift.min(Swift.max(run.kern, -maxFontSize), maxFontSize) : 0
        return run
    }

    /// The runs' fonts, colours, kerning and underlines as Pango attributes over the visible text.
    private func insertRuns(into list: OpaquePointer, visibleBytes: Int) {
        guard !runs.isEmpty else { return }
        // UTF-16 offsets of the string → UTF-8 offsets of the visible text (NULs left out, cut at its end).
        var offsets: [Int] = []
        offsets.reserveCapacity(string.utf16.count + 1)
        var bytes = 0
        for scalar in string.unicodeScalars {
            for _ in 0..<scalar.utf16.count { offsets.append(Swift.min(bytes, visibleBytes)) }
            if scalar != "\0" { bytes += scalar.utf8.count }
        }
        offsets.append(Swift.min(bytes, visibleBytes))
        for run in runs {
            let low = offsets[Swift.min(run.location, offsets.count - 1)]
            let high = offsets[Swift.min(run.location + Swift.min(run.length, offsets.count), offsets.count - 1)]
            guard high > low else { continue }
            func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                guard let attribute else { return }
                attribute.pointee.start_index = UInt32(low)
                attribute.pointee.end_index = UInt32(high)
                pango_attr_list_insert(list, attribute)
            }
            if let description = pango_font_description_from_string(Self.pangoFamily(run.fontName)) {
                pango_font_description_set_absolute_size(description, Double(run.fontSize) * Double(PANGO_SCALE))
                add(pango_attr_font_desc_new(description))
                pango_font_description_free(description)
            }
            let c = run.color.clamped
            add(pango_attr_foreground_new(UInt16(c.r * 65535), UInt16(c.g * 65535), UInt16(c.b * 65535)))
            if c.a < 1 { add(pango_attr_foreground_alpha_new(UInt16(c.a * 65535))) }
            if run.kern != 0 { add(pango_attr_letter_spacing_new(Int32(run.kern * Double(PANGO_SCALE)))) }
            if run.underline { add(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)) }
        }
    }

    /// Apple names fonts by PostScript name ("Helvetica-Bold"); Pango wants "Family Style".
    package static func pangoFamily(_ name: String) -> String {
        var family = name
        var style = ""
        if let dash = name.lastIndex(of: "-") {
            family = String(name[..<dash])
            style = String(name[name.index(after: dash)...])
        }
        // ".SFUI..." and other system names: the default sans face.
        if family.hasPrefix(".") || family.isEmpty { family = "Sans" }
        // Apple's PostScript names ("HelveticaNeue-Bold", "Arial-BoldMT"): the family spelled
        // out, so that Strata's rules map it (fontconfig would give its default face).
        family = FontLocator.knownFamily(family)
        if style.hasSuffix("MT") { style.removeLast(2) }
        let styleWords: [String: String] = [
            "Bold": "Bold", "Italic": "Italic", "Oblique": "Italic", "BoldItalic": "Bold Italic",
            "BoldOblique": "Bold Italic", "Light": "Light", "Medium": "Medium", "Regular": "",
        ]
        let words = styleWords[style] ?? style
        return words.isEmpty ? family : "\(family) \(words)"
    }
}
