import CoreText
import Foundation
import Testing

/// Frames: lines broken at word boundaries within the box, placed from its top by the paragraph styles.
@Suite struct CTFramesetterTests {
    private let font = CTFontCreateWithName("DejaVuSans" as CFString, 16, nil)
    private let text = "The quick brown fox jumps over the lazy dog and keeps running across the field until the sun goes down."

    private func frame(_ string: NSAttributedString, _ rect: CGRect) -> CTFrame {
        CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRange(), CGPath(rect: rect, transform: nil), nil)
    }

    private func lines(_ frame: CTFrame) -> [CTLine] { CTFrameGetLines(frame) as! [CTLine] }

    private func origins(_ frame: CTFrame) -> [CGPoint] {
        var origins = [CGPoint](repeating: .zero, count: lines(frame).count)
        CTFrameGetLineOrigins(frame, CFRange(), &origins)
        return origins
    }

    private var lineHeight: CGFloat { CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font) }

    private func paragraphStyle(_ settings: [(CTParagraphStyleSpecifier, Any)]) -> CTParagraphStyle {
        var storage: [UnsafeMutableRawPointer] = []
        defer { storage.forEach { $0.deallocate() } }
        let list = settings.map { spec, value -> CTParagraphStyleSetting in
            if let value = value as? CTTextAlignment {
                let p = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
                p.storeBytes(of: value.rawValue, as: UInt8.self)
                storage.append(p)
                return CTParagraphStyleSetting(spec: spec, valueSize: 1, value: p)
            }
            if let value = value as? CTLineBreakMode {
                let p = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
                p.storeBytes(of: value.rawValue, as: UInt8.self)
                storage.append(p)
                return CTParagraphStyleSetting(spec: spec, valueSize: 1, value: p)
            }
            let p = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
            p.storeBytes(of: value as! CGFloat, as: CGFloat.self)
            storage.append(p)
            return CTParagraphStyleSetting(spec: spec, valueSize: 8, value: p)
        }
        return CTParagraphStyleCreate(list, list.count)
    }

    @Test func linesBreakBetweenWordsWithinTheWidth() {
        let f = frame(attributed(text, font), CGRect(x: 0, y: 0, width: 200, height: 1000))
        let all = lines(f)
        #expect(all.count >= 4)
        var next = 0
        let units = Array(text.utf16)
        for line in all {
            let range = CTLineGetStringRange(line)
            #expect(range.location == next, "lines follow each other")
            next = range.location + range.length
            let visible = CTLineGetTypographicBounds(line, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(line)
            #expect(visible <= 200.001, "line \(range) is \(visible) wide")
            if next < units.count { #expect(units[next - 1] == 0x20, "line \(range) ends after a space") }
        }
        #expect(next == units.count)
        #expect(CTFrameGetVisibleStringRange(f) == CFRange(location: 0, length: units.count))
    }

    @Test func baselinesStepByTheLineHeightFromTheTop() {
        let f = frame(attributed(text, font), CGRect(x: 10, y: 20, width: 200, height: 300))
        let o = origins(f)
        #expect(abs(o[0].y - (300 - CTFontGetAscent(font))) < 1e-9, "first baseline one ascent below the top: \(o[0])")
        for (a, b) in zip(o, o.dropFirst()) { #expect(abs(a.y - b.y - lineHeight) < 1e-9) }
        #expect(o.allSatisfy { $0.x == 0 }, "left aligned, origins relative to the box")
    }

    @Test func onlyTheLinesThatFitAreSet() {
        let twoLines = CTFontGetAscent(font) + CTFontGetDescent(font) + lineHeight + 1
        let f = frame(attributed(text, font), CGRect(x: 0, y: 0, width: 200, height: twoLines))
        #expect(lines(f).count == 2)
        let visible = CTFrameGetVisibleStringRange(f)
        #expect(visible.location == 0 && visible.length < text.utf16.count)
        #expect(lines(frame(attributed(text, font), CGRect(x: 0, y: 0, width: 200, height: 3))).isEmpty, "no line fits 3 points")
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(CTFramesetterCreateWithAttributedString(attributed(text, font)), CFRange(), nil,
                                                                CGSize(width: 200, height: twoLines), &fit)
        #expect(fit == visible)
        #expect(abs(size.height - 2 * lineHeight) < 1e-9)
    }

    @Test func suggestedSizesHoldTheWholeText() {
        let setter = CTFramesetterCreateWithAttributedString(attributed(text, font))
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(), nil, CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude), &fit)
        #expect(fit == CFRange(location: 0, length: text.utf16.count))
        #expect(size.width <= 200 && size.width > 150)
        let setLines = lines(frame(attributed(text, font), CGRect(origin: .zero, size: size)))
        #expect(CTLineGetStringRange(setLines.last!).location + CTLineGetStringRange(setLines.last!).length == text.utf16.count,
                "a frame of the suggested size holds the whole text")
        let oneLine = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(location: 0, length: 3), nil, .zero, nil)
        let the = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("The", font)), nil, nil, nil)
        #expect(abs(Double(oneLine.width) - the) < 1e-9 && abs(oneLine.height - lineHeight) < 1e-9, "unconstrained: one line")
    }

    @Test func lineBreaksStartNewParagraphs() {
        let f = frame(attributed("one\ntwo\n\nfour", font), CGRect(x: 0, y: 0, width: 500, height: 500))
        let ranges = lines(f).map(CTLineGetStringRange)
        #expect(ranges == [CFRange(location: 0, length: 4), CFRange(location: 4, length: 4), CFRange(location: 8, length: 1), CFRange(location: 9, length: 4)])
        let o = origins(f)
        #expect(abs(o[2].y - o[3].y - lineHeight) < 1e-9, "an empty paragraph is a line of the font's height")
    }

    @Test func paragraphStylesAlignIndentAndSpace() {
        let key = NSAttributedString.Key(kCTParagraphStyleAttributeName as String)
        let width: CGFloat = 400
        let lineWidth = CGFloat(CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("centred", font)), nil, nil, nil))
        let centred = frame(attributed("centred", font, [key: paragraphStyle([(.alignment, CTTextAlignment.center)])]), CGRect(x: 0, y: 0, width: width, height: 100))
        #expect(abs(origins(centred)[0].x - (width - lineWidth) / 2) < 1e-9)
        let right = frame(attributed("centred", font, [key: paragraphStyle([(.alignment, CTTextAlignment.right)])]), CGRect(x: 0, y: 0, width: width, height: 100))
        #expect(abs(origins(right)[0].x - (width - lineWidth)) < 1e-9)
        let indented = frame(attributed(text, font, [key: paragraphStyle([(.firstLineHeadIndent, CGFloat(30)), (.headIndent, CGFloat(10))])]),
                             CGRect(x: 0, y: 0, width: 200, height: 500))
        #expect(origins(indented)[0].x == 30 && origins(indented)[1].x == 10)
        let spaced = frame(attributed("a\nb", font, [key: paragraphStyle([(.paragraphSpacing, CGFloat(7)), (.lineSpacingAdjustment, CGFloat(3))])]),
                           CGRect(x: 0, y: 0, width: 200, height: 500))
        #expect(abs(origins(spaced)[0].y - origins(spaced)[1].y - (lineHeight + 3 + 7)) < 1e-9)
        let doubled = frame(attributed(text, font, [key: paragraphStyle([(.lineHeightMultiple, CGFloat(2))])]), CGRect(x: 0, y: 0, width: 200, height: 500))
        #expect(abs(origins(doubled)[0].y - origins(doubled)[1].y - 2 * lineHeight) < 1e-9)
        let justified = frame(attributed(text, font, [key: paragraphStyle([(.alignment, CTTextAlignment.justified)])]), CGRect(x: 0, y: 0, width: 200, height: 500))
        let first = lines(justified)[0]
        #expect(abs(CTLineGetTypographicBounds(first, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(first) - 200) < 1e-6, "justified lines fill the width")
        let last = lines(justified).last!
        #expect(CTLineGetTypographicBounds(last, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(last) < 199, "but not the paragraph's last")
    }

    @Test func truncatingModesSetOneLineAParagraphWithAnEllipsis() throws {
        let key = NSAttributedString.Key(kCTParagraphStyleAttributeName as String)
        let f = frame(attributed(text, font, [key: paragraphStyle([(.lineBreakMode, CTLineBreakMode.byTruncatingTail)])]), CGRect(x: 0, y: 0, width: 150, height: 500))
        #expect(lines(f).count == 1)
        let line = try #require(lines(f).first)
        #expect(CTLineGetTypographicBounds(line, nil, nil, nil) <= 150)
        let run = try #require((CTLineGetGlyphRuns(line) as! [CTRun]).last)
        var last: CGGlyph = 0
        CTRunGetGlyphs(run, CFRange(location: CTRunGetGlyphCount(run) - 1, length: 1), &last)
        var ellipsis: CGGlyph = 0
        _ = CTFontGetGlyphsForCharacters(font, [0x2026], &ellipsis, 1)
        #expect(last == ellipsis, "the line ends in …")
    }

    @Test func aDrawnFrameDrawsItsLinesAtTheirOrigins() {
        let box = CGRect(x: 10, y: 10, width: 200, height: 180)
        let f = frame(attributed(text, font), box)
        let byFrame = makeContext(220, 200), byLines = makeContext(220, 200)
        CTFrameDraw(f, byFrame)
        for (line, origin) in zip(lines(f), origins(f)) {
            byLines.textPosition = CGPoint(x: box.minX + origin.x, y: box.minY + origin.y)
            CTLineDraw(line, byLines)
        }
        #expect(byFrame.alphaPlane == byLines.alphaPlane)
        let ink = byFrame.inkBox()
        #expect(ink != nil && ink!.maxY <= box.maxY && ink!.maxY > box.maxY - 4, "text starts at the box's top: \(String(describing: ink))")
        // A flipped context (a layer's draw(in:)) with the text matrix flipped back draws the same picture mirrored.
        let flipped = makeContext(220, 200)
        flipped.translateBy(x: 0, y: 200)
        flipped.scaleBy(x: 1, y: -1)
        flipped.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
        flipped.textPosition = CGPoint(x: 20, y: 40)
        CTLineDraw(lines(f)[0], flipped)
        let upright = flipped.inkBox()
        #expect(upright != nil && upright!.maxY > 200 - 40 && upright!.minY < 200 - 40, "glyphs upright above the baseline at y = 40 from the top")
    }

    @Test func badRangesAndBoxesGiveEmptyFrames() {
        let setter = CTFramesetterCreateWithAttributedString(attributed(text, font))
        // Tried: a range past the end, a negative one, a NaN box, an empty box, an empty string.
        let past = CTFramesetterCreateFrame(setter, CFRange(location: 10_000, length: 5), CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil), nil)
        #expect((CTFrameGetLines(past) as! [CTLine]).isEmpty)
        let negative = CTFramesetterCreateFrame(setter, CFRange(location: -5, length: -2), CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil), nil)
        #expect(CTFrameGetVisibleStringRange(negative).location == 0)
        let empty = CTFramesetterCreateFrame(setter, CFRange(), CGMutablePath(), nil)
        #expect((CTFrameGetLines(empty) as! [CTLine]).isEmpty)
        let size = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(), nil, CGSize(width: CGFloat.nan, height: -1), nil)
        #expect(size.width.isFinite && size.height.isFinite)
        let nothing = CTFramesetterCreateWithAttributedString(NSAttributedString(string: ""))
        #expect(CTFramesetterSuggestFrameSizeWithConstraints(nothing, CFRange(), nil, CGSize(width: 100, height: 100), nil) == .zero)
    }

    @Test func paragraphStyleValuesReadBack() {
        let style = paragraphStyle([(.alignment, CTTextAlignment.center), (.lineSpacingAdjustment, CGFloat(4.5))])
        var alignment: UInt8 = 0
        #expect(CTParagraphStyleGetValueForSpecifier(style, .alignment, 1, &alignment))
        #expect(alignment == CTTextAlignment.center.rawValue)
        var spacing: CGFloat = 0
        #expect(CTParagraphStyleGetValueForSpecifier(style, .lineSpacingAdjustment, 8, &spacing))
        #expect(spacing == 4.5)
        #expect(!CTParagraphStyleGetValueForSpecifier(style, .lineSpacingAdjustment, 4, &spacing), "a buffer of the wrong size")
        var bad: Float = 3
        let wrongSize = withUnsafePointer(to: &bad) { CTParagraphStyleCreate([CTParagraphStyleSetting(spec: .headIndent, valueSize: 4, value: $0)], 1) }
        var head: CGFloat = -1
        _ = CTParagraphStyleGetValueForSpecifier(wrongSize, .headIndent, 8, &head)
        #expect(head == 0, "a setting whose size is not a CGFloat's is ignored")
    }
}
