import CoreGraphics
import Foundation

/// The attribute naming the glyph a run's text is drawn as (`CTGlyphInfo`), overriding the
/// font's choice for exactly that text.
public let kCTGlyphInfoAttributeName: CFString = "NSGlyphInfo"

/// A character collection a CID names a glyph in.
public enum CTCharacterCollection: UInt16, Sendable {
    case identityMapping = 0
    case adobeCNS1 = 1
    case adobeGB1 = 2
    case adobeJapan1 = 3
    case adobeJapan2 = 4
    case adobeKorea1 = 5
}

/// A glyph chosen for a string (Apple's `CTGlyphInfo`): by glyph index, by glyph name in a font,
/// or by character identifier in a collection.
public final class CTGlyphInfo: @unchecked Sendable {
    let baseString: String
    let glyph: CGGlyph
    let glyphName: String?
    let characterIdentifier: CGFontIndex
    let collection: CTCharacterCollection

    init(baseString: String, glyph: CGGlyph, glyphName: String?, characterIdentifier: CGFontIndex, collection: CTCharacterCollection) {
        self.baseString = baseString
        self.glyph = glyph
        self.glyphName = glyphName
        self.characterIdentifier = characterIdentifier
        self.collection = collection
    }

    /// The glyph to draw in `font`: the index given, the font's glyph of the name, or an
    /// identity-mapped CID; nil for a CID in an Adobe collection (fonts here carry no CID map).
    func glyph(in font: CTFont) -> CGGlyph? {
        if let glyphName {
            let found = CTFontGetGlyphWithName(font, glyphName)
            return found == 0 ? nil : found
        }
        if characterIdentifier != 0 || glyph == 0 {
            return collection == .identityMapping ? CGGlyph(truncatingIfNeeded: characterIdentifier) : nil
        }
        return glyph
    }

    public static var typeID: CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTGlyphInfo.self).hashValue) }
}

public func CTGlyphInfoGetTypeID() -> CFTypeID { CTGlyphInfo.typeID }

/// `baseString` drawn as the glyph named `glyphName` in `font`; nil when the font has no such glyph.
public func CTGlyphInfoCreateWithGlyphName(_ glyphName: CFString, _ font: CTFont, _ baseString: CFString) -> CTGlyphInfo? {
    let glyph = CTFontGetGlyphWithName(font, glyphName)
    guard glyph != 0, !baseString.isEmpty else { return nil }
    return CTGlyphInfo(baseString: baseString, glyph: glyph, glyphName: glyphName, characterIdentifier: 0, collection: .identityMapping)
}

/// `baseString` drawn as glyph `glyph` of `font`; nil when the font has no such glyph.
public func CTGlyphInfoCreateWithGlyph(_ glyph: CGGlyph, _ font: CTFont, _ baseString: CFString) -> CTGlyphInfo? {
    guard Int(glyph) < CTFontGetGlyphCount(font), !baseString.isEmpty else { return nil }
    return CTGlyphInfo(baseString: baseString, glyph: glyph, glyphName: nil, characterIdentifier: 0, collection: .identityMapping)
}

/// `baseString` drawn as the glyph of character identifier `cid` in `collection`.
public func CTGlyphInfoCreateWithCharacterIdentifier(
    _ cid: CGFontIndex, _ collection: CTCharacterCollection, _ baseString: CFString
) -> CTGlyphInfo? {
    guard !baseString.isEmpty else { return nil }
    return CTGlyphInfo(baseString: baseString, glyph: 0, glyphName: nil, characterIdentifier: cid, collection: collection)
}

public func CTGlyphInfoGetGlyphName(_ glyphInfo: CTGlyphInfo) -> CFString? { glyphInfo.glyphName }
public func CTGlyphInfoGetGlyph(_ glyphInfo: CTGlyphInfo) -> CGGlyph { glyphInfo.glyph }
public func CTGlyphInfoGetCharacterIdentifier(_ glyphInfo: CTGlyphInfo) -> CGFontIndex { glyphInfo.characterIdentifier }
public func CTGlyphInfoGetCharacterCollection(_ glyphInfo: CTGlyphInfo) -> CTCharacterCollection { glyphInfo.collection }
