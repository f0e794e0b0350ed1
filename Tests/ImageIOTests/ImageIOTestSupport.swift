import CoreGraphics
import Foundation
import ImageIO

/// Test pictures and byte helpers.
enum Pictures {
    static func context(_ width: Int, _ height: Int) -> CGContext {
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// A `width`×`height` picture: four coloured quadrants (red top left, green top right, blue
    /// bottom left, half-transparent white bottom right when `alpha`, else yellow).
    static func quadrants(_ width: Int = 64, _ height: Int = 48, alpha: Bool = true) -> CGImage {
        let c = context(width, height)
        let w = CGFloat(width) / 2, h = CGFloat(height) / 2
        // Core Graphics' y goes up: the top of the picture is at y = height.
        let parts: [(CGRect, CGColor)] = [
            (CGRect(x: 0, y: h, width: w, height: h), CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
            (CGRect(x: w, y: h, width: w, height: h), CGColor(red: 0, green: 1, blue: 0, alpha: 1)),
            (CGRect(x: 0, y: 0, width: w, height: h), CGColor(red: 0, green: 0, blue: 1, alpha: 1)),
            (CGRect(x: w, y: 0, width: w, height: h), alpha ? CGColor(red: 1, green: 1, blue: 1, alpha: 0.5) : CGColor(red: 1, green: 1, blue: 0, alpha: 1)),
        ]
        for (rect, color) in parts {
            c.setFillColor(color)
            c.fill(rect)
        }
        return c.makeImage()!
    }

    /// A solid picture.
    static func solid(_ width: Int, _ height: Int, _ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGImage {
        let c = context(width, height)
        c.setFillColor(CGColor(red: r, green: g, blue: b, alpha: a))
        c.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return c.makeImage()!
    }

    /// Premultiplied (a, r, g, b) at column x, row y (row 0 at the top).
    static func argb(_ image: CGImage, _ x: Int, _ y: Int) -> (a: Int, r: Int, g: Int, b: Int) {
        let p = image.pixels.pixel(x: x, y: y)
        return (Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF))
    }

    /// The largest channel difference between two images of the same size (nil when sizes differ).
    static func maxDifference(_ a: CGImage, _ b: CGImage) -> Int? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixels.pixel(x: x, y: y), q = b.pixels.pixel(x: x, y: y)
                for shift in stride(from: UInt32(0), to: 32, by: 8) {
                    worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
                }
            }
        }
        return worst
    }

    /// Writes `images` (with per-image properties) as `type` into memory.
    static func encode(_ images: [(CGImage, [String: Any])], type: String, file: [String: Any]? = nil) -> Data? {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, type as CFString, images.count, nil) else { return nil }
        if let file { CGImageDestinationSetProperties(destination, file as CFDictionary) }
        for (image, properties) in images { CGImageDestinationAddImage(destination, image, properties as CFDictionary) }
        guard CGImageDestinationFinalize(destination) else { return nil }
        return data as Data
    }

    /// Image `index` of `data` through a source (nil when there is none).
    static func decode(_ data: Data?, _ index: Int = 0) -> CGImage? {
        guard let data, let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
        return CGImageSourceCreateImageAtIndex(source, index, nil)
    }

    /// Image `index`'s properties of `data`.
    static func properties(_ data: Data?, _ index: Int = 0) -> [AnyHashable: Any]? {
        guard let data, let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
        return CGImageSourceCopyPropertiesAtIndex(source, index, nil)
    }
}

/// Exif segments built byte by byte (little-endian TIFF), independent of the library that reads them.
enum ExifBuilder {
    enum Field {
        case ascii(UInt16, String)
        case short(UInt16, [UInt16])
        case rational(UInt16, [(UInt32, UInt32)])
        case undefined(UInt16, [UInt8])
        case bytes(UInt16, [UInt8])

        var tag: UInt16 {
            switch self { case .ascii(let t, _), .short(let t, _), .rational(let t, _), .undefined(let t, _), .bytes(let t, _): t }
        }

        /// TIFF type, count and value bytes.
        var encoded: (UInt16, UInt32, [UInt8]) {
            switch self {
            case .ascii(_, let s): let b = Array(s.utf8) + [0]; return (2, UInt32(b.count), b)
            case .short(_, let v): return (3, UInt32(v.count), v.flatMap(ExifBuilder.le16))
            case .rational(_, let v): return (5, UInt32(v.count), v.flatMap { ExifBuilder.le32($0.0) + ExifBuilder.le32($0.1) })
            case .undefined(_, let v): return (7, UInt32(v.count), v)
            case .bytes(_, let v): return (1, UInt32(v.count), v)
            }
        }
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { [0, 8, 16, 24].map { UInt8((v >> UInt32($0)) & 0xFF) } }

    /// A TIFF structure: IFD0's fields, with pointers to an Exif and a GPS directory when given.
    static func tiff(ifd0: [Field], exif: [Field] = [], gps: [Field] = []) -> [UInt8] {
        var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8)
        // Directory sizes are known up front: 2 + 12 n + 4, then each directory's long values.
        func size(_ fields: [Field]) -> Int { 2 + 12 * fields.count + 4 + fields.map { $0.encoded.2.count > 4 ? $0.encoded.2.count : 0 }.reduce(0, +) }
        var first = ifd0
        if !exif.isEmpty { first.append(.short(0x8769, [])) }
        if !gps.isEmpty { first.append(.short(0x8825, [])) }
        let exifOffset = 8 + size(first)
        let gpsOffset = exifOffset + (exif.isEmpty ? 0 : size(exif))
        func directory(_ fields: [Field], at offset: Int) -> [UInt8] {
            var entries: [UInt8] = le16(UInt16(fields.count)), tail: [UInt8] = []
            let tailStart = offset + 2 + 12 * fields.count + 4
            for field in fields.sorted(by: { $0.tag < $1.tag }) {
                entries += le16(field.tag)
                if field.tag == 0x8769 || field.tag == 0x8825 {
                    entries += le16(4) + le32(1) + le32(UInt32(field.tag == 0x8769 ? exifOffset : gpsOffset))
                    continue
                }
                let (type, count, bytes) = field.encoded
                entries += le16(type) + le32(count)
                if bytes.count <= 4 {
                    entries += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
                } else {
                    entries += le32(UInt32(tailStart + tail.count))
                    tail += bytes
                }
            }
            return entries + le32(0) + tail
        }
        out += directory(first, at: 8)
        if !exif.isEmpty { out += directory(exif, at: exifOffset) }
        if !gps.isEmpty { out += directory(gps, at: gpsOffset) }
        return out
    }

    /// `jpeg` with an APP1 "Exif" segment holding `tiff` right after its start marker.
    static func insertingAPP1(_ tiff: [UInt8], into jpeg: Data) -> Data {
        let body = Array("Exif\0\0".utf8) + tiff
        let length = body.count + 2
        var bytes = [UInt8](jpeg)
        bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body, at: 2)
        return Data(bytes)
    }
}
