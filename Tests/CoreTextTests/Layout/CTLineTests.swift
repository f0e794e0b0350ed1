import CoreText
import Foundation
import Testing

/// Lines and runs: HarfBuzz's shaping of attributed strings, measured, cut, stretched and drawn.
@Suite struct CTLineTests {
    private let sans = CTFontCreateWithName("DejaVuSans" as CFString, 20, nil)
    private let reference = FreeTypeReference(Pinned.sans)!

    private func runs(_ line: CTLine) -> [CTRun] { CTLineGetGlyphRuns(line) as! [CTRun] }

    @Test func aLineIsItsGlyphsAdvancesAndItsFontsMetrics() {
        let line = CTLineCreateWithAttributedString(attributed("HHH", sans))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = -1
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        #expect(abs(width - 3 * Double(reference.advance(reference.glyph("H")) * 20 / 2048)) < 1e-9)
        #expect(ascent == CTFontGetAscent(sans) && descent == CTFontGetDescent(sans) && leading == CTFontGetLeading(sans))
        #expect(CTLineGetGlyphCount(line) == 3)
        #expect(CTLineGetStringRange(line) == CFRange(location: 0, length: 3))
        let bounds = CTLineGetBoundsWithOptions(line, .excludeTypographicLeading)
        #expect(abs(bounds.minY + descent) < 1e-9 && abs(bounds.height - ascent - descent) < 1e-9)
    }

    @Test func kerningApartAndTheKernAttributeAddsSpace() {
        let kerned = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("AV", sans)), nil, nil, nil)
        let plainAdvances = Double((reference.advance(reference.glyph("A")) + reference.advance(reference.glyph("V"))) * 20 / 2048)
        #expect(kerned < plainAdvances - 0.5, "DejaVu kerns A and V: \(kerned) vs \(plainAdvances)")
        let unkerned = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(
            attributed("AV", sans, [NSAttributedString.Key(kCTKernAttributeName as String): 0])), nil, nil, nil)
        #expect(abs(unkerned - plainAdvances) < 1e-9, "kern 0 turns kerning off")
        let spaced = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(
            attributed("HH", sans, [NSAttributedString.Key(kCTKernAttributeName as String): 3.0])), nil, nil, nil)
        let plain = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("HH", sans)), nil, nil, nil)
        #expect(abs(spaced - plain - 6) < 1e-9, "3 points after each of 2 characters")
    }

    @Test func eachFontChangeStartsARun() {
        let bold = CTFontCreateWithName("DejaVuSans-Bold" as CFString, 20, nil)
        let string = NSMutableAttributedString(attributedString: attributed("plain bold", sans))
        string.addAttribute(NSAttributedString.Key(kCTFontAttributeName as String), value: bold, range: NSRange(location: 6, length: 4))
        let line = CTLineCreateWithAttributedString(string)
        let parts = runs(line)
        #expect(parts.count == 2)
        #expect(CTRunGetStringRange(parts[0]) == CFRange(location: 0, length: 6))
        #expect(CTRunGetStringRange(parts[1]) == CFRange(location: 6, length: 4))
        #expect(CTRunGetAttributes(parts[1])[kCTFontAttributeName] as? CTFont === bold)
        var positions = [CGPoint](repeating: .zero, count: CTRunGetGlyphCount(parts[1]))
        CTRunGetPositions(parts[1], CFRange(location: 0, length: 0), &positions)
        let firstWidth = CTRunGetTypographicBounds(parts[0], CFRange(location: 0, length: 0), nil, nil, nil)
        #expect(abs(Double(positions[0].x) - firstWidth) < 1e-9, "the second run starts where the first ends")
        var indices = [CFIndex](repeating: -1, count: 4)
        CTRunGetStringIndices(parts[1], CFRange(location: 0, length: 0), &indices)
        #expect(indices == [6, 7, 8, 9])
    }

    @Test func charactersTheFontLacksAreDrawnFromAnotherFace() {
        // DejaVu Sans Mono has no Hebrew letters but DejaVu Sans has: the cascade picks a face that does.
        let mono = CTFontCreateWithName("DejaVuSansMono" as CFString, 20, nil)
        let line = CTLineCreateWithAttributedString(attributed("ab\u{05D0}", mono))
        let parts = runs(line)
        let last = parts.last.map { CTRunGetAttributes($0)[kCTFontAttributeName] as? CTFont } ?? nil
        var glyph: CGGlyph = 0
        if let last = parts.last { CTRunGetGlyphs(last, CFRange(location: 0, length: 1), &glyph) }
        #expect(glyph != 0, "the letter has a glyph")
        #expect(parts.count == 2 && last.map(CTFontCopyPostScriptName) != "DejaVuSansMono", "runs: \(parts.count)")
    }

    @Test func caretOffsetsAndStringIndicesAgree() {
        let line = CTLineCreateWithAttributedString(attributed("Hello", sans))
        var positions: [CGFloat] = []
        for i in 0...5 { positions.append(CTLineGetOffsetForStringIndex(line, i, nil)) }
        #expect(positions.first == 0)
        #expect(abs(Double(positions[5]) - CTLineGetTypographicBounds(line, nil, nil, nil)) < 1e-9)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 })
        for i in 0..<5 {
            #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: positions[i] + 0.4, y: 0)) == i)
        }
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: 1e6, y: 0)) == 5)
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: CGFloat.nan, y: 0)) == kCFNotFound)
    }

    @Test func truncationCutsTheLineAndAddsTheToken() throws {
        let line = CTLineCreateWithAttributedString(attributed("Hello wonderful world", sans))
        let token = CTLineCreateWithAttributedString(attributed("\u{2026}", sans))
        let full = CTLineGetTypographicBounds(line, nil, nil, nil)
        for type in [CTLineTruncationType.end, .start, .middle] {
            let cut = try #require(CTLineCreateTruncatedLine(line, 100, type, token))
            let width = CTLineGetTypographicBounds(cut, nil, nil, nil)
            #expect(width <= 100 && width > 60, "\(type): \(width)")
            #expect(CTLineGetGlyphCount(cut) < CTLineGetGlyphCount(line))
        }
        let end = try #require(CTLineCreateTruncatedLine(line, 100, .end, token))
        var first: CGGlyph = 0
        CTRunGetGlyphs(runs(end)[0], CFRange(location: 0, length: 1), &first)
        #expect(first == reference.glyph("H"), "the end cut keeps the start")
        let start = try #require(CTLineCreateTruncatedLine(line, 100, .start, token))
        let lastRun = try #require(runs(start).last)
        var lastGlyph: CGGlyph = 0
        CTRunGetGlyphs(lastRun, CFRange(location: CTRunGetGlyphCount(lastRun) - 1, length: 1), &lastGlyph)
        #expect(lastGlyph == reference.glyph("d"), "the start cut keeps the end")
        #expect(CTLineCreateTruncatedLine(line, full + 1, .end, token) === line, "a line that fits is returned as it is")
        #expect(CTLineCreateTruncatedLine(line, 2, .end, token) == nil, "not even the token fits")
        #expect(CTLineCreateTruncatedLine(line, -.infinity, .end, token) == nil)
    }

    @Test func justificationStretchesTheSpacesToTheWidth() throws {
        let line = CTLineCreateWithAttributedString(attributed("a few words here ", sans))
        let justified = try #require(CTLineCreateJustifiedLine(line, 1, 300))
        let width = CTLineGetTypographicBounds(justified, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(justified)
        #expect(abs(width - 300) < 1e-6, "visible width \(width)")
        let half = try #require(CTLineCreateJustifiedLine(line, 0.5, 300))
        let natural = CTLineGetTypographicBounds(line, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(line)
        let halfWidth = CTLineGetTypographicBounds(half, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(half)
        #expect(abs(halfWidth - (natural + 300) / 2) < 1e-6)
        #expect(CTLineGetPenOffsetForFlush(line, 0.5, 300) == (300 - natural) / 2)
        #expect(CTLineGetPenOffsetForFlush(line, 1, 10) == 0, "a line wider than the flush width is not moved")
    }

    @Test func aDrawnLineIsFreeTypesOutlinesAtHarfBuzzsPositions() throws {
        let width = 260, height = 60
        let line = CTLineCreateWithAttributedString(attributed("Hamburgefonts", CTFontCreateWithName("DejaVuSans" as CFString, 30, nil)))
        let context = makeContext(width, height)
        context.textPosition = CGPoint(x: 7.3, y: 15.6)
        CTLineDraw(line, context)
        let run = try #require(runs(line).first)
        var glyphs = [CGGlyph](repeating: 0, count: CTRunGetGlyphCount(run))
        var positions = [CGPoint](repeating: .zero, count: glyphs.count)
        CTRunGetGlyphs(run, CFRange(), &glyphs)
        CTRunGetPositions(run, CFRange(), &positions)
        let expected = reference.alpha(glyphs, at: positions.map { CGPoint(x: $0.x + 7.3, y: CGFloat(height) - 15.6 - $0.y) },
                                       size: 30, width: width, height: height)
        let drawn = context.alphaPlane
        var total = 0, worst = 0, inked = 0
        for (a, b) in zip(drawn, expected) {
            total += abs(Int(a) - Int(b))
            worst = max(worst, abs(Int(a) - Int(b)))
            if b > 0 { inked += 1 }
        }
        // Stated tolerance: one rasteriser, outlines read by two libraries: within 2 levels on average, 40 at worst.
        #expect(inked > 1500, "the reference drew the run: \(inked)")
        #expect(Double(total) / Double(inked) < 2, "mean alpha difference \(Double(total) / Double(inked))")
        #expect(worst <= 40, "largest difference \(worst)")
        let ink = try #require(CTLineGetImageBounds(line, context) as CGRect?)
        let box = try #require(context.inkBox(threshold: 0))
        #expect(abs(ink.minX - box.minX) < 1 && abs(ink.maxX - box.maxX) < 1 && abs(ink.maxY - box.maxY) < 1, "\(ink) vs pixels \(box)")
    }

    @Test func colourUnderlineAndContextColourAttributes() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let key = { (name: CFString) in NSAttributedString.Key(name as String) }
        let context = makeContext(120, 40)
        context.textPosition = CGPoint(x: 5, y: 12)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("HH", sans, [key(kCTForegroundColorAttributeName): red])), context)
        let bytes = context.data!.assumingMemoryBound(to: UInt8.self)
        var redPixels = 0, otherPixels = 0
        for i in 0..<(120 * 40) where bytes[i * 4 + 3] == 255 {
            if bytes[i * 4] == 255 && bytes[i * 4 + 1] == 0 { redPixels += 1 } else { otherPixels += 1 }
        }
        #expect(redPixels > 10 && otherPixels == 0, "opaque pixels are red: \(redPixels) red, \(otherPixels) other")

        let fromContext = makeContext(120, 40)
        fromContext.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        fromContext.textPosition = CGPoint(x: 5, y: 12)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("H", sans, [key(kCTForegroundColorFromContextAttributeName): true])), fromContext)
        let blue = fromContext.data!.assumingMemoryBound(to: UInt8.self)
        #expect((0..<(120 * 40)).contains { blue[$0 * 4 + 2] == 255 && blue[$0 * 4 + 3] == 255 }, "drawn in the context's fill colour")

        let large = CTFontCreateWithName("DejaVuSans" as CFString, 60, nil)
        let plain = makeContext(200, 80), underlined = makeContext(200, 80)
        for c in [plain, underlined] { c.textPosition = CGPoint(x: 5, y: 20) }
        CTLineDraw(CTLineCreateWithAttributedString(attributed("ace", large)), plain)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("ace", large, [key(kCTUnderlineStyleAttributeName): CTUnderlineStyle.single.rawValue])), underlined)
        let below = (plain.inkBox()?.minY ?? 0, underlined.inkBox()?.minY ?? 0)
        #expect(below.1 < below.0 - 1, "the underline reaches below the letters: \(below)")
    }

    @Test func emptyAndHostileStringsGiveEmptyLines() {
        let empty = CTLineCreateWithAttributedString(NSAttributedString(string: ""))
        #expect(CTLineGetGlyphCount(empty) == 0 && CTLineGetTypographicBounds(empty, nil, nil, nil) == 0)
        // Unpaired surrogates, NUL and a control character: shaped, not a crash.
        let odd = String(decoding: [0xD800, 0x41, 0x0000, 0x0007, 0xDC00] as [UInt16], as: UTF16.self)
        let line = CTLineCreateWithAttributedString(attributed(odd, sans))
        #expect(CTLineGetGlyphCount(line) >= 1)
        #expect(CTLineGetOffsetForStringIndex(line, 1_000, nil) >= 0)
        var glyphs = [CGGlyph](repeating: 7, count: 2)
        CTRunGetGlyphs(runs(line)[0], CFRange(location: 100, length: 2), &glyphs)
        #expect(glyphs == [7, 7], "a glyph range outside the run copies nothing")
    }
}
