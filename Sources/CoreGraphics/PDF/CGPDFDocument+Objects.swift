#if PDF
import CPoppler
import Foundation

// The parts of CGPDFDocument and CGPDFPage read from the file's objects (qpdf): the catalog,
// the information dictionary, the file identifier, the pages' dictionaries, boxes and rotation.

extension CGPDFDocument {
    /// The document catalog (the trailer's /Root); nil while the document is locked.
    public var catalog: CGPDFDictionaryRef? { objects?.catalog?.ref }

    /// The document information dictionary (/Title, /Author, /CreationDate…), when it has one.
    public var info: CGPDFDictionaryRef? { objects?.info?.ref }

    /// The file identifier: an array of two strings (permanent, changing), when the file has one.
    public var fileIdentifier: CGPDFArrayRef? {
        guard let id = objects?.trailer?.value(forKey: "ID"), id.type == .array else { return nil }
        return id.ref
    }
}

extension CGPDFPage {
    /// The page dictionary (/Type /Page, /MediaBox, /Contents, /Resources…).
    public var dictionary: CGPDFDictionaryRef? { objectNode?.ref }

    var objectNode: PDFObjectNode? { document?.objects?.page(pageNumber - 1) }

    /// The page's value for `key`, or the nearest page tree node's above it (PDF 7.7.3.4:
    /// resources, boxes and rotation are inherited).
    func inherited(_ key: String) -> PDFObjectNode? {
        var node = objectNode
        var depth = 0
        while let current = node, depth < 64 {
            if let value = current.value(forKey: key) { return value }
            node = current.value(forKey: "Parent").flatMap { $0.type == .dictionary ? $0 : nil }
            depth += 1
        }
        return nil
    }

    /// A rectangle written as [x1 y1 x2 y2], normalised; nil when the value is not one.
    private func rectangle(_ node: PDFObjectNode?) -> CGRect? {
        guard let items = node?.arrayItems, items.count == 4 else { return nil }
        var v: [CGFloat] = []
        for item in items {
            var number: CGPDFReal = 0
            guard item.value(as: .real, into: &number), number.isFinite else { return nil }
            v.append(number)
        }
        return CGRect(x: v[0], y: v[1], width: v[2] - v[0], height: v[3] - v[1]).standardized
    }

    /// A box of the page (points, PDF space, y up), as Apple reads it: the media box; the crop
    /// box within it (the media box when absent); the bleed, trim and art boxes within the crop
    /// box (the crop box when absent).
    public func getBoxRect(_ box: CGPDFBox) -> CGRect {
        guard let media = rectangle(inherited("MediaBox")), media.width > 0, media.height > 0 else { return popplerBox }
        let crop = rectangle(inherited("CropBox")).map { $0.intersection(media) }.flatMap { $0.isNull || $0.isEmpty ? nil : $0 } ?? media
        let key: String
        switch box {
        case .mediaBox: return media
        case .cropBox: return crop
        case .bleedBox: key = "BleedBox"
        case .trimBox: key = "TrimBox"
        case .artBox: key = "ArtBox"
        }
        guard let own = rectangle(objectNode?.value(forKey: key))?.intersection(crop), !own.isNull, !own.isEmpty else { return crop }
        return own
    }

    /// The page's crop box as poppler reports it (for a file qpdf cannot read).
    private var popplerBox: CGRect {
        var r = PopplerRectangle()
        poppler_page_get_crop_box(page, &r)
        let rect = CGRect(x: r.x1, y: r.y1, width: r.x2 - r.x1, height: r.y2 - r.y1).standardized
        return rect.width > 0 && rect.height > 0 ? rect : CGRect(origin: .zero, size: size)
    }

    /// The page's /Rotate (degrees clockwise: 0, 90, 180 or 270; inherited from the page tree).
    public var rotationAngle: Int32 {
        var angle: CGPDFInteger = 0
        guard inherited("Rotate")?.value(as: .integer, into: &angle) == true else { return 0 }
        let normal = ((angle % 360) + 360) % 360
        return normal % 90 == 0 ? Int32(normal) : 0
    }
}
#endif
