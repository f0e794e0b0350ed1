import CoreGraphics
import CoreText
import Foundation
import FuzzSupport

// libFuzzer target: font files. Any bytes must give nil or a font whose names, metrics, tables and
// glyph outlines read, and whose text lays out into lines and a frame and draws; never a crash.
// The corpus starts from the installed DejaVu Sans (scripts/fuzz.sh copies it: a font file is
// larger than the other corpora's inputs, so this target reads up to 1 MB).

@_cdecl("LLVMFuzzerTestOneInput")
public func fontFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let provider = CGDataProvider(data: bytes as CFData), let graphicsFont = CGFont(provider) else { return 0 }
    _ = (graphicsFont.postScriptName, graphicsFont.fullName, graphicsFont.fontBBox, graphicsFont.italicAngle, graphicsFont.stemV)
    _ = (graphicsFont.ascent, graphicsFont.descent, graphicsFont.capHeight, graphicsFont.xHeight, graphicsFont.tableTags)
    let font = CTFontCreateWithGraphicsFont(graphicsFont, 14, nil, nil)
    _ = (CTFontCopyFamilyName(font), CTFontGetSymbolicTraits(font), CTFontCopyTraits(font), CTFontGetUnderlinePosition(font))
    let glyphCount = min(CTFontGetGlyphCount(font), 48)
    var glyphs = (0..<glyphCount).map { CGGlyph($0) }
    for glyph in glyphs {
        _ = CTFontCreatePathForGlyph(font, glyph, nil)
        _ = graphicsFont.name(for: glyph)
    }
    var advances = [CGSize](repeating: .zero, count: glyphs.count)
    _ = CTFontGetAdvancesForGlyphs(font, .horizontal, &glyphs, &advances, glyphs.count)
    // Not an NSAttributedString: Foundation on Linux keeps its attribute values (the fonts) for ever.
    let typesetter = CTTypesetter(string: "Hamburgefonstiv fi ffl AV Wa 0123 \u{E9}\u{DF} \u{627}\u{628}\nline two",
                                  attributes: [kCTFontAttributeName: font])
    let line = typesetter.wholeLine
    _ = CTLineGetTypographicBounds(line, nil, nil, nil)
    _ = CTLineCreateTruncatedLine(line, 40, .middle, nil)
    _ = CTTypesetterSuggestLineBreak(typesetter, 0, 50)
    let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithTypesetter(typesetter), CFRange(),
                                         CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 40), transform: nil), nil)
    guard let context = CGContext(data: nil, width: 64, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    else { return 0 }
    CTFrameDraw(frame, context)
    context.textPosition = CGPoint(x: 2, y: 2)
    CTLineDraw(line, context)
    return 0
}

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main.
@_cdecl("strata_fuzz_font_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv) { fontFuzzer($0, $1) }
}
#else
@main
enum FontFuzzerReplay {
    static func main() { FuzzDriver.replay(Array(CommandLine.arguments.dropFirst())) { fontFuzzer($0, $1) } }
}
#endif
