/// The family of a colour space: how many components its colours have and what they mean.
public enum CGColorSpaceModel: Int32, Sendable, Hashable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// A colour space, as Apple's CGColorSpace: a model and a name.
///
/// Strata renders into sRGB. Device RGB, sRGB and extended sRGB colours are used as they are;
/// colours in the linear and Display P3 spaces are converted to sRGB when drawn.
public final class CGColorSpace: Hashable, Sendable, CustomStringConvertible {
    /// The colour space's name (`CGColorSpace.sRGB` ...).
    public let name: CFString?
    public let model: CGColorSpaceModel
    /// How the components map to sRGB when drawing.
    package let transfer: Transfer

    package enum Transfer: Sendable, Hashable {
        /// Components are sRGB (gamma-encoded) values already.
        case sRGB
        /// Components are linear-light sRGB primaries.
        case linearSRGB
        /// Components are gamma-encoded Display P3.
        case displayP3
        /// Components are converted through an ICC profile (LittleCMS).
        case icc(ICCProfile)
    }

    package init(name: CFString, model: CGColorSpaceModel, transfer: Transfer) {
        self.name = name
        self.model = model
        self.transfer = transfer
        self.patternBase = nil
        self.palette = nil
    }

    /// A pattern colour space: colours in it are patterns (`CGColor(patternSpace:pattern:components:)`)
    /// whose uncoloured stencils take components in `baseSpace` (nil for coloured patterns).
    public init?(patternBaseSpace baseSpace: CGColorSpace?) {
        self.name = nil
        self.model = .pattern
        self.transfer = .sRGB
        self.patternBase = baseSpace
        self.palette = nil
    }

    /// An indexed space: colour `i` is entry `i` of `colorTable`, each entry the base space's
    /// components as bytes (0…255 for 0…1). Nil for a pattern or indexed base, a `last` outside
    /// 0…255, or a table too short.
    public init?(indexedBaseSpace: CGColorSpace, last: Int, colorTable: UnsafePointer<UInt8>) {
        let n = indexedBaseSpace.numberOfComponents
        guard (0...255).contains(last), n > 0, indexedBaseSpace.model != .indexed else { return nil }
        self.name = nil
        self.model = .indexed
        self.transfer = .sRGB
        self.patternBase = nil
        self.palette = (indexedBaseSpace, Array(UnsafeBufferPointer(start: colorTable, count: (last + 1) * n)))
    }

    /// An indexed space's base space and table.
    package let palette: (base: CGColorSpace, table: [UInt8])?

    /// An indexed space's colour table (the base space's components, a byte each, per entry).
    public var colorTable: [UInt8]? { palette?.table }

    /// A pattern space's base space.
    package let patternBase: CGColorSpace?

    /// The named colour space, or nil when Strata does not know the name. Spaces beyond sRGB,
    /// linear sRGB and Display P3 are ICC profiles LittleCMS makes from their primaries and curves.
    public convenience init?(name: CFString) {
        if let known = Self.known[name] {
            self.init(name: name, model: known.model, transfer: known.transfer)
        } else if let profile = Self.profile(named: name) {
            self.init(name: name, model: profile.model, transfer: .icc(profile))
        } else {
            return nil
        }
    }

    /// A space of the ICC profile bytes `iccData`: Apple's `CGColorSpace(iccData: data as CFData)`,
    /// where CFData is a value here (the `CFTypeRef` form takes the object forms).
    public convenience init?(iccData: CFData) {
        self.init(iccData: iccData as NSData)
    }

    /// A space of the ICC profile in `iccData` (a CFData, Data or CGDataProvider); nil when
    /// LittleCMS cannot read it or it is not a gray, RGB, CMYK or Lab profile.
    public convenience init?(iccData: CFTypeRef) {
        let bytes: Data?
        switch iccData {
        case let data as Data: bytes = data
        case let data as NSData: bytes = data as Data
        case let provider as CGDataProvider: bytes = provider.data
        default: bytes = nil
        }
        guard let bytes, let profile = ICCProfile(data: bytes) else { return nil }
        self.init(name: nil, model: profile.model, transfer: .icc(profile))
    }

    /// A space of the ICC profile in `iccProfileData` (Apple's older spelling of `init(iccData:)`).
    public convenience init?(iccProfileData: CFData) {
        self.init(iccData: iccProfileData as NSData)
    }

    private init(name: CFString?, model: CGColorSpaceModel, transfer: Transfer) {
        self.name = name
        self.model = model
        self.transfer = transfer
        self.patternBase = nil
        self.palette = nil
    }

    /// A space of `profile` (a calibrated or ICC-based one made here).
    convenience init(profile: ICCProfile) {
        self.init(name: nil, model: profile.model, transfer: .icc(profile))
    }

    /// The description of the ICC profile the space was made from (ImageIO's `ProfileName`).
    package var profileDescription: String? {
        if case .icc(let profile) = transfer { return profile.profileDescription }
        return nil
    }

    /// The profile's bytes: the ICC data the space was made from, or a profile LittleCMS writes
    /// for a named space; nil for pattern and CMYK spaces (Strata has no CMYK profile).
    public func copyICCData() -> CFData? {
        switch transfer {
        case .icc(let profile): return profile.data
        case .sRGB where model == .rgb: return Self.profile(named: Self.sRGB)?.data
        case .sRGB where model == .monochrome: return Self.profile(named: Self.genericGrayGamma2_2)?.data
        case .linearSRGB where model == .rgb: return Self.profile(named: Self.linearSRGB)?.data
        case .linearSRGB where model == .monochrome: return Self.profile(named: Self.linearGray)?.data
        case .displayP3: return Self.profile(named: Self.displayP3)?.data
        default: return nil
        }
    }

    /// The ICC profile's bytes (Apple's older spelling of `copyICCData()`).
    public var iccData: CFData? { copyICCData() }

    public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGColorSpace.self) }

    /// Whether the space uses a Rec. 2100 transfer function (PQ or HLG).
    public func isHDR() -> Bool { CGColorSpaceUsesITUR_2100TF(self) }

    /// Colour components, not counting alpha.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome, .indexed: 1
        case .rgb, .lab, .XYZ: 3
        case .cmyk: 4
        default: 0
        }
    }

    /// True for spaces whose components may leave 0...1 (extended ranges).
    public var isExtended: Bool {
        name.map { Self.extendedNames.contains($0) } ?? false
    }

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.name == rhs.name && lhs.model == rhs.model && (lhs.name != nil || lhs.transfer == rhs.transfer)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(model)
    }

    public var description: String { "<CGColorSpace \(name ?? "unnamed")>" }
}

extension CGColorSpace {
    public static let sRGB: CFString = "kCGColorSpaceSRGB"
    public static let extendedSRGB: CFString = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB: CFString = "kCGColorSpaceLinearSRGB"
    public static let extendedLinearSRGB: CFString = "kCGColorSpaceExtendedLinearSRGB"
    public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
    public static let displayP3: CFString = "kCGColorSpaceDisplayP3"
    public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray: CFString = "kCGColorSpaceLinearGray"
    public static let extendedGray: CFString = "kCGColorSpaceExtendedGray"
    /// The name Apple gives the device-dependent spaces.
    public static let deviceRGBName: CFString = "kCGColorSpaceDeviceRGB"
    public static let deviceGrayName: CFString = "kCGColorSpaceDeviceGray"
    public static let genericCMYK: CFString = "kCGColorSpaceGenericCMYK"
    public static let deviceCMYKName: CFString = "kCGColorSpaceDeviceCMYK"

    private static let known: [CFString: (model: CGColorSpaceModel, transfer: Transfer)] = [
        sRGB: (.rgb, .sRGB), extendedSRGB: (.rgb, .sRGB), deviceRGBName: (.rgb, .sRGB),
        linearSRGB: (.rgb, .linearSRGB), extendedLinearSRGB: (.rgb, .linearSRGB),
        genericRGBLinear: (.rgb, .linearSRGB), displayP3: (.rgb, .displayP3),
        genericGrayGamma2_2: (.monochrome, .sRGB), extendedGray: (.monochrome, .sRGB),
        deviceGrayName: (.monochrome, .sRGB), linearGray: (.monochrome, .linearSRGB),
        genericCMYK: (.cmyk, .sRGB), deviceCMYKName: (.cmyk, .sRGB),
    ]

    package static let deviceRGB = CGColorSpace(name: deviceRGBName, model: .rgb, transfer: .sRGB)
    package static let deviceGray = CGColorSpace(name: deviceGrayName, model: .monochrome, transfer: .sRGB)
    package static let sRGBSpace = CGColorSpace(name: sRGB, model: .rgb, transfer: .sRGB)
    package static let grayGamma22 = CGColorSpace(name: genericGrayGamma2_2, model: .monochrome, transfer: .sRGB)
    package static let deviceCMYK = CGColorSpace(name: deviceCMYKName, model: .cmyk, transfer: .sRGB)

    /// The space a pattern space is built on; nil for the others.
    public var baseColorSpace: CGColorSpace? { patternBase }

    /// Whether the space's gamut is wider than sRGB's (Display P3, the extended ranges).
    public var isWideGamutRGB: Bool {
        model == .rgb && (transfer == .displayP3 || isExtended)
    }

    /// Whether Strata can make a bitmap context in this space: RGB and gray. (Apple also writes
    /// CMYK bitmaps; Strata takes CMYK colours only, converted to sRGB.)
    public var supportsOutput: Bool {
        model == .rgb || model == .monochrome
    }
}

/// The device CMYK colour space. Strata draws in sRGB: CMYK colours are converted naively, each
/// RGB channel (1 − C)(1 − K) and so on, without an ICC profile (documented).
public func CGColorSpaceCreateDeviceCMYK() -> CGColorSpace { .deviceCMYK }

/// The device RGB colour space (drawn as sRGB).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { .deviceRGB }

/// The device gray colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { .deviceGray }
