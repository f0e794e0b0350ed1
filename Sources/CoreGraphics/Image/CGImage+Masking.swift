// An image masked by a gray image, and an image seen in another colour space.

extension CGImage {
    /// This image cut by `mask`, an image mask (`init(maskWidth:…)`) or a gray image without
    /// alpha: mask samples act as inverse alpha, 0 showing the image and 1 hiding it, as Apple
    /// documents. The mask is stretched to the image's size (nearest sample). Nil when `mask` is
    /// neither, with a warning.
    public func masking(_ mask: CGImage) -> CGImage? {
        if mask.isImageMask { return masked(byStencil: mask) }
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
    static func scaled(_ p: UInt32, by factor: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let c = (p >> shift) & 0xFF
            out |= ((c * factor + 127) / 255) << shift
        }
        return out
    }

    /// This image with every pixel whose components all lie within `components`' ranges made
    /// transparent (colour-key masking). `components` holds a minimum and a maximum for each
    /// component of the image's colour space, in sample values (0…255 for 8 bits a sample). Nil,
    /// with a warning, for an image with alpha, an image mask, or the wrong number of values.
    public func copy(maskingColorComponents components: [CGFloat]) -> CGImage? {
        let opaque: [CGImageAlphaInfo] = [.none, .noneSkipFirst, .noneSkipLast]
        guard !isImageMask, let space = colorSpace, opaque.contains(alphaInfo), [1, 3].contains(space.numberOfComponents),
            components.count == 2 * space.numberOfComponents, components.allSatisfy(\.isFinite)
        else {
            Diagnostics.warn("CGImageCreateWithMaskingColors: needs an opaque gray or RGB image and a minimum and maximum a component; nil")
            return nil
        }
        // Decoded pixels are 8-bit: ranges of deeper samples are scaled to 0…255.
        let scale = 255 / CGFloat((1 << Swift.min(Swift.max(bitsPerComponent, 1), 16)) - 1)
        let ranges = stride(from: 0, to: components.count, by: 2).map { (components[$0] * scale - 1e-9, components[$0 + 1] * scale + 1e-9) }
        let shifts: [UInt32] = ranges.count == 1 ? [16] : [16, 8, 0]
        let source = pixels.words
        let out = PixelBuffer(width: width, height: height) { out in
            for i in 0..<(width * height) {
                let p = source[i]
                var inside = true
                for (range, shift) in zip(ranges, shifts) {
                    let c = CGFloat((p >> shift) & 0xFF)
                    if c < range.0 || c > range.1 { inside = false; break }
                }
                out[i] = inside ? 0 : p
            }
        }
        return CGImage(pixels: out)
    }

    /// The same pixels read in `space`; nil when `space` has a different number of components
    /// (or is a pattern space), as on Apple.
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard let current = colorSpace, space.numberOfComponents == current.numberOfComponents, space.model != .pattern
        else {
            Diagnostics.warn("CGImageCreateCopyWithColorSpace: the new space must have as many components; nil")
            return nil
        }
        // Bytes read in another space draw as that space's colours: decoded again from the bytes.
        if current.imageProfile != nil || space.imageProfile != nil, let provider = dataProvider,
            let again = CGImage(width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                                bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo, provider: provider, decode: nil,
                                shouldInterpolate: shouldInterpolate, intent: renderingIntent) {
            return again
        }
        return CGImage(
            width: width, height: height, bytesPerRow: bytesPerRow, format: format, space: space, bitmapInfo: bitmapInfo,
            data: dataProvider?.data ?? Data(), pixels: pixels, shouldInterpolate: shouldInterpolate,
            intent: renderingIntent)
    }
}

extension CGImage {
    /// An image mask (Apple's `CGImageMaskCreate`): 1, 2, 4 or 8 bits a sample, one sample a
    /// pixel, rows `bytesPerRow` apart in `provider`'s bytes. A sample of 0 paints (after
    /// `decode`, a pair mapping 0 and the largest sample: `[1, 0]` inverts), the largest hides.
    /// Drawn, it paints the context's fill colour through itself; as `masking(_:)`'s mask it cuts.
    /// Nil, with a warning, for other depths, sizes over 32,767, or too few bytes.
    public convenience init?(
        maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
        provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool
    ) {
        let depth = bitsPerComponent
        guard [1, 2, 4, 8].contains(depth), bitsPerPixel == depth, CGImage.validSize(width: width, height: height),
            bytesPerRow >= (width * depth + 7) / 8, let data = provider.data,
            let needed = bytesPerRow.checkedMultiplying(height - 1)?.checkedAdding((width * depth + 7) / 8),
            data.count >= needed
        else {
            Diagnostics.warn("CGImageMaskCreate: \(width)×\(height), \(bitsPerComponent) bits a sample (1, 2, 4 or 8), \(bytesPerRow) bytes a row: refused")
            return nil
        }
        let largest = Double((1 << depth) - 1)
        let (d0, d1) = decode.map { (Double($0[0]), Double($0[1])) } ?? (0, 1)
        let buffer = PixelBuffer(width: width, height: height) { out in
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                for y in 0..<height {
                    for x in 0..<width {
                        let bit = x * depth
                        let byte = Int(bytes[y * bytesPerRow + bit / 8])
                        let sample = Double((byte >> (8 - depth - bit % 8)) & ((1 << depth) - 1))
                        // The decoded value 0 paints, 1 hides.
                        let hidden = min(max(d0 + (d1 - d0) * sample / largest, 0), 1)
                        out[y * width + x] = UInt32(((1 - hidden) * 255).rounded()) << 24
                    }
                }
            }
        }
        self.init(pixels: buffer)
        isImageMask = true
    }

    /// This image cut by a stencil's alpha (an image mask: its painting samples keep the image).
    private func masked(byStencil mask: CGImage) -> CGImage {
        let w = width, h = height, mw = mask.width, mh = mask.height
        let source = pixels.words, stencil = mask.pixels.words
        let out = PixelBuffer(width: w, height: h) { out in
            for y in 0..<h {
                let my = Swift.min(mh - 1, y * mh / h)
                for x in 0..<w {
                    let mx = Swift.min(mw - 1, x * mw / w)
                    out[y * w + x] = Self.scaled(source[y * w + x], by: stencil[my * mw + mx] >> 24)
                }
            }
        }
        return CGImage(pixels: out)
    }
}
