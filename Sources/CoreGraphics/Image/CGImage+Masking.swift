// An image masked by a gray image, and an image seen in another colour space.

extension CGImage {
    /// This image cut by `mask`, a gray image without alpha (Apple also takes image masks, which
    /// Strata does not make): mask samples act as inverse alpha, 0 showing the image and 1 hiding
    /// it, as Apple documents. The mask is stretched to the image's size (nearest sample). Nil
    /// when `mask` is not a gray image without alpha, with a warning.
    public func masking(_ mask: CGImage) -> CGImage? {
        guard mask.colorSpace?.model == .monochrome, mask.alphaInfo == .none || mask.alphaInfo == .noneSkipFirst
            || mask.alphaInfo == .noneSkipLast
        else {
            Diagnostics.warn("CGImageCreateWithMask: the mask must be a gray image without alpha; nil")
            return nil
        }
        let w = width, h = height, mw = mask.width, mh = mask.height
        let source = pixels.words, samples = mask.pixels.words
        let out = PixelBuffer(width: w, height: h) { out in
            for y in 0..<h {
                let my = Swift.min(mh - 1, y * mh / h)
                for x in 0..<w {
                    let mx = Swift.min(mw - 1, x * mw / w)
                    // A gray image decodes to equal R, G and B: one of them is the sample.
                    let keep = 255 - (samples[my * mw + mx] & 0xFF)
                    out[y * w + x] = Self.scaled(source[y * w + x], by: keep)
                }
            }
        }
        return CGImage(pixels: out)
    }

    /// A premultiplied ARGB word with every channel multiplied by `factor`/255.
    private static func scaled(_ p: UInt32, by factor: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let c = (p >> shift) & 0xFF
            out |= ((c * factor + 127) / 255) << shift
        }
        return out
    }

    /// The same pixels read in `space`; nil when `space` has a different number of components
    /// (or is a pattern space), as on Apple.
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard let current = colorSpace, space.numberOfComponents == current.numberOfComponents, space.model != .pattern
        else {
            Diagnostics.warn("CGImageCreateCopyWithColorSpace: the new space must have as many components; nil")
            return nil
        }
        return CGImage(
            width: width, height: height, bytesPerRow: bytesPerRow, format: format, space: space, bitmapInfo: bitmapInfo,
            data: dataProvider?.data ?? Data(), pixels: pixels, shouldInterpolate: shouldInterpolate,
            intent: renderingIntent)
    }
}
