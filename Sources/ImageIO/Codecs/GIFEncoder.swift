#if GIF
import CGIF
import CoreGraphics
import Foundation

/// Writes GIF files through giflib: each frame the size of the first (drawn at its top left),
/// quantised to 255 colours by giflib, with index 255 for pixels under half opaque; a frame's
/// delay (hundredths of a second) and the file's loop count (a NETSCAPE2.0 block) as given.
enum GIFEncoder {
    struct Frame {
        var image: CGImage
        /// Seconds.
        var delay: Double
    }

    private final class Writer {
        var bytes = Data()
    }

    /// The GIF, or nil when giflib refuses (it says why in `reason`).
    static func encode(_ frames: [Frame], loopCount: Int?) -> Result<Data, ImageDestinationFailure> {
        guard let first = frames.first else { return .failure(.noImages) }
        let width = first.image.width, height = first.image.height
        guard width <= 65535, height <= 65535 else { return .failure(.unsupported("GIF sides are at most 65535 pixels")) }
        let writer = Writer()
        var error: Int32 = 0
        return withExtendedLifetime(writer) { () -> Result<Data, ImageDestinationFailure> in
            guard let gif = EGifOpen(Unmanaged.passUnretained(writer).toOpaque(), { gif, bytes, length in
                guard let gif, let bytes, length > 0, let user = gif.pointee.UserData else { return 0 }
                Unmanaged<Writer>.fromOpaque(user).takeUnretainedValue().bytes.append(bytes, count: Int(length))
                return length
            }, &error) else { return .failure(.encoder("giflib: \(String(cString: GifErrorString(error)))")) }
            var closed = false
            defer { if !closed { EGifCloseFile(gif, nil) } }
            EGifSetGifVersion(gif, true)
            guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else {
                return .failure(.encoder("giflib: \(String(cString: GifErrorString(gif.pointee.Error)))"))
            }
            // Only when given, as Apple writes it: without one a viewer plays the frames once.
            if let loopCount { putLoop(gif, count: loopCount) }
            for frame in frames {
                guard put(frame, into: gif, width: width, height: height) else {
                    return .failure(.encoder("giflib: \(String(cString: GifErrorString(gif.pointee.Error)))"))
                }
            }
            closed = true
            guard EGifCloseFile(gif, &error) == GIF_OK else { return .failure(.encoder("giflib: \(String(cString: GifErrorString(error)))")) }
            return .success(writer.bytes)
        }
    }

    /// The NETSCAPE2.0 application block: play `count` more times (0: for ever).
    private static func putLoop(_ gif: UnsafeMutablePointer<GifFileType>, count: Int) {
        let clamped = min(max(count, 0), 65535)
        var name = Array("NETSCAPE2.0".utf8)
        var sub: [UInt8] = [1, UInt8(clamped & 0xFF), UInt8(clamped >> 8)]
        EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE)
        EGifPutExtensionBlock(gif, 11, &name)
        EGifPutExtensionBlock(gif, 3, &sub)
        EGifPutExtensionTrailer(gif)
    }

    /// A palette of the frame's own colours when it has at most 255 (flat graphics keep their
    /// exact colours); false when it has more.
    private static func exactPalette(
        _ red: [UInt8], _ green: [UInt8], _ blue: [UInt8], _ transparent: [Bool], _ indices: inout [UInt8],
        _ colors: inout [GifColorType]
    ) -> Bool {
        var palette: [UInt32: UInt8] = [:]
        for i in 0..<red.count where !transparent[i] {
            let key = UInt32(red[i]) << 16 | UInt32(green[i]) << 8 | UInt32(blue[i])
            if let index = palette[key] {
                indices[i] = index
                continue
            }
            guard palette.count < 255 else { return false }
            let index = UInt8(palette.count)
            palette[key] = index
            colors[Int(index)] = GifColorType(Red: red[i], Green: green[i], Blue: blue[i])
            indices[i] = index
        }
        return true
    }

    /// One frame: its control block (delay, transparent index, disposal), descriptor and rows.
    private static func put(_ frame: Frame, into gif: UnsafeMutablePointer<GifFileType>, width: Int, height: Int) -> Bool {
        let n = width * height
        var red = [UInt8](repeating: 0, count: n), green = red, blue = red
        var transparent = [Bool](repeating: true, count: n)
        // The frame drawn at the top left of the canvas, straight colour.
        let source = frame.image.pixels
        for y in 0..<min(height, source.height) {
            for x in 0..<min(width, source.width) {
                let p = source.pixel(x: x, y: y), a = p >> 24
                guard a >= 128 else { continue }
                let i = y * width + x
                transparent[i] = false
                func straight(_ shift: UInt32) -> UInt8 { UInt8(min(255, (((p >> shift) & 0xFF) * 255 + a / 2) / a)) }
                red[i] = straight(16); green[i] = straight(8); blue[i] = straight(0)
            }
        }
        var indices = [UInt8](repeating: 0, count: n)
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 256)
        if !exactPalette(red, green, blue, transparent, &indices, &colors) {
            // More than 255 colours: giflib's median cut (5 bits a primary).
            var mapSize: Int32 = 255
            guard GifQuantizeBuffer(UInt32(width), UInt32(height), &mapSize, &red, &green, &blue, &indices, &colors) == GIF_OK else {
                return false
            }
        }
        let hasTransparency = transparent.contains(true)
        if hasTransparency { for i in 0..<n where transparent[i] { indices[i] = 255 } }
        var gcb = GraphicsControlBlock(
            DisposalMode: hasTransparency ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, UserInputFlag: false,
            DelayTime: Int32(min(max((frame.delay * 100).rounded(), 0), 65535)), TransparentColor: hasTransparency ? 255 : -1)
        var controlBlock = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&gcb, &controlBlock)
        guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &controlBlock) == GIF_OK,
            let map = GifMakeMapObject(256, &colors)
        else { return false }
        defer { GifFreeMapObject(map) }
        guard EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), false, map) == GIF_OK else { return false }
        for y in 0..<height {
            let ok = indices.withUnsafeMutableBufferPointer { EGifPutLine(gif, $0.baseAddress! + y * width, Int32(width)) }
            guard ok == GIF_OK else { return false }
        }
        return true
    }
}
#endif
