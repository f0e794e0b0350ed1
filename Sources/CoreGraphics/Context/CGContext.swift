import CCairo

/// A drawing destination, as Apple's CGContext. Strata provides bitmap contexts and PDF contexts,
/// drawn through cairo.
///
/// Coordinates are Core Graphics' own: origin at the bottom left, y up. In the bitmap memory, row 0
/// is the top of the image (as on Apple). Drawing calls with non-finite coordinates are ignored with a
/// warning; so is everything drawn while the CTM is not invertible (nothing would be visible).
public final class CGContext {
    /// Pixels and the cairo surface over them (nil for a PDF context).
    let backing: BitmapBacking?
    /// The cairo surface drawn on: the bitmap's, or a PDF document's.
    let surface: OpaquePointer
    /// A PDF context's document: its consumer and pages.
    let pdf: PDFDocumentWriter?
    /// The page's box in base space (a bitmap's is its pixels): the y flip maps its top to 0.
    var pageBox: CGRect
    /// cairo's drawing context; its matrix is always `state.ctm` followed by the y flip.
    let cr: OpaquePointer
    /// The graphics state cairo does not keep for us, and the stack `saveGState` pushes.
    var state = GState()
    var savedStates: [GState] = []
    /// The graphics states saved by `beginTransparencyLayer`, innermost last.
    var transparencyLayers: [GState] = []
    /// The text matrix, whose translation is the text position (not part of the graphics state, as on Apple).
    var textState = CGAffineTransform.identity
    /// `setAllowsFontSubpixelPositioning` / `…Quantization` (not part of the graphics state, as
    /// on Apple; nil: never set).
    var allowsFontSubpixel: (positioning: Bool?, quantization: Bool?) = (nil, nil)
    /// `setShouldSmoothFonts` / `setAllowsFontSmoothing` (kept; glyphs are greyscale-antialiased).
    var fontSmoothing: (should: Bool?, allows: Bool?) = (nil, nil)

    public let width: Int
    public let height: Int
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bytesPerRow: Int
    public let colorSpace: CGColorSpace?
    public let bitmapInfo: CGBitmapInfo

    /// The most pixel memory a bitmap context allocates itself (2 GiB: a 23,170² RGBA bitmap).
    package static let maxAllocatedBytes = 1 << 31

    /// A bitmap context over `data` (or over memory it allocates when `data` is nil).
    ///
    /// Supported, as on Apple: 8 bits a component RGB with premultiplied or skipped alpha (first or
    /// last, default or 32-bit little byte order), 8-bit alpha-only (`space` nil), and 8-bit gray
    /// without alpha. Anything else, a size of zero or over 32,767 pixels, or a `bytesPerRow` too small
    /// for the width gives nil with a message. `bytesPerRow` 0 means "compute it".
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace?, bitmapInfo: UInt32
    ) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard let format = Self.contextFormat(bitsPerComponent: bitsPerComponent, space: space, info: info) else {
            Diagnostics.warn(
                "CGBitmapContextCreate: unsupported parameter combination: \(bitsPerComponent) bits/component; "
                    + "\(space?.model.rawValue ?? -1) colour model; bitmap info \(bitmapInfo)")
            return nil
        }
        guard CGImage.validSize(width: width, height: height) else {
            Diagnostics.warn("CGBitmapContextCreate: invalid size \(width)x\(height) (1...32767 supported)")
            return nil
        }
        let rowBytes = bytesPerRow == 0 ? width * format.bytesPerPixel : bytesPerRow
        guard rowBytes >= width * format.bytesPerPixel else {
            Diagnostics.warn("CGBitmapContextCreate: bytesPerRow \(bytesPerRow) is too small for width \(width)")
            return nil
        }
        // A row cairo can address, a total that fits an Int, and memory this allocates at most
        // `maxAllocatedBytes`: larger asks give nil, as Apple's do, instead of an abort.
        guard rowBytes <= Int(Int32.max), let total = rowBytes.checkedMultiplying(height),
            data != nil || total <= Self.maxAllocatedBytes
        else {
            Diagnostics.warn(
                "CGBitmapContextCreate: \(width)x\(height) with bytesPerRow \(rowBytes) needs more memory than a context may have")
            return nil
        }
        guard let backing = BitmapBacking(
            data: data, width: width, height: height, bytesPerRow: rowBytes, format: format)
        else {
            Diagnostics.warn("CGBitmapContextCreate: cannot create a \(width)x\(height) surface")
            return nil
        }
        self.backing = backing
        self.surface = backing.surface
        self.pdf = nil
        self.pageBox = CGRect(x: 0, y: 0, width: width, height: height)
        self.cr = cairo_create(backing.surface)
        self.width = width
        self.height = height
        self.bitsPerComponent = 8
        self.bitsPerPixel = format.bytesPerPixel * 8
        self.bytesPerRow = rowBytes
        self.colorSpace = format == .alpha8 ? nil : space
        self.bitmapInfo = info
        applyCTM()
    }

    /// A PDF context writing through `writer`, its pages `mediaBox` unless a page says otherwise.
    init(pdf writer: PDFDocumentWriter, mediaBox: CGRect) {
        self.backing = nil
        self.surface = writer.surface
        self.pdf = writer
        self.pageBox = mediaBox
        self.cr = cairo_create(writer.surface)
        self.width = Int(mediaBox.width.rounded(.up))
        self.height = Int(mediaBox.height.rounded(.up))
        self.bitsPerComponent = 8
        self.bitsPerPixel = 32
        self.bytesPerRow = 0
        self.colorSpace = CGColorSpaceCreateDeviceRGB()
        self.bitmapInfo = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue)
        applyCTM()
    }

    deinit {
        if let pdf, !pdf.isClosed { closePDF() }
        cairo_destroy(cr)
        releaseData?()
    }

    /// Called once when the context goes away (the release callback of `init(…releaseCallback:releaseInfo:)`).
    var releaseData: (() -> Void)?

    /// A bitmap context over `data` (or memory it allocates) that calls `releaseCallback` with
    /// `releaseInfo` and the pixel memory when it is deallocated, so the caller frees what it lent.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32, releaseCallback: CGBitmapContextReleaseDataCallback?,
        releaseInfo: UnsafeMutableRawPointer?
    ) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
                  space: space, bitmapInfo: bitmapInfo)
        if let releaseCallback {
            let info = releaseInfo, memory = data
            releaseData = { releaseCallback(info, memory) }
        }
    }

    /// The pixel memory (row 0 at the top); nil for a PDF context.
    public var data: UnsafeMutableRawPointer? { backing?.data }

    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .none }

    /// A copy of the pixels as an image in the context's own layout.
    public func makeImage() -> CGImage? {
        guard let backing else { return nil }
        cairo_surface_flush(backing.surface)
        let count = bytesPerRow * height
        let bytes = Data(bytes: backing.data, count: count)
        let pixels = PixelConversion.makeBuffer(
            from: backing.data, width: width, height: height, bytesPerRow: bytesPerRow, format: backing.format)
        return CGImage(
            width: width, height: height, bytesPerRow: bytesPerRow, format: backing.format,
            space: colorSpace, bitmapInfo: bitmapInfo, data: bytes, pixels: pixels,
            shouldInterpolate: true, intent: .defaultIntent)
    }

    /// Drawing is synchronous in Strata; these exist for source compatibility.
    public func flush() {
        cairo_surface_flush(surface)
    }

    public func synchronize() {
        cairo_surface_flush(surface)
    }

    private static func contextFormat(bitsPerComponent: Int, space: CGColorSpace?, info: CGBitmapInfo) -> PixelFormat? {
        guard bitsPerComponent == 8, let alpha = info.alphaInfo else { return nil }
        if alpha == .alphaOnly {
            return PixelFormat(bitsPerComponent: 8, bitsPerPixel: 8, model: nil, bitmapInfo: info)
        }
        switch (space?.model, alpha) {
        case (.rgb?, .premultipliedFirst), (.rgb?, .premultipliedLast), (.rgb?, .noneSkipFirst),
            (.rgb?, .noneSkipLast):
            return PixelFormat(bitsPerComponent: 8, bitsPerPixel: 32, model: .rgb, bitmapInfo: info)
        case (.monochrome?, CGImageAlphaInfo.none):
            return .gray8
        default:
            // Straight alpha (first/last) and other layouts are refused, as Apple refuses them.
            return nil
        }
    }
}

/// Called when a bitmap context made with a release callback goes away: its `releaseInfo`, then its pixel memory.
public typealias CGBitmapContextReleaseDataCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
