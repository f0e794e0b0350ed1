import CoreGraphics
import Foundation
import FuzzSupport

// libFuzzer target: PDF files read through the object API (qpdf) and drawn (poppler). Any bytes must give nil or a document whose catalog, information
// dictionary and pages' objects walk, whose streams decode (within their budget), whose page
// content scans and whose first pages draw into a small bitmap; never a crash.

/// Objects visited at most per input (a page tree may lead everywhere).
private let budget = 4000

/// Objects visited so far for this input.
private final class Visits { var count = 0 }

private func walk(_ object: CGPDFObjectRef, depth: Int, _ visits: Visits) {
    visits.count += 1
    guard visits.count < budget, depth < 12 else { return }
    var dictionary: CGPDFDictionaryRef?, array: CGPDFArrayRef?, stream: CGPDFStreamRef?, string: CGPDFStringRef?
    switch CGPDFObjectGetType(object) {
    case .dictionary:
        guard CGPDFObjectGetValue(object, .dictionary, &dictionary), let dictionary else { return }
        CGPDFDictionaryApplyBlock(dictionary, { _, value, _ in
            walk(value, depth: depth + 1, visits)
            return visits.count < budget
        }, nil)
    case .array:
        guard CGPDFObjectGetValue(object, .array, &array), let array else { return }
        CGPDFArrayApplyBlock(array, { _, value, _ in
            walk(value, depth: depth + 1, visits)
            return visits.count < budget
        }, nil)
    case .stream:
        guard CGPDFObjectGetValue(object, .stream, &stream), let stream else { return }
        var format = CGPDFDataFormat.raw
        _ = CGPDFStreamCopyData(stream, &format)
        if let dictionary = CGPDFStreamGetDictionary(stream) { _ = CGPDFDictionaryGetCount(dictionary) }
    case .string:
        guard CGPDFObjectGetValue(object, .string, &string), let string else { return }
        _ = (CGPDFStringCopyTextString(string), CGPDFStringCopyDate(string), CGPDFStringGetLength(string))
    default:
        var number: CGPDFReal = 0
        _ = CGPDFObjectGetValue(object, .real, &number)
    }
}

// Made once, read-only afterwards (libFuzzer runs one input at a time).
nonisolated(unsafe) private let operatorTable: CGPDFOperatorTableRef? = {
    guard let table = CGPDFOperatorTableCreate() else { return nil }
    let popAll: CGPDFOperatorCallback = { scanner, _ in
        var object: CGPDFObjectRef?
        var popped = 0
        while popped < 64, CGPDFScannerPopObject(scanner, &object), let object {
            popped += 1
            var array: CGPDFArrayRef?, dictionary: CGPDFDictionaryRef?
            if CGPDFObjectGetValue(object, .array, &array), let array { _ = CGPDFArrayGetCount(array) }
            if CGPDFObjectGetValue(object, .dictionary, &dictionary), let dictionary { _ = CGPDFDictionaryGetCount(dictionary) }
        }
    }
    let typed: CGPDFOperatorCallback = { scanner, _ in
        var number: CGPDFReal = 0, name: UnsafePointer<CChar>?, string: CGPDFStringRef?, stream: CGPDFStreamRef?
        _ = CGPDFScannerPopNumber(scanner, &number)
        _ = CGPDFScannerPopName(scanner, &name)
        if CGPDFScannerPopString(scanner, &string), let string { _ = CGPDFStringCopyTextString(string) }
        if CGPDFScannerPopStream(scanner, &stream), let stream {
            var format = CGPDFDataFormat.raw
            _ = CGPDFStreamCopyData(stream, &format)
        }
    }
    for name in ["cm", "re", "TJ", "BDC", "d", "sc", "scn"] { CGPDFOperatorTableSetCallback(table, name, popAll) }
    for name in ["Tf", "Tj", "'", "Do", "gs", "EI", "cs"] { CGPDFOperatorTableSetCallback(table, name, typed) }
    return table
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func pdfFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let provider = CGDataProvider(data: bytes as CFData), let document = CGPDFDocument(provider) else { return 0 }
    let visits = Visits()
    if let catalog = document.catalog {
        CGPDFDictionaryApplyBlock(catalog, { _, value, _ in
            walk(value, depth: 1, visits)
            return visits.count < budget
        }, nil)
    }
    if let info = document.info { _ = CGPDFDictionaryGetCount(info) }
    if let identifier = document.fileIdentifier { _ = CGPDFArrayGetCount(identifier) }
    for number in 1...max(1, min(document.numberOfPages, 3)) {
        guard let page = document.page(at: number) else { continue }
        _ = (page.getBoxRect(.cropBox), page.getBoxRect(.artBox), page.rotationAngle)
        let content = CGPDFContentStreamCreateWithPage(page)
        _ = CGPDFContentStreamGetResource(content, "Font", "F1")
        let scanner = CGPDFScannerCreate(content, operatorTable, nil)
        _ = CGPDFScannerScan(scanner)
        CGPDFScannerRelease(scanner)
        CGPDFContentStreamRelease(content)
        // Drawn by poppler, within the page's drawing budget (forms, images, calculator functions).
        if let context = CGContext(data: nil, width: 24, height: 24, bitsPerComponent: 8, bytesPerRow: 0,
                                   space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) {
            context.concatenate(page.getDrawingTransform(.mediaBox, rect: CGRect(x: 0, y: 0, width: 24, height: 24), rotate: 0, preserveAspectRatio: true))
            context.drawPDFPage(page)
        }
    }
    return 0
}

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main.
@_cdecl("strata_fuzz_pdf_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv) { pdfFuzzer($0, $1) }
}
#else
@main
enum PDFFuzzerReplay {
    static func main() { FuzzDriver.replay(Array(CommandLine.arguments.dropFirst())) { pdfFuzzer($0, $1) } }
}
#endif
