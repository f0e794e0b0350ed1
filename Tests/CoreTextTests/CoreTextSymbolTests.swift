import CoreText
import Foundation
import Testing

// The Core Text symbols issue 30 lists, by header of the iOS 16.5 SDK, bound to Apple's Swift
// spellings and types: a missing or differently typed one fails the build. Each group also checks
// one behaviour, so that the test can fail at run time too.
@Suite struct CoreTextSymbolTests {
    @Test func ctFontH() {
        let _: (CFString, CGFloat, UnsafePointer<CGAffineTransform>?) -> CTFont = CTFontCreateWithName
        let _: (CTFontDescriptor, CGFloat, UnsafePointer<CGAffineTransform>?) -> CTFont = CTFontCreateWithFontDescriptor
        let _: (CTFont, CGFloat, UnsafePointer<CGAffineTransform>?, CTFontDescriptor?) -> CTFont = CTFontCreateCopyWithAttributes
        let _: (CTFont, CGFloat, UnsafePointer<CGAffineTransform>?, CTFontSymbolicTraits, CTFontSymbolicTraits) -> CTFont? = CTFontCreateCopyWithSymbolicTraits
        let _: (CTFont, CGFloat, UnsafePointer<CGAffineTransform>?, CFString) -> CTFont? = CTFontCreateCopyWithFamily
        let _: (CTFont, CFString, CFRange) -> CTFont = CTFontCreateForString
        let _: (CTFontUIFontType, CGFloat, CFString?) -> CTFont? = CTFontCreateUIFontForLanguage
        let _: (CGFont, CGFloat, UnsafePointer<CGAffineTransform>?, CTFontDescriptor?) -> CTFont = CTFontCreateWithGraphicsFont
        let _: (CTFont, UnsafeMutablePointer<Unmanaged<CTFontDescriptor>?>?) -> CGFont = CTFontCopyGraphicsFont
        let _: (CTFont) -> CTFontDescriptor = CTFontCopyFontDescriptor
        let _: (CTFont, CFString) -> CFTypeRef? = CTFontCopyAttribute
        let _: (CTFont) -> CGFloat = CTFontGetSize
        let _: (CTFont) -> CGAffineTransform = CTFontGetMatrix
        let _: (CTFont) -> CTFontSymbolicTraits = CTFontGetSymbolicTraits
        let _: (CTFont) -> CFDictionary = CTFontCopyTraits
        let _: (CTFont) -> CFString = CTFontCopyPostScriptName
        let _: (CTFont) -> CFString = CTFontCopyFamilyName
        let _: (CTFont) -> CFString = CTFontCopyFullName
        let _: (CTFont) -> CFString = CTFontCopyDisplayName
        let _: (CTFont, CFString) -> CFString? = CTFontCopyName
        let _: (CTFont) -> CGFloat = CTFontGetAscent
        let _: (CTFont) -> CGFloat = CTFontGetDescent
        let _: (CTFont) -> CGFloat = CTFontGetLeading
        let _: (CTFont) -> UInt32 = CTFontGetUnitsPerEm
        let _: (CTFont) -> CFIndex = CTFontGetGlyphCount
        let _: (CTFont) -> CGRect = CTFontGetBoundingBox
        let _: (CTFont) -> CGFloat = CTFontGetUnderlinePosition
        let _: (CTFont) -> CGFloat = CTFontGetUnderlineThickness
        let _: (CTFont) -> CGFloat = CTFontGetSlantAngle
        let _: (CTFont) -> CGFloat = CTFontGetCapHeight
        let _: (CTFont) -> CGFloat = CTFontGetXHeight
        let _: (CTFont, CFString) -> CGGlyph = CTFontGetGlyphWithName
        let _: (CTFont, UnsafePointer<UniChar>, UnsafeMutablePointer<CGGlyph>, CFIndex) -> Bool = CTFontGetGlyphsForCharacters
        let _: (CTFont, CTFontOrientation, UnsafePointer<CGGlyph>, UnsafeMutablePointer<CGRect>?, CFIndex) -> CGRect = CTFontGetBoundingRectsForGlyphs
        let _: (CTFont, CTFontOrientation, UnsafePointer<CGGlyph>, UnsafeMutablePointer<CGSize>?, CFIndex) -> Double = CTFontGetAdvancesForGlyphs
        let _: (CTFont, CGGlyph, UnsafePointer<CGAffineTransform>?) -> CGPath? = CTFontCreatePathForGlyph
        let _: (CTFont, UnsafePointer<CGGlyph>, UnsafePointer<CGPoint>, Int, CGContext) -> Void = CTFontDrawGlyphs
        let _: () -> CFTypeID = CTFontGetTypeID
        let _: [CFString] = [kCTFontFamilyNameKey, kCTFontFullNameKey, kCTFontPostScriptNameKey, kCTFontStyleNameKey, kCTFontCopyrightNameKey]
        let _: [CTFontSymbolicTraits] = [.traitItalic, .traitBold, .traitMonoSpace, .traitCondensed, .traitExpanded]
        let _: [CTFontOrientation] = [.default, .horizontal, .vertical]
        #expect(CTFontGetTypeID() != CTLineGetTypeID())
    }

    @Test func ctFontDescriptorCollectionAndManagerH() {
        let _: (CFString, CGFloat) -> CTFontDescriptor = CTFontDescriptorCreateWithNameAndSize
        let _: (CFDictionary) -> CTFontDescriptor = CTFontDescriptorCreateWithAttributes
        let _: (CTFontDescriptor, CFDictionary) -> CTFontDescriptor = CTFontDescriptorCreateCopyWithAttributes
        let _: (CTFontDescriptor, CFString) -> CTFontDescriptor? = CTFontDescriptorCreateCopyWithFamily
        let _: (CTFontDescriptor, CTFontSymbolicTraits, CTFontSymbolicTraits) -> CTFontDescriptor? = CTFontDescriptorCreateCopyWithSymbolicTraits
        let _: (CTFontDescriptor, CFSet?) -> CFArray? = CTFontDescriptorCreateMatchingFontDescriptors
        let _: (CTFontDescriptor, CFSet?) -> CTFontDescriptor? = CTFontDescriptorCreateMatchingFontDescriptor
        let _: (CTFontDescriptor) -> CFDictionary = CTFontDescriptorCopyAttributes
        let _: (CTFontDescriptor, CFString) -> CFTypeRef? = CTFontDescriptorCopyAttribute
        let _: [CFString] = [kCTFontNameAttribute, kCTFontFamilyNameAttribute, kCTFontStyleNameAttribute, kCTFontSizeAttribute,
                             kCTFontTraitsAttribute, kCTFontSymbolicTrait, kCTFontWeightTrait, kCTFontURLAttribute, kCTFontMatrixAttribute]
        let _: (CFDictionary?) -> CTFontCollection = CTFontCollectionCreateFromAvailableFonts
        let _: (CFArray?, CFDictionary?) -> CTFontCollection = CTFontCollectionCreateWithFontDescriptors
        let _: (CTFontCollection) -> CFArray? = CTFontCollectionCreateMatchingFontDescriptors
        let _: () -> CFArray = CTFontManagerCopyAvailableFontFamilyNames
        let _: () -> CFArray = CTFontManagerCopyAvailablePostScriptNames
        let _: (CFURL, CTFontManagerScope, UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool = CTFontManagerRegisterFontsForURL
        let _: (CFURL, CTFontManagerScope, UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool = CTFontManagerUnregisterFontsForURL
        let _: (CGFont, UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool = CTFontManagerRegisterGraphicsFont
        let _: (CFData) -> CTFontDescriptor? = CTFontManagerCreateFontDescriptorFromData
        let descriptor = CTFontDescriptorCreateWithNameAndSize("DejaVuSans" as CFString, 11)
        #expect(CTFontDescriptorCopyAttribute(descriptor, kCTFontSizeAttribute) as? CGFloat == 11)
    }

    @Test func ctFontTraitsH() {
        let _: Int = kCTFontClassMaskShift
        let classes: [CTFontStylisticClass] = [
            .classUnknown, .classOldStyleSerifs, .classTransitionalSerifs, .classModernSerifs, .classClarendonSerifs,
            .classSlabSerifs, .classFreeformSerifs, .classSansSerif, .classOrnamentals, .classScripts, .classSymbolic,
        ]
        let old: [CTFontStylisticClass] = [
            .unknownClass, .oldStyleSerifsClass, .transitionalSerifsClass, .modernSerifsClass, .clarendonSerifsClass,
            .slabSerifsClass, .freeformSerifsClass, .sansSerifClass, .ornamentalsClass, .scriptsClass, .symbolicClass,
        ]
        #expect(classes.map { $0.rawValue >> kCTFontClassMaskShift } == [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 12] && old == classes)
        let traits: [CTFontSymbolicTraits] = [
            .expandedTrait, .condensedTrait, .verticalTrait, .UIOptimizedTrait, .colorGlyphsTrait, .compositeTrait, .classMaskTrait,
        ]
        #expect(traits == [.traitExpanded, .traitCondensed, .traitVertical, .traitUIOptimized, .traitColorGlyphs, .traitComposite, .traitClassMask])
    }

    @Test func ctFontManagerErrorsH() {
        let _: CFString = kCTFontManagerErrorDomain
        let _: CFString = kCTFontManagerErrorFontURLsKey
        let _: CFString = kCTFontManagerErrorFontDescriptorsKey
        let _: CFString = kCTFontManagerErrorFontAssetNameKey
        let codes: [CTFontManagerError] = [
            .fileNotFound, .insufficientPermissions, .unrecognizedFormat, .invalidFontData, .alreadyRegistered,
            .exceededResourceLimit, .assetNotFound, .notRegistered, .inUse, .systemRequired, .registrationFailed,
            .missingEntitlement, .insufficientInfo, .cancelledByUser, .duplicatedName, .invalidFilePath, .unsupportedScope,
        ]
        let raw: [CFIndex] = codes.map(\.rawValue)
        #expect(raw == [101, 102, 103, 104, 105, 106, 107, 201, 202, 203, 301, 302, 303, 304, 305, 306, 307], "Apple's codes")
        #expect(kCTFontManagerErrorDomain as String == "com.apple.CoreText.CTFontManagerErrorDomain")
    }

    @Test func ctLineAndRunH() {
        let _: (CFAttributedString) -> CTLine = CTLineCreateWithAttributedString
        let _: (CTLine, Double, CTLineTruncationType, CTLine?) -> CTLine? = CTLineCreateTruncatedLine
        let _: (CTLine, CGFloat, Double) -> CTLine? = CTLineCreateJustifiedLine
        let _: (CTLine) -> CFIndex = CTLineGetGlyphCount
        let _: (CTLine) -> CFArray = CTLineGetGlyphRuns
        let _: (CTLine) -> CFRange = CTLineGetStringRange
        let _: (CTLine, CGFloat, Double) -> Double = CTLineGetPenOffsetForFlush
        let _: (CTLine, CGContext) -> Void = CTLineDraw
        let _: (CTLine, UnsafeMutablePointer<CGFloat>?, UnsafeMutablePointer<CGFloat>?, UnsafeMutablePointer<CGFloat>?) -> Double = CTLineGetTypographicBounds
        let _: (CTLine, CTLineBoundsOptions) -> CGRect = CTLineGetBoundsWithOptions
        let _: (CTLine) -> Double = CTLineGetTrailingWhitespaceWidth
        let _: (CTLine, CGContext?) -> CGRect = CTLineGetImageBounds
        let _: (CTLine, CGPoint) -> CFIndex = CTLineGetStringIndexForPosition
        let _: (CTLine, CFIndex, UnsafeMutablePointer<CGFloat>?) -> CGFloat = CTLineGetOffsetForStringIndex
        let _: (CTRun) -> CFIndex = CTRunGetGlyphCount
        let _: (CTRun) -> CFDictionary = CTRunGetAttributes
        let _: (CTRun) -> CTRunStatus = CTRunGetStatus
        let _: (CTRun) -> UnsafePointer<CGGlyph>? = CTRunGetGlyphsPtr
        let _: (CTRun, CFRange, UnsafeMutablePointer<CGGlyph>) -> Void = CTRunGetGlyphs
        let _: (CTRun) -> UnsafePointer<CGPoint>? = CTRunGetPositionsPtr
        let _: (CTRun, CFRange, UnsafeMutablePointer<CGPoint>) -> Void = CTRunGetPositions
        let _: (CTRun) -> UnsafePointer<CGSize>? = CTRunGetAdvancesPtr
        let _: (CTRun, CFRange, UnsafeMutablePointer<CGSize>) -> Void = CTRunGetAdvances
        let _: (CTRun) -> UnsafePointer<CFIndex>? = CTRunGetStringIndicesPtr
        let _: (CTRun, CFRange, UnsafeMutablePointer<CFIndex>) -> Void = CTRunGetStringIndices
        let _: (CTRun) -> CFRange = CTRunGetStringRange
        let _: (CTRun, CFRange, UnsafeMutablePointer<CGFloat>?, UnsafeMutablePointer<CGFloat>?, UnsafeMutablePointer<CGFloat>?) -> Double = CTRunGetTypographicBounds
        let _: (CTRun, CGContext?, CFRange) -> CGRect = CTRunGetImageBounds
        let _: (CTRun) -> CGAffineTransform = CTRunGetTextMatrix
        let _: (CTRun, CGContext, CFRange) -> Void = CTRunDraw
        let _: [CTLineTruncationType] = [.start, .end, .middle]
        let _: [CTLineBoundsOptions] = [.excludeTypographicLeading, .useGlyphPathBounds, .useOpticalBounds]
        let _: [CTRunStatus] = [.noStatus, .rightToLeft, .nonMonotonic, .hasNonIdentityMatrix]
        #expect(CTLineGetGlyphCount(CTLineCreateWithAttributedString(NSAttributedString(string: "abc"))) == 3)
    }

    @Test func typesetterFramesetterFrameAndParagraphStyleH() {
        let _: (CFAttributedString) -> CTTypesetter = CTTypesetterCreateWithAttributedString
        let _: (CTTypesetter, CFRange) -> CTLine = CTTypesetterCreateLine
        let _: (CTTypesetter, CFIndex, Double) -> CFIndex = CTTypesetterSuggestLineBreak
        let _: (CTTypesetter, CFIndex, Double) -> CFIndex = CTTypesetterSuggestClusterBreak
        let _: (CFAttributedString) -> CTFramesetter = CTFramesetterCreateWithAttributedString
        let _: (CTTypesetter) -> CTFramesetter = CTFramesetterCreateWithTypesetter
        let _: (CTFramesetter, CFRange, CGPath, CFDictionary?) -> CTFrame = CTFramesetterCreateFrame
        let _: (CTFramesetter) -> CTTypesetter = CTFramesetterGetTypesetter
        let _: (CTFramesetter, CFRange, CFDictionary?, CGSize, UnsafeMutablePointer<CFRange>?) -> CGSize = CTFramesetterSuggestFrameSizeWithConstraints
        let _: (CTFrame) -> CFRange = CTFrameGetStringRange
        let _: (CTFrame) -> CFRange = CTFrameGetVisibleStringRange
        let _: (CTFrame) -> CGPath = CTFrameGetPath
        let _: (CTFrame) -> CFDictionary? = CTFrameGetFrameAttributes
        let _: (CTFrame) -> CFArray = CTFrameGetLines
        let _: (CTFrame, CFRange, UnsafeMutablePointer<CGPoint>) -> Void = CTFrameGetLineOrigins
        let _: (CTFrame, CGContext) -> Void = CTFrameDraw
        let _: (UnsafePointer<CTParagraphStyleSetting>?, Int) -> CTParagraphStyle = CTParagraphStyleCreate
        let _: (CTParagraphStyle) -> CTParagraphStyle = CTParagraphStyleCreateCopy
        let _: (CTParagraphStyle, CTParagraphStyleSpecifier, Int, UnsafeMutableRawPointer) -> Bool = CTParagraphStyleGetValueForSpecifier
        let _: (CTTextAlignment, Double, CFDictionary?) -> CTTextTab = CTTextTabCreate
        let _: (CTTextTab) -> CTTextAlignment = CTTextTabGetAlignment
        let _: (CTTextTab) -> Double = CTTextTabGetLocation
        let _: (CTTextTab) -> CFDictionary? = CTTextTabGetOptions
        let _: () -> CFTypeID = CTTextTabGetTypeID
        let _: CFString = kCTTabColumnTerminatorsAttributeName
        let _: [CTTextAlignment] = [.left, .right, .center, .justified, .natural]
        let _: [CTLineBreakMode] = [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle]
        let _: [CTParagraphStyleSpecifier] = [.alignment, .firstLineHeadIndent, .headIndent, .tailIndent, .lineBreakMode, .lineHeightMultiple,
                                              .maximumLineHeight, .minimumLineHeight, .paragraphSpacing, .paragraphSpacingBefore,
                                              .baseWritingDirection, .lineSpacingAdjustment, .maximumLineSpacing, .minimumLineSpacing]
        let setter = CTTypesetterCreateWithAttributedString(NSAttributedString(string: "two words"))
        #expect(CTTypesetterSuggestLineBreak(setter, 0, 1) == 1, "a word wider than the line breaks between characters")
        #expect(CTTypesetterSuggestLineBreak(setter, 0, 1000) == 9)
    }

    @Test func ctStringAttributesH() {
        let keys: [CFString] = [
            kCTFontAttributeName, kCTForegroundColorFromContextAttributeName, kCTKernAttributeName, kCTTrackingAttributeName,
            kCTLigatureAttributeName, kCTForegroundColorAttributeName, kCTBackgroundColorAttributeName, kCTParagraphStyleAttributeName,
            kCTStrokeWidthAttributeName, kCTStrokeColorAttributeName, kCTUnderlineStyleAttributeName, kCTSuperscriptAttributeName,
            kCTUnderlineColorAttributeName, kCTVerticalFormsAttributeName, kCTBaselineOffsetAttributeName, kCTLanguageAttributeName,
            kCTWritingDirectionAttributeName,
        ]
        let _: [CTUnderlineStyle] = [.single, .thick, .double]
        #expect(Set(keys).count == keys.count, "every key distinct")
        #expect(kCTFontAttributeName == "NSFont", "UIKit's .font key, as on Apple platforms")
    }

    @Test func ctRunDelegateRubyAndGlyphInfoH() {
        let _: () -> CFTypeID = CTRunDelegateGetTypeID
        let _: (UnsafePointer<CTRunDelegateCallbacks>, UnsafeMutableRawPointer?) -> CTRunDelegate? = CTRunDelegateCreate
        let _: (CTRunDelegate) -> UnsafeMutableRawPointer = CTRunDelegateGetRefCon
        let _: [CFIndex] = [kCTRunDelegateVersion1, kCTRunDelegateCurrentVersion]
        let _: () -> CFTypeID = CTRubyAnnotationGetTypeID
        let _: (CTRubyAlignment, CTRubyOverhang, CGFloat, UnsafeMutablePointer<Unmanaged<NSString>?>) -> CTRubyAnnotation = CTRubyAnnotationCreate
        let _: (CTRubyAlignment, CTRubyOverhang, CTRubyPosition, CFString, CFDictionary) -> CTRubyAnnotation = CTRubyAnnotationCreateWithAttributes
        let _: (CTRubyAnnotation) -> CTRubyAnnotation = CTRubyAnnotationCreateCopy
        let _: (CTRubyAnnotation) -> CTRubyAlignment = CTRubyAnnotationGetAlignment
        let _: (CTRubyAnnotation) -> CTRubyOverhang = CTRubyAnnotationGetOverhang
        let _: (CTRubyAnnotation) -> CGFloat = CTRubyAnnotationGetSizeFactor
        let _: (CTRubyAnnotation, CTRubyPosition) -> CFString? = CTRubyAnnotationGetTextForPosition
        let _: () -> CFTypeID = CTGlyphInfoGetTypeID
        let _: (CFString, CTFont, CFString) -> CTGlyphInfo? = CTGlyphInfoCreateWithGlyphName
        let _: (CGGlyph, CTFont, CFString) -> CTGlyphInfo? = CTGlyphInfoCreateWithGlyph
        let _: (CGFontIndex, CTCharacterCollection, CFString) -> CTGlyphInfo? = CTGlyphInfoCreateWithCharacterIdentifier
        let _: (CTGlyphInfo) -> CFString? = CTGlyphInfoGetGlyphName
        let _: (CTGlyphInfo) -> CGGlyph = CTGlyphInfoGetGlyph
        let _: (CTGlyphInfo) -> CGFontIndex = CTGlyphInfoGetCharacterIdentifier
        let _: (CTGlyphInfo) -> CTCharacterCollection = CTGlyphInfoGetCharacterCollection
        let keys: [CFString] = [
            kCTRunDelegateAttributeName, kCTRubyAnnotationAttributeName, kCTRubyAnnotationSizeFactorAttributeName,
            kCTRubyAnnotationScaleToFitAttributeName, kCTGlyphInfoAttributeName,
        ]
        #expect(Set(keys).count == keys.count)
        #expect([CTRubyAlignment.invalid, .auto, .start, .center, .end, .distributeLetter, .distributeSpace, .lineEdge].map(\.rawValue)
                == [255, 0, 1, 2, 3, 4, 5, 6])
        #expect([CTRubyOverhang.invalid, .auto, .start, .end, .none].map(\.rawValue) == [255, 0, 1, 2, 3])
        #expect([CTRubyPosition.before, .after, .interCharacter, .inline, .count].map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect([CTCharacterCollection.identityMapping, .adobeCNS1, .adobeGB1, .adobeJapan1, .adobeJapan2, .adobeKorea1].map(\.rawValue)
                == [0, 1, 2, 3, 4, 5])
    }

    @Test func theRestOfTheFontHeaders() {
        let _: (CTFont, CTFontTableTag, CTFontTableOptions) -> CFData? = CTFontCopyTable
        let _: (CTFont, CTFontTableOptions) -> CFArray? = CTFontCopyAvailableTables
        let _: (CTFont) -> CFArray? = CTFontCopyFeatures
        let _: (CTFont) -> CFArray? = CTFontCopyFeatureSettings
        let _: (CTFont) -> CFArray? = CTFontCopyVariationAxes
        let _: (CTFont) -> CFDictionary? = CTFontCopyVariation
        let _: (CTFont) -> CFCharacterSet = CTFontCopyCharacterSet
        let _: (CTFont) -> CFStringEncoding = CTFontGetStringEncoding
        let _: (CTFont, UnsafePointer<CGGlyph>, UnsafeMutablePointer<CGRect>?, CFIndex, CFOptionFlags) -> CGRect = CTFontGetOpticalBoundsForGlyphs
        let _: (CTFont, UnsafePointer<CGGlyph>, UnsafeMutablePointer<CGSize>, CFIndex) -> Void = CTFontGetVerticalTranslationsForGlyphs
        let _: (CTFont, CGGlyph, UnsafeMutablePointer<CGFloat>?, CFIndex) -> CFIndex = CTFontGetLigatureCaretPositions
        let _: (CTFont, CFArray?) -> CFArray? = CTFontCopyDefaultCascadeListForLanguages
        let _: (CTFont, CFString, CFRange, CFString?) -> CTFont = CTFontCreateForStringWithLanguage
        let _: (CTFontDescriptor, CGFloat, UnsafePointer<CGAffineTransform>?, CTFontOptions) -> CTFont = CTFontCreateWithFontDescriptorAndOptions
        let _: (CTFontDescriptor, CFNumber, CGFloat) -> CTFontDescriptor = CTFontDescriptorCreateCopyWithVariation
        let _: (CTFontDescriptor, CFNumber, CFNumber) -> CTFontDescriptor = CTFontDescriptorCreateCopyWithFeature
        let _: (CFArray, CFSet?, @escaping CTFontDescriptorProgressHandler) -> Bool = CTFontDescriptorMatchFontDescriptorsWithProgressHandler
        let _: (CFArray, CTFontManagerScope, Bool, ((CFArray, Bool) -> Bool)?) -> Void = CTFontManagerRegisterFontURLs
        let _: (CFArray, CTFontManagerScope, ((CFArray, Bool) -> Bool)?) -> Void = CTFontManagerUnregisterFontURLs
        let _: (CFArray, CTFontManagerScope, Bool, ((CFArray, Bool) -> Bool)?) -> Void = CTFontManagerRegisterFontDescriptors
        let _: (CFArray, CTFontManagerScope, ((CFArray, Bool) -> Bool)?) -> Void = CTFontManagerUnregisterFontDescriptors
        let _: (CTFontManagerScope, Bool) -> CFArray = CTFontManagerCopyRegisteredFontDescriptors
        let _: (CFURL) -> CFArray? = CTFontManagerCreateFontDescriptorsFromURL
        let _: (CFArray, @escaping (CFArray) -> Void) -> Void = CTFontManagerRequestFonts
        let _: (CTFontCollection, CFArray?, CFDictionary?) -> CTFontCollection = CTFontCollectionCreateCopyWithFontDescriptors
        let _: (CTFontCollection, CFDictionary?) -> CFArray? = CTFontCollectionCreateMatchingFontDescriptorsWithOptions
        let _: [CTFontDescriptorMatchingState] = [.didBegin, .didFinish, .willBeginQuerying, .stalled, .willBeginDownloading, .downloading,
                                                  .didFinishDownloading, .didMatch, .didFailWithError]
        let _: [CTFontManagerAutoActivationSetting] = [.default, .disabled, .enabled]
        let _: [CTFramePathFillRule] = [.evenOdd, .windingNumber]
        let _: CTUnderlineStyleModifiers = [.patternDot, .patternDash, .patternDashDot, .patternDashDotDot]
        let _: CTFontCollectionCopyOptions = [.unique, .standardSort]
        #expect([CTFontFormat.unrecognized, .openTypePostScript, .openTypeTrueType, .trueType, .postScript, .bitmap].map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        let priorities: [Int] = [kCTFontPrioritySystem, kCTFontPriorityNetwork, kCTFontPriorityComputer, kCTFontPriorityUser,
                                 kCTFontPriorityDynamic, kCTFontPriorityProcess]
        #expect(priorities == [10000, 20000, 30000, 40000, 50000, 60000])
        #expect(kCTVersionNumber11_0 == Int32(0x000D_0000))
        #expect(kCTFontTableHead == Int(0x6865_6164), "'head'")
    }
}
