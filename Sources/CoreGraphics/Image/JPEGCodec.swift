import CTurboJPEG

/// JPEG decoding through libjpeg-turbo's TurboJPEG API.
package enum JPEGCodec {
    /// A decoded JPEG: colour images as opaque ARGB32, grayscale ones as gray bytes.
    package enum Decoded {
        case color(PixelBuffer)
        case gray(width: Int, height: Int, bytes: Data)
    }

    /// Decodes JPEG bytes; nil for malformed data or colour spaces TurboJPEG cannot turn into RGB.
    package static func decode(_ data: Data) -> Decoded? {
        guard !data.isEmpty, let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        return data.withUnsafeBytes { raw -> Decoded? in
            let source = raw.bindMemory(to: UInt8.self).baseAddress!
            let size = UInt(raw.count)
            var width: Int32 = 0
            var height: Int32 = 0
            var subsampling: Int32 = 0
            var colorspace: Int32 = 0
            guard read(tjDecompressHeader3(handle, source, size, &width, &height, &subsampling, &colorspace), handle),
                CGImage.validDecodeSize(width: Int(width), height: Int(height))
            else { return nil }
            let w = Int(width)
            let h = Int(height)
            if colorspace == Int32(TJCS_GRAY.rawValue) {
                var gray = Data(count: w * h)
                let ok = gray.withUnsafeMutableBytes { out in
                    read(tjDecompress2(
                        handle, source, size, out.bindMemory(to: UInt8.self).baseAddress, width, width, height,
                        Int32(TJPF_GRAY.rawValue), decodeFlags), handle)
                }
                return ok ? .gray(width: w, height: h, bytes: gray) : nil
            }
            let buffer = PixelBuffer(width: w, height: h)
            // TJPF_BGRA on little-endian memory is cairo's ARGB32; TurboJPEG fills alpha with 255.
            let status = tjDecompress2(
                handle, source, size, buffer.bytes.assumingMemoryBound(to: UInt8.self), width,
                Int32(buffer.bytesPerRow), height, Int32(TJPF_BGRA.rawValue), decodeFlags)
            return read(status, handle) ? .color(buffer) : nil
        }
    }

    /// At most libjpeg-turbo's limit of progressive scans (500): a file of 15,000 empty scans
    /// took over a minute to come to nothing.
    private static let decodeFlags = Int32(TJFLAG_LIMITSCANS)

    /// True when a TurboJPEG call succeeded or only warned: libjpeg reads past a stray byte or a
    /// cut-short end with a warning, and so does Apple's decoder (TurboJPEG reports both as −1).
    private static func read(_ status: Int32, _ handle: tjhandle) -> Bool {
        status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
    }

    /// Encodes premultiplied ARGB32 pixels as a baseline JPEG (alpha dropped) at `quality` 1...100.
    package static func encode(_ buffer: PixelBuffer, quality: Int) -> Data? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(
            handle, buffer.bytes.assumingMemoryBound(to: UInt8.self), Int32(buffer.width),
            Int32(buffer.bytesPerRow), Int32(buffer.height), Int32(TJPF_BGRA.rawValue), &output, &size,
            Int32(TJSAMP_444.rawValue), Int32(min(100, max(1, quality))), 0)
        guard status == 0, let output else { return nil }
        defer { tjFree(output) }
        return Data(bytes: output, count: Int(size))
    }
}
