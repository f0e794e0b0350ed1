import Foundation

// Core Foundation type names that Apple-platform Core Graphics code spells out (`colors as CFArray`,
// `CGColorSpace.sRGB` of type CFString). Linux Foundation does not export Core Foundation, so these
// aliases map them to the Swift types the bridged values are, and such code compiles unchanged.

/// The type of Core Graphics string constants such as `CGColorSpace.sRGB`.
public typealias CFString = String
/// An array passed to Core Graphics (`[color1, color2] as CFArray`).
public typealias CFArray = [Any]
/// Bytes passed to or returned by Core Graphics (`data as CFData`).
public typealias CFData = Data
/// A file or resource address passed to Core Graphics (`url as CFURL`).
public typealias CFURL = URL
/// A moment (`CGPDFStringCopyDate`).
public typealias CFDate = Date
/// Seconds, as Core Animation's timing properties and `CACurrentMediaTime()` spell them.
public typealias CFTimeInterval = Double
/// Any Core Foundation object (`CATextLayer.font`); on Linux, any class instance.
public typealias CFTypeRef = AnyObject
/// A dictionary passed to Core Graphics (`auxiliaryInfo`, options).
public typealias CFDictionary = [AnyHashable: Any]
/// Bytes an API writes into (`NSMutableData() as CFMutableData`): a reference, so the caller sees them.
public typealias CFMutableData = NSMutableData
/// An error an API hands back through an `Unmanaged<CFError>?` pointer (Core Text, ImageIO).
public typealias CFError = NSError
/// How two values order (a sort callback's answer).
public enum CFComparisonResult: Int, Sendable {
    case compareLessThan = -1
    case compareEqualTo = 0
    case compareGreaterThan = 1
}

/// Four ASCII letters packed big-endian in a number (a font table's or feature's tag).
public typealias FourCharCode = UInt32
/// A result code of Apple's C APIs (0, `noErr`, for success; negative for errors).
public typealias OSStatus = Int32
/// The result code of success.
public let noErr: OSStatus = 0
/// A Core Foundation type's number (`CGImageSourceGetTypeID()`), compared with `CFGetTypeID(_:)`.
public typealias CFTypeID = UInt

/// The number of values in `theArray` (a `CFIndex`, which is an `Int`); 0 for nil.
public func CFArrayGetCount(_ theArray: CFArray?) -> Int {
    theArray?.count ?? 0
}

/// The type number of `cf`'s class (the same for every instance of a class, within a process);
/// 0 for nil.
public func CFGetTypeID(_ cf: CFTypeRef?) -> CFTypeID {
    guard let cf else { return 0 }
    return CFTypeID(bitPattern: ObjectIdentifier(type(of: cf)).hashValue)
}

/// The type number of class `type`, as `CFGetTypeID` gives for its instances.
package func typeID(of type: AnyClass) -> CFTypeID {
    CFTypeID(bitPattern: ObjectIdentifier(type).hashValue)
}
