import CoreGraphics
import Testing

@Suite struct CGContextCreationTests {
    @Test func rgbaContextsStoreBytesInTheDeclaredOrder() throws {
        let cases: [(UInt32, [UInt8])] = [
            (CGImageAlphaInfo.premultipliedLast.rawValue, [255, 128, 0, 255]),  // R G B A
            (CGImageAlphaInfo.premultipliedFirst.rawValue, [255, 255, 128, 0]),  // A R G B
            (CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, [0, 128, 255, 255]),
            (CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, [255, 0, 128, 255]),
            (CGImageAlphaInfo.noneSkipLast.rawValue, [255, 128, 0, 255]),
            (CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, [0, 128, 255, 255]),
        ]
        for (info, expected) in cases {
            let ctx = try #require(
                CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
            ctx.setFillColor(red: 1, green: 128.0 / 255.0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            let p = ctx.data!.assumingMemoryBound(to: UInt8.self)
            #expect(Array(UnsafeBufferPointer(start: p, count: 4)) == expected, "bitmap info \(info)")
        }
    }

    @Test func premultipliedAlphaIsStoredPremultiplied() {
        let ctx = makeRGBAContext(width: 4, height: 4)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(ctx.pixel(x: 1, y: 1).isClose(to: Pixel(r: 128, g: 0, b: 0, a: 128)))
    }

    @Test func callerMemoryIsTheBackingStoreInBothDirections() {
        var bytes = [UInt8](repeating: 0, count: 4 * 4 * 4)
        bytes.withUnsafeMutableBytes { raw in
            let ctx = CGContext(data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            // Written by the caller between drawing calls; a later draw elsewhere must keep it.
            raw[0] = 0; raw[1] = 0; raw[2] = 255; raw[3] = 255
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 3, y: 0, width: 1, height: 1))
        }
        #expect(Array(bytes[0..<4]) == [0, 0, 255, 255])
        #expect(Array(bytes[(3 * 16 + 12)..<(3 * 16 + 16)]) == [255, 0, 0, 255])
    }

    @Test func alphaOnlyContextsStoreCoverage() throws {
        let ctx = try #require(
            CGContext(data: nil, width: 6, height: 3, bitsPerComponent: 8, bytesPerRow: 6, space: nil,
                      bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
        ctx.setFillColor(red: 0.3, green: 0.3, blue: 0.3, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self)
        #expect(abs(Int(p[0]) - 128) <= 1)
        #expect(p[5] == 0)
        #expect(ctx.colorSpace == nil && ctx.bitsPerPixel == 8)
    }

    @Test func grayContextsStoreLuma() throws {
        let ctx = try #require(
            CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 2,
                      space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
        ctx.setFillColor(gray: 0.5, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(abs(Int(ctx.data!.load(as: UInt8.self)) - 128) <= 1)
    }

    @Test func unsupportedFormatsAndSizesGiveNil() {
        // Bad input: straight alpha, 16-bit components, zero and huge sizes, short rows.
        let rgb = CGColorSpaceCreateDeviceRGB()
        func ctx(_ w: Int, _ h: Int, bpc: Int = 8, row: Int = 0, info: UInt32 = 1) -> CGContext? {
            CGContext(data: nil, width: w, height: h, bitsPerComponent: bpc, bytesPerRow: row, space: rgb, bitmapInfo: info)
        }
        #expect(ctx(4, 4) != nil)
        #expect(ctx(4, 4, info: CGImageAlphaInfo.last.rawValue) == nil)
        #expect(ctx(4, 4, info: CGImageAlphaInfo.first.rawValue) == nil)
        #expect(ctx(4, 4, bpc: 16) == nil)
        #expect(ctx(0, 4) == nil)
        #expect(ctx(4, -1) == nil)
        #expect(ctx(40_000, 40_000) == nil)
        #expect(ctx(4, 4, row: 8) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: nil,
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
    }

    @Test func makeImageCopiesThePixelsInTheContextLayout() throws {
        let ctx = makeRGBAContext(width: 3, height: 2)
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 1, width: 3, height: 1))
        let image = try #require(ctx.makeImage())
        #expect(image.width == 3 && image.height == 2 && image.alphaInfo == .premultipliedLast)
        // The top row (y 1..2 in CG space) is blue; the bottom row is clear.
        #expect(image.dataProvider?.data?.prefix(4) == Data([0, 0, 255, 255]))
        #expect(image.dataProvider?.data?.suffix(4) == Data([0, 0, 0, 0]))
        ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        #expect(image.dataProvider?.data?.suffix(4) == Data([0, 0, 0, 0]), "the image is a copy")
    }
}
