import CoreGraphics

// The option keys of CGImageSource, Apple's spellings (the values are their own names on Linux).

/// A type identifier (`"public.png"`) to try first when the bytes could be several formats.
public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint"
/// Whether decoded images are kept (Strata always decodes a frame once and keeps it).
public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
/// Whether images are decoded when made rather than when drawn (Strata decodes when made).
public let kCGImageSourceShouldCacheImmediately: CFString = "kCGImageSourceShouldCacheImmediately"
/// Whether floating-point pixels are allowed (Strata gives 8-bit images).
public let kCGImageSourceShouldAllowFloat: CFString = "kCGImageSourceShouldAllowFloat"
/// Thumbnails: make one from the full image when the file has none embedded.
public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString = "kCGImageSourceCreateThumbnailFromImageIfAbsent"
/// Thumbnails: always make one from the full image (embedded thumbnails are never used here).
public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
/// Thumbnails: the longest side's largest size in pixels (an `Int` or a number).
public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
/// Thumbnails: turned and mirrored upright by the image's orientation (EXIF, TIFF).
public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"
/// Thumbnails: a factor (2, 4, 8) the decoder may shrink by; Strata scales from the full image.
public let kCGImageSourceSubsampleFactor: CFString = "kCGImageSourceSubsampleFactor"
