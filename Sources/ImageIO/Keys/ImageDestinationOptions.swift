import CoreGraphics

// The option keys of CGImageDestination, Apple's spellings.

/// JPEG, WebP: quality from 0 (smallest) to 1 (best); 1 makes a lossless WebP.
public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"
/// A colour (`CGColor`) to put under transparent pixels when the format has no alpha (JPEG).
public let kCGImageDestinationBackgroundColor: CFString = "kCGImageDestinationBackgroundColor"
/// The longest side's largest size in pixels: larger images are scaled down as they are added.
public let kCGImageDestinationImageMaxPixelSize: CFString = "kCGImageDestinationImageMaxPixelSize"
