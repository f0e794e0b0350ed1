import CCairo
import CPoppler
import Foundation

/// Which box of a PDF page (Apple's values).
public enum CGPDFBox: Int32, Sendable {
    case mediaBox = 0, cropBox, bleedBox, trimBox, artBox
}

/// A PDF document read through poppler: its pages, their boxes, drawn into any context.
public final class CGPDFDocument: @unchecked Sendable {
    let document: OpaquePointer
    private let bytes: OpaquePointer
    private let lock = NSLock()

    /// Reads the document in `provider`'s bytes; nil when poppler cannot (not a PDF, damaged,
    /// or encrypted with a password other than the empty one).
    public convenience init?(_ provider: CGDataProvider) {
        guard let data = provider.data else { return nil }
        self.init(data: data)
    }

    /// Reads the PDF file at `url`; nil when it cannot be read.
    public convenience init?(_ url: CFURL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        self.init(data: data)
    }

    init?(data: Data) {
        FontAliases.install
        guard !data.isEmpty, data.count < 1 << 31 else { return nil }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        guard let bytes else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(bytes, nil, &error) else {
            if let error { g_error_free(error) }
            g_bytes_unref(bytes)
            Diagnostics.warn("CGPDFDocument: not a readable PDF")
            return nil
        }
        self.bytes = bytes
        self.document = document
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(document))
        g_bytes_unref(bytes)
    }

    public var numberOfPages: Int { lock.withLock { Int(poppler_document_get_n_pages(document)) } }

    /// Page `pageNumber`, counted from 1 as on Apple; nil outside 1…numberOfPages.
    public func page(at pageNumber: Int) -> CGPDFPage? {
        guard pageNumber >= 1, pageNumber <= numberOfPages else { return nil }
        return lock.withLock {
            poppler_document_get_page(document, Int32(pageNumber - 1)).map {
                CGPDFPage(page: $0, number: pageNumber, document: self)
            }
        }
    }

    /// PDF major and minor version ("1.5": 1 and 5).
    public func getVersion(majorVersion: UnsafeMutablePointer<Int32>, minorVersion: UnsafeMutablePointer<Int32>) {
        var major: UInt32 = 0, minor: UInt32 = 0
        lock.withLock { poppler_document_get_pdf_version(document, &major, &minor) }
        majorVersion.pointee = Int32(major)
        minorVersion.pointee = Int32(minor)
    }

    /// Documents opened here are never locked (encrypted ones open only with the empty password).
    public var isEncrypted: Bool { false }
    public var isUnlocked: Bool { true }
    public var allowsPrinting: Bool { true }
    public var allowsCopying: Bool { true }

    /// The document's title from its information dictionary (Strata addition: Apple reads it
    /// through `info`, a CGPDFDictionary).
    public var title: String? {
        lock.withLock {
            guard let title = poppler_document_get_title(document) else { return nil }
            defer { g_free(title) }
            return String(cString: title)
        }
    }
}

/// One page of a PDF document.
public final class CGPDFPage: @unchecked Sendable {
    let page: OpaquePointer
    public let pageNumber: Int
    /// The document (kept alive by its pages, as on Apple).
    public let document: CGPDFDocument?

    init(page: OpaquePointer, number: Int, document: CGPDFDocument) {
        self.page = page
        self.pageNumber = number
        self.document = document
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(page))
    }

    /// The page's size in points, unrotated.
    var size: CGSize {
        var w = 0.0, h = 0.0
        poppler_page_get_size(page, &w, &h)
        return CGSize(width: w, height: h)
    }

    /// A box of the page (points, PDF space, y up). Poppler reports the crop box; every box is
    /// given as that box (the media box too: pages written here have them equal).
    public func getBoxRect(_ box: CGPDFBox) -> CGRect {
        var r = PopplerRectangle()
        poppler_page_get_crop_box(page, &r)
        let rect = CGRect(x: r.x1, y: r.y1, width: r.x2 - r.x1, height: r.y2 - r.y1).standardized
        return rect.width > 0 && rect.height > 0 ? rect : CGRect(origin: .zero, size: size)
    }

    /// The page's rotation (degrees: 0, 90, 180, 270); poppler applies it when drawing.
    public var rotationAngle: Int32 { 0 }

    /// The transform that maps `box` into `rect`, scaled down (never up) to fit and centred
    /// when `preserveAspectRatio`, as Apple's.
    public func getDrawingTransform(_ box: CGPDFBox, rect: CGRect, rotate: Int32, preserveAspectRatio: Bool) -> CGAffineTransform {
        let b = getBoxRect(box)
        guard b.width > 0, b.height > 0 else { return .identity }
        var sx = rect.width / b.width, sy = rect.height / b.height
        if preserveAspectRatio {
            let k = min(sx, sy, 1)
            sx = k
            sy = k
        }
        let tx = rect.midX - b.midX * sx, ty = rect.midY - b.midY * sy
        return CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
    }
}

extension CGContext {
    /// Draws `page` in user space (its media box from the origin, y up), through the CTM and
    /// clip: vectors stay vectors on a PDF context.
    public func drawPDFPage(_ page: CGPDFPage) {
        let height = page.size.height
        paint {
            cairo_save(cr)
            // Poppler draws with y down from the page's top.
            var flip = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: -1, x0: 0, y0: height)
            cairo_transform(cr, &flip)
            poppler_page_render(page.page, cr)
            cairo_restore(cr)
        }
    }
}
