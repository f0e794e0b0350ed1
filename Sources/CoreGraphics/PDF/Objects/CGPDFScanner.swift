#if PDF
import CStrataPDF
import Foundation

/// Parses a content stream and calls its table's functions for the operators it meets (a pointer
/// to Strata's `PDFScanner`, retained and released by hand as in C).
public typealias CGPDFScannerRef = OpaquePointer

/// A scanner over `cs` calling `table`'s functions with `info`. Release it with `CGPDFScannerRelease`.
public func CGPDFScannerCreate(_ cs: CGPDFContentStreamRef, _ table: CGPDFOperatorTableRef?, _ info: UnsafeMutableRawPointer?) -> CGPDFScannerRef {
    let scanner = PDFScanner(content: PDFContentStream.of(cs), table: table.map(PDFOperatorTable.of), info: info)
    return OpaquePointer(Unmanaged.passRetained(scanner).toOpaque())
}

public func CGPDFScannerRetain(_ scanner: CGPDFScannerRef) -> CGPDFScannerRef {
    _ = Unmanaged<PDFScanner>.fromOpaque(UnsafeRawPointer(scanner)).retain()
    return scanner
}

public func CGPDFScannerRelease(_ scanner: CGPDFScannerRef) {
    Unmanaged<PDFScanner>.fromOpaque(UnsafeRawPointer(scanner)).release()
}

/// Parses the whole content, calling the table's function for each operator it has (the
/// operator's operands on the scanner's stack, popped last first). False when the content is
/// damaged (the operators before the damage were called) or a stream cannot be decoded; true
/// when it was parsed to the end or stopped by `CGPDFScannerStop`.
public func CGPDFScannerScan(_ scanner: CGPDFScannerRef) -> Bool { PDFScanner.of(scanner).scan() }

/// Ends a scan from inside an operator's function.
public func CGPDFScannerStop(_ s: CGPDFScannerRef) { PDFScanner.of(s).stopped = true }

public func CGPDFScannerGetContentStream(_ scanner: CGPDFScannerRef) -> CGPDFContentStreamRef { PDFScanner.of(scanner).content.ref }

/// Pops the top operand, whatever its type.
public func CGPDFScannerPopObject(_ scanner: CGPDFScannerRef, _ value: UnsafeMutablePointer<CGPDFObjectRef?>?) -> Bool {
    guard let node = PDFScanner.of(scanner).pop(nil) else { return false }
    value?.pointee = node.ref
    return true
}

public func CGPDFScannerPopBoolean(_ scanner: CGPDFScannerRef, _ value: UnsafeMutablePointer<CGPDFBoolean>?) -> Bool {
    PDFScanner.of(scanner).pop(.boolean)?.value(as: .boolean, into: value) ?? false
}

public func CGPDFScannerPopInteger(_ scanner: CGPDFScannerRef, _ value: UnsafeMutablePointer<CGPDFInteger>?) -> Bool {
    PDFScanner.of(scanner).pop(.integer)?.value(as: .integer, into: value) ?? false
}

/// Pops the top operand as a number: a real, or an integer converted.
public func CGPDFScannerPopNumber(_ scanner: CGPDFScannerRef, _ value: UnsafeMutablePointer<CGPDFReal>?) -> Bool {
    PDFScanner.of(scanner).pop(.real)?.value(as: .real, into: value) ?? false
}

public func CGPDFScannerPopName(_ scanner: CGPDFScannerRef, _ value: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Bool {
    PDFScanner.of(scanner).pop(.name)?.value(as: .name, into: value) ?? false
}

public func CGPDFScannerPopString(_ scanner: CGPDFScannerRef, _ value: UnsafeMutablePointer<CGPDFStringRef?>?) -> Bool {
    PDFScanner.of(scanner).pop(.string)?.value(as: .string, into: value) ?? false
}

public func CGPDFScannerPopArray(_ scanner: CGPDFScannerRef, _ value: UnsafeMutablePointer<CGPDFArrayRef?>?) -> Bool {
    PDFScanner.of(scanner).pop(.array)?.value(as: .array, into: value) ?? false
}

public func CGPDFScannerPopDictionary(_ scanner: CGPDFScannerRef, _ value: UnsafeMutablePointer<CGPDFDictionaryRef?>?) -> Bool {
    PDFScanner.of(scanner).pop(.dictionary)?.value(as: .dictionary, into: value) ?? false
}

public func CGPDFScannerPopStream(_ scanner: CGPDFScannerRef, _ value: UnsafeMutablePointer<CGPDFStreamRef?>?) -> Bool {
    PDFScanner.of(scanner).pop(.stream)?.value(as: .stream, into: value) ?? false
}
#endif
