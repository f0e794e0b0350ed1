import CoreGraphics
import Foundation

/// Encodes a destination's images in its format, with the properties each format stores.
enum ImageEncoding {
    typealias Entry = (image: CGImage, properties: [String: Any])

    /// `xmp`: the first image's XMP metadata, for the formats that store metadata while encoding (HEIF).
    static func encode(
        _ images: [Entry], fileProperties: [String: Any], as format: ImageFormat, xmp: CGImageMetadata? = nil
    ) -> Result<Data, ImageDestinationFailure> {
        guard let first = images.first else { return .failure(.noImages) }
        let maxSide = { (p: [String: Any]) in
            Thumbnail.number(p[kCGImageDestinationImageMaxPixelSize] ?? fileProperties[kCGImageDestinationImageMaxPixelSize])
        }
        let images = images.map { entry -> (CGImage, [String: Any]) in
            var image = entry.image.opaqueAlphaFixed
            if let side = maxSide(entry.properties), side.isFinite, side >= 1 {
                image = Thumbnail.scaled(image, maxSide: Int(min(side, 1e6))) ?? image
            }
            return (image, entry.properties)
        }
        // Held to 0…1; NaN is no quality given (each encoder's default).
        let quality = (Thumbnail.number(first.properties[kCGImageDestinationLossyCompressionQuality])
            ?? Thumbnail.number(fileProperties[kCGImageDestinationLossyCompressionQuality]))
            .flatMap { $0.isNaN ? nil : Swift.min(Swift.max($0, 0), 1) }
        switch format {
        case .png:
            guard var bytes = images[0].0.pngData() else { return .failure(.encoder("PNG encoding failed")) }
            if let dpi = dpi(images[0].1) { bytes = PNGChunks.insertingResolution(bytes, dpi: dpi) }
            return .success(PNGText.inserting(images[0].1, into: bytes))
        case .jpeg:
            let background = (first.properties[kCGImageDestinationBackgroundColor] ?? fileProperties[kCGImageDestinationBackgroundColor])
            let flat = flattened(images[0].0, over: background.flatMap { $0 as? CGColor })
            guard var bytes = flat.jpegData(quality: CGFloat(min(max(quality ?? 0.9, 0), 1))) else {
                return .failure(.encoder("JPEG encoding failed"))
            }
            bytes = JPEGSegments.withMetadata(bytes, dpi: dpi(images[0].1), orientation: images[0].1[kCGImagePropertyOrientation] as? Int)
            return .success(bytes)
        #if GIF
        case .gif:
            let frames = images.map { GIFEncoder.Frame(image: $0.0, delay: delay($0.1, kCGImagePropertyGIFDictionary)) }
            let loop = (fileProperties[kCGImagePropertyGIFDictionary] as? [String: Any])?[kCGImagePropertyGIFLoopCount]
            return GIFEncoder.encode(frames, loopCount: Thumbnail.number(loop).map { Int(clamping: $0, to: 0...65535, nan: 0) })
        #endif
        #if WebP
        case .webp:
            if images.count == 1 {
                let lossy = quality.map { $0 < 1 } ?? false
                guard let bytes = images[0].0.webpData(quality: lossy ? CGFloat((quality ?? 1) * 100) : nil) else {
                    return .failure(.encoder("WebP encoding failed (sides are at most 16383 pixels)"))
                }
                return .success(bytes)
            }
            let loop = Thumbnail.number((fileProperties[kCGImagePropertyWebPDictionary] as? [String: Any])?[kCGImagePropertyWebPLoopCount]) ?? 0
            let frames = images.map { ($0.0, delay($0.1, kCGImagePropertyWebPDictionary)) }
            guard let bytes = WebPFile.encodeAnimated(frames, quality: quality, loopCount: Int(clamping: loop, to: 0...65535, nan: 0)) else {
                return .failure(.encoder("animated WebP encoding failed"))
            }
            return .success(bytes)
        #endif
        #if TIFF
        case .tiff:
            let pages = images.map { ($0.0, $0.1[kCGImagePropertyOrientation] as? Int, dpi($0.1)) }
            guard let bytes = TIFFCodec.encode(pages) else { return .failure(.encoder("TIFF encoding failed")) }
            return .success(bytes)
        #endif
        #if HEIF
        case .heic, .avif:
            let metadata = MetadataProperties.heifItems(first.properties, xmp: xmp)
            return HEIFFile.encode(images.map(\.0), quality: quality, avif: format == .avif, metadata: metadata)
        #endif
        #if !(GIF && WebP && TIFF && HEIF)
        default:
            return .failure(.encoder(format.unavailableReason))
        #endif
        }
    }

    /// A frame's delay (seconds) from its format's dictionary (or the GIF one), 0.1 when absent.
    static func delay(_ properties: [String: Any], _ dictionary: String) -> Double {
        for key in [dictionary, kCGImagePropertyGIFDictionary] {
            guard let d = properties[key] as? [String: Any] else { continue }
            if let v = Thumbnail.number(d[kCGImagePropertyGIFUnclampedDelayTime] ?? d[kCGImagePropertyGIFDelayTime]), v.isFinite {
                return max(0, v)
            }
        }
        return 0.1
    }

    /// Dots an inch across and down, when the properties give both.
    static func dpi(_ properties: [String: Any]) -> (Double, Double)? {
        guard let x = Thumbnail.number(properties[kCGImagePropertyDPIWidth]), let y = Thumbnail.number(properties[kCGImagePropertyDPIHeight]),
            x > 0, y > 0, x.isFinite, y.isFinite
        else { return nil }
        return (x, y)
    }

    /// The image over `color` (white when nil) where it is not opaque: JPEG has no alpha.
    static func flattened(_ image: CGImage, over color: CGColor?) -> CGImage {
        guard image.alphaInfo != .noneSkipFirst, image.alphaInfo != .none,
            let context = CGContext(
                data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return image }
        let rect = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        context.setFillColor(color ?? CGColor(gray: 1, alpha: 1))
        context.fill(rect)
        context.draw(image, in: rect)
        return context.makeImage() ?? image
    }
}

extension CGImage {
    /// The image with every pixel's alpha 255 when its format says it has none (the padding
    /// byte of an opaque image may hold anything).
    var opaqueAlphaFixed: CGImage {
        guard alphaInfo == .noneSkipFirst || alphaInfo == .noneSkipLast || alphaInfo == .none else { return self }
        let source = pixels
        let buffer = PixelBuffer(width: width, height: height) { words in
            for y in 0..<source.height {
                for x in 0..<source.width { words[y * source.width + x] = source.pixel(x: x, y: y) | 0xFF00_0000 }
            }
        }
        return CGImage(pixels: buffer, opaque: true)
    }
}
