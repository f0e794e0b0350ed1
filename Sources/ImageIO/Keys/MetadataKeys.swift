import CoreGraphics

// XMP namespaces and prefixes of CGImageMetadata, its options, and the keys of CGAnimateImage's options.

// Metadata
public let kCFErrorDomainCGImageMetadata: CFString = "kCFErrorDomainCGImageMetadata"
public let kCGImageMetadataNamespaceExif: CFString = "http://ns.adobe.com/exif/1.0/"
public let kCGImageMetadataNamespaceExifAux: CFString = "http://ns.adobe.com/exif/1.0/aux/"
public let kCGImageMetadataNamespaceExifEX: CFString = "http://cipa.jp/exif/1.0/"
public let kCGImageMetadataNamespaceDublinCore: CFString = "http://purl.org/dc/elements/1.1/"
public let kCGImageMetadataNamespaceIPTCCore: CFString = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
public let kCGImageMetadataNamespaceIPTCExtension: CFString = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
public let kCGImageMetadataNamespacePhotoshop: CFString = "http://ns.adobe.com/photoshop/1.0/"
public let kCGImageMetadataNamespaceTIFF: CFString = "http://ns.adobe.com/tiff/1.0/"
public let kCGImageMetadataNamespaceXMPBasic: CFString = "http://ns.adobe.com/xap/1.0/"
public let kCGImageMetadataNamespaceXMPRights: CFString = "http://ns.adobe.com/xap/1.0/rights/"
public let kCGImageMetadataPrefixExif: CFString = "exif"
public let kCGImageMetadataPrefixExifAux: CFString = "aux"
public let kCGImageMetadataPrefixExifEX: CFString = "exifEX"
public let kCGImageMetadataPrefixDublinCore: CFString = "dc"
public let kCGImageMetadataPrefixIPTCCore: CFString = "Iptc4xmpCore"
public let kCGImageMetadataPrefixIPTCExtension: CFString = "Iptc4xmpExt"
public let kCGImageMetadataPrefixPhotoshop: CFString = "photoshop"
public let kCGImageMetadataPrefixTIFF: CFString = "tiff"
public let kCGImageMetadataPrefixXMPBasic: CFString = "xmp"
public let kCGImageMetadataPrefixXMPRights: CFString = "xmpRights"
public let kCGImageMetadataEnumerateRecursively: CFString = "kCGImageMetadataEnumerateRecursively"

// Animation
public let kCGImageAnimationStartIndex: CFString = "StartIndex"
public let kCGImageAnimationDelayTime: CFString = "DelayTime"
public let kCGImageAnimationLoopCount: CFString = "LoopCount"
