import CoreGraphics
import Foundation
import ImageIO

/// Test pictures and byte helpers.
enum Pictures {
    static func context(_ width: Int, _ height: Int) -> CGContext {
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// A `width`×`height` picture: four coloured quadrants (red top left, green top right, blue
    /// bottom left, half-transparent white bottom right when `alpha`, else yellow).
    static func quadrants(_ width: Int = 64, _ height: Int = 48, alpha: Bool = true) -> CGImage {
        let c = context(width, height)
        let w = CGFloat(width) / 2, h = CGFloat(height) / 2
        // Core Graphics' y goes up: the top of the picture is at y = height.
        let parts: [(CGRect, CGColor)] = [
            (CGRect(x: 0, y: h, width: w, height: h), CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
            (CGRect(x: w, y: h, width: w, height: h), CGColor(red: 0, green: 1, blue: 0, alpha: 1)),
            (CGRect(x: 0, y: 0, width: w, height: h), CGColor(red: 0, green: 0, blue: 1, alpha: 1)),
            (CGRect(x: w, y: 0, width: w, height: h), alpha ? CGColor(red: 1, green: 1, blue: 1, alpha: 0.5) : CGColor(red: 1, green: 1, blue: 0, alpha: 1)),
        ]
        for (rect, color) in parts {
            c.setFillColor(color)
            c.fill(rect)
        }
        return c.makeImage()!
    }

    /// A solid picture.
    static func solid(_ width: Int, _ height: Int, _ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGImage {
        let c = context(width, height)
        c.setFillColor(CGColor(red: r, green: g, blue: b, alpha: a))
        c.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return c.makeImage()!
    }

    /// Premultiplied (a, r, g, b) at column x, row y (row 0 at the top).
    static func argb(_ image: CGImage, _ x: Int, _ y: Int) -> (a: Int, r: Int, g: Int, b: Int) {
        let p = image.pixels.pixel(x: x, y: y)
        return (Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF))
    }

    /// The largest channel difference between two images of the same size (nil when sizes differ).
    static func maxDifference(_ a: CGImage, _ b: CGImage) -> Int? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixels.pixel(x: x, y: y), q = b.pixels.pixel(x: x, y: y)
                for shift in stride(from: UInt32(0), to: 32, by: 8) {
                    worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
                }
            }
        }
        return worst
    }

    /// Writes `images` (with per-image properties) as `type` into memory.
    static func encode(_ images: [(CGImage, [String: Any])], type: String, file: [String: Any]? = nil) -> Data? {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, type as CFString, images.count, nil) else { return nil }
        if let file { CGImageDestinationSetProperties(destination, file as CFDictionary) }
        for (image, properties) in images { CGImageDestinationAddImage(destination, image, properties as CFDictionary) }
        guard CGImageDestinationFinalize(destination) else { return nil }
        return data as Data
    }

    /// Image `index` of `data` through a source (nil when there is none).
    static func decode(_ data: Data?, _ index: Int = 0) -> CGImage? {
        guard let data, let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
        return CGImageSourceCreateImageAtIndex(source, index, nil)
    }

    /// Image `index`'s properties of `data`.
    static func properties(_ data: Data?, _ index: Int = 0) -> [AnyHashable: Any]? {
        guard let data, let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
        return CGImageSourceCopyPropertiesAtIndex(source, index, nil)
    }
}
