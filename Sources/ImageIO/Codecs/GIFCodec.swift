#if GIF
import CGIF
import CoreGraphics
import Foundation

/// GIF files through giflib: every frame composed on the canvas as a viewer shows it (disposal
/// to background or to the previous picture, transparent colour, interlacing), with its delay;
/// read record by record, each frame's size checked against the budget before it is read.
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
        return withExtendedLifetime(reader) { read(gif) }
    }

    private static func read(_ gif: UnsafeMutablePointer<GifFileType>) -> Result<DecodedFile, ImageDecodeFailure> {
        let canvasWidth = Int(gif.pointee.SWidth), canvasHeight = Int(gif.pointee.SHeight)
        guard canvasWidth > 0, canvasHeight > 0, canvasWidth <= 32767, canvasHeight <= 32767 else {
            return .failure(.invalid("GIF canvas \(canvasWidth)×\(canvasHeight)"))
        }
        guard canvasWidth * canvasHeight <= ImageDecoding.maxPixels else { return .failure(.tooLarge) }
        // Each frame is the whole canvas: stop before the frames together pass the budget.
        let maxFrames = min(ImageDecoding.maxFrames, max(1, ImageDecoding.maxPixels / (canvasWidth * canvasHeight)))
        var composer = Composer(width: canvasWidth, height: canvasHeight)
        var frames: [DecodedFrame] = []
        var ended = false
        // Record by record, not DGifSlurp: it allocates every frame's declared size before
        // reading it (65535² bytes for a 50-byte file).
        records: while frames.count < maxFrames {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else { break }
            switch type {
            case EXTENSION_RECORD_TYPE:
                guard composer.readExtension(gif) else { break records }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK, let frame = composer.readFrame(gif) else { break records }
                frames.append(frame)
            case TERMINATE_RECORD_TYPE:
                ended = true
                break records
            default:
                break records
            }
        }
        guard !frames.isEmpty else { return .failure(ended ? .invalid("a GIF without images") : .truncated) }
        var file: [String: Any] = [
            kCGImagePropertyGIFHasGlobalColorMap: gif.pointee.SColorMap != nil,
            kCGImagePropertyGIFCanvasPixelWidth: canvasWidth, kCGImagePropertyGIFCanvasPixelHeight: canvasHeight,
        ]
        if let loopCount = composer.loopCount {
            file[kCGImagePropertyGIFLoopCount] = loopCount
            for i in frames.indices { frames[i].setGIF(kCGImagePropertyGIFLoopCount, loopCount) }
        }
        return .success(DecodedFile(frames: frames, properties: [kCGImagePropertyGIFDictionary: file]))
    }

    /// The canvas frames are drawn on, and what the extensions before a frame said.
    private struct Composer {
        let width: Int, height: Int
        var canvas: [UInt32]
        var control = Composer.noControl
        var loopCount: Int?

        static let noControl = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            canvas = [UInt32](repeating: 0, count: width * height)
        }

        /// Reads one extension: a graphic control block (for the next frame), the NETSCAPE2.0
        /// loop count; others are skipped. False when the data ends.
        mutating func readExtension(_ gif: UnsafeMutablePointer<GifFileType>) -> Bool {
            var code: Int32 = 0
            var block: UnsafeMutablePointer<GifByteType>?
            guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return false }
            var isNetscape = false
            var first = true
            while let bytes = block {
                let length = Int(bytes[0])
                if code == GRAPHICS_EXT_FUNC_CODE, first, length >= 4 {
                    DGifExtensionToGCB(length, bytes + 1, &control)
                } else if code == APPLICATION_EXT_FUNC_CODE, first, length == 11 {
                    isNetscape = String(decoding: UnsafeBufferPointer(start: bytes + 1, count: 11), as: UTF8.self) == "NETSCAPE2.0"
                } else if isNetscape, !first, length >= 3, bytes[1] == 1 {
                    loopCount = Int(bytes[2]) | Int(bytes[3]) << 8
                }
                first = false
                guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return false }
            }
            return true
        }

        /// Reads the frame whose descriptor was just read and draws it on the canvas; the
        /// canvas as shown then, with the frame's properties. Nil when its data is missing or
        /// the frame is larger than the budget.
        mutating func readFrame(_ gif: UnsafeMutablePointer<GifFileType>) -> DecodedFrame? {
            let desc = gif.pointee.Image
            let left = Int(desc.Left), top = Int(desc.Top), w = Int(desc.Width), h = Int(desc.Height)
            guard w > 0, h > 0, w * h <= ImageDecoding.maxPixels,
                let map = desc.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors
            else { return nil }
            let mapSize = Int(map.pointee.ColorCount)
            var raster = [GifPixelType](repeating: 0, count: w * h)
            // Interlaced frames come in four passes of rows.
            let rows: [Int] = desc.Interlace
                ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: h, by: step)) }
                : Array(0..<h)
            for y in rows {
                let ok = raster.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress! + y * w, Int32(w)) }
                guard ok == GIF_OK else { return nil }
            }
            let before = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : []
            // The frame's rectangle, cut to the canvas (a frame may lie partly or wholly outside).
            let (x0, x1) = (max(0, left), min(width, left + w)), (y0, y1) = (max(0, top), min(height, top + h))
            let inside = x0 < x1 && y0 < y1
            if inside {
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let index = Int(raster[(y - top) * w + x - left])
                        guard index != Int(control.TransparentColor), index < mapSize else { continue }
                        let c = colors[index]
                        canvas[y * width + x] = 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
                    }
                }
            }
            let image = GIFCodec.image(canvas, width: width, height: height)
            let delay = Double(control.DelayTime) / 100
            var properties = ImageDecoding.basics(image, hasAlpha: true)
            properties[kCGImagePropertyGIFDictionary] = [
                kCGImagePropertyGIFDelayTime: delay < 0.011 ? 0.1 : delay, kCGImagePropertyGIFUnclampedDelayTime: delay,
                kCGImagePropertyGIFCanvasPixelWidth: width, kCGImagePropertyGIFCanvasPixelHeight: height,
            ] as [String: Any]
            switch control.DisposalMode {
            case DISPOSE_BACKGROUND where inside:
                for y in y0..<y1 {
                    for x in x0..<x1 { canvas[y * width + x] = 0 }
                }
            case DISPOSE_PREVIOUS:
                canvas = before
            default:
                break
            }
            // A control block applies to the one frame after it.
            control = Composer.noControl
            return DecodedFrame(image: image, properties: properties)
        }
    }

    /// Straight ARGB words (alpha 0 or 255) as a premultiplied image.
    static func image(_ canvas: [UInt32], width: Int, height: Int) -> CGImage {
        let buffer = PixelBuffer(width: width, height: height) { words in
            for i in 0..<words.count { words[i] = canvas[i] >> 24 == 0 ? 0 : canvas[i] }
        }
        return CGImage(pixels: buffer, opaque: false)
    }
}

extension DecodedFrame {
    /// Sets a key of the frame's GIF dictionary.
    mutating func setGIF(_ key: String, _ value: Any) {
        var gif = properties[kCGImagePropertyGIFDictionary] as? [String: Any] ?? [:]
        gif[key] = value
        properties[kCGImagePropertyGIFDictionary] = gif
    }
}
#endif
