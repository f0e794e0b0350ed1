import CoreGraphics

// The format dictionaries' keys: JFIF, GIF, PNG, APNG, WebP, HEICS, 8BIM, OpenEXR and TGA.

// JFIF
public let kCGImagePropertyJFIFVersion: CFString = "JFIFVersion"
public let kCGImagePropertyJFIFIsProgressive: CFString = "IsProgressive"

// HEICS
public let kCGImagePropertyHEICSLoopCount: CFString = "LoopCount"
public let kCGImagePropertyHEICSDelayTime: CFString = "DelayTime"
public let kCGImagePropertyHEICSUnclampedDelayTime: CFString = "UnclampedDelayTime"
public let kCGImagePropertyHEICSCanvasPixelWidth: CFString = "CanvasPixelWidth"
public let kCGImagePropertyHEICSCanvasPixelHeight: CFString = "CanvasPixelHeight"
public let kCGImagePropertyHEICSFrameInfoArray: CFString = "FrameInfo"

// GIF
public let kCGImagePropertyGIFImageColorMap: CFString = "ImageColorMap"
public let kCGImagePropertyGIFFrameInfoArray: CFString = "FrameInfo"

// PNG
public let kCGImagePropertyPNGAuthor: CFString = "Author"
public let kCGImagePropertyPNGChromaticities: CFString = "Chromaticities"
public let kCGImagePropertyPNGComment: CFString = "Comment"
public let kCGImagePropertyPNGCopyright: CFString = "Copyright"
public let kCGImagePropertyPNGCreationTime: CFString = "Creation Time"
public let kCGImagePropertyPNGDescription: CFString = "Description"
public let kCGImagePropertyPNGDisclaimer: CFString = "Disclaimer"
public let kCGImagePropertyPNGGamma: CFString = "Gamma"
public let kCGImagePropertyPNGModificationTime: CFString = "ModificationTime"
public let kCGImagePropertyPNGSoftware: CFString = "Software"
public let kCGImagePropertyPNGSource: CFString = "Source"
public let kCGImagePropertyPNGsRGBIntent: CFString = "sRGBIntent"
public let kCGImagePropertyPNGTitle: CFString = "Title"
public let kCGImagePropertyPNGWarning: CFString = "Warning"
public let kCGImagePropertyPNGPixelsAspectRatio: CFString = "PixelAspectRatio"
public let kCGImagePropertyPNGCompressionFilter: CFString = "kCGImagePropertyPNGCompressionFilter"
public let kCGImagePropertyPNGTransparency: CFString = "kCGImagePropertyPNGTransparency"

// APNG
public let kCGImagePropertyAPNGFrameInfoArray: CFString = "FrameInfo"
public let kCGImagePropertyAPNGCanvasPixelWidth: CFString = "CanvasPixelWidth"
public let kCGImagePropertyAPNGCanvasPixelHeight: CFString = "CanvasPixelHeight"

// WebP
public let kCGImagePropertyWebPFrameInfoArray: CFString = "FrameInfo"

// 8BIM
public let kCGImageProperty8BIMLayerNames: CFString = "LayerNames"
public let kCGImageProperty8BIMVersion: CFString = "Version"

// OpenEXR
public let kCGImagePropertyOpenEXRAspectRatio: CFString = "AspectRatio"
public let kCGImagePropertyOpenEXRCompression: CFString = "Compression"

// TGA
public let kCGImagePropertyTGACompression: CFString = "Compression"
