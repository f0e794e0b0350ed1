#if PDF
import Foundation

/// What drawing a page costs in content operators, each form XObject counted every time it is
/// drawn: a 2.8 KB page of forms drawing each other ten times, nine deep, is a billion
/// operators, and poppler never returned from it. Pages past the budget are not drawn.
enum PDFDrawingCost {
    /// The most operators a page may cost, forms expanded.
    static let maxOperators = 5_000_000
    /// The deepest forms may nest (a form drawing itself ends here).
    static let maxFormDepth = 32

    /// The page's cost; nil when it passes `maxOperators` or forms nest past `maxFormDepth`.
    static func of(_ page: CGPDFPage) -> Int? {
        let ref = CGPDFContentStreamCreateWithPage(page)
        defer { CGPDFContentStreamRelease(ref) }
        let walk = Walk()
        return walk.cost(of: PDFContentStream.of(ref), depth: 0)
    }

    /// The running total and the forms already costed (by node: an indirect object's node is
    /// read once and shared).
    private final class Walk {
        var total = 0
        var forms: [ObjectIdentifier: Int] = [:]

        func cost(of content: PDFContentStream, depth: Int) -> Int? {
            guard depth <= PDFDrawingCost.maxFormDepth else { return nil }
            let start = total
            var failed = false
            let scanner = PDFScanner(content: content, table: nil, info: nil)
            scanner.observer = { [unowned self] name, scanner in
                total += 1
                if name == "Do", let form = Self.form(named: scanner.pop(.name)?.name, in: content) {
                    guard let added = formCost(form, in: content, depth: depth) else {
                        failed = true
                        return false
                    }
                    total += added
                }
                guard total <= PDFDrawingCost.maxOperators else {
                    failed = true
                    return false
                }
                return true
            }
            _ = scanner.scan()
            return failed ? nil : total - start
        }

        /// A form's cost, worked out once and added each time it is drawn.
        private func formCost(_ form: PDFObjectNode, in content: PDFContentStream, depth: Int) -> Int? {
            let key = ObjectIdentifier(form)
            if let known = forms[key] { return known }
            let resources = form.dictionaryOfStream?.value(forKey: "Resources")
            let child = PDFContentStream(
                streams: [form], resources: resources?.type == .dictionary ? resources : nil, parent: content, owner: content.owner)
            let before = total
            guard cost(of: child, depth: depth + 1) != nil else { return nil }
            // Counted once by the walk itself; the caller adds it for this drawing.
            let own = total - before
            total = before
            forms[key] = own
            return own
        }

        /// The form XObject `name` names in the content's resources (nil for images and others).
        private static func form(named name: String?, in content: PDFContentStream) -> PDFObjectNode? {
            guard let name, let object = content.resource("XObject", name), object.type == .stream,
                object.dictionaryOfStream?.value(forKey: "Subtype")?.name == "Form"
            else { return nil }
            return object
        }
    }
}
#endif
