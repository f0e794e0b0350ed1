import CStrataExiv2
import Foundation

/// A file's Exif, IPTC and XMP entries, read and written through exiv2; each entry is named by
/// exiv2's key ("Exif.Photo.FNumber", "Iptc.Application2.Keywords", "Xmp.dc.title").
final class ExivMetadata {
    private let handle: OpaquePointer

    /// Whether this build reads and writes metadata (the Metadata trait).
    static var isAvailable: Bool { strata_exiv2_available() != 0 }

    /// The metadata of image file `data`; nil when exiv2 does not read its format or it is damaged.
    init?(reading data: Data) {
        let made = data.withUnsafeBytes { raw -> OpaquePointer? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return strata_exiv2_read(base, raw.count, nil, 0)
        }
        guard let made else { return nil }
        handle = made
    }

    /// The metadata of an Exif block (a TIFF structure) and an XMP packet, either may be nil.
    init?(exifBlock: Data?, xmpPacket: Data?) {
        let exif = exifBlock ?? Data(), xmp = xmpPacket ?? Data()
        let made = exif.withUnsafeBytes { e in
            xmp.withUnsafeBytes { x in
                strata_exiv2_from_blocks(e.bindMemory(to: UInt8.self).baseAddress, e.count, x.bindMemory(to: CChar.self).baseAddress, x.count)
            }
        }
        guard let made else { return nil }
        handle = made
    }

    /// The metadata of image file `data` of `format`: HEIF's Exif and XMP items read by libheif
    /// (exiv2 0.27 misplaces the items of files libheif writes), other formats by exiv2.
    convenience init?(readingFile data: Data, format: ImageFormat) {
        #if HEIF
        if format == .heic || format == .avif {
            guard let blocks = HEIFFile.metadataBlocks(data) else { return nil }
            self.init(exifBlock: blocks.exif, xmpPacket: blocks.xmp)
            return
        }
        #endif
        self.init(reading: data)
    }

    /// No entries yet.
    init?() {
        guard let made = strata_exiv2_create() else { return nil }
        handle = made
    }

    deinit { strata_exiv2_free(handle) }

    /// One entry: its key, exiv2 type (`ExivType`) and component count.
    struct Entry {
        var index: Int
        var key: String
        var type: Int32
        var components: Int
    }

    var entries: [Entry] {
        (0..<strata_exiv2_count(handle)).compactMap { i in
            guard let key = strata_exiv2_key(handle, i) else { return nil }
            return Entry(index: i, key: String(cString: key), type: strata_exiv2_type(handle, i),
                         components: strata_exiv2_components(handle, i))
        }
    }

    /// Component `component` of `entry` as a number (a rational divided out); nil when it is not one.
    func number(_ entry: Entry, _ component: Int = 0) -> Double? {
        let v = strata_exiv2_number(handle, entry.index, component)
        return v.isNaN ? nil : v
    }

    /// The entry's numbers, one a component.
    func numbers(_ entry: Entry) -> [Double] { (0..<entry.components).compactMap { number(entry, $0) } }

    /// The entry as text (`component` nil: the whole value; else an XMP array's item).
    func text(_ entry: Entry, _ component: Int? = nil) -> String? {
        strata_exiv2_text(handle, entry.index, component ?? -1).map { String(cString: $0) }
    }

    /// The language of item `component` of an XMP language alternative.
    func language(_ entry: Entry, _ component: Int) -> String? {
        strata_exiv2_language(handle, entry.index, component).map { String(cString: $0) }
    }

    /// Sets `key` to `text` read as the key's own type (or `type`); false when exiv2 refuses it.
    @discardableResult
    func set(_ key: String, _ text: String, type: Int32 = 0) -> Bool { strata_exiv2_set(handle, key, type, text) != 0 }

    /// Adds an item to a repeated IPTC dataset or an XMP array of `arrayType`.
    @discardableResult
    func append(_ key: String, _ text: String, arrayType: Int32 = ExivType.xmpBag) -> Bool {
        strata_exiv2_append(handle, key, arrayType, text) != 0
    }

    func remove(_ key: String) { strata_exiv2_remove(handle, key) }

    /// Removes every entry whose key starts with `prefix` ("Exif.GPSInfo.", "Xmp.").
    func remove(prefixed prefix: String) { strata_exiv2_remove_prefixed(handle, prefix) }

    /// Adds an empty XMP structure (`kind` 0) or array (`ExivType.xmpBag`…) for entries below `key`.
    @discardableResult
    func setContainer(_ key: String, kind: Int32) -> Bool { strata_exiv2_set_container(handle, key, kind) != 0 }

    /// Adds XMP entries for what the Exif and IPTC entries say, where the XMP does not say it.
    func addXMPFromExifAndIPTC() { strata_exiv2_add_xmp_from_exif_and_iptc(handle) }

    /// Adds Exif and IPTC entries for what the XMP entries say, where they do not say it.
    func addExifAndIPTCFromXMP() { strata_exiv2_add_exif_and_iptc_from_xmp(handle) }

    /// The XMP entries as an XMP packet (RDF/XML).
    var xmpPacket: Data? {
        var length = 0
        guard let bytes = strata_exiv2_xmp_packet(handle, &length) else { return nil }
        defer { free(bytes) }
        return Data(bytes: bytes, count: length)
    }

    /// The Exif entries as a TIFF-structured block (HEIF's Exif item); nil when there are none.
    var exifBlock: Data? {
        var length = 0
        guard let bytes = strata_exiv2_exif_block(handle, &length) else { return nil }
        defer { free(bytes) }
        return Data(bytes: bytes, count: length)
    }

    /// The XMP entries of packet `data`; nil when it is not an XMP packet.
    init?(xmpPacket data: Data) {
        let made = data.withUnsafeBytes { raw -> OpaquePointer? in
            guard let base = raw.bindMemory(to: CChar.self).baseAddress else { return nil }
            return strata_exiv2_from_xmp_packet(base, raw.count)
        }
        guard let made else { return nil }
        handle = made
    }

    /// The namespace URI exiv2 knows for its XMP prefix `prefix` ("iptc": IPTC Core).
    static func namespace(ofPrefix prefix: String) -> String? { strata_exiv2_xmp_namespace(prefix).map { String(cString: $0) } }

    /// exiv2's prefix for XMP namespace `uri`.
    static func prefix(ofNamespace uri: String) -> String? { strata_exiv2_xmp_prefix(uri).map { String(cString: $0) } }

    /// The type exiv2 reads `key`'s values as; 0 for a key it does not know.
    static func defaultType(of key: String) -> Int32 { strata_exiv2_default_type(key) }

    /// Registers an XMP namespace so that keys may use `prefix`.
    @discardableResult
    static func register(namespace uri: String, prefix: String) -> Bool { strata_exiv2_register_namespace(uri, prefix) != 0 }

    /// Why writing failed.
    struct WriteFailure: Error, CustomStringConvertible { var description: String }

    /// Image file `data` with these entries written into it (same keys replaced, the file's other
    /// entries kept unless `replacing`).
    func written(into data: Data, replacing: Bool = false) -> Result<Data, WriteFailure> {
        var error = [CChar](repeating: 0, count: 256)
        var length = 0
        let out = data.withUnsafeBytes { raw -> UnsafeMutablePointer<UInt8>? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return strata_exiv2_write(base, raw.count, handle, replacing ? 1 : 0, &length, &error, error.count)
        }
        guard let out else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(WriteFailure(description: reason.isEmpty ? "exiv2 does not write this format" : reason))
        }
        defer { free(out) }
        return .success(Data(bytes: out, count: length))
    }
}

/// exiv2's value types (`Exiv2::TypeId`).
enum ExivType {
    static let byte: Int32 = 1, ascii: Int32 = 2, short: Int32 = 3, long: Int32 = 4, rational: Int32 = 5
    static let signedByte: Int32 = 6, undefined: Int32 = 7, signedShort: Int32 = 8, signedLong: Int32 = 9
    static let signedRational: Int32 = 10, float: Int32 = 11, double: Int32 = 12
    static let string: Int32 = 0x10000, date: Int32 = 0x10001, time: Int32 = 0x10002, comment: Int32 = 0x10003
    static let xmpText: Int32 = 0x10005, xmpAlt: Int32 = 0x10006, xmpBag: Int32 = 0x10007, xmpSeq: Int32 = 0x10008
    static let langAlt: Int32 = 0x10009

    static func isInteger(_ t: Int32) -> Bool { [byte, short, long, signedByte, signedShort, signedLong].contains(t) }
    static func isRational(_ t: Int32) -> Bool { t == rational || t == signedRational || t == float || t == double }
    static func isXMPArray(_ t: Int32) -> Bool { t == xmpAlt || t == xmpBag || t == xmpSeq }
}
