extension CGColorSpace {
    /// The profile that converts this RGB space's pixels to sRGB; nil when they are sRGB already.
    var imageProfile: ICCProfile? {
        guard model == .rgb else { return nil }
        switch transfer {
        case .sRGB: return nil
        case .linearSRGB: return Self.profile(named: Self.linearSRGB)
        case .displayP3: return Self.profile(named: Self.displayP3)
        case .icc(let profile): return profile.model == .rgb ? profile : nil
        }
    }
}

extension PixelBuffer {
    /// These pixels (premultiplied ARGB words) read in `space`, converted to sRGB through
    /// LittleCMS (a copy); the pixels themselves when `space` is sRGB-like or not RGB.
    package func converted(from space: CGColorSpace?) -> PixelBuffer {
        guard let profile = space?.imageProfile, width > 0, height > 0 else { return self }
        let source = words
        var straight = [UInt32](repeating: 0, count: width * height)
        for i in 0..<straight.count {
            let p = source[i], a = p >> 24
            guard a > 0 else { continue }
            guard a < 255 else { straight[i] = p; continue }
            func channel(_ shift: UInt32) -> UInt32 { Swift.min(255, (((p >> shift) & 0xFF) * 255 + a / 2) / a) << shift }
            straight[i] = a << 24 | channel(16) | channel(8) | channel(0)
        }
        let count = straight.count
        let converted = straight.withUnsafeMutableBytes { profile.convertPixelsToSRGB($0.baseAddress!, count: count) }
        guard converted else { return self }
        return PixelBuffer(width: width, height: height) { out in
            for i in 0..<straight.count {
                let p = straight[i], a = p >> 24
                guard a < 255 else { out[i] = p; continue }
                func channel(_ shift: UInt32) -> UInt32 { ((((p >> shift) & 0xFF) * a + 127) / 255) << shift }
                out[i] = a << 24 | channel(16) | channel(8) | channel(0)
            }
        }
    }
}
