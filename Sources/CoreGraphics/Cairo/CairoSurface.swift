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

    /// A cairo ARGB32 surface on `buffer`'s memory that keeps `buffer` alive for as long as cairo
    /// holds the surface: for a source set on a context, which outlives the call that set it
    /// (the context paints with it later). The caller destroys its own reference.
    package static func owning(_ buffer: PixelBuffer) -> OpaquePointer {
        let surface = wrapping(buffer)
        let owner = Unmanaged.passRetained(buffer).toOpaque()
        // Should cairo fail to record it (out of memory), the buffer is kept, never freed early.
        _ = cairo_surface_set_user_data(surface, ownerKey, owner) { owner in
            guard let owner else { return }
            Unmanaged<PixelBuffer>.fromOpaque(owner).release()
        }
        return surface
    }

    /// The key under which `owning` attaches a buffer to its surface: cairo knows keys by their
    /// address and never writes through it, so the one allocation is shared safely.
    nonisolated(unsafe) private static let ownerKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// Copies a cairo image surface (ARGB32, RGB24 or A8) into a new premultiplied ARGB32 buffer.
    package static func copyPixels(of surface: OpaquePointer) -> PixelBuffer? {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { return nil }
        return PixelBuffer(width: width, height: height) { out in
            // One loop a format, rows at a time (a decoded photo is tens of millions of pixels).
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                let target = UnsafeMutableBufferPointer(rebasing: out[(y * width)..<((y + 1) * width)])
                switch format {
                case CAIRO_FORMAT_ARGB32:
                    UnsafeMutableRawPointer(target.baseAddress!).copyMemory(from: row, byteCount: width * 4)
                case CAIRO_FORMAT_RGB24:
                    let words = row.assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { target[x] = words[x] | 0xFF00_0000 }
                case CAIRO_FORMAT_A8:
                    let bytes = row.assumingMemoryBound(to: UInt8.self)
                    for x in 0..<width { target[x] = UInt32(bytes[x]) << 24 }
                default:
                    target.initialize(repeating: 0)
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
    /// Decodes PNG bytes; nil for anything cairo's PNG reader refuses, and for images larger than
    /// `CGImage.maxDecodedPixels` (checked in the header, before anything is allocated).
    package static func decode(_ data: Data) -> PixelBuffer? {
        guard let size = declaredSize(data) else { return nil }
        guard CGImage.validDecodeSize(width: size.width, height: size.height) else {
            Diagnostics.warn("PNG of \(size.width)×\(size.height) pixels is over the decoding budget of \(CGImage.maxDecodedPixels) pixels")
            return nil
        }
        if let overrun = chunkPastTheEnd(data) {
            Diagnostics.warn("PNG chunk '\(overrun.type)' at byte \(overrun.offset) claims \(overrun.length) bytes, past the file's end")
            return nil
        }
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

    /// The first chunk before `IEND` whose declared length runs past the data's end, or nil.
    /// libpng would fail on it reading, but only after allocating and clearing the length it
    /// declares: a 45 KB file claiming a 1.85 GB text chunk took 1.85 GB.
    package static func chunkPastTheEnd(_ data: Data) -> (type: String, offset: Int, length: Int)? {
        data.withUnsafeBytes { raw -> (String, Int, Int)? in
            var offset = 8
            while offset + 8 <= raw.count {
                let length = Int(raw[offset]) << 24 | Int(raw[offset + 1]) << 16 | Int(raw[offset + 2]) << 8 | Int(raw[offset + 3])
                let type = String(decoding: raw[(offset + 4)..<(offset + 8)], as: UTF8.self)
                if type == "IEND" { return nil }
                guard length <= raw.count - offset - 12 else { return (type, offset, length) }
                offset += 12 + length
            }
            return nil
        }
    }

    /// The width and height a PNG's header declares; nil when the bytes do not start with one.
    package static func declaredSize(_ data: Data) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], ihdr: [UInt8] = [0x49, 0x48, 0x44, 0x52]
        let head = [UInt8](data.prefix(24))
        guard head.count == 24, head[0..<8].elementsEqual(signature), head[12..<16].elementsEqual(ihdr) else { return nil }
        func word(_ i: Int) -> Int { Int(head[i]) << 24 | Int(head[i + 1]) << 16 | Int(head[i + 2]) << 8 | Int(head[i + 3]) }
        return (word(16), word(20))
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
