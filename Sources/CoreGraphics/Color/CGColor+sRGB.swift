/// Straight (not premultiplied) sRGB components with alpha, each nominally in 0...1.
package struct RGBA: Hashable, Sendable {
    package var r: Double
    package var g: Double
    package var b: Double
    package var a: Double

    package init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    package static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
    package static let black = RGBA(r: 0, g: 0, b: 0, a: 1)

    /// Each channel clamped to 0...1, as drawing into an 8-bit target does.
    package var clamped: RGBA {
        RGBA(r: Self.clamp(r), g: Self.clamp(g), b: Self.clamp(b), a: Self.clamp(a))
    }

    private static func clamp(_ v: Double) -> Double { Swift.min(1, Swift.max(0, v)) }
}

extension CGColor {
    /// The colour as straight sRGB, which is what Strata draws with.
    package var sRGBComponents: RGBA {
        guard let space = colorSpace, let c = components, c.count == space.numberOfComponents + 1 else {
            return .black
        }
        if let (base, table) = space.palette {
            let n = base.numberOfComponents
            let index = Int(Swift.min(Swift.max(c[0].rounded(), 0), CGFloat(table.count / n - 1)))
            let entry = (0..<n).map { CGFloat(table[index * n + $0]) / 255 }
            return CGColor(space: base, components: entry + [c[c.count - 1]]).sRGBComponents
        }
        if case .icc(let profile) = space.transfer {
            let rgb = profile.toSRGB(c.prefix(profile.numberOfComponents).map { Double($0) })
            return RGBA(r: rgb.0, g: rgb.1, b: rgb.2, a: c[c.count - 1])
        }
        var rgb: (Double, Double, Double)
        switch space.model {
        case .monochrome: rgb = (c[0], c[0], c[0])
        case .rgb: rgb = (c[0], c[1], c[2])
        case .cmyk: rgb = ((1 - c[0]) * (1 - c[3]), (1 - c[1]) * (1 - c[3]), (1 - c[2]) * (1 - c[3]))
        default: return .black
        }
        switch space.transfer {
        case .sRGB:
            break
        case .linearSRGB:
            rgb = (Self.delinearize(rgb.0), Self.delinearize(rgb.1), Self.delinearize(rgb.2))
        case .displayP3:
            rgb = Self.displayP3ToSRGB(rgb)
        case .icc:
            break
        }
        return RGBA(r: rgb.0, g: rgb.1, b: rgb.2, a: c[c.count - 1])
    }

    /// sRGB transfer function: encoded value to linear light.
    package static func linearize(_ v: Double) -> Double {
        let s = abs(v)
        let l = s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    /// Inverse sRGB transfer function: linear light to encoded value.
    package static func delinearize(_ v: Double) -> Double {
        let s = abs(v)
        let e = s <= 0.0031308 ? s * 12.92 : 1.055 * pow(s, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }

    /// Rec. 709 luma of an sRGB colour (used for gray conversions).
    package static func luminance(_ c: RGBA) -> Double {
        0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b
    }

    /// Display P3 (same transfer curve as sRGB) to sRGB through linear light, unclamped
    /// (extended range: P3's saturated colours come out below 0 or above 1).
    package static func displayP3ToSRGB(_ p: (Double, Double, Double)) -> (Double, Double, Double) {
        let r = linearize(p.0)
        let g = linearize(p.1)
        let b = linearize(p.2)
        let lr = 1.2249401 * r - 0.2249404 * g
        let lg = -0.0420569 * r + 1.0420571 * g
        let lb = -0.0196376 * r - 0.0786361 * g + 1.0982735 * b
        return (delinearize(lr), delinearize(lg), delinearize(lb))
    }

    /// sRGB to Display P3 through linear light (the inverse of `displayP3ToSRGB`), unclamped.
    package static func sRGBToDisplayP3(_ s: (Double, Double, Double)) -> (Double, Double, Double) {
        let r = linearize(s.0)
        let g = linearize(s.1)
        let b = linearize(s.2)
        let pr = 0.8224621 * r + 0.1775380 * g
        let pg = 0.0331941 * r + 0.9668058 * g
        let pb = 0.0170827 * r + 0.0723974 * g + 0.9105199 * b
        return (delinearize(pr), delinearize(pg), delinearize(pb))
    }
}
