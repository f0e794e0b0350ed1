import CoreGraphics

// The property dictionaries' names, the top-level properties and colour models, and image groups (Apple's CGImageProperties.h).

// Dictionary
public let kCGImagePropertyHEIFDictionary: CFString = "{HEIF}"
public let kCGImagePropertyHEICSDictionary: CFString = "{HEICS}"
public let kCGImagePropertyIPTCDictionary: CFString = "{IPTC}"
public let kCGImagePropertyGPSDictionary: CFString = "{GPS}"
public let kCGImagePropertyRawDictionary: CFString = "{Raw}"
public let kCGImagePropertyCIFFDictionary: CFString = "{CIFF}"
public let kCGImagePropertyMakerCanonDictionary: CFString = "{MakerCanon}"
public let kCGImagePropertyMakerNikonDictionary: CFString = "{MakerNikon}"
public let kCGImagePropertyMakerMinoltaDictionary: CFString = "{MakerMinolta}"
public let kCGImagePropertyMakerFujiDictionary: CFString = "{MakerFuji}"
public let kCGImagePropertyMakerOlympusDictionary: CFString = "{MakerOlympus}"
public let kCGImagePropertyMakerPentaxDictionary: CFString = "{MakerPentax}"
public let kCGImageProperty8BIMDictionary: CFString = "{8BIM}"
public let kCGImagePropertyDNGDictionary: CFString = "{DNG}"
public let kCGImagePropertyExifAuxDictionary: CFString = "{ExifAux}"
public let kCGImagePropertyOpenEXRDictionary: CFString = "{EXR}"
public let kCGImagePropertyMakerAppleDictionary: CFString = "{MakerApple}"
public let kCGImagePropertyFileContentsDictionary: CFString = "{FileContents}"
public let kCGImagePropertyTGADictionary: CFString = "{TGA}"

// top-level
public let kCGImagePropertyIsFloat: CFString = "IsFloat"
public let kCGImagePropertyIsIndexed: CFString = "IsIndexed"
public let kCGImagePropertyImageCount: CFString = "ImageCount"
public let kCGImagePropertyWidth: CFString = "Width"
public let kCGImagePropertyHeight: CFString = "Height"
public let kCGImagePropertyBytesPerRow: CFString = "BytesPerRow"
public let kCGImagePropertyNamedColorSpace: CFString = "NamedColorSpace"
public let kCGImagePropertyPixelFormat: CFString = "PixelFormat"
public let kCGImagePropertyImages: CFString = "Images"
public let kCGImagePropertyThumbnailImages: CFString = "ThumbnailImages"
public let kCGImagePropertyAuxiliaryData: CFString = "AuxiliaryData"
public let kCGImagePropertyAuxiliaryDataType: CFString = "AuxiliaryDataType"
public let kCGImagePropertyImageIndex: CFString = "ImageIndex"

// ColorModel
public let kCGImagePropertyColorModelCMYK: CFString = "CMYK"
public let kCGImagePropertyColorModelLab: CFString = "Lab"

// AVIS
public let kCGImagePropertyAVISDictionary: CFString = "{AVIS}"

// Groups
public let kCGImagePropertyGroups: CFString = "{Groups}"
public let kCGImagePropertyGroupIndex: CFString = "GroupIndex"
public let kCGImagePropertyGroupType: CFString = "GroupType"
public let kCGImagePropertyGroupTypeStereoPair: CFString = "StereoPair"
public let kCGImagePropertyGroupTypeAlternate: CFString = "Alternate"
public let kCGImagePropertyGroupImagesAlternate: CFString = "GroupImages"
public let kCGImagePropertyGroupImageIndexLeft: CFString = "GroupImageIndexLeft"
public let kCGImagePropertyGroupImageIndexRight: CFString = "GroupImageIndexRight"
public let kCGImagePropertyGroupImageIsLeftImage: CFString = "GroupImageIsLeftImage"
public let kCGImagePropertyGroupImageIsRightImage: CFString = "GroupImageIsRightImage"
public let kCGImagePropertyGroupImageIsAlternateImage: CFString = "GroupImageIsAlternateImage"
public let kCGImagePropertyGroupImageBaseline: CFString = "GroupImageBaseline"
public let kCGImagePropertyGroupImageDisparityAdjustment: CFString = "GroupImageDisparityAdjustment"
