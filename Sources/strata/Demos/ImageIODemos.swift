import Foundation
import ImageIO
import QuartzCore
import StrataExport

// ImageIO as an iOS app uses it: an animated GIF written with CGImageDestination, read back with
// CGImageSource, and played in a layer's contents frame by frame.

extension Demo {
    static let imageIODemos: [Demo] = [animatedGIF, photoMetadata]

    /// A photo stored sideways with orientation 6, its Exif, GPS, IPTC and XMP written by a
    /// destination; read back, turned upright by a thumbnail with its transform, and shown with
    /// what was read.
    static let photoMetadata = Demo(
        name: "photo-metadata",
        summary: "ImageIO: a photo's Exif, GPS, IPTC and XMP written and read back, the picture turned upright by its orientation",
        kind: .still { photoMetadataPicture() })

    /// Twelve frames of a ball bouncing over a shadow, written as a GIF (each frame its own delay,
    /// looping), then read back and played as a discrete `contents` keyframe animation whose key
    /// times come from the frames' delays.
    static let animatedGIF = animation(
        "animated-gif", "ImageIO: a GIF written by CGImageDestination, read by CGImageSource, played in a layer's contents",
        size: CGSize(width: 240, height: 200), duration: 2.4
    ) { _ in
        let root = whiteRoot(CGSize(width: 240, height: 200))
        guard let gif = makeBouncingBallGIF(), let source = CGImageSourceCreateWithData(gif as CFData, nil) else { return root }
        var frames: [CGImage] = []
        var delays: [Double] = []
        for i in 0..<CGImageSourceGetCount(source) {
            guard let frame = CGImageSourceCreateImageAtIndex(source, i, nil) else { continue }
            let properties = CGImageSourceCopyPropertiesAtIndex(source, i, nil)
            let gifProperties = properties?[kCGImagePropertyGIFDictionary] as? [String: Any]
            frames.append(frame)
            delays.append(gifProperties?[kCGImagePropertyGIFDelayTime] as? Double ?? 0.1)
        }
        let layer = CALayer()
        layer.frame = CGRect(x: 40, y: 20, width: 160, height: 160)
        layer.contents = frames.first
        layer.magnificationFilter = .nearest
        let total = delays.reduce(0, +)
        guard frames.count > 1, total > 0 else { return root }
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = frames
        animation.calculationMode = .discrete
        var start = 0.0
        animation.keyTimes = delays.map { d in
            defer { start += d }
            return NSNumber(value: start / total)
        }
        animation.duration = total
        animation.repeatCount = .infinity
        layer.add(animation, forKey: "gif")
        root.addSublayer(layer)
        return root
    }
}

/// A looping 80×80 GIF of a ball bouncing (slower at the top: longer delays there).
private func makeBouncingBallGIF() -> Data? {
    let count = 12
    let data = NSMutableData()
    guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, "com.compuserve.gif" as CFString, count, nil)
    else { return nil }
    CGImageDestinationSetProperties(destination, [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFLoopCount: 0]] as CFDictionary)
    for i in 0..<count {
        let phase = Double(i) / Double(count)
        let height = sin(phase * .pi)  // 0 on the ground, 1 at the top
        guard let context = CGContext(
            data: nil, width: 80, height: 80, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        context.setFillColor(CGColor(red: 0.93, green: 0.95, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 80, height: 80))
        let shadow = 18 - 8 * height
        context.setFillColor(CGColor(gray: 0.6, alpha: 1))
        context.fillEllipse(in: CGRect(x: 40 - shadow, y: 6, width: 2 * shadow, height: 6))
        context.setFillColor(CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1))
        context.fillEllipse(in: CGRect(x: 28, y: 10 + 44 * height, width: 24, height: 24))
        guard let frame = context.makeImage() else { return nil }
        let delay = 0.06 + 0.14 * height * height
        CGImageDestinationAddImage(destination, frame, [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFDelayTime: delay]] as CFDictionary)
    }
    return CGImageDestinationFinalize(destination) ? data as Data : nil
}

/// The photo-metadata demo's picture: the file as stored, upright, and its metadata as read.
private func photoMetadataPicture() -> CGImage? {
    guard let jpeg = makeSidewaysPhoto(), let source = CGImageSourceCreateWithData(jpeg as CFData, nil),
        let stored = CGImageSourceCreateImageAtIndex(source, 0, nil),
        let upright = CGImageSourceCreateThumbnailAtIndex(source, 0, [
            kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceThumbnailMaxPixelSize: 160,
        ] as CFDictionary)
    else { return nil }
    let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any] ?? [:]
    func dictionary(_ key: CFString) -> [String: Any] { properties[key as String] as? [String: Any] ?? [:] }
    let exif = dictionary(kCGImagePropertyExifDictionary), gps = dictionary(kCGImagePropertyGPSDictionary)
    let tiff = dictionary(kCGImagePropertyTIFFDictionary), iptc = dictionary(kCGImagePropertyIPTCDictionary)
    let xmp = CGImageSourceCopyMetadataAtIndex(source, 0, nil)
    let exposure = (exif[kCGImagePropertyExifExposureTime as String] as? Double).map { "1/\(Int((1 / $0).rounded())) s" } ?? "?"
    let lines = [
        "read back from the JPEG:",
        "camera: \(tiff[kCGImagePropertyTIFFMake as String] ?? "?") \(tiff[kCGImagePropertyTIFFModel as String] ?? "")",
        "f/\(exif[kCGImagePropertyExifFNumber as String] ?? "?"), \(exposure), ISO \((exif[kCGImagePropertyExifISOSpeedRatings as String] as? [Int])?.first ?? 0)",
        String(format: "GPS %.5f° %@, %.5f° %@", gps[kCGImagePropertyGPSLatitude as String] as? Double ?? 0,
               gps[kCGImagePropertyGPSLatitudeRef as String] as? String ?? "?", gps[kCGImagePropertyGPSLongitude as String] as? Double ?? 0,
               gps[kCGImagePropertyGPSLongitudeRef as String] as? String ?? "?"),
        "keywords (IPTC): \((iptc[kCGImagePropertyIPTCKeywords as String] as? [String])?.joined(separator: ", ") ?? "?")",
        "title (XMP dc:title[fr]): \(xmp.flatMap { CGImageMetadataCopyStringValueWithPath($0, nil, "dc:title[fr]" as CFString) } ?? "?")",
        "orientation: \(properties[kCGImagePropertyOrientation as String] ?? "?")",
    ]
    let size = CGSize(width: 560, height: 240)
    let root = CALayer()
    root.frame = CGRect(origin: .zero, size: size)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    for (image, x, label) in [(stored, 20.0, "as stored"), (upright, 150.0, "upright")] {
        let layer = CALayer()
        layer.frame = CGRect(x: x, y: 40, width: CGFloat(image.width), height: CGFloat(image.height))
        layer.contents = image
        root.addSublayer(layer)
        root.addSublayer(textLayer(label, frame: CGRect(x: x, y: 14, width: 120, height: 20), size: 13))
    }
    root.addSublayer(textLayer(lines.joined(separator: "\n"), frame: CGRect(x: 290, y: 40, width: 260, height: 180), size: 12))
    guard let context = CGContext(
        data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    else { return nil }
    // Layers have their origin at the top left; Core Graphics at the bottom left.
    context.translateBy(x: 0, y: size.height)
    context.scaleBy(x: 1, y: -1)
    root.render(in: context)
    return context.makeImage()
}

private func textLayer(_ text: String, frame: CGRect, size: CGFloat) -> CATextLayer {
    let layer = CATextLayer()
    layer.frame = frame
    layer.string = text
    layer.fontSize = size
    layer.font = "DejaVu Sans" as CFTypeRef
    layer.foregroundColor = CGColor(gray: 0.15, alpha: 1)
    layer.isWrapped = true
    return layer
}

/// A 120×80 landscape (sky, sun, hills) stored turned a quarter (80×120) with orientation 6, and a
/// photo's metadata: camera, exposure, GPS, IPTC keywords, an XMP title in two languages.
private func makeSidewaysPhoto() -> Data? {
    guard let context = CGContext(
        data: nil, width: 80, height: 120, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    else { return nil }
    // Orientation 6 shows the stored picture turned a quarter clockwise: the landscape's top is
    // stored on the left. Draw the landscape in its own coordinates (y up) through that turn.
    context.translateBy(x: 80, y: 0)
    context.rotate(by: .pi / 2)
    context.setFillColor(CGColor(red: 0.55, green: 0.75, blue: 0.95, alpha: 1))
    context.fill(CGRect(x: 0, y: 0, width: 120, height: 80))
    context.setFillColor(CGColor(red: 1, green: 0.85, blue: 0.3, alpha: 1))
    context.fillEllipse(in: CGRect(x: 80, y: 50, width: 20, height: 20))
    context.setFillColor(CGColor(red: 0.3, green: 0.6, blue: 0.3, alpha: 1))
    context.fillEllipse(in: CGRect(x: -30, y: -40, width: 110, height: 70))
    context.fillEllipse(in: CGRect(x: 50, y: -50, width: 110, height: 75))
    guard let image = context.makeImage() else { return nil }
    let properties: [String: Any] = [
        kCGImagePropertyOrientation as String: 6,
        kCGImagePropertyTIFFDictionary as String: [kCGImagePropertyTIFFMake as String: "Strata", kCGImagePropertyTIFFModel as String: "Demo Camera"],
        kCGImagePropertyExifDictionary as String: [
            kCGImagePropertyExifFNumber as String: 2.8, kCGImagePropertyExifExposureTime as String: 1.0 / 250,
            kCGImagePropertyExifISOSpeedRatings as String: [100], kCGImagePropertyExifDateTimeOriginal as String: "2026:11:29 09:30:00",
        ],
        kCGImagePropertyGPSDictionary as String: [
            kCGImagePropertyGPSLatitude as String: 45.832_62, kCGImagePropertyGPSLatitudeRef as String: "N",
            kCGImagePropertyGPSLongitude as String: 6.865_17, kCGImagePropertyGPSLongitudeRef as String: "E",
        ],
        kCGImagePropertyIPTCDictionary as String: [kCGImagePropertyIPTCKeywords as String: ["mountain", "sun", "demo"]],
    ]
    let xmp = CGImageMetadataCreateMutable()
    if let title = CGImageMetadataTagCreate(
        kCGImageMetadataNamespaceDublinCore, kCGImageMetadataPrefixDublinCore, "title" as CFString, .alternateText,
        ["x-default": "Morning hills", "fr": "Collines au matin"] as CFTypeRef) {
        _ = CGImageMetadataSetTagWithPath(xmp, nil, "dc:title" as CFString, title)
    }
    let data = NSMutableData()
    guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, "public.jpeg" as CFString, 1, nil) else { return nil }
    CGImageDestinationAddImageAndMetadata(destination, image, xmp, properties as CFDictionary)
    return CGImageDestinationFinalize(destination) ? data as Data : nil
}
