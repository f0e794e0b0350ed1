import CoreGraphics
import Foundation
import Testing

/// The PDF object API (CGPDFDictionary, CGPDFArray, CGPDFString, CGPDFStream, CGPDFScanner…)
/// over qpdf, on a file whose every object the test writes, and on files a PDF context wrote.
@Suite struct PDFObjectTests {
    static var content: Data { Data(
        "q 1 0 0 1 10 20 cm BT /F1 12 Tf (Hello) Tj [(A) -120 (B)] TJ ET 0.5 g 10 10 50 50 re f Q\nBI /W 2 /H 1 /BPC 8 /CS /G ID \u{0}\u{FF} EI\n"
            .unicodeScalars.map { UInt8($0.value) }) }

    /// A one-page file: rotation, a media box and resources inherited from the page tree, a crop
    /// box, an array of every scalar type, an information dictionary and a file identifier.
    static var file: Data { PDFFileBuilder.file(
        [
            ("<< /Type /Catalog /Pages 2 0 R /PageMode /UseOutlines >>", nil),
            ("<< /Type /Pages /Kids [3 0 R] /Count 1 /Rotate -270 /MediaBox [0 0 200 100] /Resources << /Font << /F1 5 0 R >> >> >>", nil),
            ("<< /Type /Page /Parent 2 0 R /CropBox [10 10 150 90] /TrimBox [0 0 500 500] /Contents 4 0 R /Values [true false null 3 2.5 (str) /Nm] >>", nil),
            ("", content),
            ("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", nil),
            ("<< /Title <FEFF00480069> /Subject (caf\\351) /CreationDate (D:20240131120000+01'00') >>", nil),
        ],
        trailer: "/Root 1 0 R /Info 6 0 R /ID [<00112233445566778899aabbccddeeff> <ffeeddccbbaa99887766554433221100>]") }

    /// A new document of `file` (objects are valid while their document lives, as on Apple:
    /// tests keep it, or a page of it, for as long as they read its objects).
    static func document() throws -> CGPDFDocument {
        try #require(PDFContextTests.document(file))
    }

    static func string(_ ref: CGPDFStringRef) -> [UInt8] {
        Array(UnsafeBufferPointer(start: CGPDFStringGetBytePtr(ref), count: CGPDFStringGetLength(ref)))
    }

    @Test func theCatalogAndPageTreeReadAsWritten() throws {
        let document = try Self.document()
        defer { withExtendedLifetime(document) {} }
        let catalog = try #require(document.catalog)
        var name: UnsafePointer<CChar>?
        #expect(CGPDFDictionaryGetName(catalog, "Type", &name) && String(cString: name!) == "Catalog", "names come without their slash")
        #expect(CGPDFDictionaryGetCount(catalog) == 3)
        var pages: CGPDFDictionaryRef?
        #expect(CGPDFDictionaryGetDictionary(catalog, "Pages", &pages))
        var kids: CGPDFArrayRef?
        #expect(CGPDFDictionaryGetArray(try #require(pages), "Kids", &kids) && CGPDFArrayGetCount(kids!) == 1)
        var first: CGPDFDictionaryRef?
        #expect(CGPDFArrayGetDictionary(kids!, 0, &first))
        let page = try #require(document.page(at: 1))
        #expect(first == page.dictionary, "an indirect object reached twice is one object")
        var count: CGPDFInteger = 0
        #expect(CGPDFDictionaryGetInteger(pages!, "Count", &count) && count == 1)
        #expect(!CGPDFDictionaryGetInteger(pages!, "Kids", &count), "an array is not an integer")
        #expect(!CGPDFDictionaryGetObject(pages!, "Missing", nil))
    }

    @Test func everyScalarTypeReadsAndOnlyAsItsType() throws {
        let document = try Self.document()
        defer { withExtendedLifetime(document) {} }
        let page = try #require(document.page(at: 1)?.dictionary)
        var values: CGPDFArrayRef?
        #expect(CGPDFDictionaryGetArray(page, "Values", &values))
        let array = try #require(values)
        #expect(CGPDFArrayGetCount(array) == 7)
        var boolean: CGPDFBoolean = 9
        #expect(CGPDFArrayGetBoolean(array, 0, &boolean) && boolean == 1)
        #expect(CGPDFArrayGetBoolean(array, 1, &boolean) && boolean == 0)
        #expect(CGPDFArrayGetNull(array, 2) && !CGPDFArrayGetNull(array, 3))
        var integer: CGPDFInteger = 0
        #expect(CGPDFArrayGetInteger(array, 3, &integer) && integer == 3)
        #expect(!CGPDFArrayGetInteger(array, 4, &integer), "a real is not an integer")
        var real: CGPDFReal = 0
        #expect(CGPDFArrayGetNumber(array, 3, &real) && real == 3, "an integer is a number")
        #expect(CGPDFArrayGetNumber(array, 4, &real) && abs(real - 2.5) < 1e-9)
        var string: CGPDFStringRef?
        #expect(CGPDFArrayGetString(array, 5, &string) && Self.string(string!) == Array("str".utf8))
        var name: UnsafePointer<CChar>?
        #expect(CGPDFArrayGetName(array, 6, &name) && String(cString: name!) == "Nm")
        #expect(!CGPDFArrayGetName(array, 7, &name) && !CGPDFArrayGetObject(array, -1, nil), "outside the array: false")
        var object: CGPDFObjectRef?
        #expect(CGPDFArrayGetObject(array, 4, &object))
        #expect(CGPDFObjectGetType(object!) == .real)
        #expect(CGPDFObjectGetValue(object!, .real, &real) && !CGPDFObjectGetValue(object!, .integer, &integer))
        var types: [CGPDFObjectType] = []
        CGPDFArrayApplyBlock(array, { index, item, _ in
            types.append(CGPDFObjectGetType(item))
            return index < 3
        }, nil)
        #expect(types == [.boolean, .boolean, .null, .integer], "the block stops the walk by returning false")
    }

    @Test func dictionariesAreWalkedInKeyOrder() throws {
        let document = try Self.document()
        defer { withExtendedLifetime(document) {} }
        let page = try #require(document.page(at: 1)?.dictionary)
        final class Keys { var names: [String] = [] }
        let keys = Keys()
        let collect: CGPDFDictionaryApplierFunction = { key, _, info in
            Unmanaged<Keys>.fromOpaque(info!).takeUnretainedValue().names.append(String(cString: key))
        }
        CGPDFDictionaryApplyFunction(page, collect, Unmanaged.passUnretained(keys).toOpaque())
        #expect(keys.names == ["Contents", "CropBox", "Parent", "TrimBox", "Type", "Values"], "qpdf keeps keys sorted")
        var seen = 0
        CGPDFDictionaryApplyBlock(page, { _, _, _ in seen += 1; return seen < 2 }, nil)
        #expect(seen == 2)
    }

    @Test func infoStringsDecodeAsTextAndDates() throws {
        let document = try Self.document()
        defer { withExtendedLifetime(document) {} }
        let info = try #require(document.info)
        var title: CGPDFStringRef?, subject: CGPDFStringRef?, created: CGPDFStringRef?
        #expect(CGPDFDictionaryGetString(info, "Title", &title) && CGPDFDictionaryGetString(info, "Subject", &subject))
        #expect(CGPDFStringCopyTextString(title!) == "Hi", "UTF-16 with its byte-order mark")
        #expect(CGPDFStringCopyTextString(subject!) == "café", "PDFDocEncoding")
        #expect(CGPDFDictionaryGetString(info, "CreationDate", &created))
        let date = try #require(CGPDFStringCopyDate(created!))
        // 12:00 at UTC+1 is 11:00 UTC.
        #expect(date == Date(timeIntervalSince1970: 1_706_698_800), "\(date)")
        #expect(CGPDFStringCopyDate(title!) == nil, "not a date")
        let identifier = try #require(document.fileIdentifier)
        var permanent: CGPDFStringRef?
        #expect(CGPDFArrayGetCount(identifier) == 2 && CGPDFArrayGetString(identifier, 0, &permanent))
        #expect(Self.string(permanent!) == [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF])
    }

    @Test func boxesAndRotationAreInheritedAndClipped() throws {
        let page = try #require(try Self.document().page(at: 1))
        #expect(page.rotationAngle == 90, "-270 from the page tree, normalised")
        #expect(page.getBoxRect(.mediaBox) == CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(page.getBoxRect(.cropBox) == CGRect(x: 10, y: 10, width: 140, height: 80))
        #expect(page.getBoxRect(.trimBox) == CGRect(x: 10, y: 10, width: 140, height: 80), "within the crop box")
        #expect(page.getBoxRect(.artBox) == page.getBoxRect(.cropBox), "absent: the crop box")
        // The media box turned a quarter clockwise into a 100×200 rectangle: its bottom left
        // corner at the rectangle's top left, its top right at the bottom right.
        let turned = page.getDrawingTransform(.mediaBox, rect: CGRect(x: 0, y: 0, width: 100, height: 200), rotate: 0, preserveAspectRatio: true)
        #expect(CGPoint(x: 0, y: 0).applying(turned) == CGPoint(x: 0, y: 200))
        #expect(CGPoint(x: 200, y: 100).applying(turned) == CGPoint(x: 100, y: 0))
        // Turning back by 90 cancels the page's rotation: the box maps as it is.
        let straight = page.getDrawingTransform(.mediaBox, rect: CGRect(x: 0, y: 0, width: 200, height: 100), rotate: -90, preserveAspectRatio: true)
        #expect(CGPoint(x: 200, y: 100).applying(straight) == CGPoint(x: 200, y: 100))
        #expect(page.getDrawingTransform(.mediaBox, rect: CGRect(x: 0, y: 0, width: 200, height: 100), rotate: 45, preserveAspectRatio: true)
            == page.getDrawingTransform(.mediaBox, rect: CGRect(x: 0, y: 0, width: 200, height: 100), rotate: 0, preserveAspectRatio: true),
            "not a multiple of 90: no extra turn")
    }

    @Test func streamsDecodeAndReportTheirDictionary() throws {
        let document = try Self.document()
        defer { withExtendedLifetime(document) {} }
        let page = try #require(document.page(at: 1)?.dictionary)
        var stream: CGPDFStreamRef?
        #expect(CGPDFDictionaryGetStream(page, "Contents", &stream))
        var format = CGPDFDataFormat.JPEG2000
        let data = try #require(CGPDFStreamCopyData(stream!, &format))
        #expect(data == Self.content && format == .raw)
        var length: CGPDFInteger = 0
        #expect(CGPDFDictionaryGetInteger(try #require(CGPDFStreamGetDictionary(stream!)), "Length", &length) && length == Self.content.count)
        // A context's page content is Flate-compressed: it reads back decoded.
        let writtenDocument = try #require(PDFContextTests.document(PDFContextTests.twoPages()))
        let written = try #require(writtenDocument.page(at: 1)?.dictionary)
        var compressed: CGPDFStreamRef?
        #expect(CGPDFDictionaryGetStream(written, "Contents", &compressed))
        let decoded = try #require(CGPDFStreamCopyData(compressed!, &format))
        #expect(String(decoding: decoded, as: UTF8.self).contains(" re"), "the rectangle's operator in the decoded content")
        withExtendedLifetime(writtenDocument) {}
    }
}

/// What the scanner's callbacks saw.
final class ScanRecord {
    var operators: [String] = []
    var numbers: [CGPDFReal] = []
    var names: [String] = []
    var strings: [[UInt8]] = []
    var arrayCount = -1
    var inlineWidth: CGPDFInteger = -1
    var inlineData: Data?
    var stopAfter = Int.max

    static func of(_ info: UnsafeMutableRawPointer?) -> ScanRecord { Unmanaged<ScanRecord>.fromOpaque(info!).takeUnretainedValue() }
}

@Suite struct PDFScannerTests {
    static func table() -> CGPDFOperatorTableRef {
        let table = CGPDFOperatorTableCreate()!
        let cm: CGPDFOperatorCallback = { scanner, info in
            let record = ScanRecord.of(info)
            record.operators.append("cm")
            var value: CGPDFReal = 0
            while CGPDFScannerPopNumber(scanner, &value) { record.numbers.append(value) }
        }
        let tf: CGPDFOperatorCallback = { scanner, info in
            let record = ScanRecord.of(info)
            record.operators.append("Tf")
            var size: CGPDFReal = 0, name: UnsafePointer<CChar>?
            if CGPDFScannerPopNumber(scanner, &size), CGPDFScannerPopName(scanner, &name) {
                record.numbers.append(size)
                record.names.append(String(cString: name!))
            }
        }
        let tj: CGPDFOperatorCallback = { scanner, info in
            let record = ScanRecord.of(info)
            record.operators.append("Tj")
            var string: CGPDFStringRef?
            if CGPDFScannerPopString(scanner, &string) { record.strings.append(PDFObjectTests.string(string!)) }
        }
        let tJ: CGPDFOperatorCallback = { scanner, info in
            let record = ScanRecord.of(info)
            record.operators.append("TJ")
            var array: CGPDFArrayRef?
            var wrong: CGPDFStringRef?
            if !CGPDFScannerPopString(scanner, &wrong), CGPDFScannerPopArray(scanner, &array) { record.arrayCount = CGPDFArrayGetCount(array!) }
        }
        let re: CGPDFOperatorCallback = { scanner, info in
            let record = ScanRecord.of(info)
            record.operators.append("re")
            if record.operators.count >= record.stopAfter { CGPDFScannerStop(scanner) }
        }
        let ei: CGPDFOperatorCallback = { scanner, info in
            let record = ScanRecord.of(info)
            record.operators.append("EI")
            var stream: CGPDFStreamRef?
            guard CGPDFScannerPopStream(scanner, &stream), let dictionary = CGPDFStreamGetDictionary(stream!) else { return }
            _ = CGPDFDictionaryGetInteger(dictionary, "W", &record.inlineWidth)
            var format = CGPDFDataFormat.raw
            record.inlineData = CGPDFStreamCopyData(stream!, &format)
        }
        CGPDFOperatorTableSetCallback(table, "cm", cm)
        CGPDFOperatorTableSetCallback(table, "Tf", tf)
        CGPDFOperatorTableSetCallback(table, "Tj", tj)
        CGPDFOperatorTableSetCallback(table, "TJ", tJ)
        CGPDFOperatorTableSetCallback(table, "re", re)
        CGPDFOperatorTableSetCallback(table, "EI", ei)
        return table
    }

    /// Scans `page` with `table`; the record and Scan's result.
    static func scan(_ page: CGPDFPage, stopAfter: Int = .max) -> (ScanRecord, Bool) {
        let record = ScanRecord()
        record.stopAfter = stopAfter
        let table = table()
        defer { CGPDFOperatorTableRelease(table) }
        let content = CGPDFContentStreamCreateWithPage(page)
        defer { CGPDFContentStreamRelease(content) }
        let scanner = CGPDFScannerCreate(content, table, Unmanaged.passUnretained(record).toOpaque())
        defer { CGPDFScannerRelease(scanner) }
        let finished = CGPDFScannerScan(scanner)
        return (record, finished)
    }

    @Test func operatorsAreCalledWithTheirOperandsLastFirst() throws {
        let page = try #require(try PDFObjectTests.document().page(at: 1))
        let (record, finished) = Self.scan(page)
        #expect(finished)
        #expect(record.operators == ["cm", "Tf", "Tj", "TJ", "re", "EI"], "only the table's operators")
        #expect(record.numbers == [20, 10, 1, 0, 0, 1, 12], "cm's six numbers popped last first, then Tf's size")
        #expect(record.names == ["F1"] && record.strings == [Array("Hello".utf8)])
        #expect(record.arrayCount == 3, "a string pop fails on an array and leaves it for the array pop")
        #expect(record.inlineWidth == 2 && record.inlineData == Data([0x00, 0xFF]), "an inline image is a stream operand of EI")
    }

    @Test func contentStreamsKnowTheirStreamsAndInheritedResources() throws {
        let page = try #require(try PDFObjectTests.document().page(at: 1))
        let content = CGPDFContentStreamCreateWithPage(page)
        defer { CGPDFContentStreamRelease(content) }
        #expect(CGPDFContentStreamGetStreams(content)?.count == 1)
        let font = try #require(CGPDFContentStreamGetResource(content, "Font", "F1"), "resources from the page tree")
        var dictionary: CGPDFDictionaryRef?, base: UnsafePointer<CChar>?
        #expect(CGPDFObjectGetValue(font, .dictionary, &dictionary))
        #expect(CGPDFDictionaryGetName(dictionary!, "BaseFont", &base) && String(cString: base!) == "Helvetica")
        #expect(CGPDFContentStreamGetResource(content, "Font", "F2") == nil)
        let scanner = CGPDFScannerCreate(CGPDFContentStreamRetain(content), nil, nil)
        #expect(CGPDFScannerGetContentStream(scanner) == content)
        #expect(CGPDFScannerScan(scanner), "no table: parsed, nothing called")
        CGPDFScannerRelease(scanner)
        CGPDFContentStreamRelease(content)
    }

    @Test func aCallbackStopsTheScan() throws {
        let page = try #require(try PDFObjectTests.document().page(at: 1))
        let (record, finished) = Self.scan(page, stopAfter: 1)
        #expect(finished && record.operators == ["cm", "Tf", "Tj", "TJ", "re"], "nothing after the stop")
    }

    /// Damaged and hostile content: the operators before the damage are called, Scan says false.
    @Test func damagedAndHostileContentEndsTheScanWithFalse() throws {
        var kept: [CGPDFDocument] = []
        defer { withExtendedLifetime(kept) {} }
        func page(_ content: String) throws -> CGPDFPage {
            let file = PDFFileBuilder.file(
                [("<< /Type /Catalog /Pages 2 0 R >>", nil), ("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil),
                 ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents 4 0 R >>", nil), ("", Data(content.utf8))],
                trailer: "/Root 1 0 R")
            let document = try #require(PDFContextTests.document(file))
            kept.append(document)
            return try #require(document.page(at: 1))
        }
        // Nesting deeper than 64 levels.
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + " 1 2 3 4 re"
        #expect(!Self.scan(try page(deep)).1)
        // Ten thousand operands before an operator: the last ones are still there.
        let (flood, floodFinished) = Self.scan(try page(String(repeating: "7 ", count: 10_000) + "1 0 0 1 5 6 cm"))
        #expect(floodFinished && flood.numbers.prefix(6) == [6, 5, 1, 0, 0, 1])
        // A string left open.
        let (open, openFinished) = Self.scan(try page("1 0 0 1 0 0 cm (never closed"))
        #expect(open.operators == ["cm"] && !openFinished)
    }

    @Test func aPageWithoutContentScansToNothing() throws {
        let data = PDFFileBuilder.file(
            [("<< /Type /Catalog /Pages 2 0 R >>", nil), ("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil),
             ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>", nil)],
            trailer: "/Root 1 0 R")
        let document = try #require(PDFContextTests.document(data))
        let page = try #require(document.page(at: 1))
        let (record, finished) = Self.scan(page)
        #expect(finished && record.operators.isEmpty)
        #expect(page.rotationAngle == 0 && page.getBoxRect(.cropBox) == CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}
