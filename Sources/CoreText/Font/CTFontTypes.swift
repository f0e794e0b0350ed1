/// Stylistic traits of a font, as Core Text's symbolic traits.
public struct CTFontSymbolicTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let traitItalic = CTFontSymbolicTraits(rawValue: 1 << 0)
    public static let traitBold = CTFontSymbolicTraits(rawValue: 1 << 1)
    public static let traitExpanded = CTFontSymbolicTraits(rawValue: 1 << 5)
    public static let traitCondensed = CTFontSymbolicTraits(rawValue: 1 << 6)
    public static let traitMonoSpace = CTFontSymbolicTraits(rawValue: 1 << 10)
    public static let traitVertical = CTFontSymbolicTraits(rawValue: 1 << 11)
    public static let traitUIOptimized = CTFontSymbolicTraits(rawValue: 1 << 12)
    public static let traitColorGlyphs = CTFontSymbolicTraits(rawValue: 1 << 13)
    public static let traitComposite = CTFontSymbolicTraits(rawValue: 1 << 14)
    public static let traitClassMask = CTFontSymbolicTraits(rawValue: 15 << 28)
    public static let italicTrait = traitItalic
    public static let boldTrait = traitBold
    public static let monoSpaceTrait = traitMonoSpace
    public static let expandedTrait = traitExpanded
    public static let condensedTrait = traitCondensed
    public static let verticalTrait = traitVertical
    public static let UIOptimizedTrait = traitUIOptimized
    @available(*, deprecated, renamed: "traitUIOptimized")
    public static let uiOptimizedTrait = traitUIOptimized
    public static let colorGlyphsTrait = traitColorGlyphs
    public static let compositeTrait = traitComposite
    public static let classMaskTrait = traitClassMask
}

/// Which advances and bounds a glyph query means.
/// Where the stylistic class sits in `CTFontSymbolicTraits` (its top four bits).
public let kCTFontClassMaskShift: Int = 28

/// A font's stylistic class (the OS/2 family class), as `CTFontSymbolicTraits` carries it in
/// `traitClassMask`.
public struct CTFontStylisticClass: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let classUnknown = CTFontStylisticClass([])
    public static let classOldStyleSerifs = CTFontStylisticClass(rawValue: 1 << 28)
    public static let classTransitionalSerifs = CTFontStylisticClass(rawValue: 2 << 28)
    public static let classModernSerifs = CTFontStylisticClass(rawValue: 3 << 28)
    public static let classClarendonSerifs = CTFontStylisticClass(rawValue: 4 << 28)
    public static let classSlabSerifs = CTFontStylisticClass(rawValue: 5 << 28)
    public static let classFreeformSerifs = CTFontStylisticClass(rawValue: 7 << 28)
    public static let classSansSerif = CTFontStylisticClass(rawValue: 8 << 28)
    public static let classOrnamentals = CTFontStylisticClass(rawValue: 9 << 28)
    public static let classScripts = CTFontStylisticClass(rawValue: 10 << 28)
    public static let classSymbolic = CTFontStylisticClass(rawValue: 12 << 28)
    public static let unknownClass = classUnknown
    public static let oldStyleSerifsClass = classOldStyleSerifs
    public static let transitionalSerifsClass = classTransitionalSerifs
    public static let modernSerifsClass = classModernSerifs
    public static let clarendonSerifsClass = classClarendonSerifs
    public static let slabSerifsClass = classSlabSerifs
    public static let freeformSerifsClass = classFreeformSerifs
    public static let sansSerifClass = classSansSerif
    public static let ornamentalsClass = classOrnamentals
    public static let scriptsClass = classScripts
    public static let symbolicClass = classSymbolic
}

public enum CTFontOrientation: UInt32, Sendable {
    case `default` = 0
    case horizontal = 1
    case vertical = 2
}

/// Core Text's user interface font kinds (each answered with the system sans face here).
public enum CTFontUIFontType: UInt32, Sendable {
    case none = 4294967295
    case user = 0, userFixedPitch = 1, system = 2, emphasizedSystem = 3, smallSystem = 4
    case smallEmphasizedSystem = 5, miniSystem = 6, miniEmphasizedSystem = 7, views = 8
    case application = 9, label = 10, menuTitle = 11, menuItem = 12, menuItemMark = 13
    case menuItemCmdKey = 14, windowTitle = 15, pushButton = 16, utilityWindowTitle = 17
    case alertHeader = 18, systemDetail = 19, emphasizedSystemDetail = 20, toolbar = 21
    case smallToolbar = 22, message = 23, palette = 24, toolTip = 25, controlContent = 26
}

/// Keys of a font's names (`CTFontCopyName`).
public let kCTFontCopyrightNameKey: CFString = "CTFontCopyrightName"
public let kCTFontFamilyNameKey: CFString = "CTFontFamilyName"
public let kCTFontSubFamilyNameKey: CFString = "CTFontSubFamilyName"
public let kCTFontStyleNameKey: CFString = "CTFontSubFamilyName"
public let kCTFontUniqueNameKey: CFString = "CTFontUniqueName"
public let kCTFontFullNameKey: CFString = "CTFontFullName"
public let kCTFontVersionNameKey: CFString = "CTFontVersionName"
public let kCTFontPostScriptNameKey: CFString = "CTFontPostScriptName"
public let kCTFontTrademarkNameKey: CFString = "CTFontTrademarkName"
public let kCTFontManufacturerNameKey: CFString = "CTFontManufacturerName"
public let kCTFontDesignerNameKey: CFString = "CTFontDesignerName"
public let kCTFontDescriptionNameKey: CFString = "CTFontDescriptionName"
public let kCTFontVendorURLNameKey: CFString = "CTFontVendorURLName"
public let kCTFontDesignerURLNameKey: CFString = "CTFontDesignerURLName"
public let kCTFontLicenseNameKey: CFString = "CTFontLicenseName"
public let kCTFontLicenseURLNameKey: CFString = "CTFontLicenseURLName"
public let kCTFontSampleTextNameKey: CFString = "CTFontSampleTextName"
public let kCTFontPostScriptCIDNameKey: CFString = "CTFontPostScriptCIDName"

/// The OpenType name IDs of those keys.
let fontNameIDs: [CFString: UInt32] = [
    kCTFontCopyrightNameKey: 0, kCTFontFamilyNameKey: 1, kCTFontSubFamilyNameKey: 2, kCTFontUniqueNameKey: 3,
    kCTFontFullNameKey: 4, kCTFontVersionNameKey: 5, kCTFontPostScriptNameKey: 6, kCTFontTrademarkNameKey: 7,
    kCTFontManufacturerNameKey: 8, kCTFontDesignerNameKey: 9, kCTFontDescriptionNameKey: 10,
    kCTFontVendorURLNameKey: 11, kCTFontDesignerURLNameKey: 12, kCTFontLicenseNameKey: 13,
    kCTFontLicenseURLNameKey: 14, kCTFontSampleTextNameKey: 19, kCTFontPostScriptCIDNameKey: 20,
]
