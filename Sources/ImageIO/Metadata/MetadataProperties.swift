import Foundation

/// Apple's Exif, GPS, TIFF, IPTC and ExifAux property dictionaries made from a file's metadata
/// (read through exiv2), and written back into encoded files.
enum MetadataProperties {
    /// The property dictionaries the metadata of image file `data` fills (empty when it has none
    /// or the format is not one exiv2 reads), and the orientation at the top level.
    static func read(_ data: Data, format: ImageFormat) -> [String: Any] {
        guard ExivMetadata.isAvailable, let metadata = ExivMetadata(readingFile: data, format: format) else { return [:] }
        // What only the XMP says (a HEIF file's IPTC, an editor's fields) fills the gaps.
        metadata.addExifAndIPTCFromXMP()
        return properties(of: metadata)
    }

    static func properties(of metadata: ExivMetadata) -> [String: Any] {
        var dictionaries: [String: [String: Any]] = [:]
        for entry in metadata.entries {
            guard let key = MetadataKeyTable.byExiv2[entry.key], let value = value(of: entry, key.conversion, metadata) else {
                continue
            }
            // A repeated IPTC dataset is one entry an item: the items add up.
            if key.conversion == .list, let items = value as? [String],
                let earlier = dictionaries[key.dictionary]?[key.key] as? [String] {
                dictionaries[key.dictionary, default: [:]][key.key] = earlier + items
            } else {
                dictionaries[key.dictionary, default: [:]][key.key] = value
            }
        }
        var out: [String: Any] = dictionaries
        if let orientation = dictionaries[kCGImagePropertyTIFFDictionary]?[kCGImagePropertyTIFFOrientation] as? Int,
            (1...8).contains(orientation) {
            out[kCGImagePropertyOrientation] = orientation
        }
        return out
    }

    /// `frame`'s properties with the dictionaries of `metadata` beneath them: what the codec
    /// said of the frame wins within each dictionary.
    static func merged(_ frame: [String: Any], with metadata: [String: Any]) -> [String: Any] {
        var out = metadata
        for (key, value) in frame {
            if let mine = value as? [String: Any], let theirs = metadata[key] as? [String: Any] {
                out[key] = theirs.merging(mine) { _, codec in codec }
            } else {
                out[key] = value
            }
        }
        return out
    }

    // MARK: Reading

    private static func value(of entry: ExivMetadata.Entry, _ conversion: MetadataConversion, _ m: ExivMetadata) -> Any? {
        switch conversion {
        case .plain: plain(entry, m)
        case .list: list(entry, m)
        case .version: version(entry, m)
        case .numbers: numbers(entry, m)
        case .comment: comment(entry, m)
        case .coordinate: coordinate(m.numbers(entry))
        case .time: time(m.numbers(entry))
        }
    }

    private static func plain(_ entry: ExivMetadata.Entry, _ m: ExivMetadata) -> Any? {
        let t = entry.type
        if ExivType.isInteger(t) || t == ExivType.undefined {
            let numbers = m.numbers(entry).compactMap(integer)
            return numbers.count == 1 ? numbers[0] : numbers.isEmpty ? nil : numbers
        }
        if ExivType.isRational(t) {
            let numbers = m.numbers(entry)
            return numbers.count == 1 ? numbers[0] : numbers.isEmpty ? nil : numbers
        }
        if ExivType.isXMPArray(t) { return list(entry, m) }
        if t == ExivType.langAlt { return m.text(entry, 0) }
        return m.text(entry).map(trimmed)
    }

    private static func list(_ entry: ExivMetadata.Entry, _ m: ExivMetadata) -> [String]? {
        if ExivType.isXMPArray(entry.type) { return (0..<entry.components).compactMap { m.text(entry, $0) } }
        return m.text(entry).map { [trimmed($0)] }
    }

    private static func numbers(_ entry: ExivMetadata.Entry, _ m: ExivMetadata) -> Any? {
        let numbers = m.numbers(entry)
        guard !numbers.isEmpty else { return nil }
        return ExivType.isRational(entry.type) ? numbers : numbers.compactMap(integer) as Any
    }

    /// The comment's text: exiv2 gives it when it typed the entry as a comment (JPEG); in TIFF
    /// and WebP it is left as bytes, read here by their character-set mark.
    private static func comment(_ entry: ExivMetadata.Entry, _ m: ExivMetadata) -> String? {
        guard entry.type == ExivType.undefined else { return m.text(entry).map(trimmed) }
        let bytes = m.numbers(entry).compactMap(integer).map { UInt8(truncatingIfNeeded: $0) }
        guard bytes.count >= 8 else { return nil }
        let mark = String(decoding: bytes.prefix(8).prefix { $0 != 0 }, as: UTF8.self)
        let body = Array(bytes.dropFirst(8))
        guard mark == "UNICODE" else { return trimmed(String(decoding: body, as: UTF8.self)) }
        // UCS-2 in the file's byte order: a zero high byte first says big-endian.
        let bigEndian = body.count >= 2 && body[0] == 0 && body[1] != 0
        let units = stride(from: 0, to: body.count - 1, by: 2).map { i -> UInt16 in
            let (high, low) = bigEndian ? (body[i], body[i + 1]) : (body[i + 1], body[i])
            return UInt16(high) << 8 | UInt16(low)
        }
        return trimmed(String(decoding: units, as: UTF16.self))
    }

    /// "0232" → [2, 3, 2]; "0230" → [2, 3]; "0100" → [1, 0].
    private static func version(_ entry: ExivMetadata.Entry, _ m: ExivMetadata) -> [Int]? {
        let digits = m.numbers(entry).compactMap(integer).map { $0 - 48 }
        guard digits.count == 4, digits.allSatisfy({ (0...9).contains($0) }) else { return nil }
        var out = [digits[0] * 10 + digits[1], digits[2]]
        if digits[3] != 0 { out.append(digits[3]) }
        return out
    }

    private static func coordinate(_ dms: [Double]) -> Double? {
        guard !dms.isEmpty, dms.allSatisfy(\.isFinite) else { return nil }
        let parts = dms + [0, 0]
        return parts[0] + parts[1] / 60 + parts[2] / 3600
    }

    private static func time(_ hms: [Double]) -> String? {
        guard hms.count == 3, hms.allSatisfy({ $0.isFinite && $0 >= 0 && $0 < 1e6 }) else { return nil }
        let whole = hms[2].rounded(.down)
        let base = String(format: "%02d:%02d:%02d", Int(hms[0]), Int(hms[1]), Int(whole))
        let hundredths = Int(((hms[2] - whole) * 100).rounded())
        return hundredths == 0 ? base : base + String(format: ".%02d", min(hundredths, 99))
    }

    /// `d` as an integer when it is a finite one in `Int`'s range (a hostile file's numbers may be anything).
    static func integer(_ d: Double) -> Int? { d.isFinite && abs(d) < 9e18 ? Int(d) : nil }

    /// Text without the NULs and spaces Exif pads fields with.
    private static func trimmed(_ s: String) -> String {
        s.trimmingCharacters(in: CharacterSet(charactersIn: "\0 "))
    }
}
