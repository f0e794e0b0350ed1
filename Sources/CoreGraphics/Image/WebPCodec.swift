#if WebP
import CWebP
import Foundation

/// WebP decoding through libwebp (Google's reference library): still images, and the first
/// frame of an animated one.
package enum WebPCodec {
    /// Width and height from the file's header, before anything is decoded; nil when not WebP.
    package static func size(_ data: Data) -> (width: Int, height: Int)? {
        guard isWebP(data) else { return nil }
        var w: Int32 = 0, h: Int32 = 0
        let ok = data.withUnsafeBytes { raw in
            WebPGetInfo(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &w, &h)
        }
        return ok != 0 ? (Int(w), Int(h)) : nil
    }

    /// Decodes WebP bytes to premultiplied ARGB32 (libwebp's premultiplied BGRA, the same bytes on
    /// little-endian machines); an animated file gives its first frame; nil for malformed data.
    package static func decode(_ data: Data) -> PixelBuffer? {
        guard let (w, h) = size(data), CGImage.validDecodeSize(width: w, height: h) else { return nil }
        if let first = firstFrame(data) { return first }
        let buffer = PixelBuffer(width: w, height: h)
        let out = data.withUnsafeBytes { raw in
            WebPDecodeBGRAInto(
                raw.bindMemory(to: UInt8.self).baseAddress, raw.count, buffer.bytes.assumingMemoryBound(to: UInt8.self),
                buffer.bytesPerRow * h, Int32(buffer.bytesPerRow))
        }
        guard out != nil else { return nil }
        premultiply(buffer)
        return buffer
    }

    /// How many frames a WebP holds (1 for a still image); nil when it is not a readable WebP.
    package static func frameCount(_ data: Data) -> Int? {
        guard isWebP(data) else { return nil }
        return data.withUnsafeBytes { raw -> Int? in
            var webp = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            guard let demux = WebPDemux(&webp) else { return nil }
            defer { WebPDemuxDelete(demux) }
            return Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
        }
    }

    /// The first frame of an animated WebP (composed on its canvas), nil for a still one.
    private static func firstFrame(_ data: Data) -> PixelBuffer? {
        data.withUnsafeBytes { raw -> PixelBuffer? in
            var webp = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return nil }
            options.color_mode = MODE_bgrA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.frame_count > 1 else { return nil }
            let w = Int(info.canvas_width), h = Int(info.canvas_height)
            guard CGImage.validDecodeSize(width: w, height: h) else { return nil }
            var pixels: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else { return nil }
            let buffer = PixelBuffer(width: w, height: h)
            buffer.bytes.copyMemory(from: pixels, byteCount: w * h * 4)
            return buffer
        }
    }

    /// Encodes premultiplied ARGB32 pixels as a still WebP: lossless when `quality` is nil, else
    /// lossy at `quality` 0…100. Nil when libwebp refuses (a size over 16383 pixels a side).
    package static func encode(_ buffer: PixelBuffer, quality: Float? = nil) -> Data? {
        let straight = unpremultiplied(buffer)
        var output: UnsafeMutablePointer<UInt8>?
        let size = straight.withUnsafeBufferPointer { pixels -> Int in
            let base = UnsafeRawPointer(pixels.baseAddress!).assumingMemoryBound(to: UInt8.self)
            if let quality {
                return WebPEncodeBGRA(base, Int32(buffer.width), Int32(buffer.height), Int32(buffer.width * 4), min(max(quality, 0), 100), &output)
            }
            return WebPEncodeLosslessBGRA(base, Int32(buffer.width), Int32(buffer.height), Int32(buffer.width * 4), &output)
        }
        guard size > 0, let output else { return nil }
        defer { WebPFree(output) }
        return Data(bytes: output, count: size)
    }

    /// Premultiplied ARGB32 words to straight ones (what WebP stores).
    package static func unpremultiplied(_ buffer: PixelBuffer) -> [UInt32] {
        buffer.words.map { p in
            let a = p >> 24
            guard a != 255, a != 0 else { return a == 0 ? 0 : p }
            func straight(_ shift: UInt32) -> UInt32 { min(255, (((p >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
            return a << 24 | straight(16) | straight(8) | straight(0)
        }
    }

    /// Straight BGRA to premultiplied, in place.
    private static func premultiply(_ buffer: PixelBuffer) {
        let words = buffer.bytes.assumingMemoryBound(to: UInt32.self)
        for i in 0..<(buffer.width * buffer.height) {
            let p = words[i]
            let a = p >> 24
            guard a != 255 else { continue }
            func scaled(_ shift: UInt32) -> UInt32 { ((((p >> shift) & 0xFF) * a + 127) / 255) << shift }
            words[i] = a << 24 | scaled(16) | scaled(8) | scaled(0)
        }
    }
}
#endif
