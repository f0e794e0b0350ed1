#if PDF
import Foundation

/// A PDF array (a pointer to Strata's `PDFObjectNode`).
public typealias CGPDFArrayRef = OpaquePointer
/// Called for each item of an array by `CGPDFArrayApplyBlock`; return false to stop.
public typealias CGPDFArrayApplierBlock = (Int, CGPDFObjectRef, UnsafeMutableRawPointer?) -> Bool

/// How many items `array` has.
public func CGPDFArrayGetCount(_ array: CGPDFArrayRef) -> Int { PDFObjectNode.of(array).arrayItems.count }

/// Item `index` of `array` (written to `value`); false past the end.
public func CGPDFArrayGetObject(_ array: CGPDFArrayRef, _ index: Int, _ value: UnsafeMutablePointer<CGPDFObjectRef?>?) -> Bool {
    guard let item = item(array, index) else { return false }
    value?.pointee = item.ref
    return true
}

/// Whether item `index` is the null object.
public func CGPDFArrayGetNull(_ array: CGPDFArrayRef, _ index: Int) -> Bool { item(array, index)?.type == .null }

public func CGPDFArrayGetBoolean(_ array: CGPDFArrayRef, _ index: Int, _ value: UnsafeMutablePointer<CGPDFBoolean>?) -> Bool {
    item(array, index)?.value(as: .boolean, into: value) ?? false
}

public func CGPDFArrayGetInteger(_ array: CGPDFArrayRef, _ index: Int, _ value: UnsafeMutablePointer<CGPDFInteger>?) -> Bool {
    item(array, index)?.value(as: .integer, into: value) ?? false
}

/// Item `index` as a number: a real, or an integer converted.
public func CGPDFArrayGetNumber(_ array: CGPDFArrayRef, _ index: Int, _ value: UnsafeMutablePointer<CGPDFReal>?) -> Bool {
    item(array, index)?.value(as: .real, into: value) ?? false
}

/// Item `index` as a name (without its slash; valid while the array's owner lives).
public func CGPDFArrayGetName(_ array: CGPDFArrayRef, _ index: Int, _ value: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Bool {
    item(array, index)?.value(as: .name, into: value) ?? false
}

public func CGPDFArrayGetString(_ array: CGPDFArrayRef, _ index: Int, _ value: UnsafeMutablePointer<CGPDFStringRef?>?) -> Bool {
    item(array, index)?.value(as: .string, into: value) ?? false
}

public func CGPDFArrayGetArray(_ array: CGPDFArrayRef, _ index: Int, _ value: UnsafeMutablePointer<CGPDFArrayRef?>?) -> Bool {
    item(array, index)?.value(as: .array, into: value) ?? false
}

public func CGPDFArrayGetDictionary(_ array: CGPDFArrayRef, _ index: Int, _ value: UnsafeMutablePointer<CGPDFDictionaryRef?>?) -> Bool {
    item(array, index)?.value(as: .dictionary, into: value) ?? false
}

public func CGPDFArrayGetStream(_ array: CGPDFArrayRef, _ index: Int, _ value: UnsafeMutablePointer<CGPDFStreamRef?>?) -> Bool {
    item(array, index)?.value(as: .stream, into: value) ?? false
}

/// Calls `block` with each item's index and object, in order, until it returns false.
public func CGPDFArrayApplyBlock(_ array: CGPDFArrayRef, _ block: @escaping CGPDFArrayApplierBlock, _ info: UnsafeMutableRawPointer?) {
    for (index, item) in PDFObjectNode.of(array).arrayItems.enumerated() where !block(index, item.ref, info) { return }
}

private func item(_ array: CGPDFArrayRef, _ index: Int) -> PDFObjectNode? {
    let items = PDFObjectNode.of(array).arrayItems
    return items.indices.contains(index) ? items[index] : nil
}
#endif
