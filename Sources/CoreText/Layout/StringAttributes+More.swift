import Foundation

// The rest of CTStringAttributes.h, CTTypesetter.h and CTFont.h's baseline keys: accepted and
// kept on runs (`CTRunGetAttributes`); Strata's layout does not read them.

public let kCTHorizontalInVerticalFormsAttributeName: CFString = "CTHorizontalInVerticalForms"
@available(*, deprecated, message: "Use feature type kCharacterShapeType with the appropriate selector")
public let kCTCharacterShapeAttributeName: CFString = "NSCharacterShape"
public let kCTBaselineClassAttributeName: CFString = "NSBaselineClass"
public let kCTBaselineInfoAttributeName: CFString = "NSBaselineInfo"
public let kCTBaselineReferenceInfoAttributeName: CFString = "NSBaselineReferenceInfo"

/// Underline patterns, combined with a `CTUnderlineStyle`'s raw value.
public struct CTUnderlineStyleModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let patternDot = CTUnderlineStyleModifiers(rawValue: 0x0100)
    public static let patternDash = CTUnderlineStyleModifiers(rawValue: 0x0200)
    public static let patternDashDot = CTUnderlineStyleModifiers(rawValue: 0x0300)
    public static let patternDashDotDot = CTUnderlineStyleModifiers(rawValue: 0x0400)
}

/// Writing direction values of `kCTWritingDirectionAttributeName` arrays (or-ed with a direction).
public let kCTWritingDirectionEmbedding: Int = 0 << 1
public let kCTWritingDirectionOverride: Int = 1 << 1

public let kCTTypesetterOptionAllowUnboundedLayout: CFString = "kCTTypesetterOptionAllowUnboundedLayout"
public let kCTTypesetterOptionForcedEmbeddingLevel: CFString = "kCTTypesetterOptionForcedEmbeddingLevel"

public let kCTBaselineClassRoman: CFString = "CTBaselineClassRoman"
public let kCTBaselineClassIdeographicCentered: CFString = "CTBaselineClassIdeographicCentered"
public let kCTBaselineClassIdeographicLow: CFString = "CTBaselineClassIdeographicLow"
public let kCTBaselineClassIdeographicHigh: CFString = "CTBaselineClassIdeographicHigh"
public let kCTBaselineClassHanging: CFString = "CTBaselineClassHanging"
public let kCTBaselineClassMath: CFString = "CTBaselineClassMath"
public let kCTBaselineReferenceFont: CFString = "CTBaselineReferenceFont"
public let kCTBaselineOriginalFont: CFString = "CTBaselineOriginalFont"
