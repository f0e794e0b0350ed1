import CoreGraphics
import QuartzCore
import StrataCompositor
import Testing

/// Issue 44: layers drawn at an iOS device's scale (2 or 3 pixels a point) are as crisp as at 1,
/// as iOS draws them (references recorded on iOS showed soft borders and translucent last
/// columns at 3×: the raster was made at the 3.36 quarter-octave bucket and resampled).
@Suite("Rendering at device scales")
struct DeviceScaleRenderingTests {
    /// The layer drawn by `render(in:)` into a y-down context at `scale`; pixels as premultiplied
    /// ARGB words, rows from the top.
    func draw(_ layer: CALayer, scale: CGFloat) throws -> (width: Int, pixel: (Int, Int) -> UInt32) {
        let w = Int(layer.bounds.width * scale), h = Int(layer.bounds.height * scale)
        let context = try #require(CGContext(
            data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        context.translateBy(x: 0, y: CGFloat(h))
        context.scaleBy(x: scale, y: -scale)
        layer.render(in: context)
        let words = try #require(context.data).assumingMemoryBound(to: UInt32.self)
        return (w, { x, y in words[y * w + x] })
    }

    /// A white 40×20 layer with a 4-point black border: at 1, 2 and 3 pixels a point the first
    /// and last 4 × scale columns are black and the rest white, with nothing between.
    @Test func aBorderIsCrispAtEveryDeviceScale() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.borderWidth = 4
        layer.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        for scale in [1, 2, 3] {
            let picture = try draw(layer, scale: CGFloat(scale))
            let row = 10 * scale, border = 4 * scale
            for x in 0..<picture.width {
                let inBorder = x < border || x >= picture.width - border
                let expected: UInt32 = inBorder ? 0xFF00_0000 : 0xFFFF_FFFF
                #expect(picture.pixel(x, row) == expected, "@\(scale)x column \(x): \(String(picture.pixel(x, row), radix: 16))")
            }
        }
    }

    /// A red→yellow gradient layer at 3×: every pixel of its last row and column is opaque.
    @Test func aGradientLayersEdgesAreOpaqueAtThreeTimes() throws {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1)]
        let picture = try draw(gradient, scale: 3)
        for i in 0..<30 {
            #expect(picture.pixel(29, i) >> 24 == 255, "last column, row \(i)")
            #expect(picture.pixel(i, 29) >> 24 == 255, "last row, column \(i)")
        }
    }

    /// Whole stretches are their own raster scales; others keep their quarter-octave bucket.
    @Test func wholeStretchesAreTheirOwnRasterScales() {
        let box = CGRect(x: 0, y: 0, width: 40, height: 20)
        for whole in [1.0, 2, 3, 5] {
            #expect(Compositor.rasterScale(stretch: whole, extent: box) == whole)
        }
        #expect(abs(Compositor.rasterScale(stretch: 2.9, extent: box) - pow(2, 1.75)) < 1e-12, "2.9: the 3.36 bucket")
        #expect(abs(Compositor.rasterScale(stretch: 1.1, extent: box) - pow(2, 0.25)) < 1e-12, "1.1: the 1.19 bucket")
    }
}
