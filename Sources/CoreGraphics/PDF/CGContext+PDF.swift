import CCairo
import Foundation

/// PDF contexts (Apple's CGPDFContext functions in their Swift spelling), over cairo's PDF
/// surface: paths, text and gradients stay vectors; shadows, masks and layer rasters are images.
extension CGContext {
    /// US Letter, Apple's default media box (points).
    static let letter = CGRect(x: 0, y: 0, width: 612, height: 792)

    /// A PDF context writing into `consumer`; pages are `mediaBox` (US Letter when nil) unless
    /// `beginPDFPage` says otherwise. `auxiliaryInfo` may give the title, author, subject,
    /// keywords and creator. Nil for an empty or non-finite box.
    public convenience init?(consumer: CGDataConsumer, mediaBox: UnsafePointer<CGRect>?, _ auxiliaryInfo: CFDictionary?) {
        let box = mediaBox?.pointee.standardized ?? Self.letter
        guard box.width >= 1, box.height >= 1, box.width <= 14_400, box.height <= 14_400, box.minX.isFinite, box.minY.isFinite,
            let writer = PDFDocumentWriter(consumer: consumer, mediaBox: box)
        else {
            Diagnostics.warn("CGPDFContextCreate: media box \(String(describing: mediaBox?.pointee)) (1 to 14,400 points a side)")
            return nil
        }
        writer.setInfo(auxiliaryInfo)
        self.init(pdf: writer, mediaBox: box)
    }

    /// A PDF context writing the file at `url`; nil when it cannot be written.
    public convenience init?(_ url: CFURL, mediaBox: UnsafePointer<CGRect>?, _ auxiliaryInfo: CFDictionary?) {
        guard let consumer = CGDataConsumer(url: url) else { return nil }
        self.init(consumer: consumer, mediaBox: mediaBox, auxiliaryInfo)
    }

    /// Starts a page, `kCGPDFContextMediaBox` of `pageInfo` (a CGRect, or its bytes as Data) or
    /// the document's box; the graphics state starts afresh, as on Apple.
    public func beginPDFPage(_ pageInfo: CFDictionary?) {
        guard let pdf, !pdf.isClosed else { return Diagnostics.warn("CGPDFContextBeginPage: not an open PDF context") }
        if pdf.isInPage { endPDFPage() }
        var box = pageBox
        if let value = pageInfo?[kCGPDFContextMediaBox] {
            if let rect = value as? CGRect {
                box = rect.standardized
            } else if let bytes = value as? Data, bytes.count == MemoryLayout<CGRect>.size {
                box = bytes.withUnsafeBytes { $0.loadUnaligned(as: CGRect.self) }.standardized
            }
        }
        if !(box.width >= 1 && box.height >= 1 && box.width <= 14_400 && box.height <= 14_400) { box = pageBox }
        pageBox = box
        cairo_pdf_surface_set_size(surface, box.width, box.height)
        state = GState()
        savedStates = []
        cairo_reset_clip(cr)
        cairo_new_path(cr)
        applyCTM()
        pdf.isInPage = true
    }

    /// Ends the page begun by `beginPDFPage`.
    public func endPDFPage() {
        guard let pdf, pdf.isInPage else { return }
        cairo_show_page(cr)
        pdf.isInPage = false
    }

    /// Ends the document: the last page ends and every byte reaches the consumer. Drawing after
    /// it is ignored.
    public func closePDF() {
        guard let pdf, !pdf.isClosed else { return }
        if pdf.isInPage { endPDFPage() }
        cairo_surface_finish(surface)
        pdf.isClosed = true
    }

    /// Starts a page of `mediaBox` (the document's box when nil): `beginPDFPage` for any context.
    public func beginPage(mediaBox: UnsafePointer<CGRect>?) {
        var info: [AnyHashable: Any] = [:]
        if let box = mediaBox?.pointee { info[kCGPDFContextMediaBox] = box }
        beginPDFPage(info)
    }

    public func endPage() { endPDFPage() }
}
