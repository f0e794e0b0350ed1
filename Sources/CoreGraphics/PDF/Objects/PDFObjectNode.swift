#if PDF
import CStrataPDF
import Foundation

/// One PDF object as Core Graphics hands it out: every `CGPDF…Ref` is a pointer to one. A
/// document's objects are read from qpdf when first asked for and kept by the document
/// (`PDFObjectStore`); a content stream's operands are made whole by the scanner.
final class PDFObjectNode {
    let type: CGPDFObjectType
    private(set) var boolean = false
    private(set) var integer = 0
    private(set) var real: Double = 0
    /// A name's bytes (without the slash) or a string's, terminated after `byteCount` bytes.
    private(set) var bytes: UnsafeMutablePointer<CChar>?
    private(set) var byteCount = 0

    /// The document's objects this one was read from (nil for a scanner's operands), and its qpdf handle.
    private weak var store: PDFObjectStore?
    let handle: qpdf_oh
    /// An array's items, a dictionary's entries in key order, a stream's dictionary: read once.
    private var items: [PDFObjectNode]?
    private var entries: [(key: String, node: PDFObjectNode)]?
    private var byKey: [String: PDFObjectNode]?
    private var streamDictionary: PDFObjectNode?
    /// An inline image's data (a stream made by the scanner).
    private(set) var inlineData: Data?

    /// The reference handed to callers.
    var ref: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// The node behind a reference handed out earlier.
    static func of(_ ref: OpaquePointer) -> PDFObjectNode {
        Unmanaged<PDFObjectNode>.fromOpaque(UnsafeRawPointer(ref)).takeUnretainedValue()
    }

    private init(type: CGPDFObjectType, store: PDFObjectStore?, handle: qpdf_oh) {
        self.type = type
        self.store = store
        self.handle = handle
    }

    deinit { bytes?.deallocate() }

    // MARK: Making

    static func null() -> PDFObjectNode { PDFObjectNode(type: .null, store: nil, handle: 0) }

    static func boolean(_ value: Bool) -> PDFObjectNode {
        let node = PDFObjectNode(type: .boolean, store: nil, handle: 0)
        node.boolean = value
        return node
    }

    static func integer(_ value: Int) -> PDFObjectNode {
        let node = PDFObjectNode(type: .integer, store: nil, handle: 0)
        node.integer = value
        node.real = Double(value)
        return node
    }

    static func real(_ value: Double) -> PDFObjectNode {
        let node = PDFObjectNode(type: .real, store: nil, handle: 0)
        node.real = value.isFinite ? value : 0
        return node
    }

    /// A name or string node holding a copy of `length` bytes at `source`.
    static func bytes(_ type: CGPDFObjectType, _ source: UnsafePointer<CChar>?, _ length: Int) -> PDFObjectNode {
        let node = PDFObjectNode(type: type, store: nil, handle: 0)
        node.setBytes(source, length)
        return node
    }

    static func array(_ items: [PDFObjectNode]) -> PDFObjectNode {
        let node = PDFObjectNode(type: .array, store: nil, handle: 0)
        node.items = items
        return node
    }

    static func dictionary(_ entries: [(key: String, node: PDFObjectNode)]) -> PDFObjectNode {
        let node = PDFObjectNode(type: .dictionary, store: nil, handle: 0)
        node.setEntries(entries)
        return node
    }

    /// An inline image: its dictionary and raw data, as a stream.
    static func inlineImage(dictionary: PDFObjectNode, data: Data) -> PDFObjectNode {
        let node = PDFObjectNode(type: .stream, store: nil, handle: 0)
        node.streamDictionary = dictionary
        node.inlineData = data
        return node
    }

    /// A document's object behind `handle`: scalars read now, containers when first asked for.
    /// Called with the store's qpdf locked.
    static func read(_ handle: qpdf_oh, type: CGPDFObjectType, in store: PDFObjectStore, qpdf: OpaquePointer) -> PDFObjectNode {
        let node = PDFObjectNode(type: type, store: store, handle: handle)
        switch type {
        case .boolean: node.boolean = qpdf_oh_get_bool_value(qpdf, handle) != 0
        case .integer:
            var value: Int64 = 0
            _ = qpdf_oh_get_value_as_longlong(qpdf, handle, &value)
            node.integer = Int(value)
            node.real = Double(value)
        case .real: node.real = qpdf_oh_get_numeric_value(qpdf, handle)
        case .name:
            let name = qpdf_oh_get_name(qpdf, handle)
            let length = name.map { strlen($0) } ?? 0
            // qpdf's names keep their slash.
            if let name, length > 0, name.pointee == 0x2F { node.setBytes(name + 1, length - 1) } else { node.setBytes(name, length) }
        case .string:
            var length = 0
            let value = qpdf_oh_get_binary_string_value(qpdf, handle, &length)
            node.setBytes(value, length)
        default: break
        }
        return node
    }

    private func setBytes(_ source: UnsafePointer<CChar>?, _ length: Int) {
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: length + 1)
        if let source, length > 0 { storage.initialize(from: source, count: length) }
        storage[length] = 0
        bytes = storage
        byteCount = length
    }

    private func setEntries(_ list: [(key: String, node: PDFObjectNode)]) {
        entries = list
        var index: [String: PDFObjectNode] = [:]
        for entry in list where index[entry.key] == nil { index[entry.key] = entry.node }
        byKey = index
    }

    /// Drops what this node holds of other nodes (the document's nodes refer to each other in cycles).
    func forget() {
        items = nil
        entries = nil
        byKey = nil
        streamDictionary = nil
    }

    // MARK: Reading

    /// An array's items.
    var arrayItems: [PDFObjectNode] {
        guard type == .array else { return [] }
        guard let store else { return items ?? [] }
        // A document's nodes are filled once, under its lock: any thread may read them.
        return store.locked {
            if items == nil { items = store.items(of: handle) }
            return items ?? []
        }
    }

    /// A dictionary's entries, in key order (qpdf keeps a dictionary's keys sorted; Apple promises no order).
    var dictionaryEntries: [(key: String, node: PDFObjectNode)] {
        guard type == .dictionary else { return [] }
        guard let store else { return entries ?? [] }
        return store.locked {
            if entries == nil { setEntries(store.entries(of: handle)) }
            return entries ?? []
        }
    }

    /// The value for `key` (a name without its slash) of a dictionary.
    func value(forKey key: String) -> PDFObjectNode? {
        guard type == .dictionary else { return nil }
        guard let store else { return byKey?[key] }
        return store.locked {
            if entries == nil { setEntries(store.entries(of: handle)) }
            return byKey?[key]
        }
    }

    /// A stream's dictionary.
    var dictionaryOfStream: PDFObjectNode? {
        guard type == .stream else { return nil }
        guard let store else { return streamDictionary }
        return store.locked {
            if streamDictionary == nil { streamDictionary = store.dictionary(ofStream: handle) }
            return streamDictionary
        }
    }

    /// A stream's data, decoded (`.raw`) or as JPEG / JPEG 2000 bytes when that is its last filter.
    func streamData() -> (Data, CGPDFDataFormat)? {
        guard type == .stream else { return nil }
        if let inlineData { return (inlineData, .raw) }
        return store?.data(ofStream: handle)
    }

    /// The name's or string's bytes as a Swift string (names are UTF-8 by convention).
    var name: String? {
        guard type == .name, let bytes else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: byteCount), as: UTF8.self)
    }

    /// Writes the value as `requested` (see `CGPDFObjectGetValue`).
    func value(as requested: CGPDFObjectType, into value: UnsafeMutableRawPointer?) -> Bool {
        switch (requested, type) {
        case (.null, .null): return true
        case (.boolean, .boolean): value?.assumingMemoryBound(to: CGPDFBoolean.self).pointee = boolean ? 1 : 0
        case (.integer, .integer): value?.assumingMemoryBound(to: CGPDFInteger.self).pointee = integer
        case (.real, .integer), (.real, .real): value?.assumingMemoryBound(to: CGPDFReal.self).pointee = CGPDFReal(real)
        case (.name, .name): value?.assumingMemoryBound(to: UnsafePointer<CChar>?.self).pointee = UnsafePointer(bytes)
        case (.string, .string), (.array, .array), (.dictionary, .dictionary), (.stream, .stream):
            value?.assumingMemoryBound(to: OpaquePointer?.self).pointee = ref
        default: return false
        }
        return true
    }
}
#endif
