#if WebP
import CWebP
import CoreGraphics
import Foundation

/// WebP files through libwebp: a still image, or every frame of an animation composed on its
/// canvas (libwebp's animation decoder) with its delay and the loop count.
enum WebPFile {
    static func decode(_ data: Data) -> Result<DecodedFile, ImageDecodeFailure> {
        guard let count = WebPCodec.frameCount(data) else { return .failure(data.count < 30 ? .truncated : .invalid("not a readable WebP")) }
        // The size the header claims, checked before anything is decoded.
        guard let (w, h) = WebPCodec.size(data) else { return .failure(.invalid("unreadable WebP header")) }
        guard w * h <= ImageDecoding.maxPixels else { return .failure(.tooLarge) }
        if count <= 1 {
            guard let image = CGImage.webp(data) else { return .failure(.invalid("unreadable WebP data")) }
            var properties = ImageDecoding.basics(image, hasAlpha: image.alphaInfo != .noneSkipFirst)
            properties[kCGImagePropertyWebPDictionary] = [
                kCGImagePropertyWebPCanvasPixelWidth: image.width, kCGImagePropertyWebPCanvasPixelHeight: image.height,
            ]
            return .success(DecodedFile(frames: [DecodedFrame(image: image, properties: properties)]))
        }
        return animated(data)
    }

    private static func animated(_ data: Data) -> Result<DecodedFile, ImageDecodeFailure> {
        data.withUnsafeBytes { raw -> Result<DecodedFile, ImageDecodeFailure> in
            var webp = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return .failure(.invalid("libwebp options")) }
            options.color_mode = MODE_bgrA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else { return .failure(.invalid("unreadable animated WebP")) }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return .failure(.invalid("unreadable animated WebP")) }
            let w = Int(info.canvas_width), h = Int(info.canvas_height)
            guard CGImage.validSize(width: w, height: h) else { return .failure(.invalid("WebP canvas \(w)×\(h)")) }
            guard w * h <= ImageDecoding.maxPixels else { return .failure(.tooLarge) }
            let maxFrames = max(1, ImageDecoding.maxPixels / (w * h))
            var frames: [DecodedFrame] = []
            var previous: Int32 = 0
            while frames.count < maxFrames, WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else { break }
                let buffer = PixelBuffer(width: w, height: h)
                buffer.bytes.copyMemory(from: pixels, byteCount: w * h * 4)
                let image = CGImage(pixels: buffer, opaque: false)
                // Timestamps are when each frame ends (milliseconds).
                let delay = Double(timestamp - previous) / 1000
                previous = timestamp
                var properties = ImageDecoding.basics(image, hasAlpha: true)
                properties[kCGImagePropertyWebPDictionary] = [
                    kCGImagePropertyWebPDelayTime: delay < 0.011 ? 0.1 : delay, kCGImagePropertyWebPUnclampedDelayTime: delay,
                    kCGImagePropertyWebPLoopCount: Int(info.loop_count),
                    kCGImagePropertyWebPCanvasPixelWidth: w, kCGImagePropertyWebPCanvasPixelHeight: h,
                ]
                frames.append(DecodedFrame(image: image, properties: properties))
            }
            guard !frames.isEmpty else { return .failure(.invalid("no readable WebP frame")) }
            let file: [String: Any] = [
                kCGImagePropertyWebPLoopCount: Int(info.loop_count), kCGImagePropertyWebPCanvasPixelWidth: w,
                kCGImagePropertyWebPCanvasPixelHeight: h,
            ]
            return .success(DecodedFile(frames: frames, properties: [kCGImagePropertyWebPDictionary: file]))
        }
    }

    /// An animated WebP of `frames` (each with its delay in seconds), lossless unless `quality`
    /// (0…1) is below 1, played `loopCount` times (0: for ever).
    static func encodeAnimated(_ frames: [(image: CGImage, delay: Double)], quality: Double?, loopCount: Int) -> Data? {
        guard let first = frames.first else { return nil }
        let w = first.image.width, h = first.image.height
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { return nil }
        options.anim_params.loop_count = Int32(min(max(loopCount, 0), 65535))
        guard let encoder = WebPAnimEncoderNew(Int32(w), Int32(h), &options) else { return nil }
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { return nil }
        if let quality, quality < 1 {
            config.quality = Float(min(max(quality, 0), 1) * 100)
        } else {
            config.lossless = 1
        }
        var time: Int32 = 0
        for frame in frames {
            var picture = WebPPicture()
            guard WebPPictureInit(&picture) != 0 else { return nil }
            picture.width = Int32(w)
            picture.height = Int32(h)
            picture.use_argb = 1
            guard WebPPictureAlloc(&picture) != 0 else { return nil }
            defer { WebPPictureFree(&picture) }
            // The frame at the canvas's top left, straight ARGB (what WebPPicture holds).
            let source = frame.image.pixels
            let straight = WebPCodec.unpremultiplied(source)
            for y in 0..<h {
                for x in 0..<w {
                    picture.argb[y * Int(picture.argb_stride) + x] = y < source.height && x < source.width ? straight[y * source.width + x] : 0
                }
            }
            guard WebPAnimEncoderAdd(encoder, &picture, time, &config) != 0 else { return nil }
            time += Int32(min(max((frame.delay * 1000).rounded(), 0), 1e8))
        }
        guard WebPAnimEncoderAdd(encoder, nil, time, nil) != 0 else { return nil }
        var output = WebPData(bytes: nil, size: 0)
        guard WebPAnimEncoderAssemble(encoder, &output) != 0, let bytes = output.bytes else { return nil }
        defer { WebPDataClear(&output) }
        return Data(bytes: bytes, count: output.size)
    }
}
#endif
