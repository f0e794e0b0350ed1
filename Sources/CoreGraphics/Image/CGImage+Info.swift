/// Packed pixel formats (`CGImage.pixelFormatInfo`): Strata's images are never packed.
public enum CGImagePixelFormatInfo: UInt32, Sendable {
    case mask = 0xF0000
    case packed = 0
    case RGB555 = 0x10000
    case RGB565 = 0x20000
    case RGB101010 = 0x30000
    case RGBCIF10 = 0x40000
}

/// Host-endian byte orders (little endian on every machine Strata runs on).
public let kCGBitmapByteOrder16Host: CGBitmapInfo = .byteOrder16Little
public let kCGBitmapByteOrder32Host: CGBitmapInfo = .byteOrder32Little

extension CGImage {
    /// Always `.packed`: Strata's images have whole-byte components.
    public var pixelFormatInfo: CGImagePixelFormatInfo { .packed }

    /// The type identifier of the file the image came from; nil (Strata images do not keep it).
    public var utType: CFString? { nil }
}
