import Foundation

// Calls Apple's CGContext also has that the rest of the context files do not need: CMYK colours,
// sizes between spaces, font smoothing switches, and the text calls deprecated since iOS 7
// (still found in old drawing code; they draw through the context's font as `showGlyphs` does).

/// The encoding of `selectFont`'s and `showText`'s bytes.
public enum CGTextEncoding: Int32, Sendable {
    case encodingFontSpecific = 0
    case encodingMacRoman = 1
}

extension CGContext {
    public func setFillColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(space: CGColorSpaceCreateDeviceCMYK(), components: [cyan, magenta, yellow, black, alpha]))
    }

    public func setStrokeColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(space: CGColorSpaceCreateDeviceCMYK(), components: [cyan, magenta, yellow, black, alpha]))
    }

    /// `size` through the user-to-device transform's linear part.
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(userSpaceToDeviceSpaceTransform) }

    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(userSpaceToDeviceSpaceTransform.inverted()) }

    /// Kept; Strata's glyphs are greyscale-antialiased whatever is set (no LCD smoothing).
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) {
        fontSmoothing.should = shouldSmoothFonts
    }

    /// Kept, as `setShouldSmoothFonts`.
    public func setAllowsFontSmoothing(_ allowsFontSmoothing: Bool) {
        fontSmoothing.allows = allowsFontSmoothing
    }

    // MARK: Text calls deprecated since iOS 7

    /// Sets the font (by PostScript or family name) and size for `showText`; an unknown name
    /// leaves the font as it was.
    public func selectFont(name: UnsafePointer<CChar>, size: CGFloat, textEncoding: CGTextEncoding) {
        if let font = CGFont(String(cString: name) as CFString) { setFont(font) }
        setFontSize(size)
    }

    /// Draws `length` bytes (MacRoman: ASCII as is) at the text position, which moves past them.
    public func showText(string: UnsafePointer<CChar>, length: Int) {
        guard let font = state.font, length > 0 else { return }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self), count: length)
        let glyphs = bytes.map { font.face.glyph(for: Self.macRoman($0)) ?? 0 }
        showGlyphsAdvancing(glyphs, advances: nil)
    }

    public func showTextAtPoint(x: CGFloat, y: CGFloat, string: UnsafePointer<CChar>, length: Int) {
        textPosition = CGPoint(x: x, y: y)
        showText(string: string, length: length)
    }

    /// Draws `count` glyphs at the text position, each after the last one's advance (and the
    /// character spacing); the text position moves past them.
    public func showGlyphs(g: UnsafePointer<CGGlyph>?, count: Int) {
        guard let g, count > 0 else { return }
        showGlyphsAdvancing(Array(UnsafeBufferPointer(start: g, count: count)), advances: nil)
    }

    public func showGlyphsAtPoint(x: CGFloat, y: CGFloat, glyphs: UnsafePointer<CGGlyph>?, count: Int) {
        textPosition = CGPoint(x: x, y: y)
        showGlyphs(g: glyphs, count: count)
    }

    /// Draws glyphs at the text position, each `advances[i]` (text space) after the one before.
    public func showGlyphsWithAdvances(glyphs: UnsafePointer<CGGlyph>?, advances: UnsafePointer<CGSize>?, count: Int) {
        guard let glyphs, let advances, count > 0 else { return }
        showGlyphsAdvancing(Array(UnsafeBufferPointer(start: glyphs, count: count)), advances: Array(UnsafeBufferPointer(start: advances, count: count)))
    }

    /// Glyphs laid end to end from the text position (font advances plus character spacing, or
    /// the `advances` given), drawn, and the text position moved past the last.
    private func showGlyphsAdvancing(_ glyphs: [CGGlyph], advances: [CGSize]?) {
        guard let font = state.font else { return }
        let scale = state.fontSize / CGFloat(font.face.unitsPerEm)
        var pen = CGPoint.zero
        var positions: [CGPoint] = []
        for (i, glyph) in glyphs.enumerated() {
            positions.append(pen)
            let advance = advances?[i] ?? CGSize(width: CGFloat(font.face.advance(of: glyph)) * scale + state.characterSpacing, height: 0)
            pen.x += advance.width
            pen.y += advance.height
        }
        drawGlyphs(glyphs, at: positions, face: font.face, size: state.fontSize)
        let moved = pen.applying(CGAffineTransform(a: textMatrix.a, b: textMatrix.b, c: textMatrix.c, d: textMatrix.d, tx: 0, ty: 0))
        textPosition = CGPoint(x: textPosition.x + moved.x, y: textPosition.y + moved.y)
    }

    /// A MacRoman byte's Unicode scalar (ASCII as is; the upper half through the table).
    private static func macRoman(_ byte: UInt8) -> UInt32 {
        guard byte >= 0x80 else { return UInt32(byte) }
        let upper: [UInt16] = [
            0xC4, 0xC5, 0xC7, 0xC9, 0xD1, 0xD6, 0xDC, 0xE1, 0xE0, 0xE2, 0xE4, 0xE3, 0xE5, 0xE7, 0xE9, 0xE8,
            0xEA, 0xEB, 0xED, 0xEC, 0xEE, 0xEF, 0xF1, 0xF3, 0xF2, 0xF4, 0xF6, 0xF5, 0xFA, 0xF9, 0xFB, 0xFC,
            0x2020, 0xB0, 0xA2, 0xA3, 0xA7, 0x2022, 0xB6, 0xDF, 0xAE, 0xA9, 0x2122, 0xB4, 0xA8, 0x2260, 0xC6, 0xD8,
            0x221E, 0xB1, 0x2264, 0x2265, 0xA5, 0xB5, 0x2202, 0x2211, 0x220F, 0x3C0, 0x222B, 0xAA, 0xBA, 0x3A9, 0xE6, 0xF8,
            0xBF, 0xA1, 0xAC, 0x221A, 0x192, 0x2248, 0x2206, 0xAB, 0xBB, 0x2026, 0xA0, 0xC0, 0xC3, 0xD5, 0x152, 0x153,
            0x2013, 0x2014, 0x201C, 0x201D, 0x2018, 0x2019, 0xF7, 0x25CA, 0xFF, 0x178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02,
            0x2021, 0xB7, 0x201A, 0x201E, 0x2030, 0xC2, 0xCA, 0xC1, 0xCB, 0xC8, 0xCD, 0xCE, 0xCF, 0xCC, 0xD3, 0xD4,
            0xF8FF, 0xD2, 0xDA, 0xDB, 0xD9, 0x131, 0x2C6, 0x2DC, 0xAF, 0x2D8, 0x2D9, 0x2DA, 0xB8, 0x2DD, 0x2DB, 0x2C7,
        ]
        return UInt32(upper[Int(byte) - 0x80])
    }
}
