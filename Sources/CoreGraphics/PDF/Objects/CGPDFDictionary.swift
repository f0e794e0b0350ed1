#if PDF
import Foundation

/// A PDF dictionary (a pointer to Strata's `PDFObjectNode`).
public typealias CGPDFDictionaryRef = OpaquePointer
/// Called for each entry of a dictionary by `CGPDFDictionaryApplyFunction`: the key (a name
/// without its slash), the value, the caller's info.
public typealias CGPDFDictionaryApplierFunction = @convention(c) (UnsafePointer<CChar>, CGPDFObjectRef, UnsafeMutableRawPointer?) -> Void
/// Called for each entry by `CGPDFDictionaryApplyBlock`; return false to stop.
public typealias CGPDFDictionaryApplierBlock = (UnsafePointer<CChar>, CGPDFObjectRef, UnsafeMutableRawPointer?) -> Bool

/// How many entries `dict` has.
public func CGPDFDictionaryGetCount(_ dict: CGPDFDictionaryRef) -> Int { PDFObjectNode.of(dict).dictionaryEntries.count }

/// The value for `key` (a name without its slash), written to `value`; false when there is none.
public func CGPDFDictionaryGetObject(_ dict: CGPDFDictionaryRef, _ key: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<CGPDFObjectRef?>?) -> Bool {
    guard let entry = entry(dict, key) else { return false }
    value?.pointee = entry.ref
    return true
}

public func CGPDFDictionaryGetBoolean(_ dict: CGPDFDictionaryRef, _ key: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<CGPDFBoolean>?) -> Bool {
    entry(dict, key)?.value(as: .boolean, into: value) ?? false
}

public func CGPDFDictionaryGetInteger(_ dict: CGPDFDictionaryRef, _ key: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<CGPDFInteger>?) -> Bool {
    entry(dict, key)?.value(as: .integer, into: value) ?? false
}

/// The value for `key` as a number: a real, or an integer converted.
public func CGPDFDictionaryGetNumber(_ dict: CGPDFDictionaryRef, _ key: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<CGPDFReal>?) -> Bool {
    entry(dict, key)?.value(as: .real, into: value) ?? false
}

/// The value for `key` as a name (without its slash; valid while the dictionary's owner lives).
public func CGPDFDictionaryGetName(_ dict: CGPDFDictionaryRef, _ key: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Bool {
    entry(dict, key)?.value(as: .name, into: value) ?? false
}

public func CGPDFDictionaryGetString(_ dict: CGPDFDictionaryRef, _ key: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<CGPDFStringRef?>?) -> Bool {
    entry(dict, key)?.value(as: .string, into: value) ?? false
}

public func CGPDFDictionaryGetArray(_ dict: CGPDFDictionaryRef, _ key: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<CGPDFArrayRef?>?) -> Bool {
    entry(dict, key)?.value(as: .array, into: value) ?? false
}

public func CGPDFDictionaryGetDictionary(_ dict: CGPDFDictionaryRef, _ key: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<CGPDFDictionaryRef?>?) -> Bool {
    entry(dict, key)?.value(as: .dictionary, into: value) ?? false
}

public func CGPDFDictionaryGetStream(_ dict: CGPDFDictionaryRef, _ key: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<CGPDFStreamRef?>?) -> Bool {
    entry(dict, key)?.value(as: .stream, into: value) ?? false
}

/// Calls `function` with each entry, in key order (qpdf keeps a dictionary's keys sorted; Apple promises no order).
public func CGPDFDictionaryApplyFunction(_ dict: CGPDFDictionaryRef, _ function: CGPDFDictionaryApplierFunction, _ info: UnsafeMutableRawPointer?) {
    for entry in PDFObjectNode.of(dict).dictionaryEntries {
        entry.key.withCString { function($0, entry.node.ref, info) }
    }
}

/// Calls `block` with each entry, in key order (qpdf keeps a dictionary's keys sorted; Apple promises no order), until it returns false.
public func CGPDFDictionaryApplyBlock(_ dict: CGPDFDictionaryRef, _ block: @escaping CGPDFDictionaryApplierBlock, _ info: UnsafeMutableRawPointer?) {
    for entry in PDFObjectNode.of(dict).dictionaryEntries {
        guard entry.key.withCString({ block($0, entry.node.ref, info) }) else { return }
    }
}

private func entry(_ dict: CGPDFDictionaryRef, _ key: UnsafePointer<CChar>) -> PDFObjectNode? {
    PDFObjectNode.of(dict).value(forKey: String(cString: key))
}
#endif
