import CoreGraphics
import CoreText
import Foundation
import Testing

/// Issue 42: numbers a caller hands Core Text that used to stop the process (`Int(NaN)`, a range
/// whose end overflows). Each is now held or clipped, and the text still lays out and draws.
@Suite("Core Text: hostile numbers")
struct HostileNumberTests {
    private let sans = CTFontCreateWithName("DejaVuSans" as CFString, 20, nil)

    /// Tried: ligature and underline attributes of NaN, ±infinity and 1e300: the line lays out
    /// (five glyphs for "fifth") and draws into a context.
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
    func absurdLigatureAndUnderlineNumbersAreHeld(value: Double) throws {
        let string = NSAttributedString(
            string: "fifth",
            attributes: [
                NSAttributedString.Key(kCTFontAttributeName as String): sans,
                NSAttributedString.Key(kCTLigatureAttributeName as String): NSNumber(value: value),
                NSAttributedString.Key(kCTUnderlineStyleAttributeName as String): NSNumber(value: value),
            ])
        let line = CTLineCreateWithAttributedString(string)
        #expect(CTLineGetGlyphCount(line) >= 4)
        let context = try #require(
            CGContext(
                data: nil, width: 120, height: 40, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.textPosition = CGPoint(x: 5, y: 10)
        CTLineDraw(line, context)
    }

    /// Tried: `CFRange(location: 1, length: Int.max)` for a run's glyphs and a frame's line
    /// origins: everything from the location to the end is copied, nothing past it.
    @Test func rangesWhoseEndOverflowsStopAtTheEnd() {
        let line = CTLineCreateWithAttributedString(attributed("Hello", sans))
        let run = (CTLineGetGlyphRuns(line) as! [CTRun])[0]
        let count = CTRunGetGlyphCount(run)
        var glyphs = [CGGlyph](repeating: 0, count: count + 1)
        CTRunGetGlyphs(run, CFRange(location: 1, length: Int.max), &glyphs)
        #expect(glyphs[0..<(count - 1)].allSatisfy { $0 != 0 })
        #expect(glyphs[count - 1] == 0 && glyphs[count] == 0, "nothing written past the run's glyphs")
        let framesetter = CTFramesetterCreateWithAttributedString(attributed("one\ntwo\nthree", sans))
        let frame = CTFramesetterCreateFrame(
            framesetter, CFRange(location: 0, length: 0), CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil), nil)
        let lines = (CTFrameGetLines(frame) as! [CTLine]).count
        var origins = [CGPoint](repeating: CGPoint(x: -1, y: -1), count: lines + 1)
        CTFrameGetLineOrigins(frame, CFRange(location: 1, length: Int.max), &origins)
        let unset = CGPoint(x: -1, y: -1)
        #expect(lines == 3)
        #expect(origins[0] != unset && origins[1] != unset, "lines 1 and 2 copied")
        #expect(origins[2] == unset && origins[3] == unset, "nothing past them")
    }
}
