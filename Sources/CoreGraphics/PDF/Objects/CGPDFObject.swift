#if PDF
import Foundation

/// A PDF object handed out by Core Graphics (a pointer to Strata's `PDFObjectNode`): valid while
/// the document (or, for a scanner's operands, the scanner's callback) that owns it lives.
public typealias CGPDFObjectRef = OpaquePointer
/// A PDF boolean (0 or 1).
public typealias CGPDFBoolean = UInt8
/// A PDF integer.
public typealias CGPDFInteger = Int
/// A PDF real number.
public typealias CGPDFReal = CGFloat

/// The kinds of PDF object (Apple's values).
public enum CGPDFObjectType: Int32, Sendable {
    case null = 1, boolean, integer, real, name, string, array, dictionary, stream
}

/// The type of `object`.
public func CGPDFObjectGetType(_ object: CGPDFObjectRef) -> CGPDFObjectType {
    PDFObjectNode.of(object).type
}

/// Writes `object`'s value as `type` to `value` (a `CGPDFBoolean`, `CGPDFInteger`, `CGPDFReal`,
/// name pointer or object reference, as the type says); false when the object is not of that
/// type. An integer is also a real, as on Apple.
public func CGPDFObjectGetValue(_ object: CGPDFObjectRef, _ type: CGPDFObjectType, _ value: UnsafeMutableRawPointer?) -> Bool {
    PDFObjectNode.of(object).value(as: type, into: value)
}
#endif
