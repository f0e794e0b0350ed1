import CoreGraphics
import Foundation
import ImageIO
import Testing

/// ImageIO's public names as Apple's iOS 16.5 SDK spells them in Swift (CGImageSource.h,
/// CGImageDestination.h, CGImageProperties.h): each function bound to a variable of Apple's type,
/// so a missing name or a different signature fails to compile; each constant read as a string.
/// Counted: the names this issue asks for, all present.
@Suite("ImageIO: Apple's names and types")
struct ImageIOSymbolTests {
    @Test func sourceFunctionsHaveApplesSignatures() {
        let functions: [Any] = [
            CGImageSourceCreateWithData as (CFData, CFDictionary?) -> CGImageSource?,
            CGImageSourceCreateWithURL as (CFURL, CFDictionary?) -> CGImageSource?,
            CGImageSourceCreateWithDataProvider as (CGDataProvider, CFDictionary?) -> CGImageSource?,
            CGImageSourceCreateIncremental as (CFDictionary?) -> CGImageSource,
            CGImageSourceUpdateData as (CGImageSource, CFData, Bool) -> Void,
            CGImageSourceUpdateDataProvider as (CGImageSource, CGDataProvider, Bool) -> Void,
            CGImageSourceGetType as (CGImageSource) -> CFString?,
            CGImageSourceGetCount as (CGImageSource) -> Int,
            CGImageSourceGetPrimaryImageIndex as (CGImageSource) -> Int,
            CGImageSourceGetStatus as (CGImageSource) -> CGImageSourceStatus,
            CGImageSourceGetStatusAtIndex as (CGImageSource, Int) -> CGImageSourceStatus,
            CGImageSourceCopyProperties as (CGImageSource, CFDictionary?) -> CFDictionary?,
            CGImageSourceCopyPropertiesAtIndex as (CGImageSource, Int, CFDictionary?) -> CFDictionary?,
            CGImageSourceCreateImageAtIndex as (CGImageSource, Int, CFDictionary?) -> CGImage?,
            CGImageSourceCreateThumbnailAtIndex as (CGImageSource, Int, CFDictionary?) -> CGImage?,
            CGImageSourceCopyTypeIdentifiers as () -> CFArray,
            CGImageSourceGetTypeID as () -> CFTypeID,
        ]
        #expect(functions.count == 17)
        let statuses: [CGImageSourceStatus] = [
            .statusUnexpectedEOF, .statusInvalidData, .statusUnknownType, .statusReadingHeader, .statusIncomplete, .statusComplete,
        ]
        #expect(statuses.map(\.rawValue) == [-5, -4, -3, -2, -1, 0], "Apple's raw values")
    }

    @Test func destinationFunctionsHaveApplesSignatures() {
        let functions: [Any] = [
            CGImageDestinationCreateWithData as (CFMutableData, CFString, Int, CFDictionary?) -> CGImageDestination?,
            CGImageDestinationCreateWithURL as (CFURL, CFString, Int, CFDictionary?) -> CGImageDestination?,
            CGImageDestinationAddImage as (CGImageDestination, CGImage, CFDictionary?) -> Void,
            CGImageDestinationAddImageFromSource as (CGImageDestination, CGImageSource, Int, CFDictionary?) -> Void,
            CGImageDestinationSetProperties as (CGImageDestination, CFDictionary?) -> Void,
            CGImageDestinationFinalize as (CGImageDestination) -> Bool,
            CGImageDestinationCopyTypeIdentifiers as () -> CFArray,
            CGImageDestinationGetTypeID as () -> CFTypeID,
        ]
        #expect(functions.count == 8)
    }

    /// Property keys carry Apple's values (what an app reading a dictionary sees printed).
    @Test func propertyKeysHaveApplesValues() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyPixelWidth, "PixelWidth"), (kCGImagePropertyPixelHeight, "PixelHeight"),
            (kCGImagePropertyDPIWidth, "DPIWidth"), (kCGImagePropertyDPIHeight, "DPIHeight"), (kCGImagePropertyDepth, "Depth"),
            (kCGImagePropertyOrientation, "Orientation"), (kCGImagePropertyHasAlpha, "HasAlpha"),
            (kCGImagePropertyColorModel, "ColorModel"), (kCGImagePropertyFileSize, "FileSize"),
            (kCGImagePropertyGIFDictionary, "{GIF}"), (kCGImagePropertyGIFDelayTime, "DelayTime"),
            (kCGImagePropertyGIFUnclampedDelayTime, "UnclampedDelayTime"), (kCGImagePropertyGIFLoopCount, "LoopCount"),
            (kCGImagePropertyPNGDictionary, "{PNG}"), (kCGImagePropertyExifDictionary, "{Exif}"),
            (kCGImagePropertyTIFFDictionary, "{TIFF}"), (kCGImagePropertyJFIFDictionary, "{JFIF}"),
            (kCGImagePropertyWebPDictionary, "{WebP}"), (kCGImagePropertyTIFFOrientation, "Orientation"),
        ]
        for (key, value) in keys { #expect(key == value) }
        let options: [CFString] = [
            kCGImageSourceTypeIdentifierHint, kCGImageSourceShouldCache, kCGImageSourceShouldCacheImmediately,
            kCGImageSourceShouldAllowFloat, kCGImageSourceCreateThumbnailFromImageIfAbsent,
            kCGImageSourceCreateThumbnailFromImageAlways, kCGImageSourceThumbnailMaxPixelSize,
            kCGImageSourceCreateThumbnailWithTransform, kCGImageSourceSubsampleFactor,
            kCGImageDestinationLossyCompressionQuality, kCGImageDestinationBackgroundColor, kCGImageDestinationImageMaxPixelSize,
        ]
        #expect(Set(options).count == options.count, "option keys are distinct")
    }
}
