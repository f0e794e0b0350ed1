import CoreGraphics
import Foundation

/// The frames of an animated PNG: each frame's chunks put back together as a PNG of its own
/// (its IHDR size, the file's palette and colour chunks, its `IDAT`/`fdAT` data), decoded by
/// Core Graphics' PNG reader (libpng), then composed on the canvas with the frame's blend and
/// dispose operations, as browsers show them.
enum APNGFrames {
    struct Control {
        var width: Int, height: Int, x: Int, y: Int
        var delay: Double
        var dispose: UInt8, blend: UInt8
    }

    /// Nil when the file has no animation control (`acTL`) or its frames cannot be read.
    static func decode(_ data: Data, chunks: [(type: String, body: Data)], canvas: (Int, Int), header: Data) -> DecodedFile? {
        guard let actl = chunks.first(where: { $0.type == "acTL" }), actl.body.count >= 8 else { return nil }
        let loops = PNGFile.uint32(actl.body, 4)
        let (w, h) = canvas
        // Chunks every frame's PNG needs from the file. Not `iCCP`: the PNG reader does not use
        // it, and an 8,000-frame file with a 1 MB profile rebuilt (and checksummed) it per frame.
        let shared = chunks.filter { ["PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "sBIT"].contains($0.type) }
        var frames: [(Control, [Data])] = []
        var current: Control?
        var parts: [Data] = []
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                if let control = current, !parts.isEmpty { frames.append((control, parts)) }
                current = control(chunk.body, canvas: canvas)
                parts = []
                if current == nil { return nil }
            case "IDAT" where current != nil: parts.append(chunk.body)
            case "fdAT" where current != nil && chunk.body.count > 4: parts.append(chunk.body.dropFirst(4))
            default: break
            }
        }
        if let control = current, !parts.isEmpty { frames.append((control, parts)) }
        guard !frames.isEmpty else { return nil }
        let budget = min(ImageDecoding.maxFrames, max(1, ImageDecoding.maxPixels / max(1, w * h)))
        var canvasPixels = [UInt32](repeating: 0, count: w * h)
        var decoded: [DecodedFrame] = []
        for (control, data) in frames.prefix(budget) {
            guard let image = frameImage(control, data, header: header, shared: shared) else { break }
            let before = canvasPixels
            compose(image, control, into: &canvasPixels, width: w)
            let buffer = PixelBuffer(width: w, height: h) { out in
                for i in 0..<(w * h) { out[i] = canvasPixels[i] }
            }
            let frame = CGImage(pixels: buffer)
            var properties = ImageDecoding.basics(frame, hasAlpha: true)
            properties[kCGImagePropertyPNGDictionary] = [
                kCGImagePropertyAPNGDelayTime: control.delay < 0.011 ? 0.1 : control.delay,
                kCGImagePropertyAPNGUnclampedDelayTime: control.delay, kCGImagePropertyAPNGLoopCount: loops,
            ]
            decoded.append(DecodedFrame(image: frame, properties: properties))
            switch control.dispose {
            case 1: clear(control, &canvasPixels, width: w)
            case 2: canvasPixels = before
            default: break
            }
        }
        guard !decoded.isEmpty else { return nil }
        return DecodedFile(frames: decoded, properties: [kCGImagePropertyPNGDictionary: [kCGImagePropertyAPNGLoopCount: loops]])
    }

    /// A frame control chunk, checked against the canvas; nil when it does not fit.
    private static func control(_ body: Data, canvas: (Int, Int)) -> Control? {
        guard body.count >= 26 else { return nil }
        let s = body.startIndex
        let w = PNGFile.uint32(body, 4), h = PNGFile.uint32(body, 8), x = PNGFile.uint32(body, 12), y = PNGFile.uint32(body, 16)
        let numerator = Int(body[s + 20]) << 8 | Int(body[s + 21]), denominator = Int(body[s + 22]) << 8 | Int(body[s + 23])
        guard w > 0, h > 0, x + w <= canvas.0, y + h <= canvas.1 else { return nil }
        return Control(width: w, height: h, x: x, y: y, delay: Double(numerator) / Double(denominator == 0 ? 100 : denominator),
                       dispose: body[s + 24], blend: body[s + 25])
    }

    /// The frame as a PNG of its own, decoded.
    private static func frameImage(_ control: Control, _ parts: [Data], header: Data, shared: [(type: String, body: Data)]) -> CGImage? {
        var ihdr = Data(header)
        ihdr.replaceSubrange(0..<8, with: PNGFile.be32(control.width) + PNGFile.be32(control.height))
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += PNGFile.chunk("IHDR", ihdr)
        for part in shared { png += PNGFile.chunk(part.type, part.body) }
        for part in parts { png += PNGFile.chunk("IDAT", part) }
        png += PNGFile.chunk("IEND", Data())
        guard let provider = CGDataProvider(data: png as CFData) else { return nil }
        return CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// Draws `image` at the frame's place: replacing the pixels (blend 0) or over them (blend 1).
    private static func compose(_ image: CGImage, _ control: Control, into canvas: inout [UInt32], width: Int) {
        let words = image.pixels.words
        for row in 0..<control.height {
            for column in 0..<control.width {
                let source = words[row * control.width + column]
                let i = (control.y + row) * width + control.x + column
                guard control.blend == 1 else { canvas[i] = source; continue }
                let a = source >> 24
                guard a < 255 else { canvas[i] = source; continue }
                let d = canvas[i]
                var out: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let s = (source >> shift) & 0xFF, t = (d >> shift) & 0xFF
                    out |= min(255, s + (t * (255 - a) + 127) / 255) << shift
                }
                canvas[i] = out
            }
        }
    }

    private static func clear(_ control: Control, _ canvas: inout [UInt32], width: Int) {
        for row in 0..<control.height {
            for column in 0..<control.width { canvas[(control.y + row) * width + control.x + column] = 0 }
        }
    }
}

/// Animated PNG keys (in the `{PNG}` dictionary).
public let kCGImagePropertyAPNGLoopCount: CFString = "LoopCount"
public let kCGImagePropertyAPNGDelayTime: CFString = "DelayTime"
public let kCGImagePropertyAPNGUnclampedDelayTime: CFString = "UnclampedDelayTime"
