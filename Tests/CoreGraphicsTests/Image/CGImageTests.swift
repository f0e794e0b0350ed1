import CoreGraphics
import Testing

@Suite struct CGImageTests {
    @Test func imageFromStraightRGBAReportsItsLayoutAndPremultipliesForDrawing() throws {
        let image = makeImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 255, 0, 128])
        #expect(image.width == 2 && image.height == 1)
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32 && image.bytesPerRow == 8)
        #expect(image.alphaInfo == .last)
        #expect(image.dataProvider?.data == Data([255, 0, 0, 255, 0, 255, 0, 128]))
        #expect(image.pixels.pixel(x: 0, y: 0) == 0xFFFF_0000)
        // Green at alpha 128, premultiplied: 255·128/255 = 128.
        #expect(image.pixels.pixel(x: 1, y: 0) == 0x8000_8000)
    }

    @Test func everyByteOrderReadsTheSameColour() throws {
        let space = CGColorSpaceCreateDeviceRGB()
        let layouts: [(UInt32, [UInt8])] = [
            (CGImageAlphaInfo.premultipliedLast.rawValue, [10, 20, 30, 255]),
            (CGImageAlphaInfo.premultipliedFirst.rawValue, [255, 10, 20, 30]),
            (CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, [30, 20, 10, 255]),
            (CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, [255, 30, 20, 10]),
            (CGImageAlphaInfo.noneSkipLast.rawValue, [10, 20, 30, 0]),
        ]
        for (info, bytes) in layouts {
            let image = try #require(
                CGImage(
                    width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4, space: space,
                    bitmapInfo: CGBitmapInfo(rawValue: info), provider: CGDataProvider(data: Data(bytes))!,
                    decode: nil, shouldInterpolate: true, intent: .defaultIntent))
            #expect(image.pixels.pixel(x: 0, y: 0) == 0xFF0A_141E, "bitmap info \(info)")
        }
    }

    @Test func croppingUsesTopLeftPixelCoordinates() throws {
        let image = makeImage(width: 2, height: 2, rgba: [1, 0, 0, 255, 2, 0, 0, 255, 3, 0, 0, 255, 4, 0, 0, 255])
        let crop = try #require(image.cropping(to: CGRect(x: 1, y: 1, width: 5, height: 5)))
        #expect(crop.width == 1 && crop.height == 1)
        #expect(crop.dataProvider?.data == Data([4, 0, 0, 255]))
        #expect(image.cropping(to: CGRect(x: 10, y: 10, width: 1, height: 1)) == nil)
    }

    @Test func pngRoundTripKeepsEveryPixel() throws {
        var bytes: [UInt8] = []
        for i in 0..<16 { bytes += [UInt8(i * 16), UInt8(255 - i * 16), 7, 255] }
        let image = makeImage(width: 4, height: 4, rgba: bytes)
        let png = try #require(image.pngData())
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let decoded = try #require(
            CGImage(pngDataProviderSource: CGDataProvider(data: png)!, decode: nil, shouldInterpolate: true,
                    intent: .defaultIntent))
        #expect(decoded.width == 4 && decoded.height == 4)
        #expect(Array(decoded.pixels.words) == Array(image.pixels.words))
        #expect(decoded.alphaInfo == .noneSkipFirst)
    }

    @Test func pngRoundTripOfTranslucentPixelsIsWithinOneLevel() throws {
        let image = makeImage(width: 2, height: 1, rgba: [200, 100, 50, 100, 0, 0, 255, 1])
        let decoded = try #require(
            CGImage(pngDataProviderSource: CGDataProvider(data: image.pngData()!)!, decode: nil,
                    shouldInterpolate: true, intent: .defaultIntent))
        for x in 0..<2 {
            let a = image.pixels.pixel(x: x, y: 0)
            let b = decoded.pixels.pixel(x: x, y: 0)
            for shift in stride(from: 0, through: 24, by: 8) {
                #expect(abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)) <= 1)
            }
        }
    }

    @Test func jpegDecodingReturnsTheEncodedColourWithinCompressionError() throws {
        var bytes: [UInt8] = []
        for _ in 0..<(16 * 16) { bytes += [200, 40, 90, 255] }
        let jpeg = try #require(makeImage(width: 16, height: 16, rgba: bytes).jpegData(quality: 0.95))
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        let decoded = try #require(
            CGImage(jpegDataProviderSource: CGDataProvider(data: jpeg)!, decode: nil, shouldInterpolate: true,
                    intent: .defaultIntent))
        #expect(decoded.width == 16 && decoded.height == 16 && decoded.alphaInfo == .noneSkipFirst)
        let p = decoded.pixels.pixel(x: 8, y: 8)
        // JPEG is lossy: allow 4 levels a channel at quality 95 for a flat colour.
        #expect(abs(Int((p >> 16) & 0xFF) - 200) <= 4 && abs(Int((p >> 8) & 0xFF) - 40) <= 4)
        #expect(abs(Int(p & 0xFF) - 90) <= 4 && p >> 24 == 255)
    }

    @Test func malformedPNGAndJPEGBytesGiveNil() {
        // Bad input: truncated, random and empty bytes must give nil, never a crash.
        let png = makeImage(width: 2, height: 2, rgba: [UInt8](repeating: 128, count: 16)).pngData()!
        let truncated = png.prefix(png.count / 2)
        for bytes in [Data(), Data([1, 2, 3]), Data(truncated), Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0])] {
            let provider = CGDataProvider(data: bytes)!
            #expect(CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
            #expect(CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
        }
        #expect(CGImage.load(contentsOf: URL(fileURLWithPath: "/nonexistent/strata.png")) == nil)
    }

    @Test func unsupportedLayoutsAndShortDataGiveNil() {
        let space = CGColorSpaceCreateDeviceRGB()
        let provider = CGDataProvider(data: Data(count: 64))!
        func image(_ w: Int, _ h: Int, bpc: Int = 8, bpp: Int = 32, row: Int = 16, info: UInt32 = 1) -> CGImage? {
            CGImage(width: w, height: h, bitsPerComponent: bpc, bitsPerPixel: bpp, bytesPerRow: row, space: space,
                    bitmapInfo: CGBitmapInfo(rawValue: info), provider: provider, decode: nil,
                    shouldInterpolate: true, intent: .defaultIntent)
        }
        #expect(image(4, 4) != nil)
        #expect(image(4, 4, bpc: 16, bpp: 64, row: 32) == nil)  // 16-bit components
        #expect(image(4, 4, info: 1 | CGBitmapInfo.floatComponents.rawValue) == nil)
        #expect(image(0, 4) == nil)  // zero width
        #expect(image(4, 5) == nil)  // 80 bytes needed, 64 given
        #expect(image(4, 4, row: 8) == nil)  // row too short
        #expect(CGDataProvider(url: URL(fileURLWithPath: "/nonexistent")) == nil)
    }
}
