import Foundation

// Font attribute keys (Apple's names; the values are Strata's own spellings of Apple's).
public let kCTFontURLAttribute: CFString = "NSCTFontFileURLAttribute"
public let kCTFontNameAttribute: CFString = "NSFontNameAttribute"
public let kCTFontDisplayNameAttribute: CFString = "NSFontVisibleNameAttribute"
public let kCTFontFamilyNameAttribute: CFString = "NSFontFamilyAttribute"
public let kCTFontStyleNameAttribute: CFString = "NSFontFaceAttribute"
public let kCTFontTraitsAttribute: CFString = "NSCTFontTraitsAttribute"
public let kCTFontSizeAttribute: CFString = "NSFontSizeAttribute"
public let kCTFontMatrixAttribute: CFString = "NSFontMatrixAttribute"
public let kCTFontFixedAdvanceAttribute: CFString = "NSFontFixedAdvanceAttribute"
public let kCTFontOrientationAttribute: CFString = "NSCTFontOrientationAttribute"
public let kCTFontFeaturesAttribute: CFString = "NSCTFontFeaturesAttribute"
public let kCTFontFeatureSettingsAttribute: CFString = "NSCTFontFeatureSettingsAttribute"
// Trait dictionary keys.
public let kCTFontSymbolicTrait: CFString = "NSCTFontSymbolicTrait"
public let kCTFontWeightTrait: CFString = "NSCTFontWeightTrait"
public let kCTFontWidthTrait: CFString = "NSCTFontProportionTrait"
public let kCTFontSlantTrait: CFString = "NSCTFontSlantTrait"

/// A description of a font by its attributes (name, family, style, size, traits), as Apple's
/// CTFontDescriptor; matched against the installed fonts when a font is made from it.
public final class CTFontDescriptor: @unchecked Sendable {
    /// The attributes, keyed by the `kCTFont…Attribute` names.
    let attributes: [String: Any]

    init(attributes: [String: Any]) {
        self.attributes = attributes
    }

    var name: String? { attributes[kCTFontNameAttribute] as? String }
    var family: String? { attributes[kCTFontFamilyNameAttribute] as? String }
    var style: String? { attributes[kCTFontStyleNameAttribute] as? String }
    var size: CGFloat? { number(attributes[kCTFontSizeAttribute]) }

    /// The symbolic traits asked for through `kCTFontTraitsAttribute`.
    var symbolicTraits: CTFontSymbolicTraits {
        guard let traits = attributes[kCTFontTraitsAttribute] as? [String: Any],
            let value = number(traits[kCTFontSymbolicTrait])
        else { return [] }
        return CTFontSymbolicTraits(rawValue: UInt32(truncatingIfNeeded: Int(value)))
    }

    /// The installed face these attributes describe best; nil when the name or family is not installed.
    func resolvedFace() -> FontFace? {
        if let name, let face = FontRegistry.face(named: name) { return face }
        if let url = attributes[kCTFontURLAttribute] as? URL, let face = FontFace(contentsOf: url) { return face }
        guard let family else { return name == nil ? FontRegistry.fallback : nil }
        return FontRegistry.face(named: "\(family)-\(styleWords)")
    }

    /// The style words for the family lookup: the style name, or words for the symbolic traits.
    private var styleWords: String {
        if let style { return style }
        let traits = symbolicTraits
        let words = (traits.contains(.traitBold) ? "Bold" : "") + (traits.contains(.traitItalic) ? "Italic" : "")
        return words.isEmpty ? "Regular" : words
    }
}

/// A number attribute as CGFloat, whatever numeric type it was stored as.
func number(_ value: Any?) -> CGFloat? {
    switch value {
    case let v as CGFloat: return v
    case let v as Double: return CGFloat(v)
    case let v as Float: return CGFloat(v)
    case let v as Int: return CGFloat(v)
    case let v as Int32: return CGFloat(v)
    case let v as Int64: return CGFloat(v)
    case let v as UInt: return CGFloat(v)
    case let v as UInt32: return CGFloat(v)
    case let v as Bool: return v ? 1 : 0
    case let v as NSNumber: return CGFloat(v.doubleValue)
    default: return nil
    }
}

public func CTFontDescriptorGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTFontDescriptor.self).hashValue) }

/// A descriptor of the font named `name` (PostScript or family name) at `size` points.
public func CTFontDescriptorCreateWithNameAndSize(_ name: CFString, _ size: CGFloat) -> CTFontDescriptor {
    CTFontDescriptor(attributes: [kCTFontNameAttribute: name, kCTFontSizeAttribute: size])
}

/// A descriptor with `attributes` (keys `kCTFont…Attribute`).
public func CTFontDescriptorCreateWithAttributes(_ attributes: CFDictionary) -> CTFontDescriptor {
    CTFontDescriptor(attributes: stringKeyed(attributes))
}

/// `original` with `attributes` added (replacing those of the same keys).
public func CTFontDescriptorCreateCopyWithAttributes(_ original: CTFontDescriptor, _ attributes: CFDictionary) -> CTFontDescriptor {
    CTFontDescriptor(attributes: original.attributes.merging(stringKeyed(attributes)) { $1 })
}

/// `original` with a family in place of its name and family.
public func CTFontDescriptorCreateCopyWithFamily(_ original: CTFontDescriptor, _ family: CFString) -> CTFontDescriptor? {
    var attributes = original.attributes
    attributes[kCTFontNameAttribute] = nil
    attributes[kCTFontFamilyNameAttribute] = family
    return CTFontDescriptor(attributes: attributes)
}

/// `original` asking for symbolic traits: `value` for the bits of `mask`.
public func CTFontDescriptorCreateCopyWithSymbolicTraits(
    _ original: CTFontDescriptor, _ symTraitValue: CTFontSymbolicTraits, _ symTraitMask: CTFontSymbolicTraits
) -> CTFontDescriptor? {
    let traits = original.symbolicTraits.subtracting(symTraitMask).union(symTraitValue.intersection(symTraitMask))
    var attributes = original.attributes
    var traitDictionary = attributes[kCTFontTraitsAttribute] as? [String: Any] ?? [:]
    traitDictionary[kCTFontSymbolicTrait] = NSNumber(value: traits.rawValue)
    attributes[kCTFontTraitsAttribute] = traitDictionary
    if let name = attributes.removeValue(forKey: kCTFontNameAttribute) as? String, attributes[kCTFontFamilyNameAttribute] == nil {
        attributes[kCTFontFamilyNameAttribute] = FontRegistry.face(named: name)?.familyName ?? name
    }
    attributes[kCTFontStyleNameAttribute] = nil
    return CTFontDescriptor(attributes: attributes)
}

public func CTFontDescriptorCopyAttributes(_ descriptor: CTFontDescriptor) -> CFDictionary {
    descriptor.attributes
}

public func CTFontDescriptorCopyAttribute(_ descriptor: CTFontDescriptor, _ attribute: CFString) -> CFTypeRef? {
    descriptor.attributes[attribute].map { $0 as AnyObject }
}

/// Every installed face the descriptor's name, family and style attributes match (those in
/// `mandatoryAttributes`, or all of them); nil when none does.
public func CTFontDescriptorCreateMatchingFontDescriptors(_ descriptor: CTFontDescriptor, _ mandatoryAttributes: CFSet?) -> CFArray? {
    let matches = FontRegistry.entries.filter { entry in
        if let family = descriptor.family, entry.family.caseInsensitiveCompare(family) != .orderedSame { return false }
        if let style = descriptor.style, entry.style.caseInsensitiveCompare(style) != .orderedSame { return false }
        if let name = descriptor.name, entry.postScriptName != name, entry.fullName != name, entry.family != name { return false }
        return true
    }
    guard !matches.isEmpty else { return nil }
    return matches.map { $0.descriptor(size: descriptor.size) }
}

/// The installed face that matches best; nil when none is installed under the name or family.
public func CTFontDescriptorCreateMatchingFontDescriptor(_ descriptor: CTFontDescriptor, _ mandatoryAttributes: CFSet?) -> CTFontDescriptor? {
    guard let face = descriptor.resolvedFace() else { return nil }
    return FontRegistry.descriptor(of: face, size: descriptor.size)
}

/// A dictionary's entries whose keys are strings (CFString keys of an Apple dictionary).
func stringKeyed(_ dictionary: [AnyHashable: Any]) -> [String: Any] {
    var result: [String: Any] = [:]
    for (key, value) in dictionary {
        if let key = key as? String { result[key] = value }
        else if let key = key as? NSString { result[key as String] = value }
        else if let key = key.base as? NSAttributedString.Key { result[key.rawValue] = value }
    }
    return result
}
