extension CGImage {
    /// Decodes a PNG image; nil for bytes that are not a valid PNG.
    ///
    /// Decoded images are premultiplied ARGB32 (`premultipliedFirst | byteOrder32Little`), or
    /// `noneSkipFirst` when every pixel is opaque, whatever the file's own layout.
    public convenience init?(
        pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
        shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        guard let bytes = source.data, let pixels = PNGCodec.decode(bytes) else {
            Diagnostics.warn("CGImage: data is not a readable PNG")
            return nil
        }
        self.init(pixels: pixels, opaque: CairoSurface.isOpaque(pixels))
    }

    /// Decodes a JPEG image; nil for bytes that are not a valid JPEG. Colour JPEGs become opaque
    /// ARGB32 (`noneSkipFirst | byteOrder32Little`), grayscale ones 8-bit device gray.
    public convenience init?(
        jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
        shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        guard let bytes = source.data, let decoded = JPEGCodec.decode(bytes) else {
            Diagnostics.warn("CGImage: data is not a readable JPEG")
            return nil
        }
        switch decoded {
        case .color(let pixels):
            self.init(pixels: pixels, opaque: true)
        case .gray(let width, let height, let gray):
            let pixels = gray.withUnsafeBytes { raw in
                PixelConversion.makeBuffer(
                    from: raw.baseAddress!, width: width, height: height, bytesPerRow: width, format: .gray8)
            }
            self.init(
                width: width, height: height, bytesPerRow: width, format: .gray8, space: .deviceGray,
                bitmapInfo: CGBitmapInfo(alphaInfo: .none), data: gray, pixels: pixels)
        }
    }

    /// Decodes a PNG, JPEG or WebP file, choosing by its first bytes; nil when it cannot be read or
    /// decoded. (Strata addition: on Apple platforms this is ImageIO's job.)
    public static func load(contentsOf url: URL) -> CGImage? {
        guard let bytes = try? Data(contentsOf: url), let provider = CGDataProvider(data: bytes) else {
            Diagnostics.warn("CGImage: cannot read \(url.path)")
            return nil
        }
        if WebPCodec.isWebP(bytes) { return webp(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) {
            return CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        }
        return CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// Decodes WebP bytes (an animated file gives its first frame); nil when they are not a
    /// readable WebP. Premultiplied ARGB32, `noneSkipFirst` when every pixel is opaque.
    package static func webp(_ bytes: Data) -> CGImage? {
        guard let pixels = WebPCodec.decode(bytes) else {
            Diagnostics.warn("CGImage: data is not a readable WebP")
            return nil
        }
        return CGImage(pixels: pixels, opaque: CairoSurface.isOpaque(pixels))
    }

    /// The image encoded as PNG (8 bits a channel, straight alpha). (Strata addition: on Apple
    /// platforms this is ImageIO's or UIKit's job.)
    public func pngData() -> Data? {
        PNGCodec.encode(pixels)
    }

    /// The image encoded as JPEG at `quality` (0...1), alpha dropped. (Strata addition.)
    public func jpegData(quality: CGFloat = 0.9) -> Data? {
        JPEGCodec.encode(pixels, quality: Int((quality * 100).rounded()))
    }

    /// The image encoded as WebP: lossless when `quality` is nil, else lossy at `quality` (0...1).
    /// (Strata addition: on Apple platforms this is ImageIO's job.)
    public func webpData(quality: CGFloat? = nil) -> Data? {
        WebPCodec.encode(pixels, quality: quality.map { Float($0 * 100) })
    }

    /// Writes the image to `url` as PNG.
    public func writePNG(to url: URL) throws {
        guard let data = pngData() else { throw CGImageError.encodingFailed }
        try data.write(to: url)
    }
}

/// Errors from Strata's image file helpers.
public enum CGImageError: Error, Sendable {
    case encodingFailed
}
