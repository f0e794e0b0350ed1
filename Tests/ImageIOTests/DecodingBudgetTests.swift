import CStrataZlib
import CoreGraphics
import Foundation
import ImageIO
import Testing

/// A few kilobytes of compressed data can declare an image of billions of bytes: decoders refuse
/// files over `CGImage.maxDecodedPixels` (64 Mpx) before allocating, and decode the same data at a
/// size within it.
@Suite struct DecodingBudgetTests {
    /// A valid 1-bit palette PNG of `width`×`height` black pixels (each row: filter byte, zeros).
    static func palettePNG(width: Int, height: Int) -> Data {
        let raw = [UInt8](repeating: 0, count: (1 + (width + 7) / 8) * height)
        var size = compressBound(uLong(raw.count))
        var deflated = [UInt8](repeating: 0, count: Int(size))
        _ = compress2(&deflated, &size, raw, uLong(raw.count), 9)
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(EmbeddedProfileTests.chunk("IHDR", bigEndian(width) + bigEndian(height) + [1, 3, 0, 0, 0]))
        png.append(EmbeddedProfileTests.chunk("PLTE", [0, 0, 0, 255, 255, 255]))
        png.append(EmbeddedProfileTests.chunk("IDAT", Array(deflated.prefix(Int(size)))))
        png.append(EmbeddedProfileTests.chunk("IEND", []))
        return png
    }

    static func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    /// Tried: a 9000×9000 PNG (81 Mpx, 324 MiB decoded) in about 10 KB; the same rows 16 high.
    @Test func aPNGOverTheBudgetIsRefusedAndTheSameDataWithinItDecodes() throws {
        let huge = Self.palettePNG(width: 9000, height: 9000)
        #expect(huge.count < 20_000)
        #expect(CGImage(pngDataProviderSource: CGDataProvider(data: huge)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
        let source = try #require(CGImageSourceCreateWithData(huge as CFData, nil))
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)

        let strip = Self.palettePNG(width: 9000, height: 16)
        let image = try #require(CGImage(pngDataProviderSource: CGDataProvider(data: strip)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        #expect(image.width == 9000 && image.height == 16)
        #expect(image.pixels.pixel(x: 8999, y: 15) == 0xFF00_0000)
    }

    /// Tried: a 16×16 JPEG whose frame header is rewritten to say 9000×9000 (the scan data would
    /// be stretched over 81 Mpx of grey).
    @Test func aJPEGDeclaringASizeOverTheBudgetIsRefused() throws {
        let space = CGColorSpaceCreateDeviceRGB()
        let context = try #require(CGContext(data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0, space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        let small = try #require(context.makeImage()?.jpegData(quality: 0.9))
        #expect(CGImage(jpegDataProviderSource: CGDataProvider(data: small)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent) != nil)
        var bytes = [UInt8](small)
        // SOF0 or SOF2: marker, length (2), precision (1), height (2), width (2).
        let sof = try #require((0..<(bytes.count - 9)).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0x23, 0x28, 0x23, 0x28])
        let huge = Data(bytes)
        #expect(CGImage(jpegDataProviderSource: CGDataProvider(data: huge)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
        let source = try #require(CGImageSourceCreateWithData(huge as CFData, nil))
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
    }
}
