import CFontEngine
import Foundation

/// One face of a font file read through HarfBuzz: names, metrics and glyph geometry in font
/// units (y up, as the file stores them). Immutable once made, so any thread may read it.
package final class FontFace: @unchecked Sendable {
    /// The largest font file Strata reads (bytes): a hostile "font" must not fill memory.
    package static let maximumFileSize = 64 << 20

    package let face: OpaquePointer
    package let font: OpaquePointer
    /// The file's bytes and which face of a collection this is.
    package let data: Data
    package let index: Int
    /// Font units in one em.
    package let unitsPerEm: Int
    package let glyphCount: Int
    /// The file it came from, when it came from one.
    package let url: URL?

    private let cacheLock = NSLock()
    private var outlines: [UInt16: CGPath] = [:]

    /// Reads face `index` of `data`; nil when the bytes are not a font HarfBuzz can read.
    package init?(data: Data, index: Int = 0, url: URL? = nil) {
        guard !data.isEmpty, data.count <= Self.maximumFileSize, index >= 0 else { return nil }
        let count = data.count
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        data.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), count: count)
        guard let blob = hb_blob_create(buffer.assumingMemoryBound(to: CChar.self), UInt32(count),
                                        HB_MEMORY_MODE_READONLY, buffer, { $0?.deallocate() })
        else { buffer.deallocate(); return nil }
        defer { hb_blob_destroy(blob) }
        guard index < Int(hb_face_count(blob)), let face = hb_face_create(blob, UInt32(index)) else { return nil }
        let upem = Int(hb_face_get_upem(face)), glyphs = Int(hb_face_get_glyph_count(face))
        guard (16...16384).contains(upem), glyphs > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            return nil
        }
        hb_ot_font_set_funcs(font)
        hb_font_make_immutable(font)
        self.face = face
        self.font = font
        self.data = data
        self.index = index
        self.url = url
        unitsPerEm = upem
        glyphCount = glyphs
    }

    /// The face of `data`, shared with every other font made from the same bytes while one is
    /// alive (an app that loads its bundled font for each view reads it once).
    package static func shared(data: Data, index: Int = 0) -> FontFace? {
        var hasher = Hasher()
        hasher.combine(data)
        hasher.combine(index)
        let key = hasher.finalize()
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let face = sharedFaces[key]?.face, face.data == data, face.index == index { return face }
        guard let face = FontFace(data: data, index: index) else { return nil }
        if sharedFaces.count >= 64 { sharedFaces = sharedFaces.filter { $0.value.face != nil } }
        if sharedFaces.count < 64 { sharedFaces[key] = WeakFace(face: face) }
        return face
    }

    private struct WeakFace { weak var face: FontFace? }
    private static let sharedLock = NSLock()
    nonisolated(unsafe) private static var sharedFaces: [Int: WeakFace] = [:]

    /// A face with no glyphs (drawn as nothing), for a machine with no fonts at all.
    package static let empty = FontFace()

    private init() {
        face = hb_face_create(hb_blob_get_empty(), 0)
        font = hb_font_create(face)
        hb_font_make_immutable(font)
        data = Data()
        index = 0
        url = nil
        unitsPerEm = 1000
        glyphCount = 0
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// Reads the file at `url`; nil when it cannot be read or is not a font.
    package convenience init?(contentsOf url: URL, index: Int = 0) {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
            size <= Self.maximumFileSize, let data = try? Data(contentsOf: url)
        else { return nil }
        self.init(data: data, index: index, url: url)
    }

    // MARK: Names

    /// The OpenType name with `id` (1 family, 2 subfamily, 4 full, 6 PostScript), in English when there is one.
    package func name(_ id: UInt32) -> String? {
        for language in [hb_language_from_string("en", -1), hb_language_get_default(), nil] {
            var none: UInt32 = 0
            let length = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), language, &none, nil)
            guard length > 0, length < 4096 else { continue }
            var size = length + 1
            var bytes = [CChar](repeating: 0, count: Int(size))
            _ = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), language, &size, &bytes)
            return String(decoding: bytes.prefix(Int(size)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// The OpenType layout features (GSUB, then GPOS) the font has, as four-letter tags, once each.
    package var layoutFeatures: [String] {
        var seen: [String] = []
        for table in [UInt32(0x4753_5542), UInt32(0x4750_4F53)] {  // GSUB, GPOS
            var count: UInt32 = 0
            let total = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, nil)
            guard total > 0, total < 4096 else { continue }
            var tags = [hb_tag_t](repeating: 0, count: Int(total))
            count = total
            _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
            for tag in tags.prefix(Int(count)) {
                let name = FontFace.tagString(tag)
                if !seen.contains(name) { seen.append(name) }
            }
        }
        return seen
    }

    /// A variation axis: its tag, range and default (user units), name and whether it is hidden.
    package struct VariationAxis {
        package var tag: UInt32
        package var minimum: Double, maximum: Double, defaultValue: Double
        package var name: String
        package var hidden: Bool
    }

    /// The font's variation axes (none for a font that does not vary).
    package var variationAxes: [VariationAxis] {
        var count: UInt32 = 0
        let total = hb_ot_var_get_axis_infos(face, 0, &count, nil)
        guard total > 0, total < 64 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(total))
        count = total
        _ = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            VariationAxis(tag: info.tag, minimum: Double(info.min_value), maximum: Double(info.max_value), defaultValue: Double(info.default_value),
                          name: name(UInt32(info.name_id)) ?? FontFace.tagString(info.tag),
                          hidden: info.flags.rawValue & HB_OT_VAR_AXIS_FLAG_HIDDEN.rawValue != 0)
        }
    }

    /// A tag's four letters ("smcp", "wght").
    package static func tagString(_ tag: UInt32) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8((tag >> UInt32($0)) & 0xFF) }, as: UTF8.self)
    }

    package var familyName: String { name(16) ?? name(1) ?? "" }
    package var styleName: String { name(17) ?? name(2) ?? "Regular" }
    package var fullName: String { name(4) ?? "\(familyName) \(styleName)" }
    package var postScriptName: String { name(6) ?? fullName.replacingOccurrences(of: " ", with: "-") }

    // MARK: Metrics (font units)

    /// A metric of `HB_OT_METRICS_TAG_*`, in font units; nil when the font has none.
    package func metric(_ tag: hb_ot_metrics_tag_t) -> Int? {
        var position: hb_position_t = 0
        return hb_ot_metrics_get_position(font, tag, &position) != 0 ? Int(position) : nil
    }

    /// Ascent above the baseline (positive), descent below it (positive), and line gap.
    package var ascent: Int { metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER) ?? unitsPerEm * 8 / 10 }
    package var descent: Int { -(metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER) ?? -(unitsPerEm / 5)) }
    package var leading: Int { metric(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP) ?? 0 }
    package var capHeight: Int { metric(HB_OT_METRICS_TAG_CAP_HEIGHT) ?? glyphTop(for: "H") ?? ascent }
    package var xHeight: Int { metric(HB_OT_METRICS_TAG_X_HEIGHT) ?? glyphTop(for: "x") ?? ascent / 2 }
    /// The `post` table's underline position (the top of the line, from the baseline) and thickness.
    package var underlinePosition: Int { postInt16(at: 8) ?? -(unitsPerEm / 10) }
    package var underlineThickness: Int { postInt16(at: 10).flatMap { $0 > 0 ? $0 : nil } ?? unitsPerEm / 20 }

    private func postInt16(at offset: Int) -> Int? {
        guard let post = table("post"), post.count >= offset + 2 else { return nil }
        let s = post.startIndex + offset
        return Int(Int16(bitPattern: UInt16(post[s]) << 8 | UInt16(post[s + 1])))
    }

    /// The top of the glyph for `character`, when the font has one.
    private func glyphTop(for character: Unicode.Scalar) -> Int? {
        guard let glyph = glyph(for: character.value) else { return nil }
        return Int(extents(of: glyph).maxY)
    }

    /// The font's bounding box (the `head` table's), in font units.
    package var boundingBox: CGRect {
        guard let head = table("head"), head.count >= 54 else { return .zero }
        func int16(_ offset: Int) -> CGFloat {
            CGFloat(Int16(bitPattern: UInt16(head[head.startIndex + offset]) << 8 | UInt16(head[head.startIndex + offset + 1])))
        }
        return CGRect(x: int16(36), y: int16(38), width: int16(40) - int16(36), height: int16(42) - int16(38))
    }

    /// The `post` table's italic angle (degrees, counter-clockwise from vertical; negative leans right).
    package var italicAngle: CGFloat {
        guard let post = table("post"), post.count >= 8 else { return 0 }
        let s = post.startIndex
        let whole = Int16(bitPattern: UInt16(post[s + 4]) << 8 | UInt16(post[s + 5]))
        let fraction = UInt16(post[s + 6]) << 8 | UInt16(post[s + 7])
        return CGFloat(whole) + CGFloat(fraction) / 65536
    }

    /// The OS/2 weight class (100–900; 400 regular, 700 bold) and whether the face is italic or monospaced.
    package var weightClass: Int {
        guard let os2 = table("OS/2"), os2.count >= 6 else { return styleName.localizedCaseInsensitiveContains("bold") ? 700 : 400 }
        return Int(UInt16(os2[os2.startIndex + 4]) << 8 | UInt16(os2[os2.startIndex + 5]))
    }
    /// The OS/2 family class (`sFamilyClass`'s high byte: 1 old-style serif … 8 sans serif,
    /// 10 script, 12 symbolic; 0 when unclassified or without an OS/2 table).
    package var familyClass: Int {
        guard let os2 = table("OS/2"), os2.count >= 32 else { return 0 }
        return Int(os2[os2.startIndex + 30])
    }
    package var isItalic: Bool {
        let style = styleName.lowercased()
        return style.contains("italic") || style.contains("oblique") || italicAngle != 0
    }
    package var isMonospaced: Bool {
        guard let post = table("post"), post.count >= 16 else { return false }
        let s = post.startIndex
        return (post[s + 12] | post[s + 13] | post[s + 14] | post[s + 15]) != 0
    }

    // MARK: Tables

    /// The raw bytes of table `tag` ("head", "OS/2"...); nil when the font has none.
    package func table(_ tag: String) -> Data? { table(Self.tag(tag)) }

    package func table(_ tag: UInt32) -> Data? {
        guard let blob = hb_face_reference_table(face, tag) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return Data(bytes: bytes, count: Int(length))
    }

    /// The tags of the tables the face has.
    package var tableTags: [UInt32] {
        var count: UInt32 = 64
        var tags = [hb_tag_t](repeating: 0, count: 64)
        let total = hb_face_get_table_tags(face, 0, &count, &tags)
        if total > 64 {
            count = total
            tags = [hb_tag_t](repeating: 0, count: Int(total))
            _ = hb_face_get_table_tags(face, 0, &count, &tags)
        }
        return Array(tags.prefix(Int(count)))
    }

    package static func tag(_ name: String) -> UInt32 {
        let bytes = Array(name.utf8.prefix(4)) + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - name.utf8.count))
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    // MARK: Glyphs (font units)

    /// The glyph for Unicode scalar `codepoint`; nil when the font has none.
    package func glyph(for codepoint: UInt32) -> UInt16? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, codepoint, &glyph) != 0, glyph <= UInt16.max else { return nil }
        return UInt16(glyph)
    }

    /// The horizontal advance of `glyph`.
    package func advance(of glyph: UInt16) -> Int {
        Int(hb_font_get_glyph_h_advance(font, hb_codepoint_t(glyph)))
    }

    /// The vertical advance of `glyph` (positive, downwards).
    package func verticalAdvance(of glyph: UInt16) -> Int {
        -Int(hb_font_get_glyph_v_advance(font, hb_codepoint_t(glyph)))
    }

    /// The ink bounds of `glyph` (y up); zero for a glyph that draws nothing.
    package func extents(of glyph: UInt16) -> CGRect {
        var e = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, hb_codepoint_t(glyph), &e) != 0 else { return .zero }
        return CGRect(x: CGFloat(e.x_bearing), y: CGFloat(e.y_bearing + e.height),
                      width: CGFloat(e.width), height: CGFloat(-e.height)).standardized
    }

    /// The glyph's PostScript name, when the font names its glyphs.
    package func glyphName(_ glyph: UInt16) -> String? {
        var bytes = [CChar](repeating: 0, count: 128)
        guard hb_font_get_glyph_name(font, hb_codepoint_t(glyph), &bytes, 128) != 0 else { return nil }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The glyph named `name`; nil when there is none.
    package func glyph(named name: String) -> UInt16? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_glyph_from_name(font, name, -1, &glyph) != 0, glyph <= UInt16.max else { return nil }
        return UInt16(glyph)
    }

    /// The outline of `glyph` in font units (y up); empty for a blank glyph or one out of range.
    package func outline(of glyph: UInt16) -> CGPath {
        cacheLock.lock()
        if let cached = outlines[glyph] { cacheLock.unlock(); return cached }
        cacheLock.unlock()
        let path = GlyphOutline.path(of: glyph, in: font, glyphCount: glyphCount)
        cacheLock.lock()
        if outlines.count < 4096 { outlines[glyph] = path }
        cacheLock.unlock()
        return path
    }
}
