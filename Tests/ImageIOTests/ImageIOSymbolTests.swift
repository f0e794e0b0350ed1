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

/// The metadata, animation and newer source/destination functions with Apple's signatures, and
/// the enumerations' raw values.
@Suite("ImageIO: metadata and animation names")
struct ImageIOMetadataSymbolTests {
    @Test func metadataFunctionsHaveApplesSignatures() {
        let functions: [Any] = [
            CGImageMetadataGetTypeID as () -> CFTypeID,
            CGImageMetadataCreateMutable as () -> CGMutableImageMetadata,
            CGImageMetadataCreateMutableCopy as (CGImageMetadata) -> CGMutableImageMetadata?,
            CGImageMetadataTagGetTypeID as () -> CFTypeID,
            CGImageMetadataTagCreate as (CFString, CFString?, CFString, CGImageMetadataType, CFTypeRef) -> CGImageMetadataTag?,
            CGImageMetadataTagCopyNamespace as (CGImageMetadataTag) -> CFString?,
            CGImageMetadataTagCopyPrefix as (CGImageMetadataTag) -> CFString?,
            CGImageMetadataTagCopyName as (CGImageMetadataTag) -> CFString?,
            CGImageMetadataTagCopyValue as (CGImageMetadataTag) -> CFTypeRef?,
            CGImageMetadataTagGetType as (CGImageMetadataTag) -> CGImageMetadataType,
            CGImageMetadataTagCopyQualifiers as (CGImageMetadataTag) -> CFArray?,
            CGImageMetadataCopyTags as (CGImageMetadata) -> CFArray?,
            CGImageMetadataCopyTagWithPath as (CGImageMetadata, CGImageMetadataTag?, CFString) -> CGImageMetadataTag?,
            CGImageMetadataCopyStringValueWithPath as (CGImageMetadata, CGImageMetadataTag?, CFString) -> CFString?,
            CGImageMetadataRegisterNamespaceForPrefix as (CGMutableImageMetadata, CFString, CFString, UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool,
            CGImageMetadataSetTagWithPath as (CGMutableImageMetadata, CGImageMetadataTag?, CFString, CGImageMetadataTag) -> Bool,
            CGImageMetadataSetValueWithPath as (CGMutableImageMetadata, CGImageMetadataTag?, CFString, CFTypeRef) -> Bool,
            CGImageMetadataRemoveTagWithPath as (CGMutableImageMetadata, CGImageMetadataTag?, CFString) -> Bool,
            CGImageMetadataEnumerateTagsUsingBlock as (CGImageMetadata, CFString?, CFDictionary?, CGImageMetadataTagBlock) -> Void,
            CGImageMetadataCopyTagMatchingImageProperty as (CGImageMetadata, CFString, CFString) -> CGImageMetadataTag?,
            CGImageMetadataSetValueMatchingImageProperty as (CGMutableImageMetadata, CFString, CFString, CFTypeRef) -> Bool,
            CGImageMetadataCreateXMPData as (CGImageMetadata, CFDictionary?) -> CFData?,
            CGImageMetadataCreateFromXMPData as (CFData) -> CGImageMetadata?,
            CGImageSourceCopyMetadataAtIndex as (CGImageSource, Int, CFDictionary?) -> CGImageMetadata?,
            CGImageSourceRemoveCacheAtIndex as (CGImageSource, Int) -> Void,
            CGImageDestinationAddImageAndMetadata as (CGImageDestination, CGImage, CGImageMetadata?, CFDictionary?) -> Void,
            CGImageDestinationCopyImageSource as (CGImageDestination, CGImageSource, CFDictionary?, UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool,
            CGImageDestinationCreateWithDataConsumer as (CGDataConsumer, CFString, Int, CFDictionary?) -> CGImageDestination?,
            CGAnimateImageAtURLWithBlock as (CFURL, CFDictionary?, @escaping CGImageSourceAnimationBlock) -> OSStatus,
            CGAnimateImageDataWithBlock as (CFData, CFDictionary?, @escaping CGImageSourceAnimationBlock) -> OSStatus,
        ]
        #expect(functions.count == 30)
    }

    @Test func enumerationsHaveApplesRawValues() {
        let types: [CGImageMetadataType] = [.invalid, .default, .string, .arrayUnordered, .arrayOrdered, .alternateArray, .alternateText, .structure]
        #expect(types.map(\.rawValue) == [-1, 0, 1, 2, 3, 4, 5, 6])
        let errors: [CGImageMetadataErrors] = [.unknown, .unsupportedFormat, .badArgument, .conflictingArguments, .prefixConflict]
        #expect(errors.map(\.rawValue) == [0, 1, 2, 3, 4])
        let statuses: [CGImageAnimationStatus] = [.parameterError, .corruptInputImage, .unsupportedFormat, .incompleteInputImage, .allocationFailure]
        #expect(statuses.map(\.rawValue) == [-22140, -22141, -22142, -22143, -22144])
        let orientations: [CGImagePropertyOrientation] = [.up, .upMirrored, .down, .downMirrored, .leftMirrored, .right, .rightMirrored, .left]
        #expect(orientations.map(\.rawValue) == Array(1...8))
        #expect([CGImagePropertyTGACompression.none, .RLE].map(\.rawValue) == [0, 1])
        #expect(IMAGEIO_PNG_ALL_FILTERS == 0xF8 && IMAGEIO_PNG_NO_FILTERS == 0 && IMAGEIO_PNG_FILTER_PAETH == 0x80)
    }
}
