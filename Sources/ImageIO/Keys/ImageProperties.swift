import CoreGraphics

// Image property keys (`CGImageSourceCopyPropertiesAtIndex`, destination properties), Apple's
// spellings; Strata reads and writes those listed here.

public let kCGImagePropertyFileSize: CFString = "FileSize"
public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
public let kCGImagePropertyDPIWidth: CFString = "DPIWidth"
public let kCGImagePropertyDPIHeight: CFString = "DPIHeight"
/// Bits a sample.
public let kCGImagePropertyDepth: CFString = "Depth"
/// 1…8, as EXIF's orientation tag (1: upright).
public let kCGImagePropertyOrientation: CFString = "Orientation"
public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"
/// `kCGImagePropertyColorModelRGB` or `…Gray`.
public let kCGImagePropertyColorModel: CFString = "ColorModel"
public let kCGImagePropertyColorModelRGB: CFString = "RGB"
public let kCGImagePropertyColorModelGray: CFString = "Gray"
public let kCGImagePropertyProfileName: CFString = "ProfileName"

public let kCGImagePropertyGIFDictionary: CFString = "{GIF}"
/// Seconds the frame shows; below 0.011 s read as 0.1 s, as browsers and Apple do.
public let kCGImagePropertyGIFDelayTime: CFString = "DelayTime"
/// Seconds the frame shows, as the file says.
public let kCGImagePropertyGIFUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// Times the animation plays after the first (0: for ever), from the NETSCAPE2.0 block.
public let kCGImagePropertyGIFLoopCount: CFString = "LoopCount"
public let kCGImagePropertyGIFHasGlobalColorMap: CFString = "HasGlobalColorMap"
public let kCGImagePropertyGIFCanvasPixelWidth: CFString = "CanvasPixelWidth"
public let kCGImagePropertyGIFCanvasPixelHeight: CFString = "CanvasPixelHeight"

public let kCGImagePropertyPNGDictionary: CFString = "{PNG}"
public let kCGImagePropertyPNGXPixelsPerMeter: CFString = "XPixelsPerMeter"
public let kCGImagePropertyPNGYPixelsPerMeter: CFString = "YPixelsPerMeter"
public let kCGImagePropertyPNGInterlaceType: CFString = "InterlaceType"

public let kCGImagePropertyJFIFDictionary: CFString = "{JFIF}"
public let kCGImagePropertyJFIFXDensity: CFString = "XDensity"
public let kCGImagePropertyJFIFYDensity: CFString = "YDensity"
public let kCGImagePropertyJFIFDensityUnit: CFString = "DensityUnit"

public let kCGImagePropertyExifDictionary: CFString = "{Exif}"
public let kCGImagePropertyExifPixelXDimension: CFString = "PixelXDimension"
public let kCGImagePropertyExifPixelYDimension: CFString = "PixelYDimension"

public let kCGImagePropertyTIFFDictionary: CFString = "{TIFF}"
public let kCGImagePropertyTIFFOrientation: CFString = "Orientation"
public let kCGImagePropertyTIFFXResolution: CFString = "XResolution"
public let kCGImagePropertyTIFFYResolution: CFString = "YResolution"
public let kCGImagePropertyTIFFResolutionUnit: CFString = "ResolutionUnit"

public let kCGImagePropertyWebPDictionary: CFString = "{WebP}"
public let kCGImagePropertyWebPDelayTime: CFString = "DelayTime"
public let kCGImagePropertyWebPUnclampedDelayTime: CFString = "UnclampedDelayTime"
public let kCGImagePropertyWebPLoopCount: CFString = "LoopCount"
public let kCGImagePropertyWebPCanvasPixelWidth: CFString = "CanvasPixelWidth"
public let kCGImagePropertyWebPCanvasPixelHeight: CFString = "CanvasPixelHeight"
public let kCGImagePropertyPrimaryImage: CFString = "PrimaryImage"

/// How an image's stored pixels turn to be upright: EXIF's orientation values (Apple's
/// `CGImagePropertyOrientation`).
public enum CGImagePropertyOrientation: UInt32, Sendable {
    case up = 1
    case upMirrored
    case down
    case downMirrored
    case leftMirrored
    case right
    case rightMirrored
    case left
}

/// A TGA file's compression (`kCGImagePropertyTGACompression`).
public enum CGImagePropertyTGACompression: UInt32, Sendable {
    case none = 0
    case RLE = 1
}

/// PNG row filters for `kCGImagePropertyPNGCompressionFilter` (a bit mask).
public let IMAGEIO_PNG_NO_FILTERS: Int32 = 0x00
public let IMAGEIO_PNG_FILTER_NONE: Int32 = 0x08
public let IMAGEIO_PNG_FILTER_SUB: Int32 = 0x10
public let IMAGEIO_PNG_FILTER_UP: Int32 = 0x20
public let IMAGEIO_PNG_FILTER_AVG: Int32 = 0x40
public let IMAGEIO_PNG_FILTER_PAETH: Int32 = 0x80
public let IMAGEIO_PNG_ALL_FILTERS: Int32 = IMAGEIO_PNG_FILTER_NONE | IMAGEIO_PNG_FILTER_SUB | IMAGEIO_PNG_FILTER_UP | IMAGEIO_PNG_FILTER_AVG | IMAGEIO_PNG_FILTER_PAETH
