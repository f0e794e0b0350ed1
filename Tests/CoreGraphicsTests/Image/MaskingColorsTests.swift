import CoreGraphics
import Foundation
import Testing

/// Colour-key masking (`copy(maskingColorComponents:)`) and bitmap contexts that give their memory back.
@Suite struct MaskingColorsTests {
    /// A 4×1 opaque RGB image: pure green, light green, red, and green with a little blue.
    private func strip() throws -> CGImage {
        let bytes: [UInt8] = [0, 255, 0, 255, 40, 220, 40, 255, 255, 0, 0, 255, 0, 250, 9, 255]
        let provider = try #require(CGDataProvider(data: Data(bytes) as CFData))
        return try #require(CGImage(
            width: 4, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue), provider: provider, decode: nil,
            shouldInterpolate: false, intent: .defaultIntent))
    }

    private func alphas(_ image: CGImage) -> [Int] {
        let context = makeRGBAContext(width: image.width, height: image.height)
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return (0..<image.width).map { context.pixel(column: $0, row: 0).a }
    }

    @Test func pixelsWithinEveryRangeBecomeTransparent() throws {
        let image = try strip()
        // Green screen: red 0…50, green 200…255, blue 0…10.
        let keyed = try #require(image.copy(maskingColorComponents: [0, 50, 200, 255, 0, 10]))
        #expect(alphas(keyed) == [0, 255, 255, 0], "pure green and the near-green within range go; light green (blue 40) and red stay")
        let none = try #require(image.copy(maskingColorComponents: [1, 1, 1, 1, 1, 1]))
        #expect(alphas(none) == [255, 255, 255, 255])
    }

    @Test func imagesWithAlphaAndWrongRangesAreRefused() throws {
        // Tried: too few values, a NaN, an image with alpha.
        let image = try strip()
        #expect(image.copy(maskingColorComponents: [0, 50, 200, 255]) == nil)
        #expect(image.copy(maskingColorComponents: [0, .nan, 200, 255, 0, 10]) == nil)
        let context = makeRGBAContext(width: 2, height: 2)
        let withAlpha = try #require(context.makeImage())
        #expect(withAlpha.copy(maskingColorComponents: [0, 50, 200, 255, 0, 10]) == nil)
    }

    @Test func aBitmapContextCallsItsReleaseCallbackOnceWhenItGoesAway() throws {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 16 * 16 * 4, alignment: 16)
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.pointee = 0
        defer { counter.deallocate() }
        let release: CGBitmapContextReleaseDataCallback = { info, data in
            info?.assumingMemoryBound(to: Int.self).pointee += 1
            data?.deallocate()
        }
        do {
            let context = try #require(CGContext(
                data: memory, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 64, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue, releaseCallback: release, releaseInfo: counter))
            context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
            #expect(memory.load(as: UInt8.self) == 255, "the context draws into the memory it was given")
            #expect(counter.pointee == 0, "not released while in use")
        }
        #expect(counter.pointee == 1, "released once when the context went away")
    }
}
