import CoreGraphics
import Foundation

public func CTFontGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTFont.self).hashValue) }

/// The installed font named `name` (PostScript, full or family name; Apple's family names resolve
/// to their Debian equivalents) at `size` points (0: 12). A name that matches nothing gives the
/// fallback face (Helvetica's stand-in), as Apple's does.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let face = FontRegistry.face(named: name) ?? FontRegistry.fallback ?? FontLocator.anyFace
    return CTFont(graphicsFont: CGFont(face: face), size: size, matrix: matrix?.pointee, requestedName: name)
}

/// The font `descriptor` describes best, at `size` (0: the descriptor's size, else 12).
public func CTFontCreateWithFontDescriptor(_ descriptor: CTFontDescriptor, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let face = descriptor.resolvedFace() ?? FontRegistry.fallback ?? FontLocator.anyFace
    let matrixAttribute = (descriptor.attributes[kCTFontMatrixAttribute] as? CGAffineTransform)
    return CTFont(graphicsFont: CGFont(face: face), size: size > 0 ? size : descriptor.size ?? 12,
                  matrix: matrix?.pointee ?? matrixAttribute, requestedName: descriptor.name,
                  featureSettings: CTFont.featureSettings(descriptor.attributes[kCTFontFeatureSettingsAttribute]))
}

public func CTFontCreateWithNameAndOptions(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ options: CTFontOptions) -> CTFont {
    CTFontCreateWithName(name, size, matrix)
}

/// Options of font creation (kept for Apple's signatures; none changes a Strata font).
public struct CTFontOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let preventAutoActivation = CTFontOptions(rawValue: 1 << 0)
    public static let preventAutoDownload = CTFontOptions(rawValue: 1 << 1)
    public static let preferSystemFont = CTFontOptions(rawValue: 1 << 2)
}

/// A font of `graphicsFont`'s face.
public func CTFontCreateWithGraphicsFont(
    _ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: CTFontDescriptor?
) -> CTFont {
    CTFont(graphicsFont: graphicsFont, size: size, matrix: matrix?.pointee)
}

/// The font's face as a CGFont (`attributes`, when given, receives nil).
public func CTFontCopyGraphicsFont(_ font: CTFont, _ attributes: UnsafeMutablePointer<Unmanaged<CTFontDescriptor>?>?) -> CGFont {
    attributes?.pointee = nil
    return font.graphicsFont
}

/// The system font for user-interface `uiType` (the sans face; emphasized kinds bold) at `size` (0: 12).
public func CTFontCreateUIFontForLanguage(_ uiType: CTFontUIFontType, _ size: CGFloat, _ language: CFString?) -> CTFont? {
    let bold: [CTFontUIFontType] = [.emphasizedSystem, .smallEmphasizedSystem, .miniEmphasizedSystem, .emphasizedSystemDetail, .alertHeader]
    let fixed: [CTFontUIFontType] = [.userFixedPitch]
    let name = fixed.contains(uiType) ? "Menlo" : bold.contains(uiType) ? "Helvetica-Bold" : "Helvetica"
    return CTFontCreateWithName(name as CFString, size, nil)
}

/// The same face at another size (0: the same) and matrix (nil: the same).
public func CTFontCreateCopyWithAttributes(
    _ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: CTFontDescriptor?
) -> CTFont {
    guard let attributes else { return font.copy(size: size, matrix: matrix) }
    let merged = CTFontDescriptorCreateCopyWithAttributes(CTFontCopyFontDescriptor(font), attributes.attributes)
    return CTFontCreateWithFontDescriptor(merged, size > 0 ? size : font.size, matrix ?? withUnsafePointer(to: font.matrix) { $0 })
}

/// The face of the same family with the traits `symTraitValue` for the bits of `symTraitMask`;
/// nil when the family has no such face.
public func CTFontCreateCopyWithSymbolicTraits(
    _ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
    _ symTraitValue: CTFontSymbolicTraits, _ symTraitMask: CTFontSymbolicTraits
) -> CTFont? {
    let wanted = font.symbolicTraits.subtracting(symTraitMask).union(symTraitValue.intersection(symTraitMask))
    let words = (wanted.contains(.traitBold) ? "Bold" : "") + (wanted.contains(.traitItalic) ? "Italic" : "")
    guard let face = FontRegistry.face(named: "\(font.face.familyName)-\(words.isEmpty ? "Regular" : words)") else { return nil }
    let copy = CTFont(graphicsFont: CGFont(face: face), size: size > 0 ? size : font.size, matrix: matrix?.pointee ?? font.matrix)
    let mask = symTraitMask.intersection([.traitBold, .traitItalic])
    return copy.symbolicTraits.intersection(mask) == wanted.intersection(mask) ? copy : nil
}

/// The face of `family` with this font's bold and italic traits; nil when the family is not installed.
public func CTFontCreateCopyWithFamily(
    _ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ family: CFString
) -> CTFont? {
    let traits = font.symbolicTraits
    let words = (traits.contains(.traitBold) ? "Bold" : "") + (traits.contains(.traitItalic) ? "Italic" : "")
    guard let face = FontRegistry.face(named: "\(family)-\(words.isEmpty ? "Regular" : words)") else { return nil }
    return CTFont(graphicsFont: CGFont(face: face), size: size > 0 ? size : font.size, matrix: matrix?.pointee ?? font.matrix)
}

/// A font that has glyphs for the characters of `range` of `string`: `currentFont` when it has
/// them all, else an installed face that covers the first it lacks (fontconfig's choice).
public func CTFontCreateForString(_ currentFont: CTFont, _ string: CFString, _ range: CFRange) -> CTFont {
    let units = Array(string.utf16)
    guard let span = range.span, span.upperBound <= units.count else { return currentFont }
    for scalar in String(decoding: units[span], as: UTF16.self).unicodeScalars where currentFont.face.glyph(for: scalar.value) == nil {
        guard let face = FontLocator.face(covering: scalar.value, like: currentFont.face) else { return currentFont }
        return CTFont(graphicsFont: CGFont(face: face), size: currentFont.size, matrix: currentFont.matrix)
    }
    return currentFont
}

// MARK: Names and attributes

public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.face.postScriptName }
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.face.familyName }
public func CTFontCopyFullName(_ font: CTFont) -> CFString { font.face.fullName }
public func CTFontCopyDisplayName(_ font: CTFont) -> CFString { font.face.fullName }

/// The font's name for `nameKey` (`kCTFontFamilyNameKey`…); nil when the font has none.
public func CTFontCopyName(_ font: CTFont, _ nameKey: CFString) -> CFString? {
    guard let id = fontNameIDs[nameKey] else { return nil }
    return font.face.name(id)
}

/// As `CTFontCopyName`, in English (`actualLanguage` receives "en").
public func CTFontCopyLocalizedName(_ font: CTFont, _ nameKey: CFString, _ actualLanguage: UnsafeMutablePointer<Unmanaged<NSString>?>?) -> CFString? {
    CTFontCopyName(font, nameKey)
}

public func CTFontCopyFontDescriptor(_ font: CTFont) -> CTFontDescriptor {
    let descriptor = FontRegistry.descriptor(of: font.face, size: font.size)
    guard let settings = CTFontCopyFeatureSettings(font) else { return descriptor }
    return CTFontDescriptorCreateCopyWithAttributes(descriptor, [kCTFontFeatureSettingsAttribute: settings])
}

public func CTFontCopyAttribute(_ font: CTFont, _ attribute: CFString) -> CFTypeRef? {
    if attribute == kCTFontTraitsAttribute { return CTFontCopyTraits(font) as AnyObject }
    return CTFontDescriptorCopyAttribute(CTFontCopyFontDescriptor(font), attribute)
}

public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { font.matrix }
public func CTFontGetSymbolicTraits(_ font: CTFont) -> CTFontSymbolicTraits { font.symbolicTraits }

/// The traits dictionary: symbolic traits, weight (−1…1, 0 regular, 0.4 bold), slant and width.
public func CTFontCopyTraits(_ font: CTFont) -> CFDictionary {
    let weight = (CGFloat(font.face.weightClass) - 400) / (font.face.weightClass >= 400 ? 750 : 500)
    return [
        kCTFontSymbolicTrait: NSNumber(value: font.symbolicTraits.rawValue),
        kCTFontWeightTrait: NSNumber(value: Double(weight)),
        kCTFontSlantTrait: NSNumber(value: Double(-font.face.italicAngle / 180)),
        kCTFontWidthTrait: NSNumber(value: 0.0),
    ]
}

// MARK: Metrics (points)

public func CTFontGetAscent(_ font: CTFont) -> CGFloat { CGFloat(font.face.ascent) * font.scale }
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { CGFloat(font.face.descent) * font.scale }
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { CGFloat(font.face.leading) * font.scale }
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { UInt32(font.face.unitsPerEm) }
public func CTFontGetGlyphCount(_ font: CTFont) -> CFIndex { font.face.glyphCount }
public func CTFontGetUnderlinePosition(_ font: CTFont) -> CGFloat { CGFloat(font.face.underlinePosition) * font.scale }
public func CTFontGetUnderlineThickness(_ font: CTFont) -> CGFloat { CGFloat(font.face.underlineThickness) * font.scale }
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { CGFloat(font.face.capHeight) * font.scale }
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { CGFloat(font.face.xHeight) * font.scale }
/// The italic angle (degrees, negative leaning right) with the font matrix's skew added.
public func CTFontGetSlantAngle(_ font: CTFont) -> CGFloat {
    font.face.italicAngle - atan2(font.matrix.c, font.matrix.d) * 180 / .pi
}

/// The union of the font's glyph bounds (the `head` table's box), in points.
public func CTFontGetBoundingBox(_ font: CTFont) -> CGRect {
    let box = font.face.boundingBox
    return CGRect(x: box.minX * font.scale, y: box.minY * font.scale, width: box.width * font.scale, height: box.height * font.scale)
}

// MARK: Glyphs

/// Maps UTF-16 `characters` to glyphs (a surrogate pair's glyph at its first unit, 0 at the
/// second); false when any character has no glyph (its glyph is 0).
public func CTFontGetGlyphsForCharacters(
    _ font: CTFont, _ characters: UnsafePointer<UniChar>, _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex
) -> Bool {
    guard count > 0 else { return count == 0 }
    var all = true
    var i = 0
    while i < count {
        let unit = characters[i]
        if UTF16.isLeadSurrogate(unit), i + 1 < count, UTF16.isTrailSurrogate(characters[i + 1]) {
            let scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(characters[i + 1] - 0xDC00)
            let glyph = font.face.glyph(for: scalar)
            glyphs[i] = glyph ?? 0
            glyphs[i + 1] = 0
            all = all && glyph != nil
            i += 2
        } else {
            let glyph = font.face.glyph(for: UInt32(unit))
            glyphs[i] = glyph ?? 0
            all = all && glyph != nil
            i += 1
        }
    }
    return all
}

/// The glyph named `glyphName`; 0 when there is none.
public func CTFontGetGlyphWithName(_ font: CTFont, _ glyphName: CFString) -> CGGlyph {
    font.face.glyph(named: glyphName) ?? 0
}

public func CTFontCopyNameForGlyph(_ font: CTFont, _ glyph: CGGlyph) -> CFString? {
    font.face.glyphName(glyph)
}

/// Each glyph's advance (points; vertical ones in `height`, downwards positive) into
/// `advances` when given; the total.
@discardableResult
public func CTFontGetAdvancesForGlyphs(
    _ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
    _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex
) -> Double {
    var total = 0.0
    for i in 0..<max(0, count) {
        let size: CGSize
        if orientation == .vertical {
            size = CGSize(width: 0, height: CGFloat(font.face.verticalAdvance(of: glyphs[i])) * font.scale)
            total += Double(size.height)
        } else {
            size = CGSize(width: CGFloat(font.face.advance(of: glyphs[i])) * font.scale, height: 0)
            total += Double(size.width)
        }
        advances?[i] = size
    }
    return total
}

/// Each glyph's ink bounds (points, y up from the baseline) into `boundingRects` when given; their union.
@discardableResult
public func CTFontGetBoundingRectsForGlyphs(
    _ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
    _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex
) -> CGRect {
    var union = CGRect.null
    let place = CGAffineTransform(scaleX: font.scale, y: font.scale).concatenating(font.matrix)
    for i in 0..<max(0, count) {
        let extents = font.face.extents(of: glyphs[i])
        let rect = extents.isEmpty && extents.width == 0 ? CGRect.zero : extents.applying(place)
        boundingRects?[i] = rect
        if !rect.isEmpty { union = union.union(rect) }
    }
    return union.isNull ? .zero : union
}

/// The outline of `glyph` in points (y up, origin on the baseline) through the font matrix and
/// then `matrix`; empty for a blank glyph, nil for a glyph the font does not have.
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    guard Int(glyph) < font.face.glyphCount else { return nil }
    var transform = CGAffineTransform(scaleX: font.scale, y: font.scale).concatenating(font.matrix)
    if let matrix { transform = transform.concatenating(matrix.pointee) }
    let outline = font.face.outline(of: glyph)
    let path = CGMutablePath()
    path.addPath(outline, transform: transform)
    return path
}

/// Draws `glyphs` at `positions` (text space, through the context's text matrix) in the
/// context's fill colour and text drawing mode.
public func CTFontDrawGlyphs(
    _ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ positions: UnsafePointer<CGPoint>, _ count: Int, _ context: CGContext
) {
    guard count > 0 else { return }
    context.drawGlyphs(Array(UnsafeBufferPointer(start: glyphs, count: count)),
                       at: Array(UnsafeBufferPointer(start: positions, count: count)),
                       face: font.face, size: font.size, fontMatrix: font.matrix)
}

/// The languages the font has glyphs for: those of its `name` table's records are not kept by
/// HarfBuzz; Strata answers English (documented).
public func CTFontCopySupportedLanguages(_ font: CTFont) -> CFArray { ["en"] }
