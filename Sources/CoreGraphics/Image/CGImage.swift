/// An immutable bitmap image, as Apple's CGImage.
///
/// It keeps the bytes in the layout it was made with (what `dataProvider` returns) and a
/// premultiplied ARGB32 copy for drawing. Supported layouts: 8 bits per component RGB with or
/// without alpha in any order, 24-bit RGB, 8-bit gray, gray+alpha, and 8-bit alpha-only masks.
public final class CGImage: Equatable, @unchecked Sendable {
    /// This image's identity for caches (`ObjectSerial`: unlike its address, never reused).
    package let serial = ObjectSerial.next()
    public let width: Int
    public let height: Int
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bytesPerRow: Int
    public let colorSpace: CGColorSpace?
    public let bitmapInfo: CGBitmapInfo
    public let shouldInterpolate: Bool
    public let renderingIntent: CGColorRenderingIntent
    public let dataProvider: CGDataProvider?
    package let format: PixelFormat
    /// The pixels as premultiplied ARGB32, for drawing.
    package let pixels: PixelBuffer

    package init(
        width: Int, height: Int, bytesPerRow: Int, format: PixelFormat, space: CGColorSpace?,
        bitmapInfo: CGBitmapInfo, data: Data, pixels: PixelBuffer, shouldInterpolate: Bool = true,
        intent: CGColorRenderingIntent = .defaultIntent
    ) {
        self.width = width
        self.height = height
        self.bitsPerComponent = 8
        self.bitsPerPixel = format.bytesPerPixel * 8
        self.bytesPerRow = bytesPerRow
        self.colorSpace = space
        self.bitmapInfo = bitmapInfo
        self.format = format
        self.dataProvider = CGDataProvider(data: data)
        self.pixels = pixels
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = intent
    }

    /// An image from raw pixels; nil (with a warning) for layouts Strata does not support, sizes of
    /// zero or over 32,767, or too few bytes.
    public convenience init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
        decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        let model: CGColorSpaceModel? = bitmapInfo.alphaInfo == .alphaOnly ? nil : space.model
        guard
            let format = PixelFormat(
                bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, model: model,
                bitmapInfo: bitmapInfo)
        else {
            Diagnostics.warn(
                "CGImage: unsupported layout (\(bitsPerComponent) bpc, \(bitsPerPixel) bpp, "
                    + "\(space.model), info \(bitmapInfo.rawValue))")
            return nil
        }
        guard Self.validSize(width: width, height: height), bytesPerRow >= width * format.bytesPerPixel else {
            Diagnostics.warn("CGImage: invalid size \(width)x\(height) with \(bytesPerRow) bytes per row")
            return nil
        }
        guard let data = provider.data,
            let needed = bytesPerRow.checkedMultiplying(height - 1)?.checkedAdding(width * format.bytesPerPixel),
            data.count >= needed
        else {
            Diagnostics.warn("CGImage: the provider holds too few bytes for \(width)x\(height)")
            return nil
        }
        // Strata draws in sRGB: pixels of another RGB space are converted once, here (LittleCMS).
        let pixels = data.withUnsafeBytes { raw in
            PixelConversion.makeBuffer(
                from: raw.baseAddress!, width: width, height: height, bytesPerRow: bytesPerRow, format: format)
        }.converted(from: model == nil ? nil : space)
        self.init(
            width: width, height: height, bytesPerRow: bytesPerRow, format: format, space: space,
            bitmapInfo: bitmapInfo, data: data, pixels: pixels, shouldInterpolate: shouldInterpolate,
            intent: intent)
    }

    /// An image whose bytes are `pixels` in cairo's native layout (premultiplied first, 32-bit little).
    package convenience init(pixels: PixelBuffer, opaque: Bool = false) {
        let data = Data(bytes: pixels.bytes, count: pixels.bytesPerRow * pixels.height)
        let alpha: CGImageAlphaInfo = opaque ? .noneSkipFirst : .premultipliedFirst
        self.init(
            width: pixels.width, height: pixels.height, bytesPerRow: pixels.bytesPerRow,
            format: opaque ? .rgba32(order: .bgra, alpha: .skip) : .nativeARGB, space: .sRGBSpace,
            bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
            data: data, pixels: pixels)
    }

    package static func validSize(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= 32767 && height <= 32767
    }

    #if STRATA_FUZZING
    /// Fuzzing builds decode at most 4 Mpx a file, so that every input decodes within the
    /// fuzzer's time limit under its instrumentation (the rules are the same, the sizes smaller).
    package static let maxDecodedPixels = 4 << 20
    #else
    /// The most pixels one decoded file may hold (all its frames together): 64 Mpx, 256 MiB of
    /// pixels. A few kilobytes of compressed data can declare a 32767² image; it must not ask for
    /// 4 GiB.
    package static let maxDecodedPixels = 64 << 20
    #endif

    /// A size a decoder may allocate: valid, and within `maxDecodedPixels`.
    package static func validDecodeSize(width: Int, height: Int) -> Bool {
        validSize(width: width, height: height) && width * height <= maxDecodedPixels
    }

    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .none }

    public var byteOrderInfo: CGImageByteOrderInfo { bitmapInfo.byteOrder ?? .orderDefault }

    /// True for image masks (Strata makes none; alpha-only images are not masks in Apple's sense).
    public var isMask: Bool { isImageMask }
    /// An image mask (`init(maskWidth:…)`): its alpha is a stencil painted in the fill colour.
    package internal(set) var isImageMask = false

    public var decode: UnsafePointer<CGFloat>? { nil }

    public func copy() -> CGImage? { self }

    /// The part of the image inside `rect` (in pixels, origin top-left, as Apple), intersected with
    /// the image bounds and made integral; nil when nothing remains.
    public func cropping(to rect: CGRect) -> CGImage? {
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let r = rect.standardized.integral.intersection(bounds)
        guard !r.isNull, r.width >= 1, r.height >= 1 else { return nil }
        let x0 = Int(r.minX)
        let y0 = Int(r.minY)
        let w = Int(r.width)
        let h = Int(r.height)
        let bpp = format.bytesPerPixel
        let rowBytes = w * bpp
        guard let source = dataProvider?.data else { return nil }
        var cropped = Data(count: rowBytes * h)
        source.withUnsafeBytes { src in
            cropped.withUnsafeMutableBytes { dst in
                for y in 0..<h {
                    let from = src.baseAddress! + (y0 + y) * bytesPerRow + x0 * bpp
                    (dst.baseAddress! + y * rowBytes).copyMemory(from: from, byteCount: rowBytes)
                }
            }
        }
        let croppedPixels = PixelBuffer(width: w, height: h) { out in
            for y in 0..<h {
                for x in 0..<w {
                    out[y * w + x] = pixels.pixel(x: x0 + x, y: y0 + y)
                }
            }
        }
        return CGImage(
            width: w, height: h, bytesPerRow: rowBytes, format: format, space: colorSpace,
            bitmapInfo: bitmapInfo, data: cropped, pixels: croppedPixels,
            shouldInterpolate: shouldInterpolate, intent: renderingIntent)
    }

    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs }
}
