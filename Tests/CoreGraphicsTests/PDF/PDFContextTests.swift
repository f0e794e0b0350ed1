import CoreGraphics
import Foundation
import Testing

/// PDF contexts written through a data consumer and read back with CGPDFDocument (poppler), then
/// drawn into bitmaps: pages, boxes, document info, and where things land (CG's y-up space).
@Suite("PDF contexts and documents")
struct PDFContextTests {
    static func document(_ bytes: Data) -> CGPDFDocument? {
        CGDataProvider(data: bytes as CFData).flatMap { CGPDFDocument($0) }
    }

    static func bitmap(_ width: Int, _ height: Int) -> CGContext {
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// (a, r, g, b) at pixel column x, row y (row 0 at the top) of a premultipliedFirst little bitmap.
    static func pixel(_ context: CGContext, _ x: Int, _ y: Int) -> (a: Int, r: Int, g: Int, b: Int) {
        let p = context.data!.load(fromByteOffset: y * context.bytesPerRow + x * 4, as: UInt32.self)
        return (Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF))
    }

    /// Two pages: 200×100 with a red 60×40 rectangle at (20, 20); 300×150 filled blue.
    static func twoPages() -> Data {
        let data = NSMutableData()
        let consumer = CGDataConsumer(data: data as CFMutableData)!
        var box = CGRect(x: 0, y: 0, width: 200, height: 100)
        let pdf = CGContext(consumer: consumer, mediaBox: &box, [kCGPDFContextTitle: "Two pages"] as CFDictionary)!
        pdf.beginPDFPage(nil)
        pdf.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        pdf.fill(CGRect(x: 20, y: 20, width: 60, height: 40))
        pdf.endPDFPage()
        pdf.beginPDFPage([kCGPDFContextMediaBox: CGRect(x: 0, y: 0, width: 300, height: 150)] as CFDictionary)
        pdf.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        pdf.fill(CGRect(x: 0, y: 0, width: 300, height: 150))
        pdf.endPDFPage()
        pdf.closePDF()
        return data as Data
    }

    @Test func pagesBoxesAndTitleComeBack() throws {
        let bytes = Self.twoPages()
        #expect(bytes.starts(with: Array("%PDF-".utf8)), "a PDF file")
        let document = try #require(Self.document(bytes))
        #expect(document.numberOfPages == 2)
        #expect(document.title == "Two pages")
        #expect(document.page(at: 1)?.getBoxRect(.mediaBox) == CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(document.page(at: 2)?.getBoxRect(.mediaBox) == CGRect(x: 0, y: 0, width: 300, height: 150), "the page's own box")
        #expect(document.page(at: 0) == nil && document.page(at: 3) == nil, "pages count from 1")
    }

    @Test func drawingsLandWhereCoreGraphicsPutThem() throws {
        let document = try #require(Self.document(Self.twoPages()))
        let page = try #require(document.page(at: 1))
        let bitmap = Self.bitmap(200, 100)
        bitmap.drawPDFPage(page)
        // The rectangle spans x 20…80, y 20…60 (y up): rows 40…80 from the top.
        #expect(Self.pixel(bitmap, 50, 60) == (255, 255, 0, 0), "inside the rectangle: \(Self.pixel(bitmap, 50, 60))")
        #expect(Self.pixel(bitmap, 50, 30).r != 255 || Self.pixel(bitmap, 50, 30).g != 0, "above it (y 70): not red")
        #expect(Self.pixel(bitmap, 10, 60).g != 0 || Self.pixel(bitmap, 10, 60).a == 0, "left of it: not red")
        // Scaled to half through the CTM, as any drawing.
        let half = Self.bitmap(100, 50)
        half.scaleBy(x: 0.5, y: 0.5)
        half.drawPDFPage(page)
        #expect(Self.pixel(half, 25, 30) == (255, 255, 0, 0), "half size: \(Self.pixel(half, 25, 30))")
    }

    @Test func aConsumerMadeOfCallbacksGetsEveryByteAndIsReleasedOnce() throws {
        final class Sink { var bytes = Data(); var released = 0 }
        let sink = Sink()
        var callbacks = CGDataConsumerCallbacks(
            putBytes: { info, bytes, count in
                Unmanaged<Sink>.fromOpaque(info!).takeUnretainedValue().bytes.append(bytes.assumingMemoryBound(to: UInt8.self), count: count)
                return count
            },
            releaseConsumer: { info in Unmanaged<Sink>.fromOpaque(info!).takeUnretainedValue().released += 1 })
        do {
            let consumer = try #require(CGDataConsumer(info: Unmanaged.passUnretained(sink).toOpaque(), cbks: &callbacks))
            let pdf = try #require(CGContext(consumer: consumer, mediaBox: nil, nil))
            pdf.beginPage(mediaBox: nil)
            pdf.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
            pdf.endPage()
            pdf.closePDF()
        }
        #expect(sink.bytes.starts(with: Array("%PDF-".utf8)) && sink.bytes.count > 200)
        #expect(sink.released == 1, "released once when the consumer went away")
        let page = try #require(Self.document(sink.bytes)?.page(at: 1))
        #expect(page.getBoxRect(.mediaBox).size == CGSize(width: 612, height: 792), "US Letter by default")
    }

    @Test func badDocumentsAndBoxesAreRefused() throws {
        #expect(Self.document(Data("not a pdf at all".utf8)) == nil, "not a PDF")
        let cut = Self.twoPages().prefix(100)
        #expect(Self.document(Data(cut)) == nil, "a PDF cut after 100 bytes")
        var empty = CGRect(x: 0, y: 0, width: 0, height: 10)
        #expect(CGContext(consumer: CGDataConsumer(data: NSMutableData() as CFMutableData)!, mediaBox: &empty, nil) == nil, "an empty media box")
        #expect(CGDataConsumer(url: URL(fileURLWithPath: "/nonexistent-folder/x.pdf") as CFURL) == nil)
        let bitmap = Self.bitmap(4, 4)
        bitmap.beginPDFPage(nil)
        bitmap.endPDFPage()
        bitmap.closePDF()
        #expect(bitmap.makeImage() != nil, "PDF calls on a bitmap context do nothing to it")
    }
}
