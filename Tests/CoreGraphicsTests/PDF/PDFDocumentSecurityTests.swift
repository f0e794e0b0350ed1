import CoreGraphics
import Foundation
import Testing

/// Encrypted documents open locked and unlock with their password; outlines and identifiers read back.
@Suite struct PDFDocumentSecurityTests {
    /// Two blank 200×100 pages, RC4-128 encrypted (user password "secret", owner "owner"), printing
    /// allowed and copying not: written once with pypdf 5 (not a Strata file, so no Strata bug hides in it).
    static let encrypted = Data(base64Encoded: "JVBERi0xLjMKJeLjz9MKMSAwIG9iago8PAovUHJvZHVjZXIgPDZkOGUyNDRkZWI+Cj4+CmVuZG9iagoyIDAgb2JqCjw8Ci9UeXBlIC9QYWdlcwovQ291bnQgMgovS2lkcyBbIDQgMCBSIDUgMCBSIF0KPj4KZW5kb2JqCjMgMCBvYmoKPDwKL1R5cGUgL0NhdGFsb2cKL1BhZ2VzIDIgMCBSCj4+CmVuZG9iago0IDAgb2JqCjw8Ci9UeXBlIC9QYWdlCi9SZXNvdXJjZXMgPDwKPj4KL01lZGlhQm94IFsgMC4wIDAuMCAyMDAgMTAwIF0KL1BhcmVudCAyIDAgUgo+PgplbmRvYmoKNSAwIG9iago8PAovVHlwZSAvUGFnZQovUmVzb3VyY2VzIDw8Cj4+Ci9NZWRpYUJveCBbIDAuMCAwLjAgMjAwIDEwMCBdCi9QYXJlbnQgMiAwIFIKPj4KZW5kb2JqCjYgMCBvYmoKPDwKL1YgMgovUiAzCi9MZW5ndGggMTI4Ci9QIDQyOTQ5NjMzOTYKL0ZpbHRlciAvU3RhbmRhcmQKL08gPDBkYjU4NTVmYzUzMjY1NjllNzY1OTA2Y2FmNjRlNDQyOWE0YzIwZDZlOTk2ZmRlZjk2M2U5YjUwODBmOWUwODM+Ci9VIDxmNTE4YzFjZDViODAzZDZhNDc5ZTI1NjQ5ZWIwY2RiMzI4YmY0ZTVlNGU3NThhNDE2NDAwNGU1NmZmZmEwMTA4Pgo+PgplbmRvYmoKeHJlZgowIDcKMDAwMDAwMDAwMCA2NTUzNSBmIAowMDAwMDAwMDE1IDAwMDAwIG4gCjAwMDAwMDAwNTkgMDAwMDAgbiAKMDAwMDAwMDEyNCAwMDAwMCBuIAowMDAwMDAwMTczIDAwMDAwIG4gCjAwMDAwMDAyNjcgMDAwMDAgbiAKMDAwMDAwMDM2MSAwMDAwMCBuIAp0cmFpbGVyCjw8Ci9TaXplIDcKL1Jvb3QgMyAwIFIKL0luZm8gMSAwIFIKL0lEIFsgPGNjYTFkZDczODcyN2E3OTFiYTk4MmEwNDE4MmI5YTAwPiA8Y2NhMWRkNzM4NzI3YTc5MWJhOTgyYTA0MTgyYjlhMDA+IF0KL0VuY3J5cHQgNiAwIFIKPj4Kc3RhcnR4cmVmCjU3NgolJUVPRgo=")!

    @Test func anEncryptedDocumentOpensLockedAndUnlocksWithItsPassword() throws {
        let document = try #require(PDFContextTests.document(Self.encrypted))
        #expect(document.isEncrypted && !document.isUnlocked)
        #expect(document.numberOfPages == 0 && document.page(at: 1) == nil, "nothing reads while locked")
        #expect(document.catalog == nil && document.fileIdentifier == nil, "no objects while locked")
        #expect(!document.unlockWithPassword("wrong"))
        #expect(document.unlockWithPassword("secret"))
        #expect(document.isUnlocked && document.numberOfPages == 2)
        #expect(document.allowsPrinting && !document.allowsCopying, "\(document.accessPermissions)")
        #expect(document.unlockWithPassword("anything"), "an open document stays open")
        let identifier = try #require(document.fileIdentifier, "encrypted files carry an identifier")
        var part: CGPDFStringRef?
        #expect(CGPDFArrayGetCount(identifier) == 2 && CGPDFArrayGetString(identifier, 0, &part) && CGPDFStringGetLength(part!) == 16)
        var pages: CGPDFDictionaryRef?, count: CGPDFInteger = 0
        #expect(CGPDFDictionaryGetDictionary(try #require(document.catalog), "Pages", &pages))
        #expect(CGPDFDictionaryGetInteger(pages!, "Count", &count) && count == 2, "objects read with the password")
    }

    @Test func theOutlineWrittenByAPDFContextReadsBack() throws {
        let data = NSMutableData()
        let consumer = try #require(CGDataConsumer(data: data as CFMutableData))
        var box = CGRect(x: 0, y: 0, width: 100, height: 100)
        let context = try #require(CGContext(consumer: consumer, mediaBox: &box, nil))
        for _ in 0..<3 {
            context.beginPDFPage(nil)
            context.endPDFPage()
        }
        CGPDFContextSetOutline(context, [kCGPDFOutlineChildren: [
            [kCGPDFOutlineTitle: "One", kCGPDFOutlineDestination: 1],
            [kCGPDFOutlineTitle: "Three", kCGPDFOutlineDestination: 3,
             kCGPDFOutlineChildren: [[kCGPDFOutlineTitle: "Three, inside", kCGPDFOutlineDestination: 3]]],
        ]] as CFDictionary)
        context.closePDF()
        let document = try #require(PDFContextTests.document(data as Data))
        let outline = try #require(document.outline)
        let children = try #require(outline[kCGPDFOutlineChildren] as? [[String: Any]])
        #expect(children.map { $0[kCGPDFOutlineTitle] as? String } == ["One", "Three"])
        #expect(children.map { $0[kCGPDFOutlineDestination] as? Int } == [1, 3])
        let inner = children[1][kCGPDFOutlineChildren] as? [[String: Any]]
        #expect(inner?.first?[kCGPDFOutlineTitle] as? String == "Three, inside")
        #expect(!document.isEncrypted && document.accessPermissions.contains(.allowsContentCopying))
        #expect(document.fileIdentifier == nil, "cairo writes no file identifier")
    }
}
