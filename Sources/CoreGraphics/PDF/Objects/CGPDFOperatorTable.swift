#if PDF
import Foundation

/// Which function a scanner calls for which operator (a pointer to Strata's `PDFOperatorTable`,
/// retained and released by hand as in C).
public typealias CGPDFOperatorTableRef = OpaquePointer
/// Called by a scanner for an operator in its table, with the scanner (whose stack holds the
/// operator's operands) and the scanner's info.
public typealias CGPDFOperatorCallback = @convention(c) (CGPDFScannerRef, UnsafeMutableRawPointer?) -> Void

final class PDFOperatorTable {
    private let lock = NSLock()
    private var callbacks: [String: CGPDFOperatorCallback] = [:]

    subscript(name: String) -> CGPDFOperatorCallback? {
        get { lock.withLock { callbacks[name] } }
        set { lock.withLock { callbacks[name] = newValue } }
    }

    static func of(_ ref: OpaquePointer) -> PDFOperatorTable {
        Unmanaged<PDFOperatorTable>.fromOpaque(UnsafeRawPointer(ref)).takeUnretainedValue()
    }
}

/// An empty table. Release it with `CGPDFOperatorTableRelease`.
public func CGPDFOperatorTableCreate() -> CGPDFOperatorTableRef? {
    OpaquePointer(Unmanaged.passRetained(PDFOperatorTable()).toOpaque())
}

public func CGPDFOperatorTableRetain(_ table: CGPDFOperatorTableRef) -> CGPDFOperatorTableRef {
    _ = Unmanaged<PDFOperatorTable>.fromOpaque(UnsafeRawPointer(table)).retain()
    return table
}

public func CGPDFOperatorTableRelease(_ table: CGPDFOperatorTableRef) {
    Unmanaged<PDFOperatorTable>.fromOpaque(UnsafeRawPointer(table)).release()
}

/// Calls `callback` for operator `name` ("Tj", "cm", "Do", …; an inline image is "EI", with the
/// image as a stream operand).
public func CGPDFOperatorTableSetCallback(_ table: CGPDFOperatorTableRef, _ name: UnsafePointer<CChar>, _ callback: CGPDFOperatorCallback) {
    PDFOperatorTable.of(table)[String(cString: name)] = callback
}
#endif
