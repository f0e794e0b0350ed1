import CoreGraphics
import Foundation

// Descriptor attributes, formats, priorities and matching with progress (Apple's
// CTFontDescriptor.h). Fonts here are local files: matching never downloads.

public let kCTFontVariationAttribute: CFString = "NSCTFontVariationAttribute"
public let kCTFontVariationAxesAttribute: CFString = "NSCTFontVariationAxesAttribute"
public let kCTFontCascadeListAttribute: CFString = "NSCTFontCascadeListAttribute"
public let kCTFontCharacterSetAttribute: CFString = "NSCTFontCharacterSetAttribute"
public let kCTFontLanguagesAttribute: CFString = "NSCTFontLanguagesAttribute"
public let kCTFontBaselineAdjustAttribute: CFString = "NSCTFontBaselineAdjustAttribute"
public let kCTFontMacintoshEncodingsAttribute: CFString = "NSCTFontMacintoshEncodingsAttribute"
/// The face's format (`CTFontFormat` as a number), which a font's descriptor carries.
public let kCTFontFormatAttribute: CFString = "NSCTFontFormatAttribute"
public let kCTFontRegistrationScopeAttribute: CFString = "NSCTFontRegistrationScopeAttribute"
public let kCTFontPriorityAttribute: CFString = "NSCTFontPriorityAttribute"
public let kCTFontEnabledAttribute: CFString = "NSCTFontEnabledAttribute"
public let kCTFontDownloadableAttribute: CFString = "NSCTFontDownloadableAttribute"
public let kCTFontDownloadedAttribute: CFString = "NSCTFontDownloadedAttribute"
public let kCTFontOpticalSizeAttribute: CFString = "NSCTFontOpticalSizeAttribute"
public let kCTFontRegistrationUserInfoAttribute: CFString = "NSCTFontUserInfoAttribute"

/// What a font file holds.
public enum CTFontFormat: UInt32, Sendable {
    case unrecognized = 0
    case openTypePostScript = 1
    case openTypeTrueType = 2
    case trueType = 3
    case postScript = 4
    case bitmap = 5
}

/// A registration's priority (`kCTFontPriorityAttribute`).
public typealias CTFontPriority = UInt32
public let kCTFontPrioritySystem: Int = 10000
public let kCTFontPriorityNetwork: Int = 20000
public let kCTFontPriorityComputer: Int = 30000
public let kCTFontPriorityUser: Int = 40000
public let kCTFontPriorityDynamic: Int = 50000
public let kCTFontPriorityProcess: Int = 60000

extension FontFace {
    /// The face's format from its tables: CFF outlines are OpenType PostScript, `glyf` ones
    /// OpenType TrueType, bitmap-only faces bitmap.
    var format: CTFontFormat {
        let tags = Set(tableTags)
        if tags.contains(FontFace.tag("CFF ")) || tags.contains(FontFace.tag("CFF2")) { return .openTypePostScript }
        if tags.contains(FontFace.tag("glyf")) { return .openTypeTrueType }
        if tags.contains(FontFace.tag("CBDT")) || tags.contains(FontFace.tag("EBDT")) || tags.contains(FontFace.tag("sbix")) { return .bitmap }
        return .unrecognized
    }
}

/// A copy whose variation sets axis `variationIdentifier` (a tag as a number) to `variationValue`.
/// Kept on the descriptor (`kCTFontVariationAttribute`); fonts are drawn at their default instance.
public func CTFontDescriptorCreateCopyWithVariation(
    _ original: CTFontDescriptor, _ variationIdentifier: CFNumber, _ variationValue: CGFloat
) -> CTFontDescriptor {
    var variation = original.attributes[kCTFontVariationAttribute] as? [NSNumber: Any] ?? [:]
    variation[variationIdentifier] = Double(variationValue)
    return CTFontDescriptorCreateCopyWithAttributes(original, [kCTFontVariationAttribute: variation])
}

/// A copy whose feature settings add Apple's feature type and selector (AAT numbers; the shaper
/// applies OpenType tags given with `kCTFontOpenTypeFeatureTag`).
public func CTFontDescriptorCreateCopyWithFeature(
    _ original: CTFontDescriptor, _ featureTypeIdentifier: CFNumber, _ featureSelectorIdentifier: CFNumber
) -> CTFontDescriptor {
    var settings = original.attributes[kCTFontFeatureSettingsAttribute] as? [Any] ?? []
    settings.append([kCTFontFeatureTypeIdentifierKey: featureTypeIdentifier, kCTFontFeatureSelectorIdentifierKey: featureSelectorIdentifier])
    return CTFontDescriptorCreateCopyWithAttributes(original, [kCTFontFeatureSettingsAttribute: settings])
}

/// An attribute in the best language: names are read in English here, and `language` is set to "en".
public func CTFontDescriptorCopyLocalizedAttribute(
    _ descriptor: CTFontDescriptor, _ attribute: CFString, _ language: UnsafeMutablePointer<Unmanaged<NSString>?>?
) -> CFTypeRef? {
    guard let value = CTFontDescriptorCopyAttribute(descriptor, attribute) else { return nil }
    language?.pointee = Unmanaged.passRetained("en" as NSString)
    return value
}

/// Where a matching with progress stands.
public enum CTFontDescriptorMatchingState: UInt32, Sendable {
    case didBegin = 0
    case didFinish = 1
    case willBeginQuerying = 2
    case stalled = 3
    case willBeginDownloading = 4
    case downloading = 5
    case didFinishDownloading = 6
    case didMatch = 7
    case didFailWithError = 8
}

public let kCTFontDescriptorMatchingSourceDescriptor: CFString = "CTFontDescriptorMatchingSourceDescriptor"
public let kCTFontDescriptorMatchingDescriptors: CFString = "CTFontDescriptorMatchingDescriptors"
public let kCTFontDescriptorMatchingResult: CFString = "CTFontDescriptorMatchingResult"
public let kCTFontDescriptorMatchingPercentage: CFString = "CTFontDescriptorMatchingPercentage"
public let kCTFontDescriptorMatchingCurrentAssetSize: CFString = "CTFontDescriptorMatchingCurrentAssetSize"
public let kCTFontDescriptorMatchingTotalDownloadedSize: CFString = "CTFontDescriptorMatchingTotalDownloadedSize"
public let kCTFontDescriptorMatchingTotalAssetSize: CFString = "CTFontDescriptorMatchingTotalAssetSize"
public let kCTFontDescriptorMatchingError: CFString = "CTFontDescriptorMatchingError"

/// Told of each step of a matching; returning false stops it.
public typealias CTFontDescriptorProgressHandler = (CTFontDescriptorMatchingState, CFDictionary) -> Bool

/// Matches `descriptors` against the installed and registered fonts, telling `progressBlock` of
/// each step (begin, querying, each match with its results, finish) before returning; nothing is
/// downloaded. True when it ran to the end.
public func CTFontDescriptorMatchFontDescriptorsWithProgressHandler(
    _ descriptors: CFArray, _ mandatoryAttributes: CFSet?, _ progressBlock: @escaping CTFontDescriptorProgressHandler
) -> Bool {
    let given = descriptors.compactMap { $0 as? CTFontDescriptor }
    guard progressBlock(.didBegin, [kCTFontDescriptorMatchingDescriptors: given]),
        progressBlock(.willBeginQuerying, [kCTFontDescriptorMatchingDescriptors: given]) else { return false }
    var all: [CTFontDescriptor] = []
    for descriptor in given {
        let matches = CTFontDescriptorCreateMatchingFontDescriptors(descriptor, mandatoryAttributes) as? [CTFontDescriptor] ?? []
        all += matches
        let info: [String: Any] = [kCTFontDescriptorMatchingSourceDescriptor: descriptor, kCTFontDescriptorMatchingResult: matches]
        guard progressBlock(.didMatch, info) else { return false }
    }
    return progressBlock(.didFinish, [kCTFontDescriptorMatchingResult: all])
}
