import CoreGraphics
import Foundation

/// Image `index`'s metadata as XMP: the file's XMP, and what its Exif and IPTC say under the
/// XMP names Apple gives them (exif:, tiff:, dc:, photoshop:, Iptc4xmpCore:…, exiv2's
/// conversions); nil when it has none, or for an image past the first (the formats read hold
/// one set).
public func CGImageSourceCopyMetadataAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImageMetadata? {
    guard index == 0, index < isrc.count, let format = isrc.format, format.holdsMetadata,
        let exiv = ExivMetadata(readingFile: isrc.bytes, format: format) else {
        return nil
    }
    exiv.addXMPFromExifAndIPTC()
    let metadata = CGImageMetadata.tree(of: exiv)
    return metadata.tags.isEmpty ? nil : metadata
}

/// Adds an image with XMP metadata (also written as Exif and IPTC where they have the same
/// property) and properties or options (quality, orientation…).
public func CGImageDestinationAddImageAndMetadata(
    _ idst: CGImageDestination, _ image: CGImage, _ metadata: CGImageMetadata?, _ options: CFDictionary?
) {
    idst.add(image, metadata: metadata, properties: stringKeyed(options))
}

/// Writes the source's file into the destination without decoding its pixels, changing only its
/// metadata as `options` say: `kCGImageDestinationMetadata` (replacing the file's, or merged into
/// it with `kCGImageDestinationMergeMetadata`), `kCGImageMetadataShouldExcludeXMP`,
/// `kCGImageMetadataShouldExcludeGPS`, `kCGImageDestinationDateTime`, `kCGImageDestinationOrientation`.
/// The destination is finished (no `CGImageDestinationFinalize`). False, with `err` set, when the
/// source's format is not the destination's or one exiv2 writes.
public func CGImageDestinationCopyImageSource(
    _ idst: CGImageDestination, _ isrc: CGImageSource, _ options: CFDictionary?, _ err: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    func fail(_ code: CGImageMetadataErrors, _ why: String) -> Bool {
        Diagnostics.warn("CGImageDestinationCopyImageSource: \(why)")
        err?.pointee = Unmanaged.passRetained(
            NSError(domain: kCFErrorDomainCGImageMetadata, code: Int(code.rawValue), userInfo: [NSLocalizedDescriptionKey: why]))
        return false
    }
    let bytes = isrc.bytes
    guard let format = ImageFormat.sniff(bytes), format == idst.format else {
        return fail(.unsupportedFormat, "the source is not a \(idst.format.identifier) file")
    }
    guard format.takesMetadata else { return fail(.unsupportedFormat, "metadata is not written into \(format.identifier) files") }
    let options = stringKeyed(options) ?? [:]
    guard let exiv = MetadataChanges(options).applied(to: bytes) else { return fail(.unknown, "the file's metadata cannot be read") }
    switch exiv.written(into: bytes, replacing: true) {
    case .failure(let failure): return fail(.unknown, failure.description)
    case .success(let out):
        if case .failure(let failure) = idst.finish(with: out) { return fail(.badArgument, "\(failure)") }
        return true
    }
}

/// What `CGImageDestinationCopyImageSource`'s options change in a file's metadata.
struct MetadataChanges {
    var metadata: CGImageMetadata?
    var merge = false
    var excludeXMP = false
    var excludeGPS = false
    var dateTime: String?
    var orientation: Int?

    init(_ options: [String: Any]) {
        metadata = options[kCGImageDestinationMetadata] as? CGImageMetadata
        merge = Thumbnail.flag(options[kCGImageDestinationMergeMetadata])
        excludeXMP = Thumbnail.flag(options[kCGImageMetadataShouldExcludeXMP])
        excludeGPS = Thumbnail.flag(options[kCGImageMetadataShouldExcludeGPS])
        switch options[kCGImageDestinationDateTime] {
        case let s as String: dateTime = s
        case let d as Date: dateTime = Self.exifDate(d)
        default: dateTime = nil
        }
        orientation = Thumbnail.number(options[kCGImageDestinationOrientation]).flatMap { (1...8).contains($0) ? Int($0) : nil }
    }

    /// Exif's "yyyy:MM:dd HH:mm:ss", in UTC (Exif keeps no zone here; the offset tags may).
    static func exifDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy:MM:dd HH:mm:ss"
        return formatter.string(from: date)
    }

    /// The file's metadata with the changes (to be written replacing the file's); nil when the
    /// file cannot be read.
    func applied(to bytes: Data) -> ExivMetadata? {
        let replaced = metadata != nil && !merge
        guard let exiv = replaced ? ExivMetadata() : ExivMetadata(reading: bytes) ?? ExivMetadata() else { return nil }
        if let metadata {
            if merge { exiv.remove(prefixed: "Xmp.") }
            if merge, let file = ExivMetadata(reading: bytes) {
                // The file's XMP first, the given tags over it.
                let combined = CGImageMetadataCreateMutableCopy(CGImageMetadata.tree(of: file)) ?? CGMutableImageMetadata()
                for tag in metadata.tags {
                    if let prefix = tag.prefix { _ = CGImageMetadataRegisterNamespaceForPrefix(combined, tag.namespace, prefix, nil) }
                    _ = CGImageMetadataSetTagWithPath(combined, nil, CGImageMetadata.pathName(of: tag), tag)
                }
                _ = combined.write(into: exiv)
            } else {
                _ = metadata.write(into: exiv)
            }
            exiv.addExifAndIPTCFromXMP()
        }
        if excludeXMP { exiv.remove(prefixed: "Xmp.") }
        if excludeGPS {
            exiv.remove(prefixed: "Exif.GPSInfo.")
            exiv.remove(prefixed: "Xmp.exif.GPS")
        }
        if let dateTime { exiv.set("Exif.Image.DateTime", dateTime) }
        if let orientation {
            exiv.set("Exif.Image.Orientation", String(orientation))
            if !excludeXMP { exiv.set("Xmp.tiff.Orientation", String(orientation)) }
        }
        return exiv
    }
}
