import Foundation

/// The file formats ImageIO reads and writes here, with Apple's type identifiers.
enum ImageFormat: CaseIterable, Sendable {
    case png, jpeg, gif, webp, tiff, heic, avif

    /// The uniform type identifier Apple's ImageIO uses for the format.
    var identifier: String {
        switch self {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        case .gif: "com.compuserve.gif"
        case .webp: "org.webmproject.webp"
        case .tiff: "public.tiff"
        case .heic: "public.heic"
        case .avif: "public.avif"
        }
    }

    /// The format an identifier names (also the file extensions "png", "jpg", …, for
    /// convenience); nil for any other.
    init?(identifier: String) {
        let known: [String: ImageFormat] = [
            "public.png": .png, "png": .png, "public.jpeg": .jpeg, "jpeg": .jpeg, "jpg": .jpeg,
            "com.compuserve.gif": .gif, "gif": .gif, "org.webmproject.webp": .webp, "public.webp": .webp,
            "webp": .webp, "public.tiff": .tiff, "tiff": .tiff, "tif": .tiff, "public.heic": .heic, "public.heif": .heic,
            "heic": .heic, "heif": .heic, "public.avif": .avif, "avif": .avif,
        ]
        guard let format = known[identifier.lowercased()] ?? known[identifier] else { return nil }
        self = format
    }

    /// The format of a file, told by its first bytes; nil when none matches (or too few came).
    static func sniff(_ data: Data) -> ImageFormat? {
        let head = [UInt8](data.prefix(12))
        func starts(_ bytes: [UInt8]) -> Bool { head.count >= bytes.count && Array(head.prefix(bytes.count)) == bytes }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if head.count >= 12, starts(Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        // ISO base media: a 'ftyp' box whose major brand names HEIF or AVIF.
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heic }
        }
        return nil
    }

    /// True when this build reads and writes the format: GIF, WebP, TIFF, HEIC and AVIF each
    /// need a library behind a package trait (on by default).
    var isAvailable: Bool {
        switch self {
        case .png, .jpeg: return true
        case .gif:
            #if GIF
            return true
            #else
            return false
            #endif
        case .webp:
            #if WebP
            return true
            #else
            return false
            #endif
        case .tiff:
            #if TIFF
            return true
            #else
            return false
            #endif
        case .heic, .avif:
            #if HEIF
            return true
            #else
            return false
            #endif
        }
    }

    /// The formats this build reads and writes.
    /// Whether files of the format carry Exif, IPTC or XMP metadata exiv2 reads (GIF has none).
    var holdsMetadata: Bool { self != .gif }

    /// Whether exiv2 writes metadata into files of the format (HEIC and AVIF it only reads).
    var takesMetadata: Bool { self == .jpeg || self == .png || self == .tiff || self == .webp }

    static var available: [ImageFormat] { allCases.filter(\.isAvailable) }

    /// Why an unavailable format gives nothing.
    var unavailableReason: String { "\(identifier) support is off in this build (Strata's package traits)" }

    /// How many leading bytes `sniff` needs before it can tell.
    static let sniffLength = 12
}
