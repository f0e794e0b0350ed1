#if PDF
import CStrataPDF
import Foundation

/// The scanner behind `CGPDFScannerRef`: qpdf parses the content into events, this builds the
/// operands and calls the table's functions. An operator's operands live until its function
/// returns (as on Apple, where they belong to the scanner).
final class PDFScanner {
    /// Operands kept at most before an operator (older ones are dropped: no operator takes more
    /// than a few, and a hostile stream must not fill memory with numbers).
    static let maximumOperands = 4096
    /// Objects inside one operand at most (arrays and dictionaries), for the same reason.
    static let maximumParts = 1 << 20

    let content: PDFContentStream
    private let table: PDFOperatorTable?
    private let info: UnsafeMutableRawPointer?
    var stopped = false

    private var operands: [PDFObjectNode] = []
    /// Operands popped by the current operator's function, kept until it returns (the
    /// references it was given stay valid).
    private var popped: [PDFObjectNode] = []
    /// Arrays and dictionaries being read: their items (a dictionary's alternate keys and values).
    private var open: [(isArray: Bool, items: [PDFObjectNode], keys: [String])] = []
    private var parts = 0
    /// Where the current inline image's dictionary operands start ("BI"), and that dictionary ("ID").
    private var inlineStart: Int?
    private var inlineDictionary: PDFObjectNode?
    private var tooLarge = false
    /// Called with every operator before the table's function (Strata's own walks: the drawing
    /// budget); false stops the scan.
    var observer: ((String, PDFScanner) -> Bool)?

    init(content: PDFContentStream, table: PDFOperatorTable?, info: UnsafeMutableRawPointer?) {
        self.content = content
        self.table = table
        self.info = info
    }

    var ref: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    static func of(_ ref: OpaquePointer) -> PDFScanner {
        Unmanaged<PDFScanner>.fromOpaque(UnsafeRawPointer(ref)).takeUnretainedValue()
    }

    /// The top operand when it is of `type` (any with nil; an integer is also a real).
    func pop(_ type: CGPDFObjectType?) -> PDFObjectNode? {
        guard let top = operands.last else { return nil }
        if let type, top.type != type, !(type == .real && top.type == .integer) { return nil }
        popped.append(top)
        return operands.removeLast()
    }

    func scan() -> Bool {
        stopped = false
        var data = Data()
        for stream in content.streams {
            guard let (bytes, format) = stream.streamData(), format == .raw else { return false }
            // The page's streams together within one stream's budget (a 1 KB page naming one
            // 255 MB stream 16 times took 3.9 GB).
            guard data.count + bytes.count < PDFObjectStore.maximumStreamBytes else {
                Diagnostics.warn(
                    "CGPDFScanner: the content's streams decode to more than \(PDFObjectStore.maximumStreamBytes) bytes together; scan ended")
                return false
            }
            data.append(bytes)
            data.append(0x0A)
        }
        reset()
        let callback: strata_pdf_content_callback = { context, event, bytes, length, integer, real in
            guard let context else { return 1 }
            let scanner = Unmanaged<PDFScanner>.fromOpaque(context).takeUnretainedValue()
            return scanner.handle(event, bytes, length, integer, real) ? 0 : 1
        }
        let status = data.withUnsafeBytes { raw in
            strata_pdf_parse_content(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count,
                                     Unmanaged.passUnretained(self).toOpaque(), callback)
        }
        reset()
        if tooLarge {
            Diagnostics.warn("CGPDFScanner: an operand holds more than \(Self.maximumParts) objects; scan ended")
            return false
        }
        return status == 0 || (status == 2 && stopped)
    }

    private func reset() {
        operands.removeAll()
        popped.removeAll()
        open.removeAll()
        parts = 0
        inlineStart = nil
        inlineDictionary = nil
    }

    /// One parse event; false stops the parse.
    private func handle(_ event: strata_pdf_event, _ bytes: UnsafePointer<CChar>?, _ length: Int, _ integer: Int64, _ real: Double) -> Bool {
        switch event {
        case STRATA_PDF_OPERATOR:
            let name = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
            return perform(name)
        case STRATA_PDF_INLINE_IMAGE:
            let data = bytes.map { Data(bytes: $0, count: length) } ?? Data()
            push(PDFObjectNode.inlineImage(dictionary: inlineDictionary ?? .dictionary([]), data: data))
            inlineDictionary = nil
        case STRATA_PDF_ARRAY_BEGIN: open.append((true, [], []))
        case STRATA_PDF_DICTIONARY_BEGIN: open.append((false, [], []))
        case STRATA_PDF_KEY:
            guard !open.isEmpty else { return true }
            open[open.count - 1].keys.append(String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self))
        case STRATA_PDF_ARRAY_END, STRATA_PDF_DICTIONARY_END:
            guard let container = open.popLast() else { return true }
            if container.isArray {
                push(.array(container.items))
            } else {
                push(.dictionary(Array(zip(container.keys, container.items)).map { (key: $0.0, node: $0.1) }))
            }
        case STRATA_PDF_BOOLEAN: push(.boolean(integer != 0))
        case STRATA_PDF_INTEGER: push(.integer(Int(integer)))
        case STRATA_PDF_REAL: push(.real(real))
        case STRATA_PDF_NAME: push(.bytes(.name, bytes, length))
        case STRATA_PDF_STRING: push(.bytes(.string, bytes, length))
        default: push(.null())
        }
        return !tooLarge
    }

    /// Adds `node` to the array or dictionary being read, or to the operands.
    private func push(_ node: PDFObjectNode) {
        if !open.isEmpty {
            parts += 1
            if parts > Self.maximumParts { tooLarge = true }
            open[open.count - 1].items.append(node)
            return
        }
        operands.append(node)
        if operands.count > Self.maximumOperands { operands.removeFirst(operands.count - Self.maximumOperands) }
    }

    /// Calls operator `name`'s function, then clears the operands; false when stopped.
    private func perform(_ name: String) -> Bool {
        switch name {
        case "BI":
            inlineStart = operands.count
            return true
        case "ID":
            // The inline image's parameters: key, value, key, value… (abbreviated keys as written).
            let start = min(inlineStart ?? operands.count, operands.count)
            let pairs = Array(operands[start...])
            operands.removeLast(operands.count - start)
            var entries: [(key: String, node: PDFObjectNode)] = []
            var k = 0
            while k + 1 < pairs.count {
                if let key = pairs[k].name { entries.append((key, pairs[k + 1])) }
                k += 2
            }
            inlineDictionary = .dictionary(entries)
            inlineStart = nil
            return true
        default:
            break
        }
        parts = 0
        if let observer, !observer(name, self) { stopped = true }
        if !stopped, let callback = table?[name] { callback(ref, info) }
        operands.removeAll(keepingCapacity: true)
        popped.removeAll(keepingCapacity: true)
        return !stopped
    }
}
#endif
