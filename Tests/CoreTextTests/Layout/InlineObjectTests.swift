import CoreText
import Foundation
import Testing

/// Run delegates (an inline image's place) and ruby annotations, laid out and drawn.
@Suite struct InlineObjectTests {
    private let sans = CTFontCreateWithName("DejaVuSans" as CFString, 20, nil)
    private func runs(_ line: CTLine) -> [CTRun] { CTLineGetGlyphRuns(line) as! [CTRun] }

    /// The size a delegate answers, kept where its callbacks find it.
    final class Box {
        let ascent: CGFloat, descent: CGFloat, width: CGFloat
        nonisolated(unsafe) static var released = 0
        init(_ ascent: CGFloat, _ descent: CGFloat, _ width: CGFloat) { (self.ascent, self.descent, self.width) = (ascent, descent, width) }
    }

    /// A delegate whose refCon is a retained `Box` (the way iOS code passes an image's size), released by `dealloc`.
    private func delegate(_ box: Box) -> CTRunDelegate {
        var callbacks = CTRunDelegateCallbacks(
            version: kCTRunDelegateVersion1,
            dealloc: { refCon in
                Unmanaged<Box>.fromOpaque(refCon).release()
                Box.released += 1
            },
            getAscent: { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue().ascent },
            getDescent: { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue().descent },
            getWidth: { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue().width })
        return CTRunDelegateCreate(&callbacks, Unmanaged.passRetained(box).toOpaque())!
    }

    private func withImagePlace(_ box: Box) -> NSAttributedString {
        let string = NSMutableAttributedString(attributedString: attributed("ab\u{FFFC}cd", sans))
        string.addAttribute(NSAttributedString.Key(kCTRunDelegateAttributeName as String), value: delegate(box), range: NSRange(location: 2, length: 1))
        return string
    }

    @Test func aDelegatesRunTakesItsWidthAndTheLineItsHeight() throws {
        let line = CTLineCreateWithAttributedString(withImagePlace(Box(30, 10, 40)))
        let plain = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("abcd", sans)), nil, nil, nil)
        var ascent: CGFloat = 0, descent: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, nil)
        #expect(abs(width - plain - 40) < 1e-9, "the place is 40 points wide")
        #expect(ascent == 30, "taller than DejaVu's 18.56-point ascent at 20 points")
        #expect(descent == 10)
        let place = try #require(runs(line).first { CTRunGetStringRange($0) == CFRange(location: 2, length: 1) })
        var runAscent: CGFloat = 0, runDescent: CGFloat = 0
        #expect(CTRunGetTypographicBounds(place, CFRange(location: 0, length: 0), &runAscent, &runDescent, nil) == 40)
        #expect(runAscent == 30 && runDescent == 10)
        #expect(CTRunGetAttributes(place)[kCTRunDelegateAttributeName] is CTRunDelegate)
    }

    @Test func aDelegatesRunDrawsNothingAndTheTextAroundItDraws() throws {
        let line = CTLineCreateWithAttributedString(withImagePlace(Box(30, 10, 40)))
        let context = makeContext(200, 60)
        context.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(line, context)
        let offset = CTLineGetOffsetForStringIndex(line, 2, nil)
        // The place's box, less a pixel each side for the neighbours' antialiased edges.
        let alpha = context.alphaPlane
        var inkInPlace = 0, inkElsewhere = 0
        for row in 0..<60 {
            for column in 0..<200 where alpha[row * 200 + column] > 0 {
                let x = CGFloat(column) + 0.5 - 10
                if x > offset + 1 && x < offset + 39 { inkInPlace += 1 } else { inkElsewhere += 1 }
            }
        }
        #expect(inkInPlace == 0, "an inline image's place is left for the app to draw in")
        #expect(inkElsewhere > 50, "ab and cd are drawn")
    }

    @Test func aFramesetterLeavesRoomForATallPlace() throws {
        func firstTwoBaselines(_ string: NSAttributedString) -> (CGFloat, CGFloat) {
            let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRange(location: 0, length: 0),
                                                 CGPath(rect: CGRect(x: 0, y: 0, width: 400, height: 400), transform: nil), nil)
            var origins = [CGPoint](repeating: .zero, count: 2)
            CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 2), &origins)
            return (origins[0].y, origins[1].y)
        }
        let tall = NSMutableAttributedString(attributedString: withImagePlace(Box(60, 5, 40)))
        tall.append(attributed("\nnext", sans))
        let plain = attributed("abcd\nnext", sans)
        let (tallFirst, _) = firstTwoBaselines(tall)
        let (plainFirst, _) = firstTwoBaselines(plain)
        #expect(abs((400 - tallFirst) - 60) < 1e-6, "the first baseline sits the place's 60-point ascent below the top")
        #expect(abs((400 - plainFirst) - CTFontGetAscent(sans)) < 1e-6)
    }

    @Test func aDelegateReleasesItsRefConWhenItGoes() {
        let before = Box.released
        do { _ = delegate(Box(1, 1, 1)) }
        #expect(Box.released == before + 1)
        var bad = CTRunDelegateCallbacks(version: 2, dealloc: { _ in }, getAscent: { _ in 0 }, getDescent: { _ in 0 }, getWidth: { _ in 0 })
        #expect(CTRunDelegateCreate(&bad, nil) == nil, "tried: a version other than 1")
        // Tried: callbacks answering NaN, infinity and a negative width: the line stays finite.
        var wild = CTRunDelegateCallbacks(version: kCTRunDelegateVersion1, dealloc: { _ in }, getAscent: { _ in .nan },
                                          getDescent: { _ in .infinity }, getWidth: { _ in -5 })
        let string = NSMutableAttributedString(attributedString: attributed("a\u{FFFC}", sans))
        string.addAttribute(NSAttributedString.Key(kCTRunDelegateAttributeName as String), value: CTRunDelegateCreate(&wild, nil)!,
                            range: NSRange(location: 1, length: 1))
        var ascent: CGFloat = 0, descent: CGFloat = 0
        let width = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(string), &ascent, &descent, nil)
        #expect(width.isFinite && ascent.isFinite && descent.isFinite)
    }

    // MARK: Ruby

    private func withRuby(_ base: String, _ ruby: String, alignment: CTRubyAlignment = .center, position: CTRubyPosition = .before) -> NSAttributedString {
        let annotation = CTRubyAnnotationCreateWithAttributes(alignment, .auto, position, ruby as CFString,
                                                             [kCTRubyAnnotationSizeFactorAttributeName: 0.5] as CFDictionary)
        return attributed(base, sans, [NSAttributedString.Key(kCTRubyAnnotationAttributeName as String): annotation])
    }

    @Test func rubyRaisesTheLineAndDrawsOverItsBase() throws {
        let line = CTLineCreateWithAttributedString(withRuby("HHHH", "ab"))
        var ascent: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, nil, nil)
        let small = CTFontCreateWithName("DejaVuSans" as CFString, 10, nil)
        let expected = CTFontGetAscent(sans) + CTFontGetDescent(small) + CTFontGetAscent(small)
        #expect(abs(ascent - expected) < 1e-9, "the base's ascent and the half-size ruby's height: \(ascent) vs \(expected)")
        let plain = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("HHHH", sans)), nil, nil, nil)
        #expect(abs(width - plain) < 1e-9, "a ruby narrower than its base leaves it as it is")
        // Drawn: ink above the base's cap height (H's top) only from the ruby, centred on the base.
        let context = makeContext(160, 60)
        context.textPosition = CGPoint(x: 10, y: 10)
        CTLineDraw(line, context)
        let capTop = 10 + CTFontGetCapHeight(sans)
        let alpha = context.alphaPlane
        var columns: [Int] = []
        for row in 0..<(60 - Int(capTop.rounded(.up)) - 2) {
            for column in 0..<160 where alpha[row * 160 + column] > 64 { columns.append(column) }
        }
        let left = try #require(columns.min()), right = try #require(columns.max())
        let middle = CGFloat(left + right + 1) / 2
        #expect(abs(middle - (10 + CGFloat(plain) / 2)) < 1.5, "the ruby is centred over its base: \(middle)")
    }

    @Test func aRubyWiderThanItsBaseSpreadsIt() {
        let line = CTLineCreateWithAttributedString(withRuby("H", "abcdefgh"))
        let rubyWidth = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(
            attributed("abcdefgh", CTFontCreateWithName("DejaVuSans" as CFString, 10, nil))), nil, nil, nil)
        let width = CTLineGetTypographicBounds(line, nil, nil, nil)
        #expect(abs(width - rubyWidth) < 1e-9, "the base takes the ruby's width: \(width) vs \(rubyWidth)")
    }

    @Test func rubyAfterGoesUnderTheBase() {
        var descent: CGFloat = 0, ascent: CGFloat = 0
        _ = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(withRuby("HH", "a", position: .after)), &ascent, &descent, nil)
        let small = CTFontCreateWithName("DejaVuSans" as CFString, 10, nil)
        #expect(abs(descent - (CTFontGetDescent(sans) + CTFontGetAscent(small) + CTFontGetDescent(small))) < 1e-9)
        #expect(ascent == CTFontGetAscent(sans))
    }

    @Test func annotationsKeepWhatTheyWereMadeWith() {
        // As iOS code hands the texts: retained, released after.
        var texts: [Unmanaged<NSString>?] = [Unmanaged.passRetained("かんじ" as NSString), nil, nil, nil]
        defer { texts[0]?.release() }
        let annotation = CTRubyAnnotationCreate(.distributeSpace, .none, 0.6, &texts)
        #expect(CTRubyAnnotationGetAlignment(annotation) == .distributeSpace)
        #expect(CTRubyAnnotationGetOverhang(annotation) == CTRubyOverhang.none)
        #expect(abs(CTRubyAnnotationGetSizeFactor(annotation) - 0.6) < 1e-12)
        #expect(CTRubyAnnotationGetTextForPosition(annotation, .before) == "かんじ")
        #expect(CTRubyAnnotationGetTextForPosition(annotation, .after) == nil)
        let copy = CTRubyAnnotationCreateCopy(annotation)
        #expect(CTRubyAnnotationGetTextForPosition(copy, .before) == "かんじ")
        // Tried: a NaN size factor falls back to Apple's 0.5.
        #expect(CTRubyAnnotationGetSizeFactor(CTRubyAnnotationCreate(.auto, .auto, .nan, &texts)) == 0.5)
    }
}

/// CTGlyphInfo: a string drawn as a chosen glyph.
@Suite struct GlyphInfoTests {
    private let sans = CTFontCreateWithName("DejaVuSans" as CFString, 20, nil)
    private let reference = FreeTypeReference(Pinned.sans)!

    private func glyphs(_ string: NSAttributedString) -> [CGGlyph] {
        let run = (CTLineGetGlyphRuns(CTLineCreateWithAttributedString(string)) as! [CTRun])[0]
        var out = [CGGlyph](repeating: 0, count: CTRunGetGlyphCount(run))
        CTRunGetGlyphs(run, CFRange(location: 0, length: 0), &out)
        return out
    }

    private func with(_ info: CTGlyphInfo?, _ text: String) -> NSAttributedString {
        attributed(text, sans, info.map { [NSAttributedString.Key(kCTGlyphInfoAttributeName as String): $0] } ?? [:])
    }

    @Test func aGlyphInfoDrawsItsBaseStringAsItsGlyph() throws {
        let b = reference.glyph("B")
        let byName = try #require(CTGlyphInfoCreateWithGlyphName("B" as CFString, sans, "A" as CFString))
        #expect(glyphs(with(byName, "A")) == [b])
        #expect(CTGlyphInfoGetGlyphName(byName) == "B")
        let byIndex = try #require(CTGlyphInfoCreateWithGlyph(b, sans, "A" as CFString))
        #expect(glyphs(with(byIndex, "A")) == [b])
        #expect(CTGlyphInfoGetGlyph(byIndex) == b)
        let byCID = try #require(CTGlyphInfoCreateWithCharacterIdentifier(b, .identityMapping, "A" as CFString))
        #expect(glyphs(with(byCID, "A")) == [b], "identity mapping: the CID is the glyph")
        #expect(CTGlyphInfoGetCharacterCollection(byCID) == .identityMapping && CTGlyphInfoGetCharacterIdentifier(byCID) == b)
        let width = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(with(byName, "A")), nil, nil, nil)
        #expect(abs(width - Double(reference.advance(b) * 20 / 2048)) < 1e-9, "the glyph's own advance")
    }

    /// Tried: a base string other than the run's text, an Adobe collection's CID (no CID map
    /// here), a glyph name and index the font lacks. The text is shaped as usual.
    @Test func aGlyphInfoThatDoesNotFitLeavesTheTextAsItIs() throws {
        let a = reference.glyph("A")
        let other = try #require(CTGlyphInfoCreateWithGlyphName("B" as CFString, sans, "Z" as CFString))
        #expect(glyphs(with(other, "A")) == [a])
        let japan = try #require(CTGlyphInfoCreateWithCharacterIdentifier(1200, .adobeJapan1, "A" as CFString))
        #expect(glyphs(with(japan, "A")) == [a])
        #expect(CTGlyphInfoCreateWithGlyphName("no-such-glyph" as CFString, sans, "A" as CFString) == nil)
        #expect(CTGlyphInfoCreateWithGlyph(60_000, sans, "A" as CFString) == nil)
    }
}
