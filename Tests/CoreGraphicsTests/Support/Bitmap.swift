import CoreGraphics

/// One pixel's four bytes as stored, decoded to straight-free premultiplied RGBA values.
struct Pixel: Equatable, CustomStringConvertible {
    var r: Int
    var g: Int
    var b: Int
    var a: Int

    var description: String { "(\(r), \(g), \(b), \(a))" }

    /// True when every channel is within `tolerance` of `other`.
    func isClose(to other: Pixel, tolerance: Int = 1) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
            && abs(a - other.a) <= tolerance
    }

    static let clear = Pixel(r: 0, g: 0, b: 0, a: 0)
    static let red = Pixel(r: 255, g: 0, b: 0, a: 255)
    static let green = Pixel(r: 0, g: 255, b: 0, a: 255)
    static let blue = Pixel(r: 0, g: 0, b: 255, a: 255)
    static let black = Pixel(r: 0, g: 0, b: 0, a: 255)
    static let white = Pixel(r: 255, g: 255, b: 255, a: 255)
}

/// An RGBA (premultipliedLast, bytes R G B A) bitmap context, the layout most iOS code creates.
func makeRGBAContext(width: Int = 100, height: Int = 100) -> CGContext {
    CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
}

extension CGContext {
    /// The pixel at `x` and `y` in Core Graphics coordinates (y up from the bottom row), for RGBA contexts.
    func pixel(x: Int, y: Int) -> Pixel {
        pixel(column: x, row: height - 1 - y)
    }

    /// The pixel at a memory `row` (row 0 is the top of the image), for RGBA contexts.
    func pixel(column: Int, row: Int) -> Pixel {
        let p = data!.assumingMemoryBound(to: UInt8.self) + row * bytesPerRow + column * 4
        return Pixel(r: Int(p[0]), g: Int(p[1]), b: Int(p[2]), a: Int(p[3]))
    }

    /// The sum of alpha over the bitmap, in whole pixels (antialiased edges count partly).
    func coveredArea() -> Double {
        var total = 0
        for row in 0..<height {
            for column in 0..<width { total += pixel(column: column, row: row).a }
        }
        return Double(total) / 255
    }

    /// How many pixels have a non-zero alpha.
    func paintedPixelCount() -> Int {
        var count = 0
        for row in 0..<height {
            for column in 0..<width where pixel(column: column, row: row).a > 0 { count += 1 }
        }
        return count
    }
}

/// An RGBA image from straight (non-premultiplied) bytes, rows top first.
func makeImage(width: Int, height: Int, rgba: [UInt8]) -> CGImage {
    CGImage(
        width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
        provider: CGDataProvider(data: Data(rgba))!, decode: nil, shouldInterpolate: false, intent: .defaultIntent)!
}
