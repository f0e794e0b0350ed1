import CFontEngine
import CoreGraphics
import Foundation
import Testing

/// CGFont read through HarfBuzz, checked against FreeType reading the same pinned files.
@Suite struct CGFontTests {
    private func font(_ url: URL) throws -> CGFont {
        let provider = try #require(CGDataProvider(url: url as CFURL))
        return try #require(CGFont(provider))
    }

    @Test func metricsAreTheFontFilesOwn() throws {
        let font = try font(TestFonts.sans)
        let reference = try #require(FreeTypeFace(TestFonts.sans))
        #expect(Int(font.unitsPerEm) == reference.unitsPerEm)
        #expect(Int(font.ascent) == reference.ascender)
        #expect(Int(font.descent) == reference.descender)
        #expect(font.descent < 0, "Apple's descent is below the baseline: negative")
        #expect(font.numberOfGlyphs == reference.glyphCount)
        #expect(font.fontBBox == reference.boundingBox)
        #expect(font.postScriptName == reference.postScriptName)
        #expect(font.fullName == "DejaVu Sans")
        #expect(font.italicAngle == 0)
        #expect(font.capHeight > 1400 && font.capHeight < font.ascent, "cap height \(font.capHeight) of 2048")
        #expect(font.xHeight > 1000 && font.xHeight < font.capHeight, "x height \(font.xHeight)")
    }

    @Test func glyphAdvancesAndBoxesAreFreeTypes() throws {
        let font = try font(TestFonts.sans)
        let reference = try #require(FreeTypeFace(TestFonts.sans))
        let glyphs = "AWgj@ ".unicodeScalars.map { reference.glyph($0) }
        var advances = [Int32](repeating: -1, count: glyphs.count)
        var boxes = [CGRect](repeating: .null, count: glyphs.count)
        #expect(font.getGlyphAdvances(glyphs: glyphs, count: glyphs.count, advances: &advances))
        #expect(font.getGlyphBBoxes(glyphs: glyphs, count: glyphs.count, bboxes: &boxes))
        for (i, glyph) in glyphs.enumerated() {
            #expect(Int(advances[i]) == reference.advance(glyph), "advance of glyph \(glyph)")
            let expected = reference.outlineBox(glyph)
            if expected.isEmpty { continue }  // the space: no outline
            #expect(abs(boxes[i].minX - expected.minX) <= 1 && abs(boxes[i].maxY - expected.maxY) <= 1, "box of glyph \(glyph): \(boxes[i]) vs \(expected)")
        }
        #expect(font.getGlyphWithGlyphName(name: "A") == reference.glyph("A"))
        #expect(font.name(for: reference.glyph("A")) == "A")
        #expect(font.getGlyphWithGlyphName(name: "no-such-glyph") == 0)
    }

    @Test func tablesAreTheFilesBytes() throws {
        let font = try font(TestFonts.sans)
        let head = try #require(font.table(for: 0x6865_6164))  // 'head'
        #expect(head.count == 54)
        #expect(head[head.startIndex + 12] == 0x5F && head[head.startIndex + 15] == 0xF5, "the head table's magic number")
        let tags = try #require(font.tableTags)
        #expect(tags.count > 10)
        #expect(font.table(for: 0x7A7A_7A7A) == nil, "no 'zzzz' table")
    }

    @Test func namesFindInstalledFacesAndUnknownNamesNone() throws {
        let bold = try #require(CGFont("DejaVuSans-Bold" as CFString))
        #expect(bold.postScriptName == "DejaVuSans-Bold")
        let byFamilyAndStyle = try #require(CGFont("DejaVu Sans-Bold" as CFString))
        #expect(byFamilyAndStyle.postScriptName == "DejaVuSans-Bold")
        let helvetica = try #require(CGFont("Helvetica" as CFString), "Apple's family names resolve")
        #expect(helvetica.numberOfGlyphs > 100)
        #expect(CGFont("No Such Font Family 12345" as CFString) == nil)
    }

    @Test func bytesThatAreNotAFontGiveNil() throws {
        // Tried: empty data, text, and a real font cut to its first 100 bytes.
        #expect(CGFont(CGDataProvider(data: Data() as CFData)!) == nil)
        #expect(CGFont(CGDataProvider(data: Data("not a font at all".utf8) as CFData)!) == nil)
        let cut = try Data(contentsOf: TestFonts.sans).prefix(100)
        #expect(CGFont(CGDataProvider(data: cut as CFData)!) == nil)
    }
}

/// Glyphs drawn through a context: the outlines HarfBuzz reads, filled by the context, against
/// FreeType's own rasterisation of the same glyph run.
@Suite struct ShowGlyphsTests {
    private static let width = 160, height = 60

    @Test func glyphsDrawAsFreeTypeDrawsThem() throws {
        let reference = try #require(FreeTypeFace(TestFonts.sans))
        let font = try #require(CGFont(CGDataProvider(url: TestFonts.sans as CFURL)!))
        let glyphs = "Hag@".unicodeScalars.map { reference.glyph($0) }
        let xs: [CGFloat] = [6, 40, 72, 101]  // whole pixels: cairo rounds glyph origins to them
        let baseline: CGFloat = 44  // from the top
        let context = makeRGBAContext(width: Self.width, height: Self.height)
        context.setFont(font)
        context.setFontSize(36)
        context.showGlyphs(glyphs, at: xs.map { CGPoint(x: $0, y: CGFloat(Self.height) - baseline) })
        let expected = reference.render(glyphs, at: xs.map { CGPoint(x: $0, y: baseline) }, size: 36, width: Self.width, height: Self.height)
        var total = 0, worst = 0, inked = 0
        for row in 0..<Self.height {
            for column in 0..<Self.width {
                let a = context.pixel(column: column, row: row).a
                let b = Int(expected[(row * Self.width + column) * 4 + 3])
                total += abs(a - b)
                worst = max(worst, abs(a - b))
                if b > 0 { inked += 1 }
            }
        }
        let mean = Double(total) / Double(inked)
        // Stated tolerance: two rasterisers of one outline differ only along edges.
        #expect(inked > 800, "the reference drew the glyphs (\(inked) pixels)")
        #expect(mean < 6, "mean alpha difference over inked pixels: \(mean)")
        #expect(worst < 96, "largest alpha difference: \(worst)")
    }

    @Test func theTextMatrixScalesAndTheDrawingModeClips() throws {
        let font = try #require(CGFont("DejaVuSans" as CFString))
        let glyph = font.getGlyphWithGlyphName(name: "H")
        let plain = makeRGBAContext(width: 120, height: 80)
        plain.setFont(font)
        plain.setFontSize(20)
        plain.showGlyphs([glyph], at: [CGPoint(x: 10, y: 10)])
        let doubled = makeRGBAContext(width: 120, height: 80)
        doubled.setFont(font)
        doubled.setFontSize(20)
        doubled.textMatrix = CGAffineTransform(scaleX: 2, y: 2)
        doubled.showGlyphs([glyph], at: [CGPoint(x: 5, y: 5)])
        let ratio = doubled.coveredArea() / plain.coveredArea()
        #expect(abs(ratio - 4) < 0.1, "a text matrix scaling by 2 covers 4 times the area: \(ratio)")
        #expect(doubled.pixel(x: 12, y: 12).a == 0 && doubled.pixel(x: 14, y: 30).a > 200, "the H's left stem starts near x = 2 × (5 + 1.9)")

        let clipped = makeRGBAContext(width: 120, height: 80)
        clipped.setFont(font)
        clipped.setFontSize(20)
        clipped.setTextDrawingMode(.clip)
        clipped.showGlyphs([glyph], at: [CGPoint(x: 10, y: 10)])
        #expect(clipped.coveredArea() == 0, "clip mode paints nothing")
        clipped.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        clipped.fill(CGRect(x: 0, y: 0, width: 120, height: 80))
        #expect(abs(clipped.coveredArea() - plain.coveredArea()) < 1, "a rectangle filled through the glyph clip covers the glyph")
        #expect(clipped.pixel(x: 100, y: 70).a == 0)
    }
}

/// Fonts made from bytes are shared while alive and freed after.
@Suite struct CGFontLifetimeTests {
    @Test func fontsFromTheSameBytesShareOneFaceAndAreFreedAfterUse() throws {
        let data = try Data(contentsOf: TestFonts.mono)
        weak var released: CGFont?
        do {
            let a = try #require(CGFont(CGDataProvider(data: data as CFData)!))
            let b = try #require(CGFont(CGDataProvider(data: data as CFData)!))
            #expect(a.face === b.face, "one face for the same bytes")
            released = a
            _ = a.getGlyphWithGlyphName(name: "A")
        }
        #expect(released == nil, "nothing keeps a font alive after its last use")
        let other = try #require(CGFont(CGDataProvider(data: try Data(contentsOf: TestFonts.sans) as CFData)!))
        #expect(other.postScriptName == "DejaVuSans")
    }
}
