import Foundation

/// PNG chunks added after encoding.
enum PNGChunks {
    /// `png` with a `pHYs` chunk (pixels a metre) after its header, replacing any it had.
    static func insertingResolution(_ png: Data, dpi: (Double, Double)) -> Data {
        let chunks = PNGFile.chunks(png)
        guard let header = chunks.first, header.type == "IHDR" else { return png }
        func perMetre(_ d: Double) -> UInt32 { UInt32(min(max((d / 0.0254).rounded(), 1), Double(UInt32.max))) }
        var body = Data()
        for v in [perMetre(dpi.0), perMetre(dpi.1)] { body.append(contentsOf: bigEndian(v)) }
        body.append(1)  // unit: the metre
        var out = Data(png.prefix(8))
        for chunk in chunks where chunk.type != "pHYs" {
            out.append(Self.chunk(chunk.type, chunk.body))
            if chunk.type == "IHDR" { out.append(Self.chunk("pHYs", body)) }
        }
        return out
    }

    static func chunk(_ type: String, _ body: Data) -> Data {
        var out = Data(bigEndian(UInt32(body.count)))
        let typed = Data(type.utf8) + body
        out.append(typed)
        out.append(contentsOf: bigEndian(CRC32.checksum(typed)))
        return out
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
}

/// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

/// JPEG segments added after encoding: the JFIF density and an EXIF orientation.
enum JPEGSegments {
    static func withMetadata(_ jpeg: Data, dpi: (Double, Double)?, orientation: Int?) -> Data {
        var bytes = [UInt8](jpeg)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return jpeg }
        var insertAt = 2
        // libjpeg-turbo writes a JFIF APP0 first: its density says the DPI.
        if bytes.count > 20, bytes[2] == 0xFF, bytes[3] == 0xE0, Array(bytes[6..<11]) == Array("JFIF\0".utf8) {
            if let (x, y) = dpi {
                func clamp(_ v: Double) -> Int { Int(min(max(v.rounded(), 1), 65535)) }
                bytes[13] = 1
                bytes[14] = UInt8(clamp(x) >> 8); bytes[15] = UInt8(clamp(x) & 0xFF)
                bytes[16] = UInt8(clamp(y) >> 8); bytes[17] = UInt8(clamp(y) & 0xFF)
            }
            insertAt = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        }
        guard let orientation, (1...8).contains(orientation) else { return Data(bytes) }
        // APP1: "Exif\0\0", a little-endian TIFF header, one directory with the orientation tag.
        var exif: [UInt8] = Array("Exif\0\0".utf8) + [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]
        exif += [0x01, 0x00]  // one entry
        exif += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, UInt8(orientation), 0x00, 0x00, 0x00]
        exif += [0x00, 0x00, 0x00, 0x00]  // no next directory
        let length = exif.count + 2
        bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif, at: insertAt)
        return Data(bytes)
    }
}
