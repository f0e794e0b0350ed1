import CLCMS
import Foundation

/// An ICC profile read (or made) by LittleCMS, with transforms to and from sRGB for colour
/// components (doubles, 0…1 for RGB and gray, 0…100 for CMYK ink, L*a*b* as is). Immutable once
/// made; LittleCMS transforms without a cache may run on any thread.
package final class ICCProfile: @unchecked Sendable, Hashable {
    /// The profile's bytes.
    package let data: Data
    package let model: CGColorSpaceModel
    private let handle: cmsHPROFILE
    private let toSRGBTransform: cmsHTRANSFORM?
    private let fromSRGBTransform: cmsHTRANSFORM?
    /// 8-bit BGRA pixels into sRGB (alpha copied), for images.
    private let pixelTransform: cmsHTRANSFORM?

    /// The largest profile Strata reads (bytes).
    package static let maximumSize = 4 << 20

    /// A profile from ICC bytes; nil when LittleCMS cannot read them or their colour space is
    /// not gray, RGB, CMYK or Lab.
    package convenience init?(data: Data) {
        guard !data.isEmpty, data.count <= Self.maximumSize else { return nil }
        let handle = data.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        guard let handle else { return nil }
        self.init(handle: handle, data: data)
    }

    /// Takes `handle` (closed on deinit); nil when its colour space is not one Strata converts.
    private init?(handle: cmsHPROFILE, data: Data) {
        let space = cmsGetColorSpace(handle)
        let model: CGColorSpaceModel, format: cmsUInt32Number
        switch space {
        case cmsSigRgbData: (model, format) = (.rgb, strata_lcms_rgb_double())
        case cmsSigGrayData: (model, format) = (.monochrome, strata_lcms_gray_double())
        case cmsSigCmykData: (model, format) = (.cmyk, strata_lcms_cmyk_double())
        case cmsSigLabData: (model, format) = (.lab, strata_lcms_lab_double())
        default:
            cmsCloseProfile(handle)
            return nil
        }
        // Components meet sRGB in linear light: sRGB's curve is applied here, mirrored for
        // negative values as Apple's extended sRGB does (LittleCMS extends it as a line).
        guard let srgb = cmsCreate_sRGBProfile(), let linear = Self.linearSRGBHandle() else {
            cmsCloseProfile(handle)
            return nil
        }
        defer { cmsCloseProfile(srgb); cmsCloseProfile(linear) }
        let flags = cmsUInt32Number(cmsFLAGS_NOCACHE)
        let rgb = strata_lcms_rgb_double()
        toSRGBTransform = cmsCreateTransform(handle, format, linear, rgb, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags)
        fromSRGBTransform = cmsCreateTransform(linear, rgb, handle, format, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags)
        pixelTransform = model == .rgb
            ? cmsCreateTransform(handle, strata_lcms_bgra_8(), srgb, strata_lcms_bgra_8(), cmsUInt32Number(INTENT_PERCEPTUAL),
                                 flags | cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
            : nil
        guard toSRGBTransform != nil else {
            if let t = fromSRGBTransform { cmsDeleteTransform(t) }
            if let t = pixelTransform { cmsDeleteTransform(t) }
            cmsCloseProfile(handle)
            return nil
        }
        self.handle = handle
        self.model = model
        self.data = data.isEmpty ? Self.bytes(of: handle) : data
    }

    deinit {
        if let t = toSRGBTransform { cmsDeleteTransform(t) }
        if let t = fromSRGBTransform { cmsDeleteTransform(t) }
        if let t = pixelTransform { cmsDeleteTransform(t) }
        cmsCloseProfile(handle)
    }

    package static func == (lhs: ICCProfile, rhs: ICCProfile) -> Bool { lhs === rhs || lhs.data == rhs.data }
    package func hash(into hasher: inout Hasher) { hasher.combine(data.count); hasher.combine(model) }

    /// Colour components, not counting alpha.
    package var numberOfComponents: Int {
        switch model {
        case .monochrome: 1
        case .cmyk: 4
        default: 3
        }
    }

    /// The profile's description (its `desc` tag), when it has one.
    package var profileDescription: String? {
        var buffer = [wchar_t](repeating: 0, count: 256)
        let count = cmsGetProfileInfo(handle, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count * MemoryLayout<wchar_t>.size))
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }.map(Character.init).map { String($0) }.joined().utf8, as: UTF8.self)
    }

    /// `components` (the model's, in Core Graphics' ranges: CMYK 0…1) as sRGB (extended: values
    /// outside 0…1 for colours outside sRGB's gamut).
    package func toSRGB(_ components: [Double]) -> (Double, Double, Double) {
        guard let transform = toSRGBTransform, components.count >= numberOfComponents else { return (0, 0, 0) }
        var input = Array(components.prefix(numberOfComponents))
        if model == .cmyk { input = input.map { $0 * 100 } }
        var output = [Double](repeating: 0, count: 3)
        cmsDoTransform(transform, &input, &output, 1)
        return (CGColor.delinearize(output[0]), CGColor.delinearize(output[1]), CGColor.delinearize(output[2]))
    }

    /// An sRGB colour as this profile's components (CMYK 0…1); nil when there is no reverse transform.
    package func fromSRGB(_ rgb: (Double, Double, Double)) -> [Double]? {
        guard let transform = fromSRGBTransform else { return nil }
        var input = [CGColor.linearize(rgb.0), CGColor.linearize(rgb.1), CGColor.linearize(rgb.2)]
        var output = [Double](repeating: 0, count: numberOfComponents)
        cmsDoTransform(transform, &input, &output, 1)
        return model == .cmyk ? output.map { $0 / 100 } : output
    }

    /// Converts `count` straight (not premultiplied) BGRA pixels at `pixels` into sRGB, in place.
    package func convertPixelsToSRGB(_ pixels: UnsafeMutableRawPointer, count: Int) -> Bool {
        guard let transform = pixelTransform, count > 0 else { return false }
        cmsDoTransform(transform, pixels, pixels, cmsUInt32Number(count))
        return true
    }

    /// sRGB's primaries and white with a linear curve.
    private static func linearSRGBHandle() -> cmsHPROFILE? {
        var white = cmsCIExyY(x: d65.0, y: d65.1, Y: 1)
        let p = sRGBPrimaries
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: p[0], y: p[1], Y: 1), Green: cmsCIExyY(x: p[2], y: p[3], Y: 1), Blue: cmsCIExyY(x: p[4], y: p[5], Y: 1))
        guard let curve = cmsBuildGamma(nil, 1) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return cmsCreateRGBProfile(&white, &primaries, &curves)
    }

    private static func bytes(of handle: cmsHPROFILE) -> Data {
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(handle, nil, &size) != 0, size > 0 else { return Data() }
        var data = Data(count: Int(size))
        _ = data.withUnsafeMutableBytes { cmsSaveProfileToMem(handle, $0.baseAddress, &size) }
        return data
    }

    // MARK: Profiles of named colour spaces

    /// Primaries (x, y of red, green, blue), white point (x, y) and transfer of an RGB space.
    package struct RGBSpace: Hashable, Sendable {
        var primaries: [Double]
        var white: (Double, Double)
        var transfer: Curve

        package static func == (a: RGBSpace, b: RGBSpace) -> Bool {
            a.primaries == b.primaries && a.white == b.white && a.transfer == b.transfer
        }
        package func hash(into hasher: inout Hasher) { hasher.combine(primaries) }
    }

    /// Transfer curves (encoded value to linear light).
    package enum Curve: Hashable, Sendable {
        case linear
        case sRGB
        case gamma(Double)
        /// ITU-R BT.709 / BT.2020 (the camera curve, inverted).
        case bt709
        /// SMPTE ST 2084: 10,000 nits, scaled so that 203 nits (HDR reference white) is 1, clipped above.
        case pq
        /// ARIB STD-B67 (HLG), scaled so that reference white (signal 0.75) is 1, clipped above.
        case hlg
    }

    package static let sRGBPrimaries = [0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
    package static let p3Primaries = [0.680, 0.320, 0.265, 0.690, 0.150, 0.060]
    package static let bt2020Primaries = [0.708, 0.292, 0.170, 0.797, 0.131, 0.046]
    package static let adobePrimaries = [0.64, 0.33, 0.21, 0.71, 0.15, 0.06]
    package static let d65 = (0.3127, 0.3290)

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [String: ICCProfile] = [:]

    /// The profile of RGB space `space` under `key` (made once, then shared).
    package static func rgb(_ key: String, _ space: RGBSpace) -> ICCProfile? {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let cached = cache[key] { return cached }
        guard cache.count < 256 else { return nil }
        var white = cmsCIExyY(x: space.white.0, y: space.white.1, Y: 1)
        let p = space.primaries
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: p[0], y: p[1], Y: 1), Green: cmsCIExyY(x: p[2], y: p[3], Y: 1), Blue: cmsCIExyY(x: p[4], y: p[5], Y: 1))
        guard let curve = toneCurve(space.transfer) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let handle = cmsCreateRGBProfile(&white, &primaries, &curves), let profile = ICCProfile(handle: handle, data: Data())
        else { return nil }
        cache[key] = profile
        return profile
    }

    /// The gray profile (white point `white`, D65 by default) with `curve`, under `key`.
    package static func gray(_ key: String, _ curve: Curve, white whitePoint: (Double, Double) = d65) -> ICCProfile? {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let cached = cache[key] { return cached }
        guard let tone = toneCurve(curve) else { return nil }
        defer { cmsFreeToneCurve(tone) }
        var white = cmsCIExyY(x: whitePoint.0, y: whitePoint.1, Y: 1)
        guard let handle = cmsCreateGrayProfile(&white, tone), let profile = ICCProfile(handle: handle, data: Data()) else { return nil }
        cache[key] = profile
        return profile
    }

    /// CIE L*a*b* (D50), for `genericLab`.
    package static var lab: ICCProfile? {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let cached = cache["lab"] { return cached }
        guard let handle = cmsCreateLab4Profile(nil), let profile = ICCProfile(handle: handle, data: Data()) else { return nil }
        cache["lab"] = profile
        return profile
    }

    private static func toneCurve(_ curve: Curve) -> OpaquePointer? {
        switch curve {
        case .linear: return cmsBuildGamma(nil, 1)
        case .gamma(let g): return cmsBuildGamma(nil, g)
        case .sRGB:
            var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            return cmsBuildParametricToneCurve(nil, 4, &parameters)
        case .bt709:
            var parameters: [Double] = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
            return cmsBuildParametricToneCurve(nil, 4, &parameters)
        case .pq, .hlg:
            var table = (0..<4096).map { Float(linearLight(Double($0) / 4095, curve)) }
            return cmsBuildTabulatedToneCurveFloat(nil, cmsUInt32Number(table.count), &table)
        }
    }

    /// The linear light of encoded value `v` under the PQ and HLG curves (1 = reference white, clipped).
    static func linearLight(_ v: Double, _ curve: Curve) -> Double {
        switch curve {
        case .pq:
            let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
            let p = pow(max(v, 0), 1 / m2)
            let nits = 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
            return min(1, nits / 203)
        case .hlg:
            let a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a)
            func scene(_ e: Double) -> Double { e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12 }
            return min(1, scene(max(v, 0)) / scene(0.75))
        default: return v
        }
    }
}
