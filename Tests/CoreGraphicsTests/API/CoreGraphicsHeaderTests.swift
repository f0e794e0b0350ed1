import CoreGraphics
import Foundation
import Testing

// CoreGraphics symbols added for issue 30, by header of the iOS 16.5 SDK, bound to Apple's Swift
// spellings and types: a missing or differently typed one fails the build. Each group also checks
// one behaviour. (The rest of CoreGraphics is pinned by the behaviour tests of each file.)
@Suite struct CoreGraphicsHeaderTests {
    @Test func cgFontH() throws {
        let _: (CGDataProvider) -> CGFont? = CGFont.init
        let _: (CFString) -> CGFont? = CGFont.init
        let _: (CGFont) -> CFString? = { $0.postScriptName }
        let _: (CGFont) -> CFString? = { $0.fullName }
        let _: (CGFont) -> Int = { $0.numberOfGlyphs }
        let _: (CGFont) -> Int32 = { $0.unitsPerEm }
        let _: (CGFont) -> Int32 = { $0.ascent }
        let _: (CGFont) -> Int32 = { $0.descent }
        let _: (CGFont) -> Int32 = { $0.leading }
        let _: (CGFont) -> Int32 = { $0.capHeight }
        let _: (CGFont) -> Int32 = { $0.xHeight }
        let _: (CGFont) -> CGRect = { $0.fontBBox }
        let _: (CGFont) -> CGFloat = { $0.italicAngle }
        let _: (CGFont) -> CGFloat = { $0.stemV }
        let _: (CGFont) -> (UnsafePointer<CGGlyph>, Int, UnsafeMutablePointer<Int32>) -> Bool = { $0.getGlyphAdvances(glyphs:count:advances:) }
        let _: (CGFont) -> (UnsafePointer<CGGlyph>, Int, UnsafeMutablePointer<CGRect>) -> Bool = { $0.getGlyphBBoxes(glyphs:count:bboxes:) }
        let _: (CGFont) -> (CFString) -> CGGlyph = { $0.getGlyphWithGlyphName(name:) }
        let _: (CGFont) -> (CGGlyph) -> CFString? = { $0.name(for:) }
        let _: (CGFont) -> (UInt32) -> CFData? = { $0.table(for:) }
        let _: (CGFont) -> CFArray? = { $0.tableTags }
        let _: (CGFont) -> (CGFontPostScriptFormat) -> Bool = { $0.canCreatePostScriptSubset }
        let _: CFTypeID = CGFont.typeID
        let _: (CGFont) -> (CFString, CGFontPostScriptFormat, UnsafePointer<CGGlyph>?, Int, UnsafePointer<CGGlyph>?) -> CFData? = { $0.createPostScriptSubset(subsetName:format:glyphs:count:encoding:) }
        let _: (CGFont) -> (UnsafePointer<CGGlyph>?) -> CFData? = { $0.createPostScriptEncoding(encoding:) }
        let _: [CFString] = [CGFont.variationAxisName, CGFont.variationAxisMinValue, CGFont.variationAxisMaxValue, CGFont.variationAxisDefaultValue]
        let _ = CGFunctionCallbacks()
        let _ = CGPatternCallbacks()
        let _ = CGDataConsumerCallbacks()
        let _: CGPathApplyBlock = { _ in }
        let _: [CGFontIndex] = [kCGFontIndexMax, kCGFontIndexInvalid, kCGGlyphMax]
        let font = try #require(CGFont("DejaVuSans" as CFString))
        #expect(font.unitsPerEm == 2048)
    }

    @Test func cgContextTextH() {
        let _: (CGContext) -> (CGFont) -> Void = { $0.setFont }
        let _: (CGContext) -> (CGFloat) -> Void = { $0.setFontSize }
        let _: (CGContext) -> (CGFloat) -> Void = { $0.setCharacterSpacing }
        let _: (CGContext) -> (CGTextDrawingMode) -> Void = { $0.setTextDrawingMode }
        let _: (CGContext) -> ([CGGlyph], [CGPoint]) -> Void = { $0.showGlyphs(_:at:) }
        let _: (CGContext) -> (UnsafePointer<CChar>, CGFloat, CGTextEncoding) -> Void = { $0.selectFont(name:size:textEncoding:) }
        let _: (CGContext) -> (UnsafePointer<CChar>, Int) -> Void = { $0.showText(string:length:) }
        let _: (CGContext) -> (CGFloat, CGFloat, UnsafePointer<CChar>, Int) -> Void = { $0.showTextAtPoint(x:y:string:length:) }
        let _: (CGContext) -> (UnsafePointer<CGGlyph>?, Int) -> Void = { $0.showGlyphs(g:count:) }
        let _: (CGContext) -> (CGFloat, CGFloat, UnsafePointer<CGGlyph>?, Int) -> Void = { $0.showGlyphsAtPoint(x:y:glyphs:count:) }
        let _: (CGContext) -> (UnsafePointer<CGGlyph>?, UnsafePointer<CGSize>?, Int) -> Void = { $0.showGlyphsWithAdvances(glyphs:advances:count:) }
        let _: (CGContext) -> (Bool) -> Void = { $0.setShouldSmoothFonts }
        let _: (CGContext) -> (Bool) -> Void = { $0.setAllowsFontSmoothing }
        let _: (CGContext) -> (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat) -> Void = { $0.setFillColor(cyan:magenta:yellow:black:alpha:) }
        let _: (CGContext) -> (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat) -> Void = { $0.setStrokeColor(cyan:magenta:yellow:black:alpha:) }
        let _: (CGContext) -> (CGSize) -> CGSize = { $0.convertToDeviceSpace }
        let _: (CGContext) -> (CGSize) -> CGSize = { $0.convertToUserSpace }
        let _: [CGTextDrawingMode] = [.fill, .stroke, .fillStroke, .invisible, .fillClip, .strokeClip, .fillStrokeClip, .clip]
        let _: CFTypeID = CGContext.typeID
        #expect(CGTextDrawingMode.clip.rawValue == 7 && CGTextEncoding.encodingMacRoman.rawValue == 1)
    }

    @Test func cgColorSpaceAndConversionInfoH() throws {
        let _: (CFTypeRef) -> CGColorSpace? = CGColorSpace.init(iccData:)
        let _: (CFData) -> CGColorSpace? = CGColorSpace.init(iccProfileData:)
        let _: (CGColorSpace) -> () -> CFData? = { $0.copyICCData }
        let _: (CGColorSpace) -> CFData? = { $0.iccData }
        let _: (CGColorSpace) -> () -> Bool = { $0.isHDR }
        let _: (CGColorSpace) -> CGColorSpace? = CGColorSpaceCreateExtended
        let _: (CGColorSpace) -> CGColorSpace? = CGColorSpaceCreateLinearized
        let _: (CGColorSpace) -> CGColorSpace? = CGColorSpaceCreateExtendedLinearized
        let _: (CGColorSpace) -> CGColorSpace = CGColorSpaceCreateCopyWithStandardRange
        let _: (CGColorSpace) -> Bool = CGColorSpaceUsesExtendedRange
        let _: (CGColorSpace) -> Bool = CGColorSpaceUsesITUR_2100TF
        let _: (CGColorSpace) -> Bool = CGColorSpaceIsPQBased
        let _: (CGColorSpace) -> Bool = CGColorSpaceIsHLGBased
        let names: [CFString] = [
            CGColorSpace.adobeRGB1998, CGColorSpace.genericXYZ, CGColorSpace.genericLab, CGColorSpace.acescgLinear, CGColorSpace.itur_709,
            CGColorSpace.itur_709_HLG, CGColorSpace.itur_709_PQ, CGColorSpace.itur_2020, CGColorSpace.itur_2020_sRGBGamma, CGColorSpace.rommrgb,
            CGColorSpace.dcip3, CGColorSpace.extendedLinearGray, CGColorSpace.extendedDisplayP3, CGColorSpace.extendedLinearDisplayP3,
            CGColorSpace.extendedITUR_2020, CGColorSpace.extendedLinearITUR_2020, CGColorSpace.linearDisplayP3, CGColorSpace.linearITUR_2020,
            CGColorSpace.displayP3_HLG, CGColorSpace.displayP3_PQ, CGColorSpace.displayP3_PQ_EOTF, CGColorSpace.itur_2020_HLG,
            CGColorSpace.itur_2020_PQ, CGColorSpace.itur_2020_PQ_EOTF, CGColorSpace.itur_2100_HLG, CGColorSpace.itur_2100_PQ,
        ]
        let _: Int32 = CG_HDR_BT_2100
        let _: CFString = kCGColorSpaceExtendedRange
        let _: CFTypeID = CGColorSpace.typeID
        let _: (CGColorSpace, CGColorSpace) -> CGColorConversionInfo? = CGColorConversionInfo.init(src:dst:)
        let _: (CGColorSpace, CGColorSpace, CFDictionary?) -> CGColorConversionInfo? = CGColorConversionInfo.init(optionsSrc:dst:options:)
        let _: [CGColorConversionInfoTransformType] = [.transformFromSpace, .transformToSpace, .transformApplySpace]
        let _: [CFString] = [CGColor.conversionBlackPointCompensation, CGColor.conversionTRCSize]
        let _: CFTypeID = CGColorConversionInfo.typeID
        let _: (UnsafePointer<CGFloat>, UnsafePointer<CGFloat>?, CGFloat) -> CGColorSpace? = CGColorSpace.init(calibratedGrayWhitePoint:blackPoint:gamma:)
        let _: (UnsafePointer<CGFloat>, UnsafePointer<CGFloat>?, UnsafePointer<CGFloat>?, UnsafePointer<CGFloat>?) -> CGColorSpace? = CGColorSpace.init(calibratedRGBWhitePoint:blackPoint:gamma:matrix:)
        let _: (UnsafePointer<CGFloat>, UnsafePointer<CGFloat>?, UnsafePointer<CGFloat>?) -> CGColorSpace? = CGColorSpace.init(labWhitePoint:blackPoint:range:)
        let _: (Int, UnsafePointer<CGFloat>?, CGDataProvider, CGColorSpace?) -> CGColorSpace? = CGColorSpace.init(iccBasedNComponents:range:profile:alternate:)
        let _: (CGColorSpace, Int, UnsafePointer<UInt8>) -> CGColorSpace? = CGColorSpace.init(indexedBaseSpace:last:colorTable:)
        let _: (UnsafeRawPointer) -> CGColorSpace? = CGColorSpace.init(platformColorSpaceRef:)
        let _: (CFPropertyList) -> CGColorSpace? = CGColorSpace.init(propertyListPlist:)
        let _: (CGColorSpace) -> [UInt8]? = { $0.colorTable }
        let _: (CGColorSpace) -> () -> CFPropertyList? = { $0.copyPropertyList }
        let made = names.filter { CGColorSpace(name: $0) != nil }
        #expect(made.count >= names.count - 1, "every named space but XYZ is made: \(Set(names).subtracting(made))")
    }

    @Test func cgDataProviderAndImageH() {
        let _: (UnsafeMutableRawPointer?, UnsafePointer<CGDataProviderSequentialCallbacks>) -> CGDataProvider? = CGDataProvider.init(sequentialInfo:callbacks:)
        let _: (UnsafeMutableRawPointer?, off_t, UnsafePointer<CGDataProviderDirectCallbacks>) -> CGDataProvider? = CGDataProvider.init(directInfo:size:callbacks:)
        let _: (UnsafeMutableRawPointer?, UnsafeRawPointer, Int, @escaping CGDataProviderReleaseDataCallback) -> CGDataProvider? = CGDataProvider.init(dataInfo:data:size:releaseData:)
        let _: (CGDataProvider) -> UnsafeMutableRawPointer? = { $0.info }
        let _ = CGDataProviderSequentialCallbacks()
        let _ = CGDataProviderDirectCallbacks()
        let _: CFTypeID = CGDataProvider.typeID
        let _: (CGImage) -> CGImagePixelFormatInfo = { $0.pixelFormatInfo }
        let _: (CGImage) -> CFString? = { $0.utType }
        let _: [CGImagePixelFormatInfo] = [.mask, .packed, .RGB555, .RGB565, .RGB101010, .RGBCIF10]
        let _: [CGBitmapInfo] = [kCGBitmapByteOrder16Host, kCGBitmapByteOrder32Host]
        let _: (CGImage) -> ([CGFloat]) -> CGImage? = { $0.copy(maskingColorComponents:) }
        let _: [CFTypeID] = [CGImage.typeID, CGColor.typeID, CGPath.typeID, CGGradient.typeID, CGShading.typeID, CGFunction.typeID,
                             CGPattern.typeID, CGDataConsumer.typeID, CGPDFDocument.typeID, CGPDFPage.typeID]
        #expect(Set([CGImage.typeID, CGColor.typeID, CGPath.typeID, CGContext.typeID]).count == 4, "distinct type numbers")
    }

    @Test func cgPDFContextH() {
        let _: (CGContext) -> (CFURL, CGRect) -> Void = { $0.setURL(_:for:) }
        let _: (CGContext) -> (CFString, CGPoint) -> Void = { $0.addDestination(_:at:) }
        let _: (CGContext) -> (CFString, CGRect) -> Void = { $0.setDestination(_:for:) }
        let _: (CGContext) -> (CFData?) -> Void = { $0.addDocumentMetadata }
        let _: (CGContext, CFDictionary?) -> Void = CGPDFContextSetOutline
        let _: (CGContext, CGPDFTagType, CFDictionary?) -> Void = CGPDFContextBeginTag
        let _: (CGContext) -> Void = CGPDFContextEndTag
        let _: [CGPDFTagProperty] = [.actualText, .alternativeText, .titleText, .languageText]
        let _: [CFString] = [
            kCGPDFContextBleedBox, kCGPDFContextTrimBox, kCGPDFContextArtBox, kCGPDFContextOwnerPassword, kCGPDFContextUserPassword,
            kCGPDFContextEncryptionKeyLength, kCGPDFContextAllowsPrinting, kCGPDFContextAllowsCopying, kCGPDFContextAccessPermissions,
            kCGPDFContextOutputIntent, kCGPDFContextOutputIntents, kCGPDFContextCreateLinearizedPDF, kCGPDFContextCreatePDFA,
            kCGPDFXOutputIntentSubtype, kCGPDFXOutputConditionIdentifier, kCGPDFXOutputCondition, kCGPDFXRegistryName, kCGPDFXInfo,
            kCGPDFXDestinationOutputProfile, kCGPDFOutlineTitle, kCGPDFOutlineChildren, kCGPDFOutlineDestination, kCGPDFOutlineDestinationRect,
        ]
        let allTags: [CGPDFTagType] = [
            .document, .part, .art, .section, .div, .blockQuote, .caption, .TOC, .TOCI, .index, .nonStructure, .private, .paragraph,
            .header, .header1, .header2, .header3, .header4, .header5, .header6, .list, .listItem, .label, .listBody, .table, .tableRow,
            .tableHeaderCell, .tableDataCell, .tableHeader, .tableBody, .tableFooter, .span, .quote, .note, .reference, .bibliography,
            .code, .link, .annotation, .ruby, .rubyBaseText, .rubyAnnotationText, .rubyPunctuation, .warichu, .warichuText,
            .warichuPunctiation, .figure, .formula, .form,
        ]
        #expect(Set(allTags.map { String(cString: $0.name) }).count == 49, "49 distinct element names")
        let _: (CGPDFDocument) -> (UnsafePointer<CChar>) -> Bool = { $0.unlockWithPassword }
        let _: (CGPDFDocument) -> CGPDFAccessPermissions = { $0.accessPermissions }
        let _: (CGPDFDocument) -> CFDictionary? = { $0.outline }
        let _: (CGPDFDocument) -> CGPDFArrayRef? = { $0.fileIdentifier }
        let _: (CGPDFDocument) -> CGPDFDictionaryRef? = { $0.catalog }
        let _: (CGPDFDocument) -> CGPDFDictionaryRef? = { $0.info }
        let _: (CGPDFPage) -> CGPDFDictionaryRef? = { $0.dictionary }
        let _: [CGPDFAccessPermissions] = [
            .allowsLowQualityPrinting, .allowsHighQualityPrinting, .allowsDocumentChanges, .allowsDocumentAssembly,
            .allowsContentCopying, .allowsContentAccessibility, .allowsCommenting, .allowsFormFieldEntry,
        ]
    }

    /// CGPDFObject.h, CGPDFArray.h, CGPDFDictionary.h, CGPDFStream.h, CGPDFString.h,
    /// CGPDFContentStream.h, CGPDFOperatorTable.h, CGPDFScanner.h.
    @Test func pdfObjectAndScannerNamesHaveApplesTypes() {
        let _: [CGPDFObjectType] = [.null, .boolean, .integer, .real, .name, .string, .array, .dictionary, .stream]
        let _: [CGPDFDataFormat] = [.raw, .jpegEncoded, .JPEG2000]
        let _: (CGPDFBoolean, CGPDFInteger, CGPDFReal) = (UInt8(0), Int(0), CGFloat(0))
        let _: (CGPDFObjectRef) -> CGPDFObjectType = CGPDFObjectGetType
        let _: (CGPDFObjectRef, CGPDFObjectType, UnsafeMutableRawPointer?) -> Bool = CGPDFObjectGetValue
        let _: (CGPDFArrayRef) -> Int = CGPDFArrayGetCount
        let _: (CGPDFArrayRef, Int, UnsafeMutablePointer<CGPDFObjectRef?>?) -> Bool = CGPDFArrayGetObject
        let _: (CGPDFArrayRef, Int) -> Bool = CGPDFArrayGetNull
        let _: (CGPDFArrayRef, Int, UnsafeMutablePointer<CGPDFBoolean>?) -> Bool = CGPDFArrayGetBoolean
        let _: (CGPDFArrayRef, Int, UnsafeMutablePointer<CGPDFInteger>?) -> Bool = CGPDFArrayGetInteger
        let _: (CGPDFArrayRef, Int, UnsafeMutablePointer<CGPDFReal>?) -> Bool = CGPDFArrayGetNumber
        let _: (CGPDFArrayRef, Int, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Bool = CGPDFArrayGetName
        let _: (CGPDFArrayRef, Int, UnsafeMutablePointer<CGPDFStringRef?>?) -> Bool = CGPDFArrayGetString
        let _: (CGPDFArrayRef, Int, UnsafeMutablePointer<CGPDFArrayRef?>?) -> Bool = CGPDFArrayGetArray
        let _: (CGPDFArrayRef, Int, UnsafeMutablePointer<CGPDFDictionaryRef?>?) -> Bool = CGPDFArrayGetDictionary
        let _: (CGPDFArrayRef, Int, UnsafeMutablePointer<CGPDFStreamRef?>?) -> Bool = CGPDFArrayGetStream
        let _: (CGPDFArrayRef, @escaping CGPDFArrayApplierBlock, UnsafeMutableRawPointer?) -> Void = CGPDFArrayApplyBlock
        let _: (CGPDFDictionaryRef) -> Int = CGPDFDictionaryGetCount
        let _: (CGPDFDictionaryRef, UnsafePointer<CChar>, UnsafeMutablePointer<CGPDFObjectRef?>?) -> Bool = CGPDFDictionaryGetObject
        let _: (CGPDFDictionaryRef, UnsafePointer<CChar>, UnsafeMutablePointer<CGPDFBoolean>?) -> Bool = CGPDFDictionaryGetBoolean
        let _: (CGPDFDictionaryRef, UnsafePointer<CChar>, UnsafeMutablePointer<CGPDFInteger>?) -> Bool = CGPDFDictionaryGetInteger
        let _: (CGPDFDictionaryRef, UnsafePointer<CChar>, UnsafeMutablePointer<CGPDFReal>?) -> Bool = CGPDFDictionaryGetNumber
        let _: (CGPDFDictionaryRef, UnsafePointer<CChar>, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Bool = CGPDFDictionaryGetName
        let _: (CGPDFDictionaryRef, UnsafePointer<CChar>, UnsafeMutablePointer<CGPDFStringRef?>?) -> Bool = CGPDFDictionaryGetString
        let _: (CGPDFDictionaryRef, UnsafePointer<CChar>, UnsafeMutablePointer<CGPDFArrayRef?>?) -> Bool = CGPDFDictionaryGetArray
        let _: (CGPDFDictionaryRef, UnsafePointer<CChar>, UnsafeMutablePointer<CGPDFDictionaryRef?>?) -> Bool = CGPDFDictionaryGetDictionary
        let _: (CGPDFDictionaryRef, UnsafePointer<CChar>, UnsafeMutablePointer<CGPDFStreamRef?>?) -> Bool = CGPDFDictionaryGetStream
        let _: (CGPDFDictionaryRef, CGPDFDictionaryApplierFunction, UnsafeMutableRawPointer?) -> Void = CGPDFDictionaryApplyFunction
        let _: (CGPDFDictionaryRef, @escaping CGPDFDictionaryApplierBlock, UnsafeMutableRawPointer?) -> Void = CGPDFDictionaryApplyBlock
        let _: (CGPDFStreamRef) -> CGPDFDictionaryRef? = CGPDFStreamGetDictionary
        let _: (CGPDFStreamRef, UnsafeMutablePointer<CGPDFDataFormat>) -> CFData? = CGPDFStreamCopyData
        let _: (CGPDFStringRef) -> Int = CGPDFStringGetLength
        let _: (CGPDFStringRef) -> UnsafePointer<UInt8>? = CGPDFStringGetBytePtr
        let _: (CGPDFStringRef) -> CFString? = CGPDFStringCopyTextString
        let _: (CGPDFStringRef) -> CFDate? = CGPDFStringCopyDate
        let _: (CGPDFPage) -> CGPDFContentStreamRef = CGPDFContentStreamCreateWithPage
        let _: (CGPDFStreamRef, CGPDFDictionaryRef, CGPDFContentStreamRef) -> CGPDFContentStreamRef = CGPDFContentStreamCreateWithStream
        let _: (CGPDFContentStreamRef) -> CGPDFContentStreamRef = CGPDFContentStreamRetain
        let _: (CGPDFContentStreamRef) -> Void = CGPDFContentStreamRelease
        let _: (CGPDFContentStreamRef) -> CFArray? = CGPDFContentStreamGetStreams
        let _: (CGPDFContentStreamRef, UnsafePointer<CChar>, UnsafePointer<CChar>) -> CGPDFObjectRef? = CGPDFContentStreamGetResource
        let _: () -> CGPDFOperatorTableRef? = CGPDFOperatorTableCreate
        let _: (CGPDFOperatorTableRef) -> CGPDFOperatorTableRef = CGPDFOperatorTableRetain
        let _: (CGPDFOperatorTableRef) -> Void = CGPDFOperatorTableRelease
        let _: (CGPDFOperatorTableRef, UnsafePointer<CChar>, CGPDFOperatorCallback) -> Void = CGPDFOperatorTableSetCallback
        let _: (CGPDFContentStreamRef, CGPDFOperatorTableRef?, UnsafeMutableRawPointer?) -> CGPDFScannerRef = CGPDFScannerCreate
        let _: (CGPDFScannerRef) -> CGPDFScannerRef = CGPDFScannerRetain
        let _: (CGPDFScannerRef) -> Void = CGPDFScannerRelease
        let _: (CGPDFScannerRef) -> Bool = CGPDFScannerScan
        let _: (CGPDFScannerRef) -> Void = CGPDFScannerStop
        let _: (CGPDFScannerRef) -> CGPDFContentStreamRef = CGPDFScannerGetContentStream
        let _: (CGPDFScannerRef, UnsafeMutablePointer<CGPDFObjectRef?>?) -> Bool = CGPDFScannerPopObject
        let _: (CGPDFScannerRef, UnsafeMutablePointer<CGPDFBoolean>?) -> Bool = CGPDFScannerPopBoolean
        let _: (CGPDFScannerRef, UnsafeMutablePointer<CGPDFInteger>?) -> Bool = CGPDFScannerPopInteger
        let _: (CGPDFScannerRef, UnsafeMutablePointer<CGPDFReal>?) -> Bool = CGPDFScannerPopNumber
        let _: (CGPDFScannerRef, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Bool = CGPDFScannerPopName
        let _: (CGPDFScannerRef, UnsafeMutablePointer<CGPDFStringRef?>?) -> Bool = CGPDFScannerPopString
        let _: (CGPDFScannerRef, UnsafeMutablePointer<CGPDFArrayRef?>?) -> Bool = CGPDFScannerPopArray
        let _: (CGPDFScannerRef, UnsafeMutablePointer<CGPDFDictionaryRef?>?) -> Bool = CGPDFScannerPopDictionary
        let _: (CGPDFScannerRef, UnsafeMutablePointer<CGPDFStreamRef?>?) -> Bool = CGPDFScannerPopStream
        #expect(CGPDFObjectType.null.rawValue == 1 && CGPDFObjectType.stream.rawValue == 9, "Apple's raw values")
        #expect(CGPDFDataFormat.JPEG2000.rawValue == 2)
    }
}
