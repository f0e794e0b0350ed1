#if PDF
import CStrataPDF
import Foundation

/// A document's objects read through qpdf (its own parse of the file's bytes, beside poppler's
/// for drawing): the trailer, catalog, pages and whatever they lead to, read when first asked
/// for and kept until the document goes. qpdf is not thread-safe: every call holds `lock`, and
/// no caller's code runs while it is held.
final class PDFObjectStore: @unchecked Sendable {
    /// The most bytes one stream may decode to (a few compressed kilobytes can claim gigabytes).
    static let maximumStreamBytes = 256 << 20

    private let qpdf: OpaquePointer
    /// The file's bytes, which qpdf reads in place for as long as it lives.
    private let buffer: UnsafeMutableRawBufferPointer
    private let lock = NSRecursiveLock()
    /// Every node read so far (references handed out stay valid while the document lives), and
    /// the indirect ones by object number and generation (a dictionary reached twice is one node).
    private var nodes: [PDFObjectNode] = []
    private var indirect: [Int64: PDFObjectNode] = [:]
    private var pageNodes: [Int: PDFObjectNode] = [:]
    private var trailerNode: PDFObjectNode?

    /// Reads `data` with `password` (nil or empty for none); nil when qpdf cannot.
    init?(data: Data, password: String?) {
        guard !data.isEmpty, let qpdf = qpdf_init() else { return nil }
        qpdf_silence_errors(qpdf)
        qpdf_set_suppress_warnings(qpdf, 1)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.copyBytes(to: buffer)
        let code = buffer.withMemoryRebound(to: CChar.self) { bytes in
            qpdf_read_memory(qpdf, "CGPDFDocument", bytes.baseAddress, UInt64(bytes.count), password)
        }
        guard code & 2 == 0 else {  // QPDF_ERRORS
            var handle: OpaquePointer? = qpdf
            qpdf_cleanup(&handle)
            buffer.deallocate()
            return nil
        }
        self.qpdf = qpdf
        self.buffer = buffer
    }

    deinit {
        for node in nodes { node.forget() }
        var handle: OpaquePointer? = qpdf
        qpdf_cleanup(&handle)
        buffer.deallocate()
    }

    /// Runs `body` with the store's lock held (nodes fill their caches under it).
    func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Runs `body` with qpdf held; warnings qpdf collected are dropped after (a damaged file must
    /// not grow the list for as long as it is read).
    private func withQPDF<T>(_ body: (OpaquePointer) -> T) -> T {
        lock.lock()
        defer {
            while qpdf_more_warnings(qpdf) != 0 { _ = qpdf_next_warning(qpdf) }
            if qpdf_has_error(qpdf) != 0 { _ = qpdf_get_error(qpdf) }
            lock.unlock()
        }
        return body(qpdf)
    }

    // MARK: Roots

    var trailer: PDFObjectNode? {
        withQPDF { q in
            if let trailerNode { return trailerNode }
            trailerNode = node(for: qpdf_get_trailer(q), q)
            return trailerNode
        }
    }

    var catalog: PDFObjectNode? { dictionary(trailer?.value(forKey: "Root")) }
    var info: PDFObjectNode? { dictionary(trailer?.value(forKey: "Info")) }

    /// The dictionary of page `index` (from 0).
    func page(_ index: Int) -> PDFObjectNode? {
        withQPDF { q in
            if let page = pageNodes[index] { return page }
            let count = Int(qpdf_get_num_pages(q))
            guard index >= 0, index < count else { return nil }
            let page = dictionary(node(for: qpdf_get_page_n(q, index), q))
            pageNodes[index] = page
            return page
        }
    }

    private func dictionary(_ node: PDFObjectNode?) -> PDFObjectNode? { node?.type == .dictionary ? node : nil }

    // MARK: Reading containers

    func items(of handle: qpdf_oh) -> [PDFObjectNode] {
        withQPDF { q in
            let count = Int(qpdf_oh_get_array_n_items(q, handle))
            return (0..<max(0, count)).map { node(for: qpdf_oh_get_array_item(q, handle, Int32($0)), q) }
        }
    }

    func entries(of handle: qpdf_oh) -> [(key: String, node: PDFObjectNode)] {
        withQPDF { q in
            // qpdf's key iterator is one per qpdf_data: keys first, values after.
            var keys: [String] = []
            qpdf_oh_begin_dict_key_iter(q, handle)
            while qpdf_oh_dict_more_keys(q) != 0 {
                guard let key = qpdf_oh_dict_next_key(q) else { break }
                keys.append(String(cString: key))
            }
            return keys.compactMap { key in
                let value = node(for: qpdf_oh_get_key(q, handle, key), q)
                // A key whose value is null is not in the dictionary (PDF 7.3.7).
                guard value.type != .null else { return nil }
                return (key.hasPrefix("/") ? String(key.dropFirst()) : key, value)
            }
        }
    }

    func dictionary(ofStream handle: qpdf_oh) -> PDFObjectNode? {
        withQPDF { q in dictionary(node(for: qpdf_oh_get_dict(q, handle), q)) }
    }

    /// A stream's data: decoded, or as stored when its last filter is a JPEG or JPEG 2000 one.
    func data(ofStream handle: qpdf_oh) -> (Data, CGPDFDataFormat)? {
        withQPDF { q in
            var filtered: Int32 = 0
            var raw: UnsafeMutablePointer<UInt8>?
            var length = 0
            guard qpdf_oh_get_stream_data(q, handle, qpdf_dl_none, &filtered, &raw, &length) & 2 == 0, let raw else { return nil }
            defer { free(raw) }
            let dictionary = qpdf_oh_get_dict(q, handle)
            let filters = Self.filters(of: dictionary, q)
            let image: CGPDFDataFormat? =
                switch filters.last {
                case "/DCTDecode", "/DCT": .jpegEncoded
                case "/JPXDecode": .JPEG2000
                default: nil
                }
            if let image {
                // Core Graphics gives JPEG data as stored; other filters before it are not undone here.
                guard filters.count == 1 else { return nil }
                return (Data(bytes: raw, count: length), image)
            }
            guard !filters.isEmpty else { return (Data(bytes: raw, count: length), .raw) }
            guard let text = qpdf_oh_unparse_resolved(q, dictionary) else { return nil }
            var out: UnsafeMutablePointer<UInt8>?
            var outLength = 0
            let status = strata_pdf_decode_stream(raw, length, text, Self.maximumStreamBytes, Int32(qpdf_dl_specialized.rawValue), &out, &outLength)
            defer { free(out) }
            if status == 3 {
                Diagnostics.warn("CGPDFStream: a stream decodes to more than \(Self.maximumStreamBytes) bytes; not read")
            }
            guard status == 0, let out else { return nil }
            return (Data(bytes: out, count: outLength), .raw)
        }
    }

    /// The names of a stream dictionary's filters, in order.
    private static func filters(of dictionary: qpdf_oh, _ q: OpaquePointer) -> [String] {
        let filter = qpdf_oh_get_key(q, dictionary, "/Filter")
        if qpdf_oh_is_name(q, filter) != 0 { return [qpdf_oh_get_name(q, filter).map { String(cString: $0) } ?? ""] }
        guard qpdf_oh_is_array(q, filter) != 0 else { return [] }
        return (0..<Int(qpdf_oh_get_array_n_items(q, filter))).map {
            qpdf_oh_get_name(q, qpdf_oh_get_array_item(q, filter, Int32($0))).map { String(cString: $0) } ?? ""
        }
    }

    /// The node for `handle`: the one already read for an indirect object, else a new one.
    private func node(for handle: qpdf_oh, _ q: OpaquePointer) -> PDFObjectNode {
        var key: Int64?
        if qpdf_oh_is_indirect(q, handle) != 0 {
            key = Int64(qpdf_oh_get_object_id(q, handle)) << 20 | Int64(qpdf_oh_get_generation(q, handle) & 0xFFFFF)
            if let key, let known = indirect[key] {
                qpdf_oh_release(q, handle)
                return known
            }
        }
        let node = PDFObjectNode.read(handle, type: Self.type(of: handle, q), in: self, qpdf: q)
        nodes.append(node)
        if let key { indirect[key] = node }
        return node
    }

    private static func type(of handle: qpdf_oh, _ q: OpaquePointer) -> CGPDFObjectType {
        switch qpdf_oh_get_type_code(q, handle) {
        case ot_boolean: .boolean
        case ot_integer: .integer
        case ot_real: .real
        case ot_name: .name
        case ot_string: .string
        case ot_array: .array
        case ot_dictionary: .dictionary
        case ot_stream: .stream
        default: .null
        }
    }
}
#endif
