import CoreGraphics

// {TIFF}: the first directory's tags (Make, Model, Orientation…); read from and written to Exif's IFD0.

// TIFF
public let kCGImagePropertyTIFFCompression: CFString = "Compression"
public let kCGImagePropertyTIFFPhotometricInterpretation: CFString = "PhotometricInterpretation"
public let kCGImagePropertyTIFFDocumentName: CFString = "DocumentName"
public let kCGImagePropertyTIFFImageDescription: CFString = "ImageDescription"
public let kCGImagePropertyTIFFMake: CFString = "Make"
public let kCGImagePropertyTIFFModel: CFString = "Model"
public let kCGImagePropertyTIFFSoftware: CFString = "Software"
public let kCGImagePropertyTIFFTransferFunction: CFString = "TransferFunction"
public let kCGImagePropertyTIFFDateTime: CFString = "DateTime"
public let kCGImagePropertyTIFFArtist: CFString = "Artist"
public let kCGImagePropertyTIFFHostComputer: CFString = "HostComputer"
public let kCGImagePropertyTIFFCopyright: CFString = "Copyright"
public let kCGImagePropertyTIFFWhitePoint: CFString = "WhitePoint"
public let kCGImagePropertyTIFFPrimaryChromaticities: CFString = "PrimaryChromaticities"
public let kCGImagePropertyTIFFTileWidth: CFString = "TileWidth"
public let kCGImagePropertyTIFFTileLength: CFString = "TileLength"
