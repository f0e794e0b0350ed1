#if PDF
import Foundation

/// A PDF stream (a pointer to Strata's `PDFObjectNode`).
public typealias CGPDFStreamRef = OpaquePointer

/// How `CGPDFStreamCopyData` gives a stream's bytes (Apple's values).
public enum CGPDFDataFormat: Int32, Sendable {
    /// Decoded.
    case raw = 0
    /// JPEG data, as stored (its last filter is DCTDecode).
    case jpegEncoded
    /// JPEG 2000 data, as stored (JPXDecode).
    case JPEG2000
}

/// The stream's dictionary.
public func CGPDFStreamGetDictionary(_ stream: CGPDFStreamRef) -> CGPDFDictionaryRef? {
    PDFObjectNode.of(stream).dictionaryOfStream?.ref
}

/// The stream's data, decoded through its filters (JPEG and JPEG 2000 data as stored, `format`
/// says which); nil when it cannot be decoded or decodes to more than 256 MB.
public func CGPDFStreamCopyData(_ stream: CGPDFStreamRef, _ format: UnsafeMutablePointer<CGPDFDataFormat>) -> CFData? {
    guard let (data, kind) = PDFObjectNode.of(stream).streamData() else { return nil }
    format.pointee = kind
    return data
}
#endif
