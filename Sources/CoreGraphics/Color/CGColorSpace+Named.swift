import Foundation

// The named colour spaces beyond sRGB, linear sRGB and Display P3: ICC profiles LittleCMS makes
// from each space's primaries, white point and transfer curve; the functions that derive one
// space from another.

extension CGColorSpace {
    public static let adobeRGB1998: CFString = "kCGColorSpaceAdobeRGB1998"
    public static let genericXYZ: CFString = "kCGColorSpaceGenericXYZ"
    public static let genericLab: CFString = "kCGColorSpaceGenericLab"
    public static let acescgLinear: CFString = "kCGColorSpaceACESCGLinear"
    public static let itur_709: CFString = "kCGColorSpaceITUR_709"
    public static let itur_709_HLG: CFString = "kCGColorSpaceITUR_709_HLG"
    public static let itur_709_PQ: CFString = "kCGColorSpaceITUR_709_PQ"
    public static let itur_2020: CFString = "kCGColorSpaceITUR_2020"
    public static let itur_2020_sRGBGamma: CFString = "kCGColorSpaceITUR_2020_sRGBGamma"
    public static let rommrgb: CFString = "kCGColorSpaceROMMRGB"
    public static let dcip3: CFString = "kCGColorSpaceDCIP3"
    public static let extendedLinearGray: CFString = "kCGColorSpaceExtendedLinearGray"
    public static let extendedDisplayP3: CFString = "kCGColorSpaceExtendedDisplayP3"
    public static let extendedLinearDisplayP3: CFString = "kCGColorSpaceExtendedLinearDisplayP3"
    public static let extendedITUR_2020: CFString = "kCGColorSpaceExtendedITUR_2020"
    public static let extendedLinearITUR_2020: CFString = "kCGColorSpaceExtendedLinearITUR_2020"
    public static let linearDisplayP3: CFString = "kCGColorSpaceLinearDisplayP3"
    public static let linearITUR_2020: CFString = "kCGColorSpaceLinearITUR_2020"
    public static let displayP3_HLG: CFString = "kCGColorSpaceDisplayP3_HLG"
    public static let displayP3_PQ: CFString = "kCGColorSpaceDisplayP3_PQ"
    public static let displayP3_PQ_EOTF: CFString = "kCGColorSpaceDisplayP3_PQ_EOTF"
    public static let itur_2020_HLG: CFString = "kCGColorSpaceITUR_2020_HLG"
    public static let itur_2020_PQ: CFString = "kCGColorSpaceITUR_2020_PQ"
    public static let itur_2020_PQ_EOTF: CFString = "kCGColorSpaceITUR_2020_PQ_EOTF"
    public static let itur_2100_HLG: CFString = "kCGColorSpaceITUR_2100_HLG"
    public static let itur_2100_PQ: CFString = "kCGColorSpaceITUR_2100_PQ"

    /// Names whose components may leave 0…1.
    static let extendedNames: Set<CFString> = [
        extendedSRGB, extendedGray, extendedLinearSRGB, extendedLinearGray, extendedDisplayP3, extendedLinearDisplayP3,
        extendedITUR_2020, extendedLinearITUR_2020,
    ]

    /// The RGB spaces: primaries, white point and curve.
    private static let rgbSpaces: [CFString: ICCProfile.RGBSpace] = {
        typealias S = ICCProfile.RGBSpace
        let d65 = ICCProfile.d65, srgb = ICCProfile.sRGBPrimaries, p3 = ICCProfile.p3Primaries, bt2020 = ICCProfile.bt2020Primaries
        return [
            sRGB: S(primaries: srgb, white: d65, transfer: .sRGB),
            linearSRGB: S(primaries: srgb, white: d65, transfer: .linear),
            displayP3: S(primaries: p3, white: d65, transfer: .sRGB),
            adobeRGB1998: S(primaries: ICCProfile.adobePrimaries, white: d65, transfer: .gamma(563.0 / 256)),
            acescgLinear: S(primaries: [0.713, 0.293, 0.165, 0.830, 0.128, 0.044], white: (0.32168, 0.33767), transfer: .linear),
            itur_709: S(primaries: srgb, white: d65, transfer: .bt709),
            itur_709_HLG: S(primaries: srgb, white: d65, transfer: .hlg),
            itur_709_PQ: S(primaries: srgb, white: d65, transfer: .pq),
            itur_2020: S(primaries: bt2020, white: d65, transfer: .bt709),
            itur_2020_sRGBGamma: S(primaries: bt2020, white: d65, transfer: .sRGB),
            rommrgb: S(primaries: [0.7347, 0.2653, 0.1596, 0.8404, 0.0366, 0.0001], white: (0.3457, 0.3585), transfer: .gamma(1.8)),
            dcip3: S(primaries: p3, white: (0.314, 0.351), transfer: .gamma(2.6)),
            extendedDisplayP3: S(primaries: p3, white: d65, transfer: .sRGB),
            extendedLinearDisplayP3: S(primaries: p3, white: d65, transfer: .linear),
            linearDisplayP3: S(primaries: p3, white: d65, transfer: .linear),
            extendedITUR_2020: S(primaries: bt2020, white: d65, transfer: .bt709),
            extendedLinearITUR_2020: S(primaries: bt2020, white: d65, transfer: .linear),
            linearITUR_2020: S(primaries: bt2020, white: d65, transfer: .linear),
            displayP3_HLG: S(primaries: p3, white: d65, transfer: .hlg),
            displayP3_PQ: S(primaries: p3, white: d65, transfer: .pq),
            displayP3_PQ_EOTF: S(primaries: p3, white: d65, transfer: .pq),
            itur_2020_HLG: S(primaries: bt2020, white: d65, transfer: .hlg),
            itur_2020_PQ: S(primaries: bt2020, white: d65, transfer: .pq),
            itur_2020_PQ_EOTF: S(primaries: bt2020, white: d65, transfer: .pq),
            itur_2100_HLG: S(primaries: bt2020, white: d65, transfer: .hlg),
            itur_2100_PQ: S(primaries: bt2020, white: d65, transfer: .pq),
        ]
    }()

    /// The ICC profile of the space named `name`; nil for names Strata does not know.
    static func profile(named name: CFString) -> ICCProfile? {
        if let space = rgbSpaces[name] { return ICCProfile.rgb(name, space) }
        switch name {
        case genericGrayGamma2_2, extendedGray, deviceGrayName: return ICCProfile.gray(genericGrayGamma2_2, .gamma(2.2))
        case linearGray, extendedLinearGray: return ICCProfile.gray(linearGray, .linear)
        case genericLab: return ICCProfile.lab
        default: return nil
        }
    }

    /// The curve of a named RGB space.
    var curve: ICCProfile.Curve? {
        switch transfer {
        case .sRGB: return model == .rgb ? .sRGB : nil
        case .linearSRGB: return .linear
        case .displayP3: return .sRGB
        case .icc: return name.flatMap { Self.rgbSpaces[$0]?.transfer }
        }
    }
}

/// The extended-range version of `space` (components may leave 0…1); nil for spaces without one.
public func CGColorSpaceCreateExtended(_ space: CGColorSpace) -> CGColorSpace? {
    let pairs: [CFString: CFString] = [
        CGColorSpace.sRGB: CGColorSpace.extendedSRGB, CGColorSpace.linearSRGB: CGColorSpace.extendedLinearSRGB,
        CGColorSpace.displayP3: CGColorSpace.extendedDisplayP3, CGColorSpace.linearDisplayP3: CGColorSpace.extendedLinearDisplayP3,
        CGColorSpace.itur_2020: CGColorSpace.extendedITUR_2020, CGColorSpace.linearITUR_2020: CGColorSpace.extendedLinearITUR_2020,
        CGColorSpace.genericGrayGamma2_2: CGColorSpace.extendedGray, CGColorSpace.linearGray: CGColorSpace.extendedLinearGray,
    ]
    guard let name = space.name else { return nil }
    if space.isExtended { return space }
    return pairs[name].flatMap { CGColorSpace(name: $0) }
}

/// The linear-light version of `space` (the same primaries); nil for spaces without one.
public func CGColorSpaceCreateLinearized(_ space: CGColorSpace) -> CGColorSpace? {
    let pairs: [CFString: CFString] = [
        CGColorSpace.sRGB: CGColorSpace.linearSRGB, CGColorSpace.extendedSRGB: CGColorSpace.extendedLinearSRGB,
        CGColorSpace.displayP3: CGColorSpace.linearDisplayP3, CGColorSpace.extendedDisplayP3: CGColorSpace.extendedLinearDisplayP3,
        CGColorSpace.itur_2020: CGColorSpace.linearITUR_2020, CGColorSpace.extendedITUR_2020: CGColorSpace.extendedLinearITUR_2020,
        CGColorSpace.genericGrayGamma2_2: CGColorSpace.linearGray, CGColorSpace.extendedGray: CGColorSpace.extendedLinearGray,
        CGColorSpace.deviceRGBName: CGColorSpace.linearSRGB, CGColorSpace.deviceGrayName: CGColorSpace.linearGray,
    ]
    guard let name = space.name else { return nil }
    if space.curve == .linear { return space }
    return pairs[name].flatMap { CGColorSpace(name: $0) }
}

/// The extended, linear version of `space`.
public func CGColorSpaceCreateExtendedLinearized(_ space: CGColorSpace) -> CGColorSpace? {
    CGColorSpaceCreateLinearized(space).flatMap(CGColorSpaceCreateExtended)
}

/// `s` restricted to the standard 0…1 range (the space itself when it is not extended).
public func CGColorSpaceCreateCopyWithStandardRange(_ s: CGColorSpace) -> CGColorSpace {
    let pairs: [CFString: CFString] = [
        CGColorSpace.extendedSRGB: CGColorSpace.sRGB, CGColorSpace.extendedLinearSRGB: CGColorSpace.linearSRGB,
        CGColorSpace.extendedDisplayP3: CGColorSpace.displayP3, CGColorSpace.extendedLinearDisplayP3: CGColorSpace.linearDisplayP3,
        CGColorSpace.extendedITUR_2020: CGColorSpace.itur_2020, CGColorSpace.extendedLinearITUR_2020: CGColorSpace.linearITUR_2020,
        CGColorSpace.extendedGray: CGColorSpace.genericGrayGamma2_2, CGColorSpace.extendedLinearGray: CGColorSpace.linearGray,
    ]
    return s.name.flatMap { pairs[$0] }.flatMap { CGColorSpace(name: $0) } ?? s
}

public func CGColorSpaceUsesExtendedRange(_ space: CGColorSpace) -> Bool { space.isExtended }

/// Whether the space's transfer is PQ or HLG (Rec. 2100).
public func CGColorSpaceUsesITUR_2100TF(_ space: CGColorSpace) -> Bool {
    CGColorSpaceIsPQBased(space) || CGColorSpaceIsHLGBased(space)
}

public func CGColorSpaceIsPQBased(_ s: CGColorSpace) -> Bool { s.curve == .pq }
public func CGColorSpaceIsHLGBased(_ s: CGColorSpace) -> Bool { s.curve == .hlg }

/// BT.2100 HDR colour space names are available.
public let CG_HDR_BT_2100: Int32 = 1
/// The option of extended ranges for `CGColorSpaceCreateWithColorSyncProfile` (kept for Apple's signatures).
public let kCGColorSpaceExtendedRange: CFString = "kCGColorSpaceExtendedRange"
