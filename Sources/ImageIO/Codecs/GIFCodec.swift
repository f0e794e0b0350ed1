import CGIF
import CoreGraphics
import Foundation

/// GIF files through giflib: every frame composed on the canvas as a viewer shows it (disposal
/// to background or to the previous picture, transparent colour), with its delay; writing
/// quantises each frame to 255 colours with giflib's quantiser (plus one transparent index).
enum GIFCodec {
    /// Bytes read by giflib's callback.
    private final class Reader {
        let data: Data
        var offset = 0
        init(_ data: Data) { self.data = data }
    }

    static func decode(_ data: Data) -> Result<DecodedFile, ImageDecodeFailure> {
        let reader = Reader(data)
        var error: Int32 = 0
        let opened = withExtendedLifetime(reader) { () -> UnsafeMutablePointer<GifFileType>? in
            DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), { gif, buffer, length in
                guard let gif, let buffer, length > 0, let user = gif.pointee.UserData else { return 0 }
                let reader = Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue()
                let n = min(Int(length), reader.data.count - reader.offset)
                guard n > 0 else { return 0 }
                let start = reader.data.startIndex + reader.offset
                reader.data.copyBytes(to: buffer, from: start..<(start + n))
                reader.offset += n
                return Int32(n)
            }, &error)
        }
        guard let gif = opened else { return .failure(data.count < 13 ? .truncated : .invalid("not a GIF")) }
        defer { DGifCloseFile(gif, nil) }
        let canvasWidth = Int(gif.pointee.SWidth), canvasHeight = Int(gif.pointee.SHeight)
        guard canvasWidth > 0, canvasHeight > 0, canvasWidth <= 32767, canvasHeight <= 32767 else {
            return .failure(.invalid("GIF canvas \(canvasWidth)×\(canvasHeight)"))
        }
        // Each frame is the whole canvas: stop before the frames together pass the budget.
        let maxFrames = max(1, ImageDecoding.maxPixels / (canvasWidth * canvasHeight))
        let slurped = withExtendedLifetime(reader) { DGifSlurp(gif) }
        let count = Int(gif.pointee.ImageCount)
        guard count > 0, let images = gif.pointee.SavedImages else {
            return .failure(slurped == GIF_OK ? .invalid("a GIF without images") : .truncated)
        }
        var frames: [DecodedFrame] = []
        var canvas = [UInt32](repeating: 0, count: canvasWidth * canvasHeight)
        let loopCount = Self.loopCount(images[0])
        for i in 0..<min(count, maxFrames) {
            let saved = images[i]
            guard let raster = saved.RasterBits else { break }
            var gcb = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
            DGifSavedExtensionToGCB(gif, Int32(i), &gcb)
            let desc = saved.ImageDesc
            guard let map = desc.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else { continue }
            let mapSize = Int(map.pointee.ColorCount)
            let before = gcb.DisposalMode == DISPOSE_PREVIOUS ? canvas : []
            let left = Int(desc.Left), top = Int(desc.Top), w = Int(desc.Width), h = Int(desc.Height)
            for y in 0..<h where top + y >= 0 && top + y < canvasHeight {
                for x in 0..<w where left + x >= 0 && left + x < canvasWidth {
                    let index = Int(raster[y * w + x])
                    guard index != Int(gcb.TransparentColor), index < mapSize else { continue }
                    let c = colors[index]
                    canvas[(top + y) * canvasWidth + left + x] = 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
                }
            }
            let image = Self.image(canvas, width: canvasWidth, height: canvasHeight)
            let delay = Double(gcb.DelayTime) / 100
            var gifProperties: [String: Any] = [
                kCGImagePropertyGIFDelayTime: delay < 0.011 ? 0.1 : delay, kCGImagePropertyGIFUnclampedDelayTime: delay,
                kCGImagePropertyGIFCanvasPixelWidth: canvasWidth, kCGImagePropertyGIFCanvasPixelHeight: canvasHeight,
            ]
            if let loopCount { gifProperties[kCGImagePropertyGIFLoopCount] = loopCount }
            var properties = ImageDecoding.basics(image, hasAlpha: true)
            properties[kCGImagePropertyGIFDictionary] = gifProperties
            frames.append(DecodedFrame(image: image, properties: properties))
            switch gcb.DisposalMode {
            case DISPOSE_BACKGROUND:
                for y in max(0, top)..<min(canvasHeight, top + h) {
                    for x in max(0, left)..<min(canvasWidth, left + w) { canvas[y * canvasWidth + x] = 0 }
                }
            case DISPOSE_PREVIOUS:
                canvas = before
            default:
                break
            }
        }
        guard !frames.isEmpty else { return .failure(.invalid("no readable GIF frame")) }
        var file: [String: Any] = [
            kCGImagePropertyGIFHasGlobalColorMap: gif.pointee.SColorMap != nil,
            kCGImagePropertyGIFCanvasPixelWidth: canvasWidth, kCGImagePropertyGIFCanvasPixelHeight: canvasHeight,
        ]
        if let loopCount { file[kCGImagePropertyGIFLoopCount] = loopCount }
        return .success(DecodedFile(frames: frames, properties: [kCGImagePropertyGIFDictionary: file]))
    }

    /// The NETSCAPE2.0 block's repeat count (0: for ever), from the first image's extensions.
    private static func loopCount(_ first: SavedImage) -> Int? {
        guard let blocks = first.ExtensionBlocks else { return nil }
        let n = Int(first.ExtensionBlockCount)
        for k in 0..<n where blocks[k].Function == APPLICATION_EXT_FUNC_CODE && blocks[k].ByteCount == 11 {
            guard let bytes = blocks[k].Bytes, String(decoding: UnsafeBufferPointer(start: bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0",
                k + 1 < n, blocks[k + 1].ByteCount >= 3, let sub = blocks[k + 1].Bytes, sub[0] == 1
            else { continue }
            return Int(sub[1]) | Int(sub[2]) << 8
        }
        return nil
    }

    /// Straight ARGB words (alpha 0 or 255) as a premultiplied image.
    private static func image(_ canvas: [UInt32], width: Int, height: Int) -> CGImage {
        let buffer = PixelBuffer(width: width, height: height) { words in
            for i in 0..<words.count { words[i] = canvas[i] >> 24 == 0 ? 0 : canvas[i] }
        }
        return CGImage(pixels: buffer, opaque: false)
    }
}
