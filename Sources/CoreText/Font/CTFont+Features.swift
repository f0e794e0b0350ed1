import CFontEngine
import CoreGraphics
import Foundation

// OpenType features and variation axes (Apple's CTFont.h): features turned on or off through a
// descriptor's `kCTFontFeatureSettingsAttribute`, applied by HarfBuzz when shaping.

/// A feature setting's four-letter OpenType tag ("smcp", "onum").
public let kCTFontOpenTypeFeatureTag: CFString = "CTFeatureOpenTypeTag"
/// A feature setting's value (0 off, 1 on, or the alternate's number).
public let kCTFontOpenTypeFeatureValue: CFString = "CTFeatureOpenTypeValue"
public let kCTFontFeatureTypeIdentifierKey: CFString = "CTFeatureTypeIdentifier"
public let kCTFontFeatureTypeNameKey: CFString = "CTFeatureTypeName"
public let kCTFontFeatureTypeExclusiveKey: CFString = "CTFeatureTypeExclusive"
public let kCTFontFeatureTypeSelectorsKey: CFString = "CTFeatureTypeSelectors"
public let kCTFontFeatureSelectorIdentifierKey: CFString = "CTFeatureSelectorIdentifier"
public let kCTFontFeatureSelectorNameKey: CFString = "CTFeatureSelectorName"
public let kCTFontFeatureSelectorDefaultKey: CFString = "CTFeatureSelectorDefault"
public let kCTFontFeatureSelectorSettingKey: CFString = "CTFeatureSelectorSetting"
public let kCTFontFeatureSampleTextKey: CFString = "CTFeatureSampleText"
public let kCTFontFeatureTooltipTextKey: CFString = "CTFeatureTooltipText"

public let kCTFontVariationAxisIdentifierKey: CFString = "NSCTVariationAxisIdentifier"
public let kCTFontVariationAxisMinimumValueKey: CFString = "NSCTVariationAxisMinimumValue"
public let kCTFontVariationAxisMaximumValueKey: CFString = "NSCTVariationAxisMaximumValue"
public let kCTFontVariationAxisDefaultValueKey: CFString = "NSCTVariationAxisDefaultValue"
public let kCTFontVariationAxisNameKey: CFString = "NSCTVariationAxisName"
public let kCTFontVariationAxisHiddenKey: CFString = "NSCTVariationAxisHidden"

extension CTFont {
    /// The settings an attribute value holds: dictionaries of an OpenType tag and a value (a
    /// value missing is 1); entries of other shapes (Apple's type/selector numbers) are skipped.
    static func featureSettings(_ value: Any?) -> [FeatureSetting] {
        guard let entries = value as? [Any] else { return [] }
        return entries.compactMap { entry in
            guard let d = entry as? [AnyHashable: Any], let tag = d[kCTFontOpenTypeFeatureTag] as? String, tag.utf8.count == 4, tag.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
            else { return nil }
            let raw = d[kCTFontOpenTypeFeatureValue]
            let value = (raw as? Int) ?? (raw as? NSNumber)?.intValue ?? ((raw as? Bool).map { $0 ? 1 : 0 }) ?? 1
            return FeatureSetting(tag: tag, value: max(0, min(value, 65_535)))
        }
    }

    /// The settings as HarfBuzz features for a whole run.
    var harfBuzzFeatures: [hb_feature_t] {
        featureSettings.compactMap { setting in
            var feature = hb_feature_t()
            return hb_feature_from_string("\(setting.tag)=\(setting.value)", -1, &feature) != 0 ? feature : nil
        }
    }
}

/// The OpenType features the font has (GSUB and GPOS), one dictionary each with its tag
/// (`kCTFontOpenTypeFeatureTag`) and name (`kCTFontFeatureTypeNameKey`, the tag); nil when none.
public func CTFontCopyFeatures(_ font: CTFont) -> CFArray? {
    let tags = font.face.layoutFeatures
    return tags.isEmpty ? nil : tags.map { [kCTFontOpenTypeFeatureTag: $0, kCTFontFeatureTypeNameKey: $0] as [String: Any] }
}

/// The features the font turns on or off (tag and value dictionaries); nil when it changes none.
public func CTFontCopyFeatureSettings(_ font: CTFont) -> CFArray? {
    font.featureSettings.isEmpty ? nil : font.featureSettings.map {
        [kCTFontOpenTypeFeatureTag: $0.tag, kCTFontOpenTypeFeatureValue: $0.value] as [String: Any]
    }
}

/// The font's variation axes (identifier as a number, minimum, maximum, default, name, hidden);
/// nil for a font that does not vary.
public func CTFontCopyVariationAxes(_ font: CTFont) -> CFArray? {
    let axes = font.face.variationAxes
    return axes.isEmpty ? nil : axes.map { axis -> [String: Any] in
        var d: [String: Any] = [
            kCTFontVariationAxisIdentifierKey: NSNumber(value: axis.tag), kCTFontVariationAxisMinimumValueKey: axis.minimum,
            kCTFontVariationAxisMaximumValueKey: axis.maximum, kCTFontVariationAxisDefaultValueKey: axis.defaultValue,
            kCTFontVariationAxisNameKey: axis.name,
        ]
        if axis.hidden { d[kCTFontVariationAxisHiddenKey] = true }
        return d
    }
}

/// The font's variation coordinates: nil, as every font here is its default instance.
public func CTFontCopyVariation(_ font: CTFont) -> CFDictionary? { nil }
