import CoreGraphics
import Foundation

/// PNG files: the image through Core Graphics' reader (cairo's libpng), the header and `pHYs`
/// chunk read here for alpha, interlacing and resolution; an animated PNG's frames through
/// `APNGFrames`.
package enum PNGFile {
    static func decode(_ data: Data) -> Result<DecodedFile, ImageDecodeFailure> {
        let chunks = Self.chunks(data)
        guard let header = chunks.first(where: { $0.type == "IHDR" }), header.body.count >= 13 else {
            return .failure(data.count < 33 ? .truncated : .invalid("no PNG header"))
        }
        let width = Self.uint32(header.body, 0), height = Self.uint32(header.body, 4)
        guard width > 0, height > 0, width <= 32767, height <= 32767 else { return .failure(.invalid("PNG size \(width)×\(height)")) }
        guard width * height <= ImageDecoding.maxPixels else { return .failure(.tooLarge) }
        guard chunks.contains(where: { $0.type == "IEND" }) else { return .failure(.truncated) }
        if let animated = APNGFrames.decode(data, chunks: chunks, canvas: (width, height), header: header.body) { return .success(animated) }
        guard let provider = CGDataProvider(data: data),
            let decoded = CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        else { return .failure(.invalid("unreadable PNG data")) }
        let (image, profileName) = EmbeddedProfile.apply(EmbeddedProfile.png(chunks), to: decoded)
        let colorType = header.body[header.body.startIndex + 9]
        let hasAlpha = colorType == 4 || colorType == 6 || chunks.contains { $0.type == "tRNS" }
        var properties = ImageDecoding.basics(image, hasAlpha: hasAlpha, gray: colorType == 0 || colorType == 4)
        properties[kCGImagePropertyDepth] = Int(header.body[header.body.startIndex + 8])
        if let profileName { properties[kCGImagePropertyProfileName] = profileName }
        var png = PNGText.properties(chunks)
        png[kCGImagePropertyPNGInterlaceType] = Int(header.body[header.body.startIndex + 12])
        if let phys = chunks.first(where: { $0.type == "pHYs" }), phys.body.count >= 9, phys.body[phys.body.startIndex + 8] == 1 {
            // Pixels a metre; 1 inch = 0.0254 m.
            let x = Self.uint32(phys.body, 0), y = Self.uint32(phys.body, 4)
            png[kCGImagePropertyPNGXPixelsPerMeter] = x
            png[kCGImagePropertyPNGYPixelsPerMeter] = y
            properties[kCGImagePropertyDPIWidth] = (Double(x) * 0.0254 * 1000).rounded() / 1000
            properties[kCGImagePropertyDPIHeight] = (Double(y) * 0.0254 * 1000).rounded() / 1000
        }
        properties[kCGImagePropertyPNGDictionary] = png
        return .success(DecodedFile(frames: [DecodedFrame(image: image, properties: properties)]))
    }

    /// The file's chunks (type and body) up to the first that does not fit.
    package static func chunks(_ data: Data) -> [(type: String, body: Data)] {
        var out: [(String, Data)] = []
        var offset = data.startIndex + 8
        // Every chunk is at least 12 bytes, so the scan is bounded by the file; past 100,000 kept
        // chunks, text chunks are skipped, not kept (100,001 of them hid the image's end).
        while offset + 12 <= data.endIndex {
            let length = uint32(data, offset - data.startIndex)
            let typeBytes = data[(offset + 4)..<(offset + 8)]
            let bodyStart = offset + 8
            guard length <= data.endIndex - bodyStart - 4 else { break }
            let type = String(decoding: typeBytes, as: UTF8.self)
            if out.count < 100_000 || !["tEXt", "zTXt", "iTXt"].contains(type) { out.append((type, data[bodyStart..<(bodyStart + length)])) }
            offset = bodyStart + length + 4
        }
        return out
    }

    /// A chunk: its length, `type`, `body` and CRC.
    package static func chunk(_ type: String, _ body: Data) -> Data {
        let typed = Data(type.utf8) + body
        return be32(body.count) + typed + be32(Int(crc32(typed)))
    }

    /// `v` as four big-endian bytes.
    package static func be32(_ v: Int) -> Data {
        Data([UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)])
    }

    /// PNG's CRC-32 (ISO 3309) of `bytes`.
    package static func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The big-endian 32-bit number at `offset` from the start of `data`.
    static func uint32(_ data: Data, _ offset: Int) -> Int {
        let i = data.startIndex + offset
        return Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
    }
}
