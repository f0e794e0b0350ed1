import CFontEngine
import CoreGraphics
import Foundation

// The rest of CTFont.h's glyph and character functions.

/// The characters the font has glyphs for (its `cmap`).
public typealias CFCharacterSet = CharacterSet
/// Flags of Core Foundation options.
public typealias CFOptionFlags = UInt
/// A string encoding (`CTFontGetStringEncoding`).
public typealias CFStringEncoding = UInt32

public func CTFontCreateWithFontDescriptorAndOptions(
    _ descriptor: CTFontDescriptor, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ options: CTFontOptions
) -> CTFont {
    CTFontCreateWithFontDescriptor(descriptor, size, matrix)
}

/// `CTFontCreateForString`: the language does not change fontconfig's choice here.
public func CTFontCreateForStringWithLanguage(_ currentFont: CTFont, _ string: CFString, _ range: CFRange, _ language: CFString?) -> CTFont {
    CTFontCreateForString(currentFont, string, range)
}

/// The characters the font maps to glyphs.
public func CTFontCopyCharacterSet(_ font: CTFont) -> CFCharacterSet {
    guard let set = hb_set_create() else { return CharacterSet() }
    defer { hb_set_destroy(set) }
    hb_face_collect_unicodes(font.face.face, set)
    var characters = CharacterSet()
    var codepoint = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
    while hb_set_next(set, &codepoint) != 0 {
        if let scalar = Unicode.Scalar(codepoint) { characters.insert(scalar) }
    }
    return characters
}

/// The encoding the font's names are read in: Unicode.
public func CTFontGetStringEncoding(_ font: CTFont) -> CFStringEncoding { 0x0100 }

/// The glyphs' bounds: their outlines' (fonts here carry no optical bounds, `opbd`, Strata reads).
public func CTFontGetOpticalBoundsForGlyphs(
    _ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex, _ options: CFOptionFlags
) -> CGRect {
    CTFontGetBoundingRectsForGlyphs(font, .horizontal, glyphs, boundingRects, count)
}

/// For each glyph, the move from its horizontal origin to its vertical one (points): half its
/// advance left and the font's ascent down, as HarfBuzz places vertical origins.
public func CTFontGetVerticalTranslationsForGlyphs(
    _ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ translations: UnsafeMutablePointer<CGSize>, _ count: CFIndex
) {
    guard count > 0 else { return }
    for i in 0..<count {
        var x: hb_position_t = 0, y: hb_position_t = 0
        _ = hb_font_get_glyph_v_origin(font.face.font, hb_codepoint_t(glyphs[i]), &x, &y)
        translations[i] = CGSize(width: -CGFloat(x) * font.scale, height: -CGFloat(y) * font.scale)
    }
}

/// The caret positions inside ligature `glyph` (points from its origin, from the font's GDEF
/// table), at most `maxPositions` written; the count the font has (0 for none).
public func CTFontGetLigatureCaretPositions(
    _ font: CTFont, _ glyph: CGGlyph, _ positions: UnsafeMutablePointer<CGFloat>?, _ maxPositions: CFIndex
) -> CFIndex {
    var count: UInt32 = 0
    let total = hb_ot_layout_get_ligature_carets(font.face.font, HB_DIRECTION_LTR, hb_codepoint_t(glyph), 0, &count, nil)
    guard total > 0, let positions, maxPositions > 0 else { return Int(total) }
    var carets = [hb_position_t](repeating: 0, count: Int(min(total, UInt32(maxPositions))))
    count = UInt32(carets.count)
    _ = hb_ot_layout_get_ligature_carets(font.face.font, HB_DIRECTION_LTR, hb_codepoint_t(glyph), 0, &count, &carets)
    for i in 0..<Int(count) { positions[i] = CGFloat(carets[i]) * font.scale }
    return Int(total)
}

/// The faces text falls back to after this one (fontconfig's order for it), as descriptors.
public func CTFontCopyDefaultCascadeListForLanguages(_ font: CTFont, _ languagePrefList: CFArray?) -> CFArray? {
    guard let fallback = FontRegistry.fallback, fallback !== font.face else { return [] }
    return [FontRegistry.descriptor(of: fallback, size: font.size)]
}
