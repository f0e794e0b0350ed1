import CoreGraphics
import Foundation
import FuzzSupport
import ImageIO

// libFuzzer target: PNG, JPEG and WebP (still and animated) decoding, then drawing what decoded; and the
// same bytes through ImageIO's CGImageSource (PNG, JPEG, GIF, WebP, TIFF: every frame, its properties, a
// thumbnail, its Exif/IPTC/XMP metadata; also fed incrementally; the bytes as an XMP packet).
// Any bytes must give nil or an image that draws; never a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func imageFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let provider = CGDataProvider(data: bytes as CFData) else { return 0 }
    let decoded = [
        CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent),
        CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent),
        CGImage.webp(bytes),
    ]
    var images = decoded.compactMap { $0 }
    // The bytes as an XMP packet too (exiv2's and Adobe's XMP parsers).
    if let metadata = CGImageMetadataCreateFromXMPData(bytes as CFData) {
        _ = CGImageMetadataCopyStringValueWithPath(metadata, nil, "dc:subject[0]" as CFString)
        _ = CGImageMetadataCreateXMPData(metadata, nil)
    }
    if let source = CGImageSourceCreateWithData(bytes as CFData, nil) {
        _ = CGImageSourceGetStatus(source)
        _ = CGImageSourceCopyProperties(source, nil)
        for i in 0..<min(CGImageSourceGetCount(source), 8) {
            _ = CGImageSourceCopyPropertiesAtIndex(source, i, nil)
            if let image = CGImageSourceCreateImageAtIndex(source, i, nil) { images.append(image) }
        }
        let options = [
            kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceThumbnailMaxPixelSize: 24,
            kCGImageSourceCreateThumbnailWithTransform: true,
        ] as CFDictionary
        if let thumbnail = CGImageSourceCreateThumbnailAtIndex(source, 0, options) { images.append(thumbnail) }
        if let metadata = CGImageSourceCopyMetadataAtIndex(source, 0, nil) {
            CGImageMetadataEnumerateTagsUsingBlock(metadata, nil, [kCGImageMetadataEnumerateRecursively: true] as CFDictionary) { _, _ in true }
            if let packet = CGImageMetadataCreateXMPData(metadata, nil) { _ = CGImageMetadataCreateFromXMPData(packet) }
        }
        let incremental = CGImageSourceCreateIncremental(nil)
        CGImageSourceUpdateData(incremental, bytes.prefix(size / 2) as CFData, false)
        _ = CGImageSourceGetStatus(incremental)
        _ = CGImageSourceCreateImageAtIndex(incremental, 0, nil)
    }
    for image in images where image.width <= 4096 && image.height <= 4096 {
        guard let context = CGContext(
            data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { continue }
        context.draw(image, in: CGRect(x: 0, y: 0, width: 16, height: 16))
        _ = image.cropping(to: CGRect(x: 1, y: 1, width: 3, height: 3))
    }
    return 0
}

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main.
@_cdecl("strata_fuzz_image_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv) { imageFuzzer($0, $1) }
}
#else
@main
enum ImageFuzzerReplay {
    static func main() { FuzzDriver.replay(Array(CommandLine.arguments.dropFirst())) { imageFuzzer($0, $1) } }
}
#endif
