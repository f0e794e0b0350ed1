/// Converts between the formats of `PixelFormat` and premultiplied native ARGB32 words, one pixel
/// at a time. Used where pixman has no matching format (straight alpha, 24-bit, gray).
package enum PixelConversion {
    /// Reads the pixel at `p` in `format` as a premultiplied ARGB32 word.
    package static func readARGB(_ p: UnsafeRawPointer, _ format: PixelFormat) -> UInt32 {
        let b = p.assumingMemoryBound(to: UInt8.self)
        switch format {
        case .rgba32(let order, let mode):
            var (a, r, g, bl): (UInt32, UInt32, UInt32, UInt32)
            switch order {
            case .rgba: (r, g, bl, a) = (UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]))
            case .argb: (a, r, g, bl) = (UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]))
            case .bgra: (bl, g, r, a) = (UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]))
            case .abgr: (a, bl, g, r) = (UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]))
            }
            switch mode {
            case .skip: a = 255
            case .straight: (r, g, bl) = (premultiply(r, a), premultiply(g, a), premultiply(bl, a))
            case .premultiplied: (r, g, bl) = (min(r, a), min(g, a), min(bl, a))
            }
            return pack(a, r, g, bl)
        case .rgb24:
            return pack(255, UInt32(b[0]), UInt32(b[1]), UInt32(b[2]))
        case .gray8:
            let v = UInt32(b[0])
            return pack(255, v, v, v)
        case .grayAlpha16(let premultiplied):
            let a = UInt32(b[1])
            let v = premultiplied ? min(UInt32(b[0]), a) : premultiply(UInt32(b[0]), a)
            return pack(a, v, v, v)
        case .alpha8:
            return pack(UInt32(b[0]), 0, 0, 0)
        }
    }

    /// Writes the premultiplied ARGB32 word `w` at `p` in `format`.
    package static func writeARGB(_ w: UInt32, _ p: UnsafeMutableRawPointer, _ format: PixelFormat) {
        let b = p.assumingMemoryBound(to: UInt8.self)
        var a = w >> 24
        var r = (w >> 16) & 0xFF
        var g = (w >> 8) & 0xFF
        var bl = w & 0xFF
        switch format {
        case .rgba32(let order, let mode):
            switch mode {
            case .straight: (r, g, bl) = (unpremultiply(r, a), unpremultiply(g, a), unpremultiply(bl, a))
            case .skip: a = 255
            case .premultiplied: break
            }
            let bytes: (UInt32, UInt32, UInt32, UInt32) =
                switch order {
                case .rgba: (r, g, bl, a)
                case .argb: (a, r, g, bl)
                case .bgra: (bl, g, r, a)
                case .abgr: (a, bl, g, r)
                }
            b[0] = UInt8(bytes.0)
            b[1] = UInt8(bytes.1)
            b[2] = UInt8(bytes.2)
            b[3] = UInt8(bytes.3)
        case .rgb24:
            b[0] = UInt8(unpremultiply(r, a))
            b[1] = UInt8(unpremultiply(g, a))
            b[2] = UInt8(unpremultiply(bl, a))
        case .gray8:
            b[0] = UInt8(luma(unpremultiply(r, a), unpremultiply(g, a), unpremultiply(bl, a)))
        case .grayAlpha16(let premultiplied):
            let v = luma(r, g, bl)
            b[0] = UInt8(premultiplied ? v : unpremultiply(v, a))
            b[1] = UInt8(a)
        case .alpha8:
            b[0] = UInt8(a)
        }
    }

    /// Converts a whole bitmap in `format` (rows `bytesPerRow` apart) to a premultiplied ARGB32 buffer.
    package static func makeBuffer(
        from data: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int, format: PixelFormat
    ) -> PixelBuffer {
        PixelBuffer(width: width, height: height) { out in
            let bpp = format.bytesPerPixel
            for y in 0..<height {
                let row = data + y * bytesPerRow
                for x in 0..<width {
                    out[y * width + x] = readARGB(row + x * bpp, format)
                }
            }
        }
    }

    package static func pack(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
        (a << 24) | (r << 16) | (g << 8) | b
    }

    /// `c·a/255`, rounded.
    package static func premultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
        let t = c * a + 128
        return (t + (t >> 8)) >> 8
    }

    /// `c·255/a`, rounded and clamped; 0 where alpha is 0.
    package static func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
        guard a > 0 else { return 0 }
        return min(255, (c * 255 + a / 2) / a)
    }

    /// Rec. 709 luma of 8-bit channels, rounded.
    private static func luma(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
        (2126 * r + 7152 * g + 722 * b + 5000) / 10000
    }
}
