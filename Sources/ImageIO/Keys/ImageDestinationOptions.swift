import CoreGraphics

// The option keys of CGImageDestination, Apple's spellings.

/// JPEG, WebP: quality from 0 (smallest) to 1 (best); 1 makes a lossless WebP.
public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"
/// A colour (`CGColor`) to put under transparent pixels when the format has no alpha (JPEG).
public let kCGImageDestinationBackgroundColor: CFString = "kCGImageDestinationBackgroundColor"
/// The longest side's largest size in pixels: larger images are scaled down as they are added.
public let kCGImageDestinationImageMaxPixelSize: CFString = "kCGImageDestinationImageMaxPixelSize"

// DestinationOption
public let kCGImageDestinationEmbedThumbnail: CFString = "kCGImageDestinationEmbedThumbnail"
public let kCGImageDestinationOptimizeColorForSharing: CFString = "kCGImageDestinationOptimizeColorForSharing"
public let kCGImageDestinationPreserveGainMap: CFString = "kCGImageDestinationPreserveGainMap"
public let kCGImageDestinationMetadata: CFString = "kCGImageDestinationMetadata"
public let kCGImageDestinationMergeMetadata: CFString = "kCGImageDestinationMergeMetadata"
public let kCGImageMetadataShouldExcludeXMP: CFString = "kCGImageMetadataShouldExcludeXMP"
public let kCGImageMetadataShouldExcludeGPS: CFString = "kCGImageMetadataShouldExcludeGPS"
public let kCGImageDestinationDateTime: CFString = "kCGImageDestinationDateTime"
public let kCGImageDestinationOrientation: CFString = "kCGImageDestinationOrientation"
