#if PDF
import CCairo
import CPoppler
import CStrataPoppler
import Foundation

/// Which box of a PDF page (Apple's values).
public enum CGPDFBox: Int32, Sendable {
    case mediaBox = 0, cropBox, bleedBox, trimBox, artBox
}

/// A PDF document read through poppler: its pages, their boxes, drawn into any context.
public final class CGPDFDocument: @unchecked Sendable {
    /// poppler's document; nil while an encrypted one is locked.
    private var handle: OpaquePointer?
    /// The bytes poppler reads (a new GBytes for each attempt: poppler releases a failed one's).
    private var bytes: OpaquePointer?
    private let data: Data
    private let lock = NSLock()
    /// The file is encrypted with a password it needs to open.
    private let needsPassword: Bool
    /// The document's objects read through qpdf (opened when first asked for, with the password
    /// that unlocked the document), and whether qpdf could not read it.
    private var objectStore: PDFObjectStore?
    private var objectStoreFailed = false
    private var password: String?
    /// poppler's C++ reading of the same bytes, which prices pages before they are drawn (opened
    /// when first asked), and whether it could not be opened.
    private var costReader: OpaquePointer?
    private var costReaderFailed = false

    /// Reads the document in `provider`'s bytes; nil when poppler cannot (not a PDF, damaged).
    /// An encrypted document that needs a password opens locked: `unlockWithPassword` opens it.
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
        var problem: String?
        var opened = Self.open(data, problem: &problem)
        var data = data
        // A file poppler cannot open may have lost its trailer with its table.
        if opened == nil, let repaired = PDFRepair.withTrailer(data), repaired.count < 1 << 31 {
            var ignored: String?
            opened = Self.open(repaired, problem: &ignored)
            data = repaired
        }
        guard let (document, bytes, encrypted) = opened else {
            Diagnostics.warn("CGPDFDocument: not a readable PDF (poppler: \(problem ?? "no reason given"))")
            return nil
        }
        self.data = data
        self.bytes = document == nil ? nil : bytes
        if document == nil { g_bytes_unref(bytes) }
        handle = document
        needsPassword = encrypted
    }

    /// Poppler's document over `data` (nil with `encrypted` when it needs a password); nil when
    /// poppler cannot read it, with its reason in `problem`.
    private static func open(_ data: Data, problem: inout String?) -> (document: OpaquePointer?, bytes: OpaquePointer, encrypted: Bool)? {
        guard let bytes = data.withUnsafeBytes({ g_bytes_new($0.baseAddress, gsize($0.count)) }) else { return nil }
        var error: UnsafeMutablePointer<GError>?
        let document = poppler_document_new_from_bytes(bytes, nil, &error)
        let encrypted = error.map { $0.pointee.domain == poppler_error_quark() && $0.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) } ?? false
        if let error {
            problem = error.pointee.message.map { String(cString: $0) }
            g_error_free(error)
        }
        guard document != nil || encrypted else {
            g_bytes_unref(bytes)
            return nil
        }
        return (document, bytes, encrypted)
    }

    deinit {
        // The cost reader reads `bytes` in place: it goes first.
        if let costReader { strata_poppler_close(costReader) }
        if let handle { g_object_unref(UnsafeMutableRawPointer(handle)) }
        if let bytes { g_bytes_unref(bytes) }
    }

    /// What drawing page `index` (from 0) costs, rehearsed in poppler's interpreter, in content
    /// operators; -1 past `prices`' limit, too deep, or when poppler cannot read the page; -2
    /// when the rehearsal ran out of time.
    func drawingCost(ofPage index: Int, prices: strata_poppler_prices) -> Int {
        lock.withLock {
            guard handle != nil, let bytes, !costReaderFailed, let index = Int32(exactly: index) else { return -1 }
            if costReader == nil {
                var size: gsize = 0
                let start = g_bytes_get_data(bytes, &size)?.assumingMemoryBound(to: CChar.self)
                costReader = strata_poppler_open(start, Int(size), password)
                costReaderFailed = costReader == nil
            }
            guard let costReader else { return -1 }
            return Int(strata_poppler_page_cost(costReader, index, prices))
        }
    }

    /// Why each page (by number) may not be drawn, "" when it may: pages are immutable.
    private var refusals: [Int: String] = [:]
    /// Held while a refusal is worked out (which takes `lock` itself): one rehearsal a page.
    private let refusalLock = NSLock()

    /// The refusal of page `number`, worked out by `work` the first time it is asked for.
    func refusal(ofPage number: Int, _ work: () -> String) -> String {
        refusalLock.withLock {
            if let known = refusals[number] { return known }
            let refusal = work()
            refusals[number] = refusal
            return refusal
        }
    }

    /// Opens an encrypted document with `password` (owner or user); true when it is open.
    public func unlockWithPassword(_ password: UnsafePointer<CChar>) -> Bool {
        lock.withLock {
            if handle != nil { return true }
            // poppler_document_new_from_bytes crashes on a wrong password (poppler-glib 22.02):
            // each attempt reads its own copy through a memory stream instead.
            guard let attempt = data.withUnsafeBytes({ g_bytes_new($0.baseAddress, gsize($0.count)) }),
                let stream = g_memory_input_stream_new_from_bytes(attempt)
            else { return false }
            defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
            var error: UnsafeMutablePointer<GError>?
            handle = poppler_document_new_from_stream(stream, goffset(data.count), password, nil, &error)
            if let error { g_error_free(error) }
            if handle != nil {
                bytes = attempt
                self.password = String(cString: password)
            } else {
                g_bytes_unref(attempt)
            }
            return handle != nil
        }
    }

    /// The document's objects (catalog, pages' dictionaries); nil while it is locked or when
    /// qpdf cannot read a file poppler could.
    var objects: PDFObjectStore? {
        lock.withLock {
            guard handle != nil, !objectStoreFailed else { return nil }
            if objectStore == nil {
                objectStore = PDFObjectStore(data: data, password: password)
                objectStoreFailed = objectStore == nil
            }
            return objectStore
        }
    }

    /// Runs `body` with the open document; `fallback` while it is locked.
    private func withDocument<T>(_ fallback: T, _ body: (OpaquePointer) -> T) -> T {
        lock.withLock { handle.map(body) ?? fallback }
    }

    public var numberOfPages: Int { withDocument(0) { Int(poppler_document_get_n_pages($0)) } }

    /// Page `pageNumber`, counted from 1 as on Apple; nil outside 1…numberOfPages.
    public func page(at pageNumber: Int) -> CGPDFPage? {
        guard pageNumber >= 1, pageNumber <= numberOfPages else { return nil }
        return withDocument(nil) {
            poppler_document_get_page($0, Int32(pageNumber - 1)).map {
                CGPDFPage(page: $0, number: pageNumber, document: self)
            }
        }
    }

    /// PDF major and minor version ("1.5": 1 and 5).
    public func getVersion(majorVersion: UnsafeMutablePointer<Int32>, minorVersion: UnsafeMutablePointer<Int32>) {
        var major: UInt32 = 0, minor: UInt32 = 0
        withDocument(()) { poppler_document_get_pdf_version($0, &major, &minor) }
        majorVersion.pointee = Int32(major)
        minorVersion.pointee = Int32(minor)
    }

    /// Whether the file is encrypted (needing a password, or restricting what may be done).
    public var isEncrypted: Bool { needsPassword || accessPermissions != .all }
    public var isUnlocked: Bool { lock.withLock { handle != nil } }
    public var allowsPrinting: Bool { accessPermissions.contains(.allowsLowQualityPrinting) }
    public var allowsCopying: Bool { accessPermissions.contains(.allowsContentCopying) }

    /// What the document's permissions allow (nothing while it is locked).
    public var accessPermissions: CGPDFAccessPermissions {
        withDocument([]) { CGPDFAccessPermissions(poppler: UInt32(poppler_document_get_permissions($0).rawValue)) }
    }

    /// The outline (bookmarks) as Apple's dictionary: `kCGPDFOutlineChildren`, each child with a
    /// `kCGPDFOutlineTitle`, a `kCGPDFOutlineDestination` page number (from 1) and children; nil when there is none.
    public var outline: CFDictionary? {
        withDocument(nil) { document in
            guard let iterator = poppler_index_iter_new(document) else { return nil }
            defer { poppler_index_iter_free(iterator) }
            var budget = 10_000
            return [kCGPDFOutlineChildren: Self.outlineItems(iterator, document, depth: 0, budget: &budget)]
        }
    }

    private static func outlineItems(_ iterator: OpaquePointer, _ document: OpaquePointer, depth: Int, budget: inout Int) -> [Any] {
        var items: [Any] = []
        repeat {
            guard budget > 0, let action = poppler_index_iter_get_action(iterator) else { break }
            budget -= 1
            defer { poppler_action_free(action) }
            var item: [String: Any] = [:]
            if action.pointee.type == POPPLER_ACTION_GOTO_DEST {
                let goto = action.pointee.goto_dest
                if let title = goto.title { item[kCGPDFOutlineTitle] = String(cString: title) }
                if let dest = goto.dest {
                    var page = Int(dest.pointee.page_num)
                    if dest.pointee.type == POPPLER_DEST_NAMED, let name = dest.pointee.named_dest,
                        let named = poppler_document_find_dest(document, name) {
                        page = Int(named.pointee.page_num)
                        poppler_dest_free(named)
                    }
                    item[kCGPDFOutlineDestination] = page
                }
            } else if let title = action.pointee.any.title {
                item[kCGPDFOutlineTitle] = String(cString: title)
            }
            if depth < 32, let child = poppler_index_iter_get_child(iterator) {
                item[kCGPDFOutlineChildren] = outlineItems(child, document, depth: depth + 1, budget: &budget)
                poppler_index_iter_free(child)
            }
            items.append(item)
        } while poppler_index_iter_next(iterator) != 0
        return items
    }

    /// The document's title from its information dictionary (Strata addition: Apple reads it
    /// through `info`, a CGPDFDictionary).
    public var title: String? {
        withDocument(nil) { document in
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

    /// Why poppler must not draw the page (past the drawing budget, a calculator function past
    /// its limits), or nil; worked out once for each page of a document, whichever `CGPDFPage`
    /// asks (apps fetch the page anew for each drawing).
    var drawingRefusal: String? {
        let refusal = document?.refusal(ofPage: pageNumber) { self.workOutRefusal() } ?? workOutRefusal()
        return refusal.isEmpty ? nil : refusal
    }

    /// Why the page must not be drawn, "" when it may: walks all the page reaches and rehearses
    /// its drawing.
    private func workOutRefusal() -> String {
        // Calculator functions first: the rehearsal parses them as drawing does.
        if let problem = PDFCalculatorCheck.problem(with: self) { return "has \(problem)" }
        return PDFDrawingCost.refusal(of: self) ?? ""
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

    /// The transform that maps `box` into `rect`, as Apple's: the box turned clockwise by the
    /// page's rotation plus `rotate` (a multiple of 90 degrees; others count as 0), scaled to the
    /// rectangle (uniformly and never up when `preserveAspectRatio`) and centred in it.
    public func getDrawingTransform(_ box: CGPDFBox, rect: CGRect, rotate: Int32, preserveAspectRatio: Bool) -> CGAffineTransform {
        let b = getBoxRect(box)
        guard b.width > 0, b.height > 0 else { return .identity }
        let extra = rotate % 90 == 0 ? Int(rotate) : 0
        let turn = (((Int(rotationAngle) + extra) % 360) + 360) % 360
        // Clockwise turns in y-up space, exact (no sine rounding).
        let rotation: CGAffineTransform =
            switch turn {
            case 90: CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)
            case 180: CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
            case 270: CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
            default: .identity
            }
        let size = turn == 90 || turn == 270 ? CGSize(width: b.height, height: b.width) : b.size
        var sx = rect.width / size.width, sy = rect.height / size.height
        if preserveAspectRatio {
            let k = min(sx, sy, 1)
            sx = k
            sy = k
        }
        return CGAffineTransform(translationX: -b.midX, y: -b.midY)
            .concatenating(rotation)
            .concatenating(CGAffineTransform(scaleX: sx, y: sy))
            .concatenating(CGAffineTransform(translationX: rect.midX, y: rect.midY))
    }
}

extension CGContext {
    /// Draws `page` in user space (its media box from the origin, y up), through the CTM and
    /// clip: vectors stay vectors on a PDF context.
    public func drawPDFPage(_ page: CGPDFPage) {
        if let refusal = page.drawingRefusal {
            Diagnostics.warn("drawPDFPage: page \(page.pageNumber) \(refusal); not drawn")
            return
        }
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

/// What an encrypted document allows.
public struct CGPDFAccessPermissions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let allowsLowQualityPrinting = CGPDFAccessPermissions(rawValue: 1 << 0)
    public static let allowsHighQualityPrinting = CGPDFAccessPermissions(rawValue: 1 << 1)
    public static let allowsDocumentChanges = CGPDFAccessPermissions(rawValue: 1 << 2)
    public static let allowsDocumentAssembly = CGPDFAccessPermissions(rawValue: 1 << 3)
    public static let allowsContentCopying = CGPDFAccessPermissions(rawValue: 1 << 4)
    public static let allowsContentAccessibility = CGPDFAccessPermissions(rawValue: 1 << 5)
    public static let allowsCommenting = CGPDFAccessPermissions(rawValue: 1 << 6)
    public static let allowsFormFieldEntry = CGPDFAccessPermissions(rawValue: 1 << 7)
    static let all = CGPDFAccessPermissions(rawValue: 0xFF)

    /// From poppler's permission flags.
    init(poppler flags: UInt32) {
        var permissions: CGPDFAccessPermissions = []
        if flags & 1 != 0 { permissions.insert(.allowsLowQualityPrinting) }
        if flags & 128 != 0 { permissions.insert(.allowsHighQualityPrinting) }
        if flags & 2 != 0 { permissions.insert(.allowsDocumentChanges) }
        if flags & 64 != 0 { permissions.insert(.allowsDocumentAssembly) }
        if flags & 4 != 0 { permissions.insert(.allowsContentCopying) }
        if flags & 32 != 0 { permissions.insert(.allowsContentAccessibility) }
        if flags & 8 != 0 { permissions.insert(.allowsCommenting) }
        if flags & 16 != 0 { permissions.insert(.allowsFormFieldEntry) }
        self = permissions
    }
}
#endif
