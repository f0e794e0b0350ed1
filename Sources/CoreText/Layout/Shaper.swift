import CFontEngine
import CoreGraphics
import Foundation

/// Shapes runs of text with HarfBuzz into positioned glyphs (points, y up, from the run's pen position).
enum Shaper {
    struct Glyphs {
        var glyphs: [CGGlyph] = []
        var positions: [CGPoint] = []
        var advances: [CGSize] = []
        var indices: [Int] = []
        var rightToLeft = false
    }

    /// The glyphs of `range` of `units` in `style`, pen starting at x = `x`; the text around the
    /// range is the shaping context.
    /// `tabAdvances` gives some tabs their advance (by string index: aligned stops, see `CTLine`).
    static func shape(_ units: [UInt16], _ range: Range<Int>, style: RunStyle, x: CGFloat, tabAdvances: [Int: CGFloat] = [:]) -> Glyphs {
        var out = Glyphs()
        guard !range.isEmpty, let buffer = hb_buffer_create() else { return out }
        defer { hb_buffer_destroy(buffer) }
        units.withUnsafeBufferPointer {
            hb_buffer_add_utf16(buffer, $0.baseAddress, Int32($0.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        let features = Self.features(for: style) + style.font.harfBuzzFeatures
        let font = style.font
        features.withUnsafeBufferPointer { hb_shape(font.face.font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return out }
        out.rightToLeft = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        let scale = font.scale
        let extra = (style.kern ?? 0) + style.tracking
        var pen = x
        out.glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let info = infos[i], position = positions[i]
            var advance = CGFloat(position.x_advance) * scale * font.matrix.a + extra
            var glyph = CGGlyph(truncatingIfNeeded: info.codepoint)
            let cluster = Int(info.cluster)
            if cluster < units.count, let control = Self.control(units[cluster]) {
                // Line ends and other controls draw nothing; a tab reaches the next tab stop.
                glyph = kCGFontIndexInvalid
                advance = control == 0x09 ? tabAdvances[cluster] ?? Self.tabStop(after: pen, in: style.paragraphStyle) - pen : 0
            }
            out.glyphs.append(glyph)
            out.positions.append(CGPoint(x: pen + CGFloat(position.x_offset) * scale, y: CGFloat(position.y_offset) * scale + style.baselineOffset))
            out.advances.append(CGSize(width: advance, height: 0))
            out.indices.append(Int(info.cluster))
            pen += advance
        }
        return out
    }

    /// Where tabs go past the last stop when the paragraph sets no interval (points).
    static let tabInterval: CGFloat = 28

    /// The first tab stop right of `x` (points from the line's start): the paragraph's stops, then
    /// multiples of its default tab interval (28 points when it sets none).
    static func tabStop(after x: CGFloat, in paragraph: CTParagraphStyle?) -> CGFloat {
        tabStopAndTab(after: x, in: paragraph).x
    }

    /// The first tab stop right of `x` and the paragraph's `CTTextTab` there (nil past its stops).
    static func tabStopAndTab(after x: CGFloat, in paragraph: CTParagraphStyle?) -> (x: CGFloat, tab: CTTextTab?) {
        let stops = paragraph?.tabStops ?? CTParagraphStyle.defaultTabStops
        if let stop = stops.first(where: { CGFloat($0.location) > x + 0.001 }) { return (CGFloat(stop.location), stop) }
        let interval = (paragraph?.defaultTabInterval ?? 0) > 0 ? paragraph?.defaultTabInterval ?? tabInterval : tabInterval
        return (((x + 0.001) / interval).rounded(.up) * interval, nil)
    }

    /// The unit when it is a control character or a line or paragraph separator (drawn as nothing).
    private static func control(_ unit: UInt16) -> UInt16? {
        unit < 0x20 || (0x7F...0x9F).contains(unit) || unit == 0x2028 || unit == 0x2029 ? unit : nil
    }

    /// OpenType features for the run's kerning and ligature attributes.
    private static func features(for style: RunStyle) -> [hb_feature_t] {
        var names: [String] = []
        if style.kern == 0 { names.append("-kern") }
        if style.ligatures == 0 { names += ["-liga", "-clig"] }
        if style.ligatures >= 2 { names.append("+dlig") }
        return names.compactMap { name in
            var feature = hb_feature_t()
            return hb_feature_from_string(name, -1, &feature) != 0 ? feature : nil
        }
    }

    /// `range` split where the characters' font changes: characters `font` has no glyph for go to a
    /// face that has one (fontconfig's choice), as Core Text's font cascade does.
    static func fontRuns(_ units: [UInt16], _ range: Range<Int>, style: RunStyle) -> [(Range<Int>, RunStyle)] {
        var result: [(Range<Int>, RunStyle)] = []
        var start = range.lowerBound, current = style.font
        var i = range.lowerBound
        while i < range.upperBound {
            var scalar = UInt32(units[i]), width = 1
            if UTF16.isLeadSurrogate(units[i]), i + 1 < range.upperBound, UTF16.isTrailSurrogate(units[i + 1]) {
                scalar = 0x10000 + (UInt32(units[i] - 0xD800) << 10) + UInt32(units[i + 1] - 0xDC00)
                width = 2
            }
            var font = style.font
            if scalar > 0x20, !(0xFE00...0xFE0F).contains(scalar), scalar != 0x200D, style.font.face.glyph(for: scalar) == nil,
                let face = FontLocator.face(covering: scalar, like: style.font.face), face !== style.font.face {
                font = current.face === face ? current : CTFont(graphicsFont: CGFont(face: face), size: style.font.size, matrix: style.font.matrix)
            }
            if font !== current {
                if i > start { result.append((start..<i, style.with(font: current))) }
                start = i
                current = font
            }
            i += width
        }
        if range.upperBound > start { result.append((start..<range.upperBound, style.with(font: current))) }
        return result
    }
}
