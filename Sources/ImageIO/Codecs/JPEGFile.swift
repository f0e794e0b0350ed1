import CoreGraphics
import Foundation

/// JPEG files: the image through Core Graphics' reader (libjpeg-turbo), with the JFIF density and
/// the EXIF orientation read from the file's APP0 and APP1 segments.
enum JPEGFile {
    /// `partial`: the bytes of a file still arriving, decoded as far as they go (libjpeg fills
    /// what is missing with grey, and a progressive file shows its scans so far).
    static func decode(_ data: Data, partial: Bool = false) -> Result<DecodedFile, ImageDecodeFailure> {
        let segments = Self.segments(data)
        guard let frame = segments.first(where: { (0xC0...0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker) }),
            frame.body.count >= 5
        else {
            return .failure(data.count < 200 ? .truncated : .invalid("no JPEG frame header"))
        }
        // The size the frame header claims, checked before anything is decoded.
        let b = frame.body, s = b.startIndex
        let height = Int(b[s + 1]) << 8 | Int(b[s + 2]), width = Int(b[s + 3]) << 8 | Int(b[s + 4])
        guard width * height <= ImageDecoding.maxPixels else { return .failure(.tooLarge) }
        // libjpeg reads a cut-short file with a warning (the rest grey), which the reader now
        // accepts as it accepts a stray byte: a file without its end marker is still incomplete.
        // Bytes still arriving are decoded once their first scan has begun (before it libjpeg
        // has no image to give, and says so).
        if partial, !segments.contains(where: { $0.marker == 0xDA }) { return .failure(.truncated) }
        guard partial || data.lastRange(of: Data([0xFF, 0xD9])).map({ $0.lowerBound > frame.body.startIndex }) == true else {
            return .failure(.truncated)
        }
        guard let provider = CGDataProvider(data: data),
            let decoded = CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        else { return .failure(.invalid("unreadable JPEG data")) }
        let (image, profileName) = EmbeddedProfile.apply(EmbeddedProfile.jpeg(segments), to: decoded)
        guard image.width * image.height <= ImageDecoding.maxPixels else { return .failure(.tooLarge) }
        var properties = ImageDecoding.basics(image, hasAlpha: false, gray: image.bitsPerPixel == 8)
        if let profileName { properties[kCGImagePropertyProfileName] = profileName }
        if let app0 = segments.first(where: { $0.marker == 0xE0 && $0.body.starts(with: Array("JFIF\0".utf8)) }), app0.body.count >= 12 {
            let b = app0.body, s = b.startIndex
            let unit = Int(b[s + 7]), x = Int(b[s + 8]) << 8 | Int(b[s + 9]), y = Int(b[s + 10]) << 8 | Int(b[s + 11])
            properties[kCGImagePropertyJFIFDictionary] = [
                kCGImagePropertyJFIFDensityUnit: unit, kCGImagePropertyJFIFXDensity: x, kCGImagePropertyJFIFYDensity: y,
            ]
            // Unit 1: dots an inch; 2: dots a centimetre.
            if unit == 1 || unit == 2, x > 0, y > 0 {
                let k = unit == 1 ? 1.0 : 2.54
                properties[kCGImagePropertyDPIWidth] = Double(x) * k
                properties[kCGImagePropertyDPIHeight] = Double(y) * k
            }
        }
        var exif: [String: Any] = [:]
        if let app1 = segments.first(where: { $0.marker == 0xE1 && $0.body.starts(with: Array("Exif\0\0".utf8)) }) {
            let tiff = app1.body.dropFirst(6)
            if let orientation = ExifReader.orientation(Data(tiff)) {
                properties[kCGImagePropertyOrientation] = orientation
                properties[kCGImagePropertyTIFFDictionary] = [kCGImagePropertyTIFFOrientation: orientation]
            }
            exif[kCGImagePropertyExifPixelXDimension] = image.width
            exif[kCGImagePropertyExifPixelYDimension] = image.height
            properties[kCGImagePropertyExifDictionary] = exif
        }
        return .success(DecodedFile(frames: [DecodedFrame(image: image, properties: properties)]))
    }

    /// The marker segments before the scan (marker and body), up to the first that does not fit.
    static func segments(_ data: Data) -> [(marker: UInt8, body: Data)] {
        var out: [(UInt8, Data)] = []
        var i = data.startIndex + 2
        // Every byte is looked at once at most, so the scan is bounded by the file; only the
        // first 10,000 segments are kept (10,001 empty APP segments hid the frame header).
        while i + 4 <= data.endIndex {
            // Bytes that are no marker are skipped, as libjpeg skips them (with a warning).
            guard data[i] == 0xFF else { i += 1; continue }
            let marker = data[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length >= 2, i + 2 + length <= data.endIndex else { break }
            if out.count < 10_000 || (0xC0...0xCF).contains(marker) || marker == 0xDA { out.append((marker, data[(i + 4)..<(i + 2 + length)])) }
            if marker == 0xDA { break }  // the scan: what follows is image data
            i += 2 + length
        }
        return out
    }
}

/// Reads tags from an EXIF block's TIFF structure.
enum ExifReader {
    /// The orientation tag (0x0112) of the first directory, 1…8; nil when absent or malformed.
    static func orientation(_ tiff: Data) -> Int? {
        let b = [UInt8](tiff.prefix(65_536))
        guard b.count >= 8 else { return nil }
        let little: Bool
        switch (b[0], b[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= b.count else { return nil }
            return little ? Int(b[o]) | Int(b[o + 1]) << 8 : Int(b[o]) << 8 | Int(b[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let lo = u16(little ? o : o + 2), let hi = u16(little ? o + 2 : o) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for k in 0..<min(count, 512) {
            let entry = ifd + 2 + 12 * k
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let value = u16(entry + 8), (1...8).contains(value) { return value }
        }
        return nil
    }
}
