import CFontEngine
import Foundation

/// A glyph number in a font, as Apple's CGGlyph.
public typealias CGFontIndex = UInt16
public typealias CGGlyph = CGFontIndex
public let kCGFontIndexMax: CGFontIndex = 0xFFFE
public let kCGFontIndexInvalid: CGFontIndex = 0xFFFF
public let kCGGlyphMax: CGFontIndex = kCGFontIndexMax

/// The PostScript font formats of `canCreatePostScriptSubset` (Strata makes none).
public enum CGFontPostScriptFormat: Int32, Sendable {
    case type1 = 1
    case type3 = 3
    case type42 = 42
}

/// A font face, as Apple's CGFont: a file's glyphs and metrics in font units (y up), read with
/// HarfBuzz; drawn through a context's `setFont`/`showGlyphs` or Core Text.
public final class CGFont: @unchecked Sendable {
    package let face: FontFace

    package init(face: FontFace) {
        self.face = face
    }

    /// A font from a TrueType, OpenType (or collection: its first face) file's bytes; nil when
    /// they are not a font.
    public convenience init?(_ provider: CGDataProvider) {
        guard let data = provider.data, let face = FontFace.shared(data: data) else { return nil }
        self.init(face: face)
    }

    /// The installed font with PostScript name, full name or family `name` (Apple family names
    /// resolve to their Debian equivalents); nil when there is none.
    public convenience init?(_ name: CFString) {
        guard let face = FontLocator.face(named: name) else { return nil }
        self.init(face: face)
    }

    public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGFont.self) }

    public var postScriptName: CFString? { face.postScriptName }
    public var fullName: CFString? { face.fullName }
    public var numberOfGlyphs: Int { face.glyphCount }
    public var unitsPerEm: Int32 { Int32(face.unitsPerEm) }
    /// Above the baseline, font units.
    public var ascent: Int32 { Int32(face.ascent) }
    /// Below the baseline: negative, font units (as Apple's).
    public var descent: Int32 { Int32(-face.descent) }
    public var leading: Int32 { Int32(face.leading) }
    public var capHeight: Int32 { Int32(face.capHeight) }
    public var xHeight: Int32 { Int32(face.xHeight) }
    /// The union of every glyph's bounds (the `head` table's box), font units.
    public var fontBBox: CGRect { face.boundingBox }
    /// Degrees counter-clockwise from vertical (negative for a face leaning right).
    public var italicAngle: CGFloat { face.italicAngle }
    /// The dominant vertical stem width, estimated from the weight class (fonts do not store it).
    public var stemV: CGFloat { CGFloat(10 + 220 * max(0, face.weightClass - 50) / 900) }

    /// Fills `advances` with each glyph's horizontal advance in font units.
    public func getGlyphAdvances(glyphs: UnsafePointer<CGGlyph>, count: Int, advances: UnsafeMutablePointer<Int32>) -> Bool {
        guard count >= 0 else { return false }
        for i in 0..<count { advances[i] = Int32(face.advance(of: glyphs[i])) }
        return true
    }

    /// Fills `bboxes` with each glyph's ink bounds in font units.
    public func getGlyphBBoxes(glyphs: UnsafePointer<CGGlyph>, count: Int, bboxes: UnsafeMutablePointer<CGRect>) -> Bool {
        guard count >= 0 else { return false }
        for i in 0..<count { bboxes[i] = face.extents(of: glyphs[i]) }
        return true
    }

    /// The glyph named `name` ("A", "uni00E9"); 0 (.notdef) when there is none.
    public func getGlyphWithGlyphName(name: CFString) -> CGGlyph {
        face.glyph(named: name) ?? 0
    }

    /// The name of `glyph`, when the font names its glyphs.
    public func name(for glyph: CGGlyph) -> CFString? {
        face.glyphName(glyph)
    }

    /// The bytes of the table with four-character `tag` (as a big-endian number).
    public func table(for tag: UInt32) -> CFData? {
        face.table(tag)
    }

    /// The tags of the font's tables, as numbers.
    public var tableTags: CFArray? {
        face.tableTags.map { $0 as Any }
    }

    /// Variable-font axes: none (Strata reads the default instance).
    public var variationAxes: CFArray? { nil }
    public var variations: CFDictionary? { nil }

    /// The font at other variation coordinates: this same font (documented difference).
    public func copy(withVariations variations: CFDictionary?) -> CGFont? { self }

    /// Strata writes no PostScript font subsets.
    public func canCreatePostScriptSubset(_ format: CGFontPostScriptFormat) -> Bool { false }

    /// Nil: Strata writes no PostScript font subsets (`canCreatePostScriptSubset` says false).
    public func createPostScriptSubset(
        subsetName: CFString, format: CGFontPostScriptFormat, glyphs: UnsafePointer<CGGlyph>?, count: Int, encoding: UnsafePointer<CGGlyph>?
    ) -> CFData? { nil }

    /// Nil: Strata writes no PostScript encodings.
    public func createPostScriptEncoding(encoding: UnsafePointer<CGGlyph>?) -> CFData? { nil }

    /// Keys of a variation axis's dictionary (`variationAxes`; Strata reads default instances).
    public static let variationAxisName: CFString = "kCGFontVariationAxisName"
    public static let variationAxisMinValue: CFString = "kCGFontVariationAxisMinValue"
    public static let variationAxisMaxValue: CFString = "kCGFontVariationAxisMaxValue"
    public static let variationAxisDefaultValue: CFString = "kCGFontVariationAxisDefaultValue"
}
