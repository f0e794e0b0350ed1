#if TIFF
import CTIFF
import CoreGraphics
import Foundation

/// TIFF files through libtiff, read from and written to memory: every page (directory) as an
/// image, through libtiff's RGBA reader (any photometric, bit depth, compression it knows);
/// written as 8-bit RGBA with associated (premultiplied) alpha, LZW-compressed, a page an image.
enum TIFFCodec {
    /// The bytes libtiff reads or writes, with its position.
    final class Memory {
        var bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// Opens `memory` for libtiff in `mode` ("r" or "w").
    static func open(_ memory: Memory, mode: String) -> OpaquePointer? {
        TIFFSetErrorHandler(nil)
        TIFFSetWarningHandler(nil)
        return TIFFClientOpen(
            "memory", mode, Unmanaged.passUnretained(memory).toOpaque(),
            { handle, buffer, size in
                let m = Unmanaged<Memory>.fromOpaque(handle!).takeUnretainedValue()
                let n = max(0, min(Int(size), m.bytes.count - m.offset))
                if n > 0, let buffer { m.bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + m.offset, byteCount: n) } }
                m.offset += n
                return tmsize_t(n)
            },
            { handle, buffer, size in
                let m = Unmanaged<Memory>.fromOpaque(handle!).takeUnretainedValue()
                guard size > 0, size < 1 << 31, let buffer else { return 0 }
                let end = m.offset + Int(size)
                if end > m.bytes.count { m.bytes.append(contentsOf: repeatElement(0, count: end - m.bytes.count)) }
                m.bytes.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: m.offset).copyMemory(from: buffer, byteCount: Int(size)) }
                m.offset = end
                return size
            },
            { handle, offset, whence in
                let m = Unmanaged<Memory>.fromOpaque(handle!).takeUnretainedValue()
                let base: Int
                switch whence {
                case SEEK_CUR: base = m.offset
                case SEEK_END: base = m.bytes.count
                default: base = 0
                }
                let target = base + Int(truncatingIfNeeded: Int64(bitPattern: offset))
                guard target >= 0, target <= 1 << 31 else { return toff_t.max }
                m.offset = target
                return toff_t(target)
            },
            { _ in 0 },
            { handle in toff_t(Unmanaged<Memory>.fromOpaque(handle!).takeUnretainedValue().bytes.count) },
            { _, _, _ in 0 }, { _, _, _ in })
    }

    /// A tag's value read through libtiff's variadic getter (Swift cannot call `TIFFGetField`).
    static func field<T>(_ tiff: OpaquePointer, _ tag: Int32, _ initial: T) -> T? {
        var value = initial
        let ok = withUnsafeMutablePointer(to: &value) { p in withVaList([p]) { TIFFVGetFieldDefaulted(tiff, UInt32(tag), $0) } }
        return ok == 1 ? value : nil
    }

    static func set(_ tiff: OpaquePointer, _ tag: Int32, _ values: [CVarArg]) {
        _ = withVaList(values) { TIFFVSetField(tiff, UInt32(tag), $0) }
    }

    static func decode(_ data: Data) -> Result<DecodedFile, ImageDecodeFailure> {
        let memory = Memory([UInt8](data))
        guard let tiff = withExtendedLifetime(memory, { open(memory, mode: "rm") }) else {
            return .failure(data.count < 8 ? .truncated : .invalid("not a readable TIFF"))
        }
        defer { TIFFClose(tiff) }
        var frames: [DecodedFrame] = []
        var total = 0
        repeat {
            guard let width = field(tiff, TIFFTAG_IMAGEWIDTH, UInt32(0)), let height = field(tiff, TIFFTAG_IMAGELENGTH, UInt32(0)),
                CGImage.validSize(width: Int(width), height: Int(height))
            else { break }
            let w = Int(width), h = Int(height)
            total += w * h
            guard total <= ImageDecoding.maxPixels else { return frames.isEmpty ? .failure(.tooLarge) : .success(DecodedFile(frames: frames)) }
            var raster = [UInt32](repeating: 0, count: w * h)
            // Asked for the file's own orientation, libtiff gives the pixels as stored (the
            // orientation is a property, as Apple's ImageIO reports it, not applied).
            let stored = Int32(field(tiff, TIFFTAG_ORIENTATION, UInt16(1)) ?? 1)
            let ok = withExtendedLifetime(memory) {
                TIFFReadRGBAImageOriented(tiff, width, height, &raster, (1...8).contains(stored) ? stored : ORIENTATION_TOPLEFT, 0)
            }
            guard ok == 1 else { break }
            // libtiff gives A B G R bytes (red lowest), alpha premultiplied; cairo wants A R G B words.
            let buffer = PixelBuffer(width: w, height: h) { words in
                for i in 0..<words.count {
                    let p = raster[i]
                    words[i] = p & 0xFF00_FF00 | (p & 0xFF) << 16 | (p >> 16) & 0xFF
                }
            }
            let samples = field(tiff, TIFFTAG_SAMPLESPERPIXEL, UInt16(0)) ?? 3
            let photometric = field(tiff, TIFFTAG_PHOTOMETRIC, UInt16(0)) ?? 2
            let gray = photometric == UInt16(PHOTOMETRIC_MINISBLACK) || photometric == UInt16(PHOTOMETRIC_MINISWHITE)
            let hasAlpha = samples > (gray ? 1 : 3)
            let image = CGImage(pixels: buffer, opaque: !hasAlpha)
            var properties = ImageDecoding.basics(image, hasAlpha: hasAlpha, gray: gray)
            properties[kCGImagePropertyDepth] = Int(field(tiff, TIFFTAG_BITSPERSAMPLE, UInt16(8)) ?? 8)
            var tiffProperties: [String: Any] = [:]
            if let orientation = field(tiff, TIFFTAG_ORIENTATION, UInt16(1)), (1...8).contains(orientation) {
                properties[kCGImagePropertyOrientation] = Int(orientation)
                tiffProperties[kCGImagePropertyTIFFOrientation] = Int(orientation)
            }
            if let x = field(tiff, TIFFTAG_XRESOLUTION, Float(0)), let y = field(tiff, TIFFTAG_YRESOLUTION, Float(0)), x > 0, y > 0 {
                let unit = field(tiff, TIFFTAG_RESOLUTIONUNIT, UInt16(2)) ?? 2
                tiffProperties[kCGImagePropertyTIFFXResolution] = Double(x)
                tiffProperties[kCGImagePropertyTIFFYResolution] = Double(y)
                tiffProperties[kCGImagePropertyTIFFResolutionUnit] = Int(unit)
                // Unit 2: inches; 3: centimetres.
                let k = unit == 3 ? 2.54 : 1
                if unit == 2 || unit == 3 {
                    properties[kCGImagePropertyDPIWidth] = Double(x) * k
                    properties[kCGImagePropertyDPIHeight] = Double(y) * k
                }
            }
            properties[kCGImagePropertyTIFFDictionary] = tiffProperties
            frames.append(DecodedFrame(image: image, properties: properties))
        } while frames.count < 10_000 && withExtendedLifetime(memory, { TIFFReadDirectory(tiff) }) == 1
        guard !frames.isEmpty else { return .failure(.invalid("no readable TIFF page")) }
        return .success(DecodedFile(frames: frames))
    }

    /// A TIFF of `images`, a page each, with each page's orientation and resolution (dots an inch).
    static func encode(_ pages: [(image: CGImage, orientation: Int?, dpi: (Double, Double)?)]) -> Data? {
        let memory = Memory([])
        return withExtendedLifetime(memory) { () -> Data? in
            guard let tiff = open(memory, mode: "w") else { return nil }
            for page in pages {
                let w = page.image.width, h = page.image.height
                set(tiff, TIFFTAG_IMAGEWIDTH, [Int32(w)])
                set(tiff, TIFFTAG_IMAGELENGTH, [Int32(h)])
                set(tiff, TIFFTAG_BITSPERSAMPLE, [Int32(8)])
                set(tiff, TIFFTAG_SAMPLESPERPIXEL, [Int32(4)])
                var extra: [UInt16] = [UInt16(EXTRASAMPLE_ASSOCALPHA)]
                extra.withUnsafeMutableBufferPointer { set(tiff, TIFFTAG_EXTRASAMPLES, [Int32(1), $0.baseAddress!]) }
                set(tiff, TIFFTAG_PHOTOMETRIC, [Int32(PHOTOMETRIC_RGB)])
                set(tiff, TIFFTAG_PLANARCONFIG, [Int32(PLANARCONFIG_CONTIG)])
                set(tiff, TIFFTAG_COMPRESSION, [Int32(COMPRESSION_LZW)])
                set(tiff, TIFFTAG_ROWSPERSTRIP, [Int32(max(1, 65536 / max(1, w * 4)))])
                if let orientation = page.orientation, (1...8).contains(orientation) { set(tiff, TIFFTAG_ORIENTATION, [Int32(orientation)]) }
                if let (x, y) = page.dpi, x > 0, y > 0, x.isFinite, y.isFinite {
                    set(tiff, TIFFTAG_XRESOLUTION, [x])
                    set(tiff, TIFFTAG_YRESOLUTION, [y])
                    set(tiff, TIFFTAG_RESOLUTIONUNIT, [Int32(RESUNIT_INCH)])
                }
                var row = [UInt8](repeating: 0, count: w * 4)
                let pixels = page.image.pixels
                for y in 0..<h {
                    for x in 0..<w {
                        let p = pixels.pixel(x: x, y: y)
                        row[x * 4] = UInt8((p >> 16) & 0xFF); row[x * 4 + 1] = UInt8((p >> 8) & 0xFF)
                        row[x * 4 + 2] = UInt8(p & 0xFF); row[x * 4 + 3] = UInt8(p >> 24)
                    }
                    guard TIFFWriteScanline(tiff, &row, UInt32(y), 0) == 1 else { TIFFClose(tiff); return nil }
                }
                guard TIFFWriteDirectory(tiff) == 1 else { TIFFClose(tiff); return nil }
            }
            TIFFClose(tiff)
            return Data(memory.bytes)
        }
    }
}
#endif
