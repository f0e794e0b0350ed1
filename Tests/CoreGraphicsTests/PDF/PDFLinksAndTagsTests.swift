import CoreGraphics
import Foundation
import Testing

/// A PDF context's links, destinations, outline and structure tags, found in the written file.
@Suite struct PDFLinksAndTagsTests {
    private func pdf(_ draw: (CGContext) -> Void) throws -> String {
        let data = NSMutableData()
        let consumer = try #require(CGDataConsumer(data: data as CFMutableData))
        var box = CGRect(x: 0, y: 0, width: 200, height: 100)
        let context = try #require(CGContext(consumer: consumer, mediaBox: &box, nil))
        draw(context)
        context.closePDF()
        #expect(PDFContextTests.document(data as Data) != nil, "poppler reads the file")
        return String(decoding: data as Data, as: UTF8.self)
    }

    @Test func linksDestinationsAndTheOutlineAreWritten() throws {
        let text = try pdf { context in
            context.beginPDFPage(nil)
            CGPDFContextBeginTag(context, .paragraph, nil)
            context.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
            CGPDFContextEndTag(context)
            context.setURL(URL(string: "https://example.com/strata")! as CFURL, for: CGRect(x: 10, y: 60, width: 50, height: 20))
            context.addDestination("top" as CFString, at: CGPoint(x: 0, y: 100))
            context.setDestination("top" as CFString, for: CGRect(x: 100, y: 10, width: 40, height: 20))
            context.endPDFPage()
            context.beginPDFPage(nil)
            context.endPDFPage()
            CGPDFContextSetOutline(context, [kCGPDFOutlineChildren: [
                [kCGPDFOutlineTitle: "Chapter One", kCGPDFOutlineDestination: 1],
                [kCGPDFOutlineTitle: "Chapter Two", kCGPDFOutlineDestination: 2],
            ]] as CFDictionary)
        }
        #expect(text.contains("https://example.com/strata"), "the link's URI")
        #expect(text.contains("/Link"), "a link annotation")
        #expect(text.contains("Chapter One") && text.contains("/Outlines"), "the outline")
        #expect(text.contains("/StructTreeRoot") && text.contains("/P"), "a paragraph structure element")
        #expect(text.contains("top"), "the named destination")
        #expect(String(cString: CGPDFTagType.header1.name) == "H1")
    }

    @Test func linksOutsideAPageAndUnbalancedTagsAreIgnored() throws {
        // Tried: a link before any page, a NaN rectangle, an end tag with none open.
        let text = try pdf { context in
            context.setURL(URL(string: "https://nowhere.example")! as CFURL, for: CGRect(x: 0, y: 0, width: 10, height: 10))
            context.beginPDFPage(nil)
            context.setURL(URL(string: "https://nan.example")! as CFURL, for: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
            CGPDFContextEndTag(context)
            context.endPDFPage()
        }
        #expect(!text.contains("nowhere.example") && !text.contains("nan.example"))
    }
}
