import CoreGraphics
import Foundation

/// The attribute carrying a run's ruby (small annotation text above or below its base, as
/// furigana over kanji).
public let kCTRubyAnnotationAttributeName: CFString = "CTRubyAnnotation"
/// The ruby's size as a fraction of its base's font size (a number; 0.5 by default).
public let kCTRubyAnnotationSizeFactorAttributeName: CFString = "CTRubyAnnotationSizeFactor"
/// Whether ruby wider than its base is shrunk to the base's width instead of widening it.
public let kCTRubyAnnotationScaleToFitAttributeName: CFString = "CTRubyAnnotationScaleToFit"

/// How ruby sits along its base.
public enum CTRubyAlignment: UInt8, Sendable {
    case invalid = 255
    case auto = 0
    case start = 1
    case center = 2
    case end = 3
    case distributeLetter = 4
    case distributeSpace = 5
    case lineEdge = 6
}

/// Whether ruby may hang over the text next to its base.
public enum CTRubyOverhang: UInt8, Sendable {
    case invalid = 255
    case auto = 0
    case start = 1
    case end = 2
    case none = 3
}

/// Where ruby goes: above the base (`before`, horizontal text), below (`after`), between
/// characters, or inline after it.
public enum CTRubyPosition: UInt8, Sendable {
    case before = 0
    case after = 1
    case interCharacter = 2
    case inline = 3
    case count = 4
}

/// Ruby text for one base run (Apple's `CTRubyAnnotation`): a text a position, its alignment,
/// overhang and size.
public final class CTRubyAnnotation: @unchecked Sendable {
    let alignment: CTRubyAlignment
    let overhang: CTRubyOverhang
    let sizeFactor: CGFloat
    /// Text a position (`CTRubyPosition.rawValue`), nil where there is none.
    let texts: [String?]
    /// Attributes of the ruby text (a font, a colour…) given with `CTRubyAnnotationCreateWithAttributes`.
    let attributes: [String: Any]
    let scaleToFit: Bool

    init(alignment: CTRubyAlignment, overhang: CTRubyOverhang, sizeFactor: CGFloat, texts: [String?], attributes: [String: Any]) {
        self.alignment = alignment
        self.overhang = overhang
        self.sizeFactor = sizeFactor.isFinite && sizeFactor > 0 ? min(sizeFactor, 10) : 0.5
        self.texts = (0..<Int(CTRubyPosition.count.rawValue)).map { $0 < texts.count ? texts[$0] : nil }
        self.attributes = attributes
        scaleToFit = (attributes[kCTRubyAnnotationScaleToFitAttributeName] as? Bool) ?? false
    }

    public static var typeID: CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTRubyAnnotation.self).hashValue) }
}

public func CTRubyAnnotationGetTypeID() -> CFTypeID { CTRubyAnnotation.typeID }

/// Ruby with a text for each position (`text` points at `kCTRubyPositionCount` strings, nil where
/// none). `Unmanaged<NSString>` where Apple has `Unmanaged<CFString>`: CFString is Swift's
/// String on Linux, which `Unmanaged` cannot hold (`"ふりがな" as NSString`).
public func CTRubyAnnotationCreate(
    _ alignment: CTRubyAlignment, _ overhang: CTRubyOverhang, _ sizeFactor: CGFloat, _ text: UnsafeMutablePointer<Unmanaged<NSString>?>
) -> CTRubyAnnotation {
    let texts = (0..<Int(CTRubyPosition.count.rawValue)).map { text[$0].map { String($0.takeUnretainedValue()) } }
    return CTRubyAnnotation(alignment: alignment, overhang: overhang, sizeFactor: sizeFactor, texts: texts, attributes: [:])
}

/// Ruby of one text at `position`, drawn with `attributes` (a font, a colour; its size factor
/// and scale-to-fit keys).
public func CTRubyAnnotationCreateWithAttributes(
    _ alignment: CTRubyAlignment, _ overhang: CTRubyOverhang, _ position: CTRubyPosition, _ string: CFString, _ attributes: CFDictionary
) -> CTRubyAnnotation {
    var texts = [String?](repeating: nil, count: Int(CTRubyPosition.count.rawValue))
    if position != .count { texts[Int(position.rawValue)] = string }
    var keyed: [String: Any] = [:]
    for (key, value) in attributes { if let key = key.base as? String { keyed[key] = value } }
    let factor = (keyed[kCTRubyAnnotationSizeFactorAttributeName] as? NSNumber)?.doubleValue
        ?? (keyed[kCTRubyAnnotationSizeFactorAttributeName] as? Double) ?? 0.5
    return CTRubyAnnotation(alignment: alignment, overhang: overhang, sizeFactor: CGFloat(factor), texts: texts, attributes: keyed)
}

public func CTRubyAnnotationCreateCopy(_ rubyAnnotation: CTRubyAnnotation) -> CTRubyAnnotation {
    CTRubyAnnotation(alignment: rubyAnnotation.alignment, overhang: rubyAnnotation.overhang, sizeFactor: rubyAnnotation.sizeFactor,
                     texts: rubyAnnotation.texts, attributes: rubyAnnotation.attributes)
}

public func CTRubyAnnotationGetAlignment(_ rubyAnnotation: CTRubyAnnotation) -> CTRubyAlignment { rubyAnnotation.alignment }
public func CTRubyAnnotationGetOverhang(_ rubyAnnotation: CTRubyAnnotation) -> CTRubyOverhang { rubyAnnotation.overhang }
public func CTRubyAnnotationGetSizeFactor(_ rubyAnnotation: CTRubyAnnotation) -> CGFloat { rubyAnnotation.sizeFactor }

/// The text at `position`; nil when there is none.
public func CTRubyAnnotationGetTextForPosition(_ rubyAnnotation: CTRubyAnnotation, _ position: CTRubyPosition) -> CFString? {
    position == .count ? nil : rubyAnnotation.texts[Int(position.rawValue)]
}
