import CCairo
import CPixman

/// The memory a bitmap context draws into, and the cairo surface over it.
///
/// When the caller's layout is cairo's own (premultiplied ARGB32 little-endian, or 8-bit alpha,
/// with 4-byte-aligned rows), cairo draws straight into the caller's memory. Otherwise cairo draws
/// into a private ARGB32 (or A8) surface, and each drawing call first pulls the caller's pixels in
/// and then pushes the result back out, converted by pixman (or per pixel where pixman has no
/// matching format). That keeps the caller's memory the single source of truth, as on Apple.
final class BitmapBacking {
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let format: PixelFormat
    /// The caller's memory (or memory this backing allocated when the caller passed nil).
    let data: UnsafeMutableRawPointer
    let ownsData: Bool
    /// The surface cairo draws into.
    let surface: OpaquePointer
    /// Private memory cairo draws into when `data` is not in cairo's layout.
    private let privateBits: UnsafeMutableRawPointer?
    private let privateStride: Int
    private let cairoFormat: cairo_format_t

    init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bytesPerRow: Int, format: PixelFormat) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.format = format
        self.cairoFormat = format == .alpha8 ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32
        if let data {
            self.data = data
            self.ownsData = false
        } else {
            let count = bytesPerRow * height
            self.data = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
            self.data.initializeMemory(as: UInt8.self, repeating: 0, count: count)
            self.ownsData = true
        }
        let aligned = bytesPerRow % 4 == 0 && Int(bitPattern: self.data) % 4 == 0
        let native = aligned && (format == .nativeARGB || format == .alpha8)
        if native {
            privateBits = nil
            privateStride = bytesPerRow
            surface = cairo_image_surface_create_for_data(
                self.data.assumingMemoryBound(to: UInt8.self), cairoFormat, Int32(width), Int32(height),
                Int32(bytesPerRow))
        } else {
            let stride = Int(cairo_format_stride_for_width(cairoFormat, Int32(width)))
            let bits = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
            bits.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
            privateBits = bits
            privateStride = stride
            surface = cairo_image_surface_create_for_data(
                bits.assumingMemoryBound(to: UInt8.self), cairoFormat, Int32(width), Int32(height), Int32(stride))
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            privateBits?.deallocate()
            if ownsData { self.data.deallocate() }
            return nil
        }
    }

    deinit {
        cairo_surface_destroy(surface)
        privateBits?.deallocate()
        if ownsData { data.deallocate() }
    }

    /// Copies the caller's pixels into the private surface before cairo draws.
    func pull() {
        guard let bits = privateBits else { return }
        cairo_surface_flush(surface)
        convert(from: data, fromStride: bytesPerRow, fromFormat: format,
                to: bits, toStride: privateStride, toFormat: privateFormat)
        cairo_surface_mark_dirty(surface)
    }

    /// Copies what cairo drew back into the caller's memory.
    func push() {
        cairo_surface_flush(surface)
        guard let bits = privateBits else { return }
        convert(from: bits, fromStride: privateStride, fromFormat: privateFormat,
                to: data, toStride: bytesPerRow, toFormat: format)
    }

    private var privateFormat: PixelFormat { format == .alpha8 ? .alpha8 : .nativeARGB }

    private func convert(
        from src: UnsafeMutableRawPointer, fromStride: Int, fromFormat: PixelFormat,
        to dst: UnsafeMutableRawPointer, toStride: Int, toFormat: PixelFormat
    ) {
        if let pf = fromFormat.pixmanFormat(), let pt = toFormat.pixmanFormat(forWriting: true), fromStride % 4 == 0, toStride % 4 == 0,
            Int(bitPattern: src) % 4 == 0, Int(bitPattern: dst) % 4 == 0
        {
            let s = pixman_image_create_bits(
                pf, Int32(width), Int32(height), src.assumingMemoryBound(to: UInt32.self), Int32(fromStride))
            let d = pixman_image_create_bits(
                pt, Int32(width), Int32(height), dst.assumingMemoryBound(to: UInt32.self), Int32(toStride))
            pixman_image_composite32(PIXMAN_OP_SRC, s, nil, d, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
            pixman_image_unref(s)
            pixman_image_unref(d)
            return
        }
        let sb = fromFormat.bytesPerPixel
        let db = toFormat.bytesPerPixel
        for y in 0..<height {
            let srow = src + y * fromStride
            let drow = dst + y * toStride
            for x in 0..<width {
                let word = PixelConversion.readARGB(srow + x * sb, fromFormat)
                PixelConversion.writeARGB(word, drow + x * db, toFormat)
            }
        }
    }
}
