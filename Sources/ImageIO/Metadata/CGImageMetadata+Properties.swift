import Foundation

extension CGImageMetadata {
    /// The XMP path ("exif:FNumber", "dc:subject", "photoshop:City") of property `key` of
    /// dictionary `dictionary` ({Exif}, {TIFF}, {GPS}, {IPTC}, {ExifAux}); nil for a property
    /// XMP does not hold.
    static func xmpPath(dictionary: String, key: String) -> String? { xmpPaths[dictionary]?[key] }

    /// Every property's XMP path, found once by letting exiv2 convert a sample of it to XMP.
    private static let xmpPaths: [String: [String: String]] = MetadataKeyTable.byDictionary.mapValues { keys in
        keys.compactMapValues { entry in probePath(dictionary: entry.dictionary, key: entry.key) }
    }

    private static func probePath(dictionary: String, key: String) -> String? {
        guard let entry = MetadataKeyTable.byDictionary[dictionary]?[key] else { return nil }
        if entry.exiv2.hasPrefix("Xmp.") { return xmpPath(ofEntryKey: entry.exiv2) }
        guard let exiv = ExivMetadata(), exiv.set(entry.exiv2, sample(for: entry.exiv2)) else { return nil }
        if entry.conversion == .coordinate { exiv.set(entry.exiv2 + "Ref", entry.exiv2.hasSuffix("Latitude") ? "N" : "E") }
        exiv.addXMPFromExifAndIPTC()
        let keys = exiv.entries.map(\.key).filter { $0.hasPrefix("Xmp.") }
        // The property's own XMP entry (a coordinate's reference is folded into it).
        let name = entry.exiv2.split(separator: ".").last.map(String.init) ?? ""
        let chosen = keys.first { $0.hasSuffix("." + name) } ?? keys.first
        return chosen.flatMap(xmpPath(ofEntryKey:))
    }

    /// "Xmp.iptc.City" → "Iptc4xmpCore:City" (Apple's prefix for exiv2's namespace).
    private static func xmpPath(ofEntryKey key: String) -> String? {
        let parts = key.split(separator: ".", maxSplits: 2).map(String.init)
        guard parts.count == 3, let uri = ExivMetadata.namespace(ofPrefix: parts[1]) else { return nil }
        return "\(standardPrefix(of: uri) ?? parts[1]):\(parts[2])"
    }

    /// A value exiv2 converts for an entry of `key`'s type.
    private static func sample(for key: String) -> String {
        let type = ExivMetadata.defaultType(of: key)
        if ExivType.isRational(type) { return key.hasSuffix("GPSLatitude") || key.hasSuffix("GPSLongitude") ? "1/1 2/1 3/1" : "1/1" }
        if type == ExivType.undefined { return key.hasSuffix("Version") ? "48 50 51 48" : "1" }
        if ExivType.isInteger(type) { return "1" }
        if type == ExivType.comment { return "charset=Ascii sample" }
        if type == ExivType.date { return "2024-01-01" }
        if type == ExivType.time { return "10:00:00+00:00" }
        if key.contains("DateTime") { return "2024:01:01 10:00:00" }
        if key.hasSuffix("GPSDateStamp") { return "2024:01:01" }
        return "sample"
    }
}

/// The XMP tag holding what property `propertyName` of dictionary `dictionaryName` ({Exif},
/// {TIFF}, {GPS}, {IPTC}, {ExifAux}) says; nil when the metadata has none.
public func CGImageMetadataCopyTagMatchingImageProperty(
    _ metadata: CGImageMetadata, _ dictionaryName: CFString, _ propertyName: CFString
) -> CGImageMetadataTag? {
    guard let path = CGImageMetadata.xmpPath(dictionary: dictionaryName, key: propertyName) else { return nil }
    return metadata.tag(at: path, below: nil)
}

/// Sets the XMP tag of property `propertyName` of dictionary `dictionaryName` to `value`; false
/// for a property XMP does not hold or a value that is not a string, number or array of them.
public func CGImageMetadataSetValueMatchingImageProperty(
    _ metadata: CGMutableImageMetadata, _ dictionaryName: CFString, _ propertyName: CFString, _ value: CFTypeRef
) -> Bool {
    guard let path = CGImageMetadata.xmpPath(dictionary: dictionaryName, key: propertyName) else { return false }
    return metadata.setValue(value, at: path, below: nil)
}
