import CoreGraphics
import Foundation
import Testing

/// WebP through libwebp: lossless round trips keep the pixels, lossy ones stay near them, files
/// are told by their header, and malformed bytes give nil.
@Suite("WebP")
struct WebPTests {
    static func sample() -> CGImage {
        var bytes: [UInt8] = []
        for i in 0..<64 { bytes += [UInt8(i * 4), UInt8(255 - i * 4), 7, i % 8 == 0 ? 128 : 255] }
        return makeImage(width: 8, height: 8, rgba: bytes)
    }

    @Test func losslessRoundTripKeepsOpaquePixelsAndTranslucentOnesWithinOneLevel() throws {
        let image = Self.sample()
        let webp = try #require(image.webpData())
        #expect(webp.starts(with: Array("RIFF".utf8)) && webp.dropFirst(8).starts(with: Array("WEBP".utf8)))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-webp-\(UUID().uuidString).webp")
        defer { try? FileManager.default.removeItem(at: url) }
        try webp.write(to: url)
        let decoded = try #require(CGImage.load(contentsOf: url))
        #expect(decoded.width == 8 && decoded.height == 8)
        var worst = 0
        for y in 0..<8 {
            for x in 0..<8 {
                let a = image.pixels.pixel(x: x, y: y), b = decoded.pixels.pixel(x: x, y: y)
                for shift in stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
            }
        }
        #expect(worst <= 1, "premultiplied channels within 1 level (straight alpha in the file): \(worst)")
    }

    @Test func lossyEncodingStaysNearAFlatColour() throws {
        var bytes: [UInt8] = []
        for _ in 0..<(16 * 16) { bytes += [200, 40, 90, 255] }
        let webp = try #require(makeImage(width: 16, height: 16, rgba: bytes).webpData(quality: 0.9))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-webp-\(UUID().uuidString).webp")
        defer { try? FileManager.default.removeItem(at: url) }
        try webp.write(to: url)
        let p = try #require(CGImage.load(contentsOf: url)).pixels.pixel(x: 8, y: 8)
        // Lossy WebP (YUV 4:2:0) at quality 90: within 6 levels for a flat colour.
        #expect(abs(Int((p >> 16) & 0xFF) - 200) <= 6 && abs(Int((p >> 8) & 0xFF) - 40) <= 6 && abs(Int(p & 0xFF) - 90) <= 6)
    }

    @Test func malformedWebPBytesGiveNil() throws {
        // Bad input: a WebP header with nothing after it, a truncated file, a RIFF of another kind.
        let webp = try #require(Self.sample().webpData())
        for bytes in [webp.prefix(12), webp.prefix(webp.count / 2), Data("RIFF\0\0\0\0WAVEfmt ".utf8)] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bad-\(UUID().uuidString).webp")
            defer { try? FileManager.default.removeItem(at: url) }
            try Data(bytes).write(to: url)
            #expect(CGImage.load(contentsOf: url) == nil, "\(bytes.count) bytes")
        }
    }
}
