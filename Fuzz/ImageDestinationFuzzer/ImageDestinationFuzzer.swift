import CoreGraphics
import Foundation
import FuzzSupport
import ImageIO

// libFuzzer target: ImageIO destinations' options. The input chooses a format, one to four
// small images (sizes, pixels, alpha layouts) and the options and properties they are added
// with (quality, background colour, largest size, orientation, resolution, GIF/PNG/WebP delays
// and loop counts, file-level properties, Exif/GPS/TIFF/IPTC metadata) as any numbers (NaN, 1e300, negative…) or the wrong
// types; the file is finalised and read back. Any outcome but a crash, a hang or a blow-up is fine.

private let types = ["public.png", "public.jpeg", "com.compuserve.gif", "public.tiff", "org.webmproject.webp", "public.heic", "public.avif", "com.microsoft.bmp", "nonsense"]

private func value(_ reader: inout FuzzReader) -> Any {
    switch reader.byte() % 7 {
    case 0: return "text"
    case 1: return NSNumber(value: reader.int(-5...70000))
    case 2: return [reader.double()]
    default: return NSNumber(value: reader.double())
    }
}

private func image(_ reader: inout FuzzReader) -> CGImage? {
    let width = reader.int(1...48), height = reader.int(1...48)
    let info: UInt32 = reader.pick([
        CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue,
        CGImageAlphaInfo.premultipliedLast.rawValue, CGImageAlphaInfo.noneSkipLast.rawValue,
    ])
    guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
    else { return nil }
    for _ in 0..<reader.int(0...6) {
        context.setFillColor(CGColor(red: reader.double(), green: reader.double(), blue: reader.double(), alpha: reader.double()))
        context.fill(CGRect(x: reader.int(0...48), y: reader.int(0...48), width: reader.int(1...48), height: reader.int(1...48)))
    }
    return context.makeImage()
}

/// Exif, GPS, TIFF, IPTC and ExifAux properties of any value (metadata written through exiv2).
private let metadataKeys: [(CFString, [CFString])] = [
    (kCGImagePropertyExifDictionary, [kCGImagePropertyExifFNumber, kCGImagePropertyExifExposureTime, kCGImagePropertyExifISOSpeedRatings,
                                       kCGImagePropertyExifVersion, kCGImagePropertyExifUserComment, kCGImagePropertyExifDateTimeOriginal,
                                       kCGImagePropertyExifSubjectArea, kCGImagePropertyExifExposureBiasValue]),
    (kCGImagePropertyGPSDictionary, [kCGImagePropertyGPSLatitude, kCGImagePropertyGPSLatitudeRef, kCGImagePropertyGPSLongitude,
                                      kCGImagePropertyGPSTimeStamp, kCGImagePropertyGPSAltitude, kCGImagePropertyGPSVersion]),
    (kCGImagePropertyTIFFDictionary, [kCGImagePropertyTIFFMake, kCGImagePropertyTIFFDateTime, kCGImagePropertyTIFFOrientation]),
    (kCGImagePropertyIPTCDictionary, [kCGImagePropertyIPTCKeywords, kCGImagePropertyIPTCCaptionAbstract, kCGImagePropertyIPTCDateCreated]),
    (kCGImagePropertyExifAuxDictionary, [kCGImagePropertyExifAuxLensModel, kCGImagePropertyExifAuxLensInfo]),
]

private func metadataDictionaries(_ reader: inout FuzzReader) -> [String: Any] {
    var out: [String: Any] = [:]
    for (dictionary, keys) in metadataKeys where reader.bool() {
        var d: [String: Any] = [:]
        for key in keys where reader.bool() {
            switch reader.byte() % 4 {
            case 0: d[key as String] = String(repeating: "é9:/", count: reader.int(0...40))
            case 1: d[key as String] = (0..<reader.int(0...6)).map { _ in value(&reader) }
            default: d[key as String] = value(&reader)
            }
        }
        out[dictionary as String] = d
    }
    return out
}

private func properties(_ reader: inout FuzzReader) -> [String: Any] {
    var properties: [String: Any] = [:]
    let present = Int(reader.byte()) << 8 | Int(reader.byte())
    if present & 1 != 0 { properties[kCGImageDestinationLossyCompressionQuality as String] = value(&reader) }
    if present & 2 != 0 {
        properties[kCGImageDestinationBackgroundColor as String] =
            reader.bool() ? "white" : CGColor(red: reader.double(), green: reader.double(), blue: reader.double(), alpha: reader.double())
    }
    if present & 4 != 0 { properties[kCGImageDestinationImageMaxPixelSize as String] = value(&reader) }
    if present & 8 != 0 { properties[kCGImagePropertyOrientation as String] = value(&reader) }
    if present & 16 != 0 { properties[kCGImagePropertyDPIWidth as String] = value(&reader) }
    if present & 32 != 0 { properties[kCGImagePropertyDPIHeight as String] = value(&reader) }
    if present & 64 != 0 {
        properties[kCGImagePropertyGIFDictionary as String] = reader.bool() ? value(&reader) : [
            kCGImagePropertyGIFDelayTime as String: value(&reader), kCGImagePropertyGIFUnclampedDelayTime as String: value(&reader),
            kCGImagePropertyGIFLoopCount as String: value(&reader),
        ]
    }
    if present & 128 != 0 {
        properties[kCGImagePropertyPNGDictionary as String] = [
            kCGImagePropertyAPNGDelayTime as String: value(&reader), kCGImagePropertyAPNGLoopCount as String: value(&reader),
        ]
    }
    if present & 256 != 0 {
        properties[kCGImagePropertyWebPDictionary as String] = [
            kCGImagePropertyWebPDelayTime as String: value(&reader), kCGImagePropertyWebPLoopCount as String: value(&reader),
        ]
    }
    if present & 512 != 0 {
        properties[kCGImagePropertyTIFFDictionary as String] = [
            kCGImagePropertyTIFFOrientation as String: value(&reader), kCGImagePropertyTIFFXResolution as String: value(&reader),
        ]
    }
    if present & 1024 != 0 { properties[kCGImagePropertyHasAlpha as String] = value(&reader) }
    if present & 2048 != 0 { properties.merge(metadataDictionaries(&reader)) { _, b in b } }
    return properties
}

@_cdecl("LLVMFuzzerTestOneInput")
public func imageDestinationFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = FuzzReader(data, size)
    let type = reader.pick(types)
    let count = reader.int(0...4)
    let output = NSMutableData()
    guard let destination = CGImageDestinationCreateWithData(output as CFMutableData, type as CFString, reader.int(0...5), nil) else { return 0 }
    if reader.bool() { CGImageDestinationSetProperties(destination, properties(&reader) as CFDictionary) }
    for _ in 0..<count {
        guard let picture = image(&reader) else { continue }
        CGImageDestinationAddImage(destination, picture, reader.bool() ? nil : properties(&reader) as CFDictionary)
    }
    guard CGImageDestinationFinalize(destination), let source = CGImageSourceCreateWithData(output as CFData, nil) else { return 0 }
    _ = CGImageSourceCopyProperties(source, nil)
    for index in 0..<min(CGImageSourceGetCount(source), 4) {
        _ = CGImageSourceCopyPropertiesAtIndex(source, index, nil)
        _ = CGImageSourceCreateImageAtIndex(source, index, nil)
    }
    if let metadata = CGImageSourceCopyMetadataAtIndex(source, 0, nil) { _ = CGImageMetadataCreateXMPData(metadata, nil) }
    return 0
}

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main.
@_cdecl("strata_fuzz_destination_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv) { imageDestinationFuzzer($0, $1) }
}
#else
@main
enum ImageDestinationFuzzerReplay {
    static func main() { FuzzDriver.replay(Array(CommandLine.arguments.dropFirst())) { imageDestinationFuzzer($0, $1) } }
}
#endif
