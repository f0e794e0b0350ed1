import CoreGraphics
import Foundation
import Testing

/// Issue 42: a page whose forms draw each other, many times and deep, costs what it draws, not
/// what its bytes suggest; past the budget it is not drawn (poppler never returned from it).
@Suite("PDF: the drawing budget")
struct PDFDrawingBudgetTests {
    /// A 100×100 page drawing form F0 `fanOut` times; form Fi draws F(i+1) as often, the last a
    /// red 100×100 square. The page costs about fanOut^depth operators.
    static func nestedForms(fanOut: Int, depth: Int) -> Data {
        let draws = { (name: String) in String(repeating: "/\(name) Do ", count: fanOut) }
        var objects: [(String, Data?)] = [
            ("<< /Type /Catalog /Pages 2 0 R >>", nil), ("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil),
            ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /XObject << /F0 5 0 R >> >> >>", nil),
            ("", Data(draws("F0").utf8)),
        ]
        for level in 0..<depth {
            let object = 5 + level
            let isLast = level == depth - 1
            let content = isLast ? "1 0 0 rg 0 0 100 100 re f" : draws("F\(level + 1)")
            let resources = isLast ? "" : "/Resources << /XObject << /F\(level + 1) \(object + 1) 0 R >> >>"
            objects.append(("/Type /XObject /Subtype /Form /BBox [0 0 100 100] \(resources)", Data(content.utf8)))
        }
        return PDFFileBuilder.file(objects, trailer: "/Root 1 0 R")
    }

    func draw(_ data: Data) throws -> (r: Int, a: Int) {
        let document = try #require(PDFContextTests.document(data))
        let page = try #require(document.page(at: 1))
        let context = try #require(CGContext(
            data: nil, width: 100, height: 100, bitsPerComponent: 8, bytesPerRow: 400, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.drawPDFPage(page)
        let pixels = try #require(context.data).assumingMemoryBound(to: UInt8.self)
        let centre = 50 * 400 + 50 * 4
        return (Int(pixels[centre]), Int(pixels[centre + 3]))
    }

    /// Tried: forms drawing each other ten times, nine deep (≈ 10⁹ operators in 2.8 KB): not
    /// drawn, at once. Three times, three deep: drawn (the red square).
    @Test func aPageOfExplodingFormsIsNotDrawnAndAModestOneIs() throws {
        let exploding = try draw(Self.nestedForms(fanOut: 10, depth: 9))
        #expect(exploding.a == 0, "nothing drawn: \(exploding)")
        let modest = try draw(Self.nestedForms(fanOut: 3, depth: 3))
        #expect(modest.r == 255 && modest.a == 255, "the square: \(modest)")
    }

    /// Found by the PDF fuzzer: forms drawing each other ten times, five deep (100,000 drawings
    /// of cheap forms, 190,000 operators) passed the operator count and took poppler 3.7 s (over
    /// 10 under AddressSanitizer): each drawing of a form costs a hundred operators more. Not
    /// drawn; ten thousand drawings are.
    @Test func manyDrawingsOfCheapFormsCostTheirSetUp() throws {
        let many = try draw(Self.nestedForms(fanOut: 10, depth: 5))
        #expect(many.a == 0, "100,000 drawings: not drawn: \(many)")
        let fewer = try draw(Self.nestedForms(fanOut: 10, depth: 4))
        #expect(fewer.r == 255 && fewer.a == 255, "10,000 drawings: the square: \(fewer)")
    }

    /// Found by the PDF fuzzer: forms drawing each other ten times, nine deep, where one form's
    /// dictionary is damaged (`/F4 9 0 R >> >>` cut to `/F4 9 >`): qpdf cannot read it, so a
    /// count on qpdf's reading saw a few hundred drawings of nothing, while poppler reads it and
    /// drew 10⁸ forms (53 s); in another, ten drawings of an unreadable form hid 10⁷ (6 s); in a
    /// third, forms poppler reads differently drew unknown names for 14.7 s. The cost is counted
    /// on poppler's own reading: none is drawn, each refused at once.
    @Test func formsOnlyPopplerCanReadAreCountedAsPopplerReadsThem() throws {
        let names = [
            "regression-form-poppler-reads-qpdf-not.pdf", "regression-form-poppler-reads-qpdf-not-2.pdf",
            "regression-unknown-xobjects-damaged-forms.pdf",
        ]
        for name in names {
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Fuzz/Corpus/pdf/" + name)
            let drawn = try draw(Data(contentsOf: file))
            #expect(drawn.a == 0, "\(name): not drawn: \(drawn)")
        }
    }

    /// A 100×100 page filled with a tiling pattern of a 100×100 cell stepped by `step`, the cell
    /// drawing three forms, three deep, that end in a red square.
    static func steppedPattern(step: Int) -> Data {
        let catalog: [(String, Data?)] = [
            ("<< /Type /Catalog /Pages 2 0 R >>", nil), ("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil),
            ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /Pattern << /P 5 0 R >> >> >>", nil),
            ("", Data("/Pattern cs /P scn 0 0 100 100 re f".utf8)),
            ("/PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 100 100] /XStep \(step) /YStep \(step) /Resources << /XObject << /F0 6 0 R >> >>",
                Data("/F0 Do /F0 Do /F0 Do ".utf8)),
        ]
        return PDFFileBuilder.file(catalog + formChain(from: 6, fanOut: 3, depth: 3), trailer: "/Root 1 0 R")
    }

    /// Found by the PDF fuzzer: a damaged file whose pattern cell (100×100, drawing forms three
    /// times, three deep) is stepped by 1 point. Poppler's Cairo device repeats a cell only when
    /// the steps equal its size; here it declines and poppler draws the cell for each of 201×201
    /// tiles over the clip (over 60 s). The rehearsal charges the cell once per tile Gfx draws:
    /// the fuzzer's file and the same pattern built cleanly are refused at once; stepped by 50
    /// (a few tiles) and by 100 (one repeated cell) the square is drawn.
    @Test func aPatternCairoDoesNotRepeatCostsEveryTileItsCellDraws() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Fuzz/Corpus/pdf/regression-tiling-steps-smaller-than-cell.pdf")
        let fuzzed = try draw(Data(contentsOf: file))
        #expect(fuzzed.a == 0, "the fuzzer's file: not drawn: \(fuzzed)")
        let everyPoint = try draw(Self.steppedPattern(step: 1))
        #expect(everyPoint.a == 0, "stepped by 1: not drawn: \(everyPoint)")
        for step in [50, 100] {
            let drawn = try draw(Self.steppedPattern(step: step))
            #expect(drawn.r == 255 && drawn.a == 255, "stepped by \(step): the square: \(drawn)")
        }
    }

    /// Tried: a page drawing a name its resources do not have, then a red square. The name costs
    /// a lookup and a report; the rest of the page is drawn (one bad part does not hide the good).
    @Test func anUnknownXObjectNameDoesNotHideTheRestOfThePage() throws {
        let objects: [(String, Data?)] = [
            ("<< /Type /Catalog /Pages 2 0 R >>", nil), ("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil),
            ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << >> >>", nil),
            ("", Data("/Missing Do 1 0 0 rg 0 0 100 100 re f".utf8)),
        ]
        let result = try draw(PDFFileBuilder.file(objects, trailer: "/Root 1 0 R"))
        #expect(result.r == 255 && result.a == 255, "the square: \(result)")
    }

    /// An image XObject costs its declared pixels at each drawing (poppler decodes it again):
    /// a 4000×4000 image drawn 30 times is 7.5 million operators, not drawn; 3 times, drawn (the
    /// red square painted over it).
    @Test func imagesCostTheirPixelsEachTimeTheyAreDrawn() throws {
        func page(draws: Int) -> Data {
            let content = String(repeating: "q 100 0 0 100 0 0 cm /Im Do Q ", count: draws) + "1 0 0 rg 0 0 100 100 re f"
            return PDFFileBuilder.file([
                ("<< /Type /Catalog /Pages 2 0 R >>", nil), ("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil),
                ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /XObject << /Im 5 0 R >> >> >>", nil),
                ("", Data(content.utf8)),
                ("/Type /XObject /Subtype /Image /Width 4000 /Height 4000 /ColorSpace /DeviceGray /BitsPerComponent 8", Data(repeating: 128, count: 16)),
            ], trailer: "/Root 1 0 R")
        }
        let many = try draw(page(draws: 30))
        #expect(many.a == 0, "30 drawings: not drawn: \(many)")
        let few = try draw(page(draws: 3))
        #expect(few.r == 255 && few.a == 255, "3 drawings: the square: \(few)")
    }

    /// Tried: a form that draws itself, and two forms drawing each other (cycles). Poppler never
    /// draws a form inside itself, so each cycle is drawn once around and costs that: the page is
    /// drawn (the red square), at once.
    @Test func aFormDrawingItselfIsDrawnOnceAround() throws {
        let single: [(String, Data?)] = [
            ("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /F 5 0 R >> >>", Data("1 0 0 rg 0 0 100 100 re f /F Do".utf8)),
        ]
        let pair: [(String, Data?)] = [
            ("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /G 6 0 R >> >>", Data("/G Do /G Do".utf8)),
            ("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /F 5 0 R >> >>", Data("1 0 0 rg 0 0 100 100 re f /F Do /F Do".utf8)),
        ]
        for forms in [single, pair] {
            let objects: [(String, Data?)] = [
                ("<< /Type /Catalog /Pages 2 0 R >>", nil), ("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil),
                ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /XObject << /F 5 0 R >> >> >>", nil),
                ("", Data("/F Do".utf8)),
            ] + forms
            let result = try draw(PDFFileBuilder.file(objects, trailer: "/Root 1 0 R"))
            #expect(result.r == 255 && result.a == 255, "\(forms.count) form(s): the square: \(result)")
        }
    }
}

extension PDFDrawingBudgetTests {
    /// A page painting a function-based shading whose function is a PostScript calculator
    /// (type 4) program: `{ pop pop 1 0 0 }` wrapped in `depth` more pairs of braces.
    static func postScriptShading(depth: Int) -> Data {
        let program = "{ " + String(repeating: "{ ", count: depth) + "pop pop 1 0 0" + String(repeating: " }", count: depth) + " }"
        let objects: [(String, Data?)] = [
            ("<< /Type /Catalog /Pages 2 0 R >>", nil), ("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil),
            ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /Shading << /Sh 5 0 R >> >> >>", nil),
            ("", Data("/Sh sh".utf8)),
            ("<< /ShadingType 1 /ColorSpace /DeviceRGB /Domain [0 1 0 1] /Matrix [100 0 0 100 0 0] /Function 6 0 R >>", nil),
            ("/FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1]", Data(program.utf8)),
        ]
        return PDFFileBuilder.file(objects, trailer: "/Root 1 0 R")
    }

    /// Tried: a calculator function of 100,000 nested braces (poppler parses them recursively and
    /// overflowed its stack: a crash inside `drawPDFPage`), and 1,000 (4 KB). Neither page is
    /// drawn; a plain function of the same kind is.
    @Test func aCalculatorFunctionNestedTooDeepIsNotDrawn() throws {
        for depth in [100_000, 1_000] {
            let deep = try draw(Self.postScriptShading(depth: depth))
            #expect(deep.a == 0, "\(depth) deep: nothing drawn: \(deep)")
        }
        let plain = try draw(Self.postScriptShading(depth: 0))
        #expect(plain.r == 255 && plain.a == 255, "the red shading: \(plain)")
    }
}

extension PDFDrawingBudgetTests {
    /// Tried: a one-page PDF (a red square) that lost its cross-reference table three ways: cut
    /// after its last object, the table gone but `startxref` kept, `startxref` pointing elsewhere.
    /// Poppler and qpdf rebuild the table by scanning the objects, as Apple's reader does: each
    /// opens, has its page and draws it.
    @Test func aFileThatLostItsCrossReferenceTableIsRebuilt() throws {
        let whole = Self.nestedForms(fanOut: 1, depth: 1)
        let text = String(decoding: whole, as: UTF8.self)
        let table = try #require(text.range(of: "xref\n0 "))
        let startxref = try #require(text.range(of: "startxref\n"))
        let damaged: [(String, String)] = [
            ("cut after the objects", String(text[..<table.lowerBound])),
            ("table gone", String(text[..<table.lowerBound]) + "trailer\n<< /Size 7 /Root 1 0 R >>\n" + String(text[startxref.lowerBound...])),
            ("startxref elsewhere", String(text[..<startxref.upperBound]) + "17\n%%EOF\n"),
        ]
        for (what, file) in damaged {
            guard let document = PDFContextTests.document(Data(file.utf8)) else { Issue.record("\(what): does not open"); continue }
            #expect(document.numberOfPages == 1, "\(what)")
            let drawn = try draw(Data(file.utf8))
            #expect(drawn.r == 255 && drawn.a == 255, "\(what): the red square: \(drawn)")
            let catalog = try #require(document.catalog, "\(what): the object API reads it too")
            var pages: CGPDFDictionaryRef?
            #expect(CGPDFDictionaryGetDictionary(catalog, "Pages", &pages), "\(what)")
        }
    }
}

extension PDFDrawingBudgetTests {
    /// Forms F0…F(depth-1) as objects `first`…, each drawing the next `fanOut` times, the last a
    /// red 100×100 square.
    static func formChain(from first: Int, fanOut: Int, depth: Int) -> [(String, Data?)] {
        (0..<depth).map { level in
            let isLast = level == depth - 1
            let content = isLast ? "1 0 0 rg 0 0 100 100 re f" : String(repeating: "/F\(level + 1) Do ", count: fanOut)
            let resources = isLast ? "" : "/Resources << /XObject << /F\(level + 1) \(first + level + 1) 0 R >> >>"
            return ("/Type /XObject /Subtype /Form /BBox [0 0 100 100] \(resources)", Data(content.utf8))
        }
    }

    /// Where forms may hide from a count of the page's own content: a tiling pattern's cell, an
    /// annotation's appearance, a soft mask's group, a Type 3 glyph. Each holder (object 5, or
    /// the form after the chain) draws F0 (object 6).
    enum Hideout: CaseIterable {
        case patternCell, annotationAppearance, softMask, type3Glyph

        func file(fanOut: Int, depth: Int) -> Data {
            let catalog: [(String, Data?)] = [("<< /Type /Catalog /Pages 2 0 R >>", nil), ("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil)]
            let drawsF0 = Data(String(repeating: "/F0 Do ", count: fanOut).utf8)
            let f0 = "/Resources << /XObject << /F0 6 0 R >> >>"
            // The annotation's appearance and the mask's group are forms after the chain.
            let form = 6 + depth
            let page: [(String, Data?)]
            switch self {
            case .patternCell:
                page = [
                    ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /Pattern << /P 5 0 R >> >> >>", nil),
                    ("", Data("/Pattern cs /P scn 0 0 100 100 re f".utf8)),
                    ("/PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 100 100] /XStep 100 /YStep 100 \(f0)", drawsF0),
                ]
            case .annotationAppearance:
                page = [
                    ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Annots [5 0 R] >>", nil),
                    ("", Data()),
                    ("<< /Type /Annot /Subtype /Square /Rect [0 0 100 100] /AP << /N \(form) 0 R >> >>", nil),
                ]
            case .softMask:
                page = [
                    ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /ExtGState << /GS 5 0 R >> >> >>", nil),
                    ("", Data("/GS gs 1 0 0 rg 0 0 100 100 re f".utf8)),
                    ("<< /Type /ExtGState /SMask << /S /Alpha /G \(form) 0 R >> >>", nil),
                ]
            case .type3Glyph:
                // Glyph "a" is 100 units of a 1/100 matrix, set at 100 points: the whole page. The
                // text is red too (cairo 1.16 draws a coloured glyph as a mask of the fill colour).
                page = [
                    ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /Font << /T3 5 0 R >> >> >>", nil),
                    ("", Data("1 0 0 rg BT /T3 100 Tf 0 0 Td (a) Tj ET".utf8)),
                    ("<< /Type /Font /Subtype /Type3 /FontBBox [0 0 100 100] /FontMatrix [0.01 0 0 0.01 0 0] /CharProcs << /a \(form) 0 R >> "
                        + "/Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [100] \(f0) >>", nil),
                ]
            }
            var chain = PDFDrawingBudgetTests.formChain(from: 6, fanOut: fanOut, depth: depth)
            switch self {
            case .patternCell: break
            case .type3Glyph: chain.append(("", Data("100 0 d0 ".utf8) + drawsF0))
            case .annotationAppearance, .softMask:
                chain.append(("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Group << /S /Transparency >> \(f0)", drawsF0))
            }
            return PDFFileBuilder.file(catalog + page + chain, trailer: "/Root 1 0 R")
        }
    }

    /// Tried: forms drawing each other ten times, nine deep (≈ 10⁹ operators), hidden where a
    /// count of the page's content does not look: a pattern's cell, an annotation's appearance,
    /// a soft mask, a Type 3 glyph (each drew for minutes). The drawing is rehearsed in poppler's interpreter, which goes everywhere
    /// drawing goes: none is drawn, each refused within the budget; three times three deep, each
    /// is drawn.
    @Test(arguments: Hideout.allCases)
    func formsHiddenOutsideThePageContentAreCountedToo(hideout: Hideout) throws {
        let exploding = try draw(hideout.file(fanOut: 10, depth: 9))
        #expect(exploding.a == 0, "\(hideout): nothing drawn: \(exploding)")
        let modest = try draw(hideout.file(fanOut: 3, depth: 3))
        #expect(modest.r == 255 && modest.a == 255, "\(hideout): the square: \(modest)")
    }
}
