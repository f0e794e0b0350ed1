import CoreGraphics
import Foundation

/// Thumbnails and upright images: EXIF orientations applied by moving pixels, sizes reduced by
/// Core Graphics' high-quality resampling.
enum Thumbnail {
    /// The image turned and mirrored so that it shows upright, from its EXIF orientation (1…8;
    /// 5…8 swap width and height).
    static func upright(_ image: CGImage, orientation: Int) -> CGImage {
        guard (2...8).contains(orientation) else { return image }
        let w = image.width, h = image.height
        let swaps = orientation >= 5
        let ow = swaps ? h : w, oh = swaps ? w : h
        let source = image.pixels
        let buffer = PixelBuffer(width: ow, height: oh) { words in
            for y in 0..<oh {
                for x in 0..<ow {
                    // Where the shown pixel (x, y) is stored.
                    let (sx, sy): (Int, Int)
                    switch orientation {
                    case 2: (sx, sy) = (w - 1 - x, y)
                    case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                    case 4: (sx, sy) = (x, h - 1 - y)
                    case 5: (sx, sy) = (y, x)
                    case 6: (sx, sy) = (y, h - 1 - x)
                    case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                    default: (sx, sy) = (w - 1 - y, x)
                    }
                    words[y * ow + x] = source.pixel(x: sx, y: sy)
                }
            }
        }
        return CGImage(pixels: buffer, opaque: image.alphaInfo == .noneSkipFirst)
    }

    /// `image` scaled down so that its longer side is at most `maxSide` pixels (never up).
    static func scaled(_ image: CGImage, maxSide: Int) -> CGImage? {
        let longer = max(image.width, image.height)
        guard maxSide > 0, longer > maxSide else { return image }
        let k = Double(maxSide) / Double(longer)
        let w = max(1, Int((Double(image.width) * k).rounded())), h = max(1, Int((Double(image.height) * k).rounded()))
        guard let context = CGContext(
            data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        context.interpolationQuality = .high
        context.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        return context.makeImage()
    }

    /// A number option (`Int`, `Double`, `NSNumber`, a numeric string).
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let v as Int: Double(v)
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as CGFloat: Double(v)
        case let v as NSNumber: v.doubleValue
        case let v as String: Double(v)
        default: nil
        }
    }

    static func flag(_ value: Any?) -> Bool {
        if let b = value as? Bool { return b }
        return (number(value) ?? 0) != 0
    }
}

/// A thumbnail of image `index`, made from the full image: only with
/// `kCGImageSourceCreateThumbnailFromImageAlways` or `…IfAbsent` (the files read here carry no
/// thumbnail of their own, and Apple's ImageIO gives none without them); at most
/// `kCGImageSourceThumbnailMaxPixelSize` on its longer side, turned upright with
/// `kCGImageSourceCreateThumbnailWithTransform`.
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    let options = options ?? [:]
    guard Thumbnail.flag(options[kCGImageSourceCreateThumbnailFromImageAlways])
        || Thumbnail.flag(options[kCGImageSourceCreateThumbnailFromImageIfAbsent]),
        let frame = isrc.frame(index)
    else { return nil }
    var image = frame.image
    if Thumbnail.flag(options[kCGImageSourceCreateThumbnailWithTransform]),
        let orientation = frame.properties[kCGImagePropertyOrientation] as? Int
    {
        image = Thumbnail.upright(image, orientation: orientation)
    }
    guard let side = Thumbnail.number(options[kCGImageSourceThumbnailMaxPixelSize]), side.isFinite, side >= 1 else { return image }
    return Thumbnail.scaled(image, maxSide: Int(min(side, 1e6)))
}
