import CPixman

/// The 8-bit-per-component pixel layouts Strata reads and writes, resolved once from Apple's
/// (bitsPerPixel, colour space, alpha info, byte order) description.
package enum PixelFormat: Hashable, Sendable {
    /// Four bytes a pixel; `order` lists which channel each byte in memory holds.
    case rgba32(order: ChannelOrder, alpha: AlphaMode)
    /// Three bytes a pixel, R G B.
    case rgb24
    /// One gray byte a pixel, opaque.
    case gray8
    /// Gray then alpha (straight or premultiplied), two bytes a pixel.
    case grayAlpha16(premultiplied: Bool)
    /// One alpha byte a pixel.
    case alpha8

    /// The order of the four channel bytes in memory.
    package enum ChannelOrder: Hashable, Sendable {
        case rgba, argb, bgra, abgr
    }

    /// How the alpha byte is used.
    package enum AlphaMode: Hashable, Sendable {
        case premultiplied, straight, skip
    }

    package var bytesPerPixel: Int {
        switch self {
        case .rgba32: 4
        case .rgb24: 3
        case .grayAlpha16: 2
        case .gray8, .alpha8: 1
        }
    }

    /// Resolves Apple's description, or nil for layouts Strata does not support (16/32-bit
    /// components, floats, CMYK, indexed colour).
    package init?(bitsPerComponent: Int, bitsPerPixel: Int, model: CGColorSpaceModel?, bitmapInfo: CGBitmapInfo) {
        guard bitsPerComponent == 8, !bitmapInfo.contains(.floatComponents),
            let alphaInfo = bitmapInfo.alphaInfo, let byteOrder = bitmapInfo.byteOrder
        else { return nil }
        if alphaInfo == .alphaOnly {
            guard bitsPerPixel == 8 else { return nil }
            self = .alpha8
            return
        }
        switch model {
        case .monochrome?:
            switch (alphaInfo, bitsPerPixel) {
            case (.none, 8): self = .gray8
            case (.premultipliedLast, 16): self = .grayAlpha16(premultiplied: true)
            case (.last, 16): self = .grayAlpha16(premultiplied: false)
            default: return nil
            }
        case .rgb?:
            if alphaInfo == .none {
                guard bitsPerPixel == 24 else { return nil }
                self = .rgb24
                return
            }
            guard bitsPerPixel == 32 else { return nil }
            let alphaFirst = alphaInfo == .premultipliedFirst || alphaInfo == .first || alphaInfo == .noneSkipFirst
            let little = byteOrder == .order32Little
            guard byteOrder == .orderDefault || byteOrder == .order32Big || little else { return nil }
            let order: ChannelOrder =
                switch (alphaFirst, little) {
                case (true, false): .argb
                case (true, true): .bgra
                case (false, false): .rgba
                case (false, true): .abgr
                }
            let mode: AlphaMode =
                switch alphaInfo {
                case .premultipliedFirst, .premultipliedLast: .premultiplied
                case .first, .last: .straight
                default: .skip
                }
            self = .rgba32(order: order, alpha: mode)
        default:
            return nil
        }
    }

    /// cairo's own ARGB32 layout on this (little-endian) machine.
    package static let nativeARGB = PixelFormat.rgba32(order: .bgra, alpha: .premultiplied)

    /// The pixman format with the same memory layout, for formats pixman can convert directly
    /// (premultiplied or skipped alpha, 4 bytes a pixel). Reading a skipped-alpha layout ignores the
    /// skipped byte; writing one stores alpha there (255 for anything drawn opaque), as Apple's
    /// bitmap contexts leave 0xFF in the unused byte.
    package func pixmanFormat(forWriting: Bool = false) -> pixman_format_code_t? {
        guard case .rgba32(let order, let alpha) = self, alpha != .straight else {
            return self == .alpha8 ? PIXMAN_a8 : nil
        }
        let skip = alpha == .skip && !forWriting
        // pixman names a 32-bit value from its high byte down; memory on little-endian runs backwards.
        switch order {
        case .bgra: return skip ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8
        case .rgba: return skip ? PIXMAN_x8b8g8r8 : PIXMAN_a8b8g8r8
        case .argb: return skip ? PIXMAN_b8g8r8x8 : PIXMAN_b8g8r8a8
        case .abgr: return skip ? PIXMAN_r8g8b8x8 : PIXMAN_r8g8b8a8
        }
    }
}
