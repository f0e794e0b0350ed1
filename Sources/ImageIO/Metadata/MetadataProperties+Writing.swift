import Foundation

extension MetadataProperties {
    /// The entries `properties`' Exif, GPS, TIFF, IPTC and ExifAux dictionaries (and top-level
    /// orientation) ask for; nil when they ask for none. A value of the wrong type is left out
    /// with a warning naming it.
    static func metadata(from properties: [String: Any]) -> ExivMetadata? {
        var wanted: [(MetadataKey, Any)] = []
        for (dictionary, keys) in MetadataKeyTable.byDictionary {
            guard let given = properties[dictionary] as? [String: Any] else { continue }
            for (name, value) in given {
                if let key = keys[name] { wanted.append((key, value)) }
            }
        }
        if let orientation = Thumbnail.number(properties[kCGImagePropertyOrientation]),
            let key = MetadataKeyTable.byExiv2["Exif.Image.Orientation"],
            (properties[kCGImagePropertyTIFFDictionary] as? [String: Any])?[kCGImagePropertyTIFFOrientation] == nil {
            wanted.append((key, orientation))
        }
        guard !wanted.isEmpty, ExivMetadata.isAvailable, let metadata = ExivMetadata() else { return nil }
        for (key, value) in wanted where !set(key, value, in: metadata, all: properties) {
            Diagnostics.warn("CGImageDestination: \(key.dictionary) \(key.key) = \(value) is not a value it can hold (left out)")
        }
        return metadata
    }

    /// Encoded file `bytes` with the metadata `properties` ask for; the bytes as they were when
    /// they ask for none, and with a warning when the format cannot hold it (exiv2 writes JPEG,
    /// PNG, TIFF and WebP).
    static func writing(_ properties: [String: Any], xmp: CGImageMetadata? = nil, into bytes: Data) -> Data {
        guard let metadata = combined(properties, xmp: xmp) else { return bytes }
        switch metadata.written(into: bytes) {
        case .success(let out): return out
        case .failure(let failure):
            Diagnostics.warn("CGImageDestination: metadata not written (\(failure))")
            return bytes
        }
    }

    /// The entries `properties` ask for, with `xmp`'s tags and Exif and IPTC entries for what
    /// they say that the properties do not; nil when there are none.
    static func combined(_ properties: [String: Any], xmp: CGImageMetadata?) -> ExivMetadata? {
        let metadata = metadata(from: properties)
        guard let xmp else { return metadata }
        guard let exiv = metadata ?? ExivMetadata() else { return nil }
        if !xmp.write(into: exiv) { Diagnostics.warn("CGImageDestination: some XMP tags could not be written (namespaces)") }
        exiv.addExifAndIPTCFromXMP()
        return exiv
    }

    /// The Exif block and XMP packet a HEIF file stores for `properties` and `xmp`.
    static func heifItems(_ properties: [String: Any], xmp: CGImageMetadata?) -> (exif: Data?, xmp: Data?) {
        guard let exiv = combined(properties, xmp: xmp) else { return (nil, nil) }
        // HEIF has no IPTC item: IPTC goes as its XMP twin (dc:, photoshop:, Iptc4xmpCore:).
        if properties[kCGImagePropertyIPTCDictionary] != nil { exiv.addXMPFromExifAndIPTC() }
        let hasXMP = exiv.entries.contains { $0.key.hasPrefix("Xmp.") }
        return (exiv.exifBlock, hasXMP ? exiv.xmpPacket : nil)
    }

    private static func set(_ key: MetadataKey, _ value: Any, in m: ExivMetadata, all: [String: Any]) -> Bool {
        switch key.conversion {
        case .list:
            let items = (value as? [Any] ?? [value]).map { "\($0)" }
            m.remove(key.exiv2)
            return items.allSatisfy { m.append(key.exiv2, $0) }
        case .version:
            guard let parts = (value as? [Any])?.compactMap(Thumbnail.number).compactMap(MetadataProperties.integer), parts.count >= 2,
                (0...99).contains(parts[0]), parts.dropFirst().allSatisfy({ (0...9).contains($0) }) else { return false }
            let text = String(format: "%02d%d%d", parts[0], parts[1], parts.count > 2 ? parts[2] : 0)
            return m.set(key.exiv2, text.utf8.map { String($0) }.joined(separator: " "))
        case .coordinate:
            guard let degrees = Thumbnail.number(value), degrees.isFinite, abs(degrees) <= 360 else { return false }
            guard m.set(key.exiv2, sexagesimal(abs(degrees))) else { return false }
            setHemisphere(of: key, degrees, in: m, all: all)
            return true
        case .time:
            guard let text = value as? String, let seconds = secondsOfDay(text) else { return false }
            return m.set(key.exiv2, sexagesimal(seconds / 3600))
        case .plain, .numbers, .comment:
            return setPlain(key, value, in: m)
        }
    }

    private static func setPlain(_ key: MetadataKey, _ value: Any, in m: ExivMetadata) -> Bool {
        let type = ExivMetadata.defaultType(of: key.exiv2)
        let parts = value as? [Any] ?? [value]
        if ExivType.isRational(type) {
            let numbers = parts.compactMap(Thumbnail.number)
            guard numbers.count == parts.count, !numbers.isEmpty, numbers.allSatisfy(\.isFinite) else { return false }
            return m.set(key.exiv2, numbers.map { rational($0, signed: type == ExivType.signedRational) }.joined(separator: " "))
        }
        if ExivType.isInteger(type) || type == ExivType.undefined {
            let numbers = parts.compactMap(Thumbnail.number)
            guard numbers.count == parts.count, !numbers.isEmpty, numbers.allSatisfy({ $0.isFinite && abs($0) < 4e9 }) else {
                return false
            }
            return m.set(key.exiv2, numbers.map { String(Int64($0.rounded())) }.joined(separator: " "))
        }
        if type == ExivType.comment, let text = value as? String {
            return m.set(key.exiv2, (text.allSatisfy(\.isASCII) ? "charset=Ascii " : "charset=Unicode ") + text)
        }
        if ExivType.isXMPArray(type), let items = value as? [Any] {
            m.remove(key.exiv2)
            return items.allSatisfy { m.append(key.exiv2, "\($0)", arrayType: type) }
        }
        guard !(value is [Any]), !(value is [String: Any]) else { return false }
        return m.set(key.exiv2, "\(value)")
    }

    /// A GPS coordinate's reference (N/S, E/W) from its sign, unless the dictionary gives one.
    private static func setHemisphere(of key: MetadataKey, _ degrees: Double, in m: ExivMetadata, all: [String: Any]) {
        let refName = key.key + "Ref"
        guard (all[kCGImagePropertyGPSDictionary] as? [String: Any])?[refName] == nil else { return }
        let latitude = key.key.hasSuffix("Latitude")
        m.set(key.exiv2 + "Ref", degrees < 0 ? (latitude ? "S" : "W") : (latitude ? "N" : "E"))
    }

    /// `value` (degrees or hours) as three rationals: whole units, whole minutes, seconds to 1/10000.
    static func sexagesimal(_ value: Double) -> String {
        let whole = value.rounded(.down)
        let minutes = ((value - whole) * 60).rounded(.down)
        let seconds = (value - whole) * 3600 - minutes * 60
        return "\(Int64(whole))/1 \(Int64(minutes))/1 \(Int64((seconds * 10000).rounded()))/10000"
    }

    /// "HH:mm:ss" or "HH:mm:ss.SS" as seconds since midnight.
    private static func secondsOfDay(_ text: String) -> Double? {
        let parts = text.split(separator: ":").map { Double($0) }
        guard parts.count == 3, let h = parts[0], let m = parts[1], let s = parts[2], h >= 0, m >= 0, s >= 0, h < 1e4, m < 1e4, s < 1e6
        else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// `x` as "numerator/denominator": exact for integers and for reciprocals of integers (1/250 s
    /// exposures), else the closest fraction whose denominator is at most 1,000,000.
    static func rational(_ x: Double, signed: Bool) -> String {
        let limit = signed ? Double(Int32.max) : Double(UInt32.max)
        let v = signed ? x : Swift.max(x, 0)
        if v == v.rounded(), abs(v) <= limit { return "\(Int64(v))/1" }
        if v != 0, abs(1 / v) <= limit, (1 / v) == (1 / v).rounded() { return "\(v < 0 ? "-" : "")1/\(Int64(abs(1 / v)))" }
        // Continued fractions.
        var (h0, h1, k0, k1) = (0.0, 1.0, 1.0, 0.0)
        var rest = abs(v)
        for _ in 0..<40 {
            let a = rest.rounded(.down)
            let (h2, k2) = (a * h1 + h0, a * k1 + k0)
            if k2 > 1_000_000 || h2 > limit { break }
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            let frac = rest - a
            if frac < 1e-12 { break }
            rest = 1 / frac
        }
        guard k1 > 0 else { return "0/1" }
        return "\(v < 0 ? "-" : "")\(Int64(h1))/\(Int64(k1))"
    }
}
