import CCairo

/// Bridges between Strata's pixel buffers and cairo image surfaces. Internal plumbing only.
package enum CairoSurface {
    /// A cairo ARGB32 surface that draws straight into `buffer`'s memory (no copy). The caller keeps
    /// `buffer` alive while the surface is used and destroys the surface.
    package static func wrapping(_ buffer: PixelBuffer) -> OpaquePointer {
        cairo_image_surface_create_for_data(
            buffer.bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(buffer.width), Int32(buffer.height), Int32(buffer.bytesPerRow))
    }

    /// Copies a cairo image surface (ARGB32, RGB24 or A8) into a new premultiplied ARGB32 buffer.
    package static func copyPixels(of surface: OpaquePointer) -> PixelBuffer? {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { return nil }
        return PixelBuffer(width: width, height: height) { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                for x in 0..<width {
                    switch format {
                    case CAIRO_FORMAT_ARGB32:
                        out[y * width + x] = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    case CAIRO_FORMAT_RGB24:
                        out[y * width + x] = row.load(fromByteOffset: x * 4, as: UInt32.self) | 0xFF00_0000
                    case CAIRO_FORMAT_A8:
                        out[y * width + x] = UInt32(row.load(fromByteOffset: x, as: UInt8.self)) << 24
                    default:
                        out[y * width + x] = 0
                    }
                }
            }
        }
    }

    /// True when every pixel of `buffer` is opaque.
    package static func isOpaque(_ buffer: PixelBuffer) -> Bool {
        buffer.words.allSatisfy { $0 >> 24 == 0xFF }
    }
}

/// Holds bytes for cairo's PNG stream callbacks.
private final class StreamState {
    var data: Data
    var offset = 0

    init(data: Data) {
        self.data = data
    }
}

/// PNG decoding and encoding through cairo (which uses libpng).
package enum PNGCodec {
    /// Decodes PNG bytes; nil for anything cairo's PNG reader refuses.
    package static func decode(_ data: Data) -> PixelBuffer? {
        let state = StreamState(data: data)
        let surface = withExtendedLifetime(state) {
            cairo_image_surface_create_from_png_stream(
                { closure, buffer, length in
                    guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                    let state = Unmanaged<StreamState>.fromOpaque(closure).takeUnretainedValue()
                    let count = Int(length)
                    guard state.offset + count <= state.data.count else { return CAIRO_STATUS_READ_ERROR }
                    state.data.withUnsafeBytes { raw in
                        UnsafeMutableRawPointer(buffer).copyMemory(
                            from: raw.baseAddress! + state.offset, byteCount: count)
                    }
                    state.offset += count
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(state).toOpaque())
        }
        guard let surface else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        return CairoSurface.copyPixels(of: surface)
    }

    /// Encodes premultiplied ARGB32 pixels as PNG (straight alpha, 8 bits a channel; RGB when opaque).
    package static func encode(_ buffer: PixelBuffer) -> Data? {
        let surface = CairoSurface.wrapping(buffer)
        defer { cairo_surface_destroy(surface) }
        let state = StreamState(data: Data())
        let status = withExtendedLifetime(state) {
            cairo_surface_write_to_png_stream(
                surface,
                { closure, bytes, length in
                    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                    let state = Unmanaged<StreamState>.fromOpaque(closure).takeUnretainedValue()
                    state.data.append(bytes, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(state).toOpaque())
        }
        return status == CAIRO_STATUS_SUCCESS ? state.data : nil
    }
}
