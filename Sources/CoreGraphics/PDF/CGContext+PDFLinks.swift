import CCairo
import Foundation

// Links, named destinations, the outline and structure tags of a PDF context, through cairo's
// PDF tags (`cairo_tag_begin`) and outline.

extension CGContext {
    /// Makes `rect` (user space) of the current page a link to `url`.
    public func setURL(_ url: CFURL, for rect: CGRect) {
        guard let area = linkArea(rect) else { return }
        tag(CAIRO_TAG_LINK, "rect=\(area) uri='\(Self.escaped(url.absoluteString))'")
    }

    /// Names `point` (user space) of the current page as a destination links may go to.
    public func addDestination(_ name: CFString, at point: CGPoint) {
        guard pdf?.isInPage == true, point.x.isFinite, point.y.isFinite else { return }
        let device = point.applying(userSpaceToDeviceSpaceTransform)
        tag(CAIRO_TAG_DEST, "name='\(Self.escaped(name))' x=\(device.x) y=\(device.y)")
    }

    /// Makes `rect` (user space) of the current page a link to the destination `name`.
    public func setDestination(_ name: CFString, for rect: CGRect) {
        guard let area = linkArea(rect) else { return }
        tag(CAIRO_TAG_LINK, "rect=\(area) dest='\(Self.escaped(name))'")
    }

    /// XMP metadata for the document: kept, not written (cairo writes no XMP stream; documented).
    public func addDocumentMetadata(_ metadata: CFData?) {
        pdf?.xmpMetadata = metadata
    }

    /// `rect` in cairo's page units (y down), as cairo's link attribute writes it.
    private func linkArea(_ rect: CGRect) -> String? {
        guard pdf?.isInPage == true, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return nil }
        let r = rect.applying(userSpaceToDeviceSpaceTransform)
        return "[\(r.minX) \(r.minY) \(r.width) \(r.height)]"
    }

    /// An empty tagged span at the page's own coordinates (identity matrix).
    private func tag(_ name: String, _ attributes: String) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_tag_begin(cr, name, attributes)
        cairo_tag_end(cr, name)
        cairo_restore(cr)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}

/// Sets the document's outline (bookmarks): a dictionary with `kCGPDFOutlineChildren`, each child
/// a dictionary with a `kCGPDFOutlineTitle`, a `kCGPDFOutlineDestination` (a page number from 1,
/// or a destination name) and its own children.
public func CGPDFContextSetOutline(_ context: CGContext, _ outline: CFDictionary?) {
    guard let pdf = context.pdf, !pdf.isClosed, let children = outline?[kCGPDFOutlineChildren] as? [Any] else { return }
    var remaining = 10_000  // a hostile outline must not take forever
    func add(_ items: [Any], parent: Int32, depth: Int) {
        guard depth < 64 else { return }
        for case let item as [AnyHashable: Any] in items {
            guard remaining > 0 else { return }
            remaining -= 1
            let title = item[kCGPDFOutlineTitle] as? String ?? ""
            var link = ""
            switch item[kCGPDFOutlineDestination] {
            case let page as Int: link = "page=\(max(1, page))"
            case let page as NSNumber: link = "page=\(max(1, page.intValue))"
            case let name as String: link = "dest='\(CGContext.escaped(name))'"
            default: break
            }
            let id = cairo_pdf_surface_add_outline(pdf.surface, parent, title, link, cairo_pdf_outline_flags_t(0))
            if let children = item[kCGPDFOutlineChildren] as? [Any] { add(children, parent: id, depth: depth + 1) }
        }
    }
    add(children, parent: Int32(CAIRO_PDF_OUTLINE_ROOT), depth: 0)
}

/// Structure element kinds of tagged PDF.
public enum CGPDFTagType: Int32, Sendable {
    case document = 100, part, art, section, div, blockQuote, caption, TOC, TOCI, index, nonStructure, `private`
    case paragraph = 200, header, header1, header2, header3, header4, header5, header6
    case list = 300, listItem, label, listBody
    case table = 400, tableRow, tableHeaderCell, tableDataCell, tableHeader, tableBody, tableFooter
    case span = 500, quote, note, reference, bibliography, code, link, annotation
    case ruby = 600, rubyBaseText, rubyAnnotationText, rubyPunctuation, warichu, warichuText, warichuPunctiation
    case figure = 700, formula, form

    /// The element's PDF name ("P", "H1", "Figure"...).
    public var name: UnsafePointer<CChar> {
        UnsafeRawPointer(pdfName.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    var pdfName: StaticString {
        switch self {
        case .document: "Document"
        case .part: "Part"
        case .art: "Art"
        case .section: "Sect"
        case .div: "Div"
        case .blockQuote: "BlockQuote"
        case .caption: "Caption"
        case .TOC: "TOC"
        case .TOCI: "TOCI"
        case .index: "Index"
        case .nonStructure: "NonStruct"
        case .private: "Private"
        case .paragraph: "P"
        case .header: "H"
        case .header1: "H1"
        case .header2: "H2"
        case .header3: "H3"
        case .header4: "H4"
        case .header5: "H5"
        case .header6: "H6"
        case .list: "L"
        case .listItem: "LI"
        case .label: "Lbl"
        case .listBody: "LBody"
        case .table: "Table"
        case .tableRow: "TR"
        case .tableHeaderCell: "TH"
        case .tableDataCell: "TD"
        case .tableHeader: "THead"
        case .tableBody: "TBody"
        case .tableFooter: "TFoot"
        case .span: "Span"
        case .quote: "Quote"
        case .note: "Note"
        case .reference: "Reference"
        case .bibliography: "BibEntry"
        case .code: "Code"
        case .link: "Link"
        case .annotation: "Annot"
        case .ruby: "Ruby"
        case .rubyBaseText: "RB"
        case .rubyAnnotationText: "RT"
        case .rubyPunctuation: "RP"
        case .warichu: "Warichu"
        case .warichuText: "WT"
        case .warichuPunctiation: "WP"
        case .figure: "Figure"
        case .formula: "Formula"
        case .form: "Form"
        }
    }
}

/// Keys of a structure element's properties (kept; cairo's structure tags take none of them).
public struct CGPDFTagProperty: RawRepresentable, Hashable, Sendable {
    public let rawValue: CFString
    public init(rawValue: CFString) { self.rawValue = rawValue }
    public static let actualText = CGPDFTagProperty(rawValue: "ActualText")
    public static let alternativeText = CGPDFTagProperty(rawValue: "Alt")
    public static let titleText = CGPDFTagProperty(rawValue: "T")
    public static let languageText = CGPDFTagProperty(rawValue: "Lang")
}

/// Opens a structure element of kind `tagType`: what is drawn until `CGPDFContextEndTag` belongs to it.
public func CGPDFContextBeginTag(_ context: CGContext, _ tagType: CGPDFTagType, _ tagProperties: CFDictionary?) {
    guard let pdf = context.pdf, pdf.isInPage || !pdf.isClosed else { return }
    let name = tagType.pdfName.description
    pdf.openTags.append(name)
    cairo_tag_begin(context.cr, name, "")
}

/// Closes the element `CGPDFContextBeginTag` opened last (nothing when none is open).
public func CGPDFContextEndTag(_ context: CGContext) {
    guard let pdf = context.pdf, let name = pdf.openTags.popLast() else { return }
    cairo_tag_end(context.cr, name)
}
