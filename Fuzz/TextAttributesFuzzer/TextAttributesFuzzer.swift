import CoreGraphics
import CoreText
import Foundation
import FuzzSupport

// libFuzzer target: Core Text attributes. The input chooses a text (scripts, tabs, line breaks,
// emoji, repeated), runs of attributes with any numbers (NaN, 1e300, negative sizes…) and of the
// wrong types, paragraph styles with absurd tab stops and spacing, a frame's shape and the ranges
// asked of lines and runs; the text is laid out, measured, truncated, justified and drawn.
// Every outcome but a crash, a hang or a blow-up is fine.

private let texts = [
    "Hamburgefonstiv fi ffl AV Wa", "tab\tseparated\tcolumns\t1.5\t-2,000", "line one\nline two\r\nthree\u{2029}four",
    "\u{627}\u{644}\u{639}\u{631}\u{628}\u{64A}\u{629} mixed English", "\u{65E5}\u{672C}\u{8A9E}\u{306E}\u{6587}\u{7AE0}",
    "e\u{301}\u{302}\u{303} combining \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{1F1EB}\u{1F1F7}", "", " ", "\u{0}nul\u{0}",
    "\u{5D0}\u{5D1}\u{5D2} 123 \u{202E}override\u{202C}", String(repeating: "word ", count: 40),
]

private let fontNames = ["Helvetica", "HelveticaNeue-Bold", "DejaVu Sans", "Times-Roman", ".SFUI-Regular", "NoSuchFont", ""]

private func number(_ reader: inout FuzzReader) -> Any {
    switch reader.byte() % 6 {
    case 0: return "not a number"
    case 1: return NSNumber(value: reader.int(-3...40))
    default: return NSNumber(value: reader.double())
    }
}

private func color(_ reader: inout FuzzReader) -> Any {
    if reader.byte() % 8 == 0 { return "red" }
    return CGColor(red: reader.double(), green: reader.double(), blue: reader.double(), alpha: reader.double())
}

private func paragraphStyle(_ reader: inout FuzzReader) -> CTParagraphStyle {
    var alignment = UInt8(reader.int(0...6))
    var lineBreak = UInt8(reader.int(0...7))
    var direction = Int8(reader.int(-2...2))
    var values = (0..<12).map { _ in CGFloat(reader.double()) }
    let tabs = (0..<reader.int(0...40)).map { _ in
        CTTextTabCreate(CTTextAlignment(rawValue: UInt8(reader.int(0...4))) ?? .left, reader.double(), nil)
    } as CFArray
    var tabArray: CFArray? = tabs
    return withUnsafeBytes(of: &alignment) { a in
        withUnsafeBytes(of: &lineBreak) { l in
            withUnsafeBytes(of: &direction) { d in
                withUnsafeBytes(of: &tabArray) { t in
                    values.withUnsafeBytes { v in
                        let specs: [CTParagraphStyleSpecifier] = [
                            .firstLineHeadIndent, .headIndent, .tailIndent, .defaultTabInterval, .lineHeightMultiple, .maximumLineHeight,
                            .minimumLineHeight, .lineSpacing, .paragraphSpacing, .paragraphSpacingBefore, .maximumLineSpacing, .minimumLineSpacing,
                        ]
                        var settings = [
                            CTParagraphStyleSetting(spec: .alignment, valueSize: 1, value: a.baseAddress!),
                            CTParagraphStyleSetting(spec: .lineBreakMode, valueSize: 1, value: l.baseAddress!),
                            CTParagraphStyleSetting(spec: .baseWritingDirection, valueSize: 1, value: d.baseAddress!),
                            CTParagraphStyleSetting(spec: .tabStops, valueSize: MemoryLayout<CFArray?>.size, value: t.baseAddress!),
                        ]
                        for (k, spec) in specs.enumerated() {
                            settings.append(CTParagraphStyleSetting(
                                spec: spec, valueSize: MemoryLayout<CGFloat>.size, value: v.baseAddress! + k * MemoryLayout<CGFloat>.size))
                        }
                        return CTParagraphStyleCreate(settings, settings.count)
                    }
                }
            }
        }
    }
}

private func attributes(_ reader: inout FuzzReader) -> [String: Any] {
    var attributes: [String: Any] = [:]
    let present = Int(reader.byte()) << 8 | Int(reader.byte())
    if present & 1 != 0 { attributes[kCTFontAttributeName as String] = CTFontCreateWithName(reader.pick(fontNames) as CFString, reader.double(), nil) }
    if present & 2 != 0 { attributes[kCTKernAttributeName as String] = number(&reader) }
    if present & 4 != 0 { attributes[kCTTrackingAttributeName as String] = number(&reader) }
    if present & 8 != 0 { attributes[kCTLigatureAttributeName as String] = number(&reader) }
    if present & 16 != 0 { attributes[kCTUnderlineStyleAttributeName as String] = number(&reader) }
    if present & 32 != 0 { attributes[kCTSuperscriptAttributeName as String] = number(&reader) }
    if present & 64 != 0 { attributes[kCTStrokeWidthAttributeName as String] = number(&reader) }
    if present & 128 != 0 { attributes[kCTBaselineOffsetAttributeName as String] = number(&reader) }
    if present & 256 != 0 { attributes[kCTForegroundColorAttributeName as String] = color(&reader) }
    if present & 512 != 0 { attributes[kCTStrokeColorAttributeName as String] = color(&reader) }
    if present & 1024 != 0 { attributes[kCTUnderlineColorAttributeName as String] = color(&reader) }
    if present & 2048 != 0 { attributes[kCTBackgroundColorAttributeName as String] = color(&reader) }
    if present & 4096 != 0 { attributes[kCTParagraphStyleAttributeName as String] = reader.bool() ? "style" : paragraphStyle(&reader) }
    if present & 8192 != 0 { attributes[kCTWritingDirectionAttributeName as String] = (0..<reader.int(0...3)).map { _ in number(&reader) } }
    if present & 16384 != 0 { attributes[kCTVerticalFormsAttributeName as String] = reader.bool() }
    if present & 32768 != 0 { attributes[kCTLanguageAttributeName as String] = reader.pick(["en", "ar", "ja", "", "x-\u{0}"]) }
    return attributes
}

private func range(_ reader: inout FuzzReader) -> CFRange {
    CFRange(location: reader.pick([0, 1, -1, 5, Int.max, Int.min]), length: reader.pick([0, 1, 3, -1, Int.max, Int.min]))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func textAttributesFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = FuzzReader(data, size)
    let string = String(repeating: reader.pick(texts), count: reader.int(1...20))
    let runs = (0..<reader.int(1...8)).map { _ in (length: reader.int(0...80), attributes: attributes(&reader)) }
    let typesetter = CTTypesetter(string: string, runs: runs)
    let line = typesetter.wholeLine
    _ = CTLineGetTypographicBounds(line, nil, nil, nil)
    _ = CTLineCreateTruncatedLine(line, reader.double(), CTLineTruncationType(rawValue: UInt32(reader.int(0...3))) ?? .end, nil)
    _ = CTLineCreateJustifiedLine(line, reader.double(), reader.double())
    _ = CTTypesetterSuggestLineBreak(typesetter, reader.int(-2...200), reader.double())
    _ = CTLineGetStringIndexForPosition(line, CGPoint(x: reader.double(), y: reader.double()))
    _ = CTLineGetOffsetForStringIndex(line, reader.pick([0, 3, -1, Int.max, Int.min]), nil)
    for run in CTLineGetGlyphRuns(line) as? [CTRun] ?? [] {
        // Room for every glyph of the run: whatever range is asked (overflowing, negative, past
        // the end), no more than the run's glyphs may be written.
        let count = CTRunGetGlyphCount(run)
        var glyphs = [CGGlyph](repeating: 0, count: count + 1)
        var positions = [CGPoint](repeating: .zero, count: count + 1)
        let asked = range(&reader)
        CTRunGetGlyphs(run, asked, &glyphs)
        CTRunGetPositions(run, asked, &positions)
        _ = CTRunGetTypographicBounds(run, asked, nil, nil, nil)
    }
    let box = CGRect(x: reader.double(), y: reader.double(), width: reader.double(), height: reader.double())
    let path = reader.bool() ? CGPath(rect: box, transform: nil) : CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 40), transform: nil)
    let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithTypesetter(typesetter), CFRange(), path, nil)
    _ = CTFrameGetVisibleStringRange(frame)
    let lineCount = CFArrayGetCount(CTFrameGetLines(frame))
    var origins = [CGPoint](repeating: .zero, count: max(lineCount, 1))
    CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &origins)
    guard let context = CGContext(data: nil, width: 64, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    else { return 0 }
    CTFrameDraw(frame, context)
    context.textPosition = CGPoint(x: reader.double(), y: reader.double())
    CTLineDraw(line, context)
    return 0
}

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main.
@_cdecl("strata_fuzz_text_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv) { textAttributesFuzzer($0, $1) }
}
#else
@main
enum TextAttributesFuzzerReplay {
    static func main() { FuzzDriver.replay(Array(CommandLine.arguments.dropFirst())) { textAttributesFuzzer($0, $1) } }
}
#endif
