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
