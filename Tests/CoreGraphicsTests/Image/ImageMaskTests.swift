import CoreGraphics
import Foundation
import Testing

/// Image masks (CGImageMaskCreate): 1-bit rows worked out by hand, drawn in the fill colour,
/// inverted by a decode array, and cutting another image.
@Suite("Image masks")
struct ImageMaskTests {
    /// 8×2, one bit a sample: row 0 0b10101010, row 1 0b00001111 (1 hides, 0 paints).
    static func mask(decode: [CGFloat]? = nil) -> CGImage? {
        let provider = CGDataProvider(data: Data([0xAA, 0x0F]) as CFData)!
        guard let decode else {
            return CGImage(maskWidth: 8, height: 2, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1, provider: provider, decode: nil, shouldInterpolate: false)
        }
        return decode.withUnsafeBufferPointer {
            CGImage(maskWidth: 8, height: 2, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1, provider: provider, decode: $0.baseAddress, shouldInterpolate: false)
        }
    }

    static func painted(_ mask: CGImage) -> [[Bool]] {
        let c = PDFContextTests.bitmap(8, 2)
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.interpolationQuality = .none
        c.draw(mask, in: CGRect(x: 0, y: 0, width: 8, height: 2))
        return (0..<2).map { y in (0..<8).map { x in PDFContextTests.pixel(c, x, y) == (255, 255, 0, 0) } }
    }

    @Test func aMaskPaintsTheFillColourWhereItsSamplesAreZero() throws {
        let mask = try #require(Self.mask())
        #expect(mask.isMask && mask.width == 8 && mask.height == 2)
        let rows = Self.painted(mask)
        #expect(rows[0] == [false, true, false, true, false, true, false, true], "row 0: \(rows[0])")
        #expect(rows[1] == [true, true, true, true, false, false, false, false], "row 1: \(rows[1])")
        let inverted = Self.painted(try #require(Self.mask(decode: [1, 0])))
        #expect(inverted[0] == rows[0].map { !$0 } && inverted[1] == rows[1].map { !$0 }, "decode [1, 0] inverts")
    }

    @Test func aMaskCutsAnImage() throws {
        let blue = PDFContextTests.bitmap(8, 2)
        blue.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        blue.fill(CGRect(x: 0, y: 0, width: 8, height: 2))
        let image = try #require(blue.makeImage()), stencil = try #require(Self.mask())
        let cut = try #require(image.masking(stencil))
        let words = cut.pixels.words
        #expect(words[0] >> 24 == 0 && words[1] >> 24 == 255 && words[8] >> 24 == 255 && words[12] >> 24 == 0)
        #expect(Self.mask(decode: nil) != nil)
        let provider = CGDataProvider(data: Data([0xAA]) as CFData)!
        #expect(CGImage(maskWidth: 8, height: 2, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1, provider: provider, decode: nil, shouldInterpolate: false) == nil, "one byte for two rows")
        #expect(CGImage(maskWidth: 8, height: 2, bitsPerComponent: 3, bitsPerPixel: 3, bytesPerRow: 3, provider: provider, decode: nil, shouldInterpolate: false) == nil, "3 bits a sample")
    }
}
