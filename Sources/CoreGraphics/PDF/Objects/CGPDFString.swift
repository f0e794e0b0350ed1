#if PDF
import CStrataPDF
import Foundation

/// A PDF string (a pointer to Strata's `PDFObjectNode`).
public typealias CGPDFStringRef = OpaquePointer

/// How many bytes the string has.
public func CGPDFStringGetLength(_ string: CGPDFStringRef) -> Int { PDFObjectNode.of(string).byteCount }

/// The string's bytes (valid while its owner lives).
public func CGPDFStringGetBytePtr(_ string: CGPDFStringRef) -> UnsafePointer<UInt8>? {
    PDFObjectNode.of(string).bytes.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
}

/// The string as text: UTF-16 with a byte-order mark, UTF-8 with one, or PDFDocEncoding (qpdf decodes).
public func CGPDFStringCopyTextString(_ string: CGPDFStringRef) -> CFString? {
    let node = PDFObjectNode.of(string)
    guard node.type == .string else { return nil }
    var length = 0
    guard let utf8 = strata_pdf_text_to_utf8(node.bytes, node.byteCount, &length) else { return nil }
    defer { free(utf8) }
    return String(decoding: UnsafeRawBufferPointer(start: utf8, count: length), as: UTF8.self)
}

/// The string as a date ("D:YYYYMMDDHHmmSSOHH'mm'", later parts optional); nil when it is not one.
public func CGPDFStringCopyDate(_ string: CGPDFStringRef) -> CFDate? {
    let node = PDFObjectNode.of(string)
    guard node.type == .string else { return nil }
    var year: Int32 = 0, month: Int32 = 0, day: Int32 = 0, hour: Int32 = 0, minute: Int32 = 0, second: Int32 = 0, west: Int32 = 0
    guard strata_pdf_parse_date(node.bytes, node.byteCount, &year, &month, &day, &hour, &minute, &second, &west) != 0 else { return nil }
    var parts = DateComponents()
    (parts.year, parts.month, parts.day) = (Int(year), Int(month), Int(day))
    (parts.hour, parts.minute, parts.second) = (Int(hour), Int(minute), Int(second))
    var calendar = Calendar(identifier: .gregorian)
    guard let utc = TimeZone(identifier: "UTC") else { return nil }
    calendar.timeZone = utc
    guard let local = calendar.date(from: parts) else { return nil }
    // The time was `west` minutes behind UTC: UTC is that much later.
    return local.addingTimeInterval(TimeInterval(west) * 60)
}
#endif
