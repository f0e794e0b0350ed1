// Converting what Strata draws (sRGB) into another RGB or gray space: what `CARenderer` does
// for `kCARendererColorSpace`.

extension CGColorSpace {
    /// Whether drawing into this space needs a conversion from sRGB.
    package var differsFromSRGB: Bool {
        model == .monochrome || transfer != .sRGB
    }

    /// An sRGB colour (straight, gamma-encoded components) in this space's components: three
    /// for RGB spaces, the gray level repeated for gray ones.
    package func encodeFromSRGB(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let lr = CGColor.linearize(r), lg = CGColor.linearize(g), lb = CGColor.linearize(b)
        if model == .monochrome {
            let y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
            let v = transfer == .linearSRGB ? y : CGColor.delinearize(y)
            return (v, v, v)
        }
        switch transfer {
        case .sRGB:
            return (r, g, b)
        case .linearSRGB:
            return (lr, lg, lb)
        case .displayP3:
            return CGColor.sRGBToDisplayP3((r, g, b))
        case .icc(let profile):
            guard profile.model == .rgb, let c = profile.fromSRGB((r, g, b)), c.count == 3 else { return (r, g, b) }
            return (c[0], c[1], c[2])
        }
    }

    /// Converts premultiplied ARGB32 pixels (cairo's layout) from sRGB into this space, in place.
    package func convertFromSRGB(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        guard differsFromSRGB else { return }
        for i in 0..<count {
            let p = pixels[i]
            let a = p >> 24
            guard a > 0 else { continue }
            let alpha = Double(a) / 255
            func channel(_ shift: UInt32) -> Double { Double((p >> shift) & 0xFF) / 255 / alpha }
            let (r, g, b) = encodeFromSRGB(channel(16), channel(8), channel(0))
            func byte(_ v: Double) -> UInt32 { UInt32((Swift.min(1, Swift.max(0, v)) * alpha * 255).rounded()) }
            pixels[i] = a << 24 | byte(r) << 16 | byte(g) << 8 | byte(b)
        }
    }
}
