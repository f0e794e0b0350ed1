#if PDF
import Foundation

/// What drawing a page costs in content operators, each form XObject counted every time it is
/// drawn: a 2.8 KB page of forms drawing each other ten times, nine deep, is a billion
/// operators, and poppler never returned from it. Pages past the budget are not drawn.
enum PDFDrawingCost {
    /// The most operators a page may cost, forms expanded (about a second of poppler's drawing).
    static let maxOperators = 5_000_000
    /// The deepest forms may nest (a form drawing itself ends here).
    static let maxFormDepth = 32
    /// What one drawing of a form costs beyond its operators, in operators: poppler fetches and
    /// parses the form again, saves the state and clips to its box each time (≈ 19 µs measured
    /// on 190,000 drawings, against a fraction of a µs for a path operator). 190,000 drawings of
    /// cheap forms passed the plain count and took 3.7 s (over 10 under AddressSanitizer).
    static let formDrawing = 100
    /// What drawing an XObject name that resolves to no readable object costs: the whole budget.
    /// Poppler reads some damaged objects qpdf cannot, and what it draws there cannot be
    /// counted: fuzzed files hid 10⁷ and 10⁸ form drawings (6 and 53 s) behind one such object.
    static let unreadableXObject = maxOperators + 1
    /// Pixels of an image XObject that cost one operator: poppler decodes it at each drawing.
    static let pixelsPerOperator = 64

    /// The page's cost; nil when it passes `maxOperators`, forms nest past `maxFormDepth` or it
    /// draws an XObject that cannot be read.
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
                if name == "Do", let xName = scanner.pop(.name)?.name {
                    let object = Self.xObject(named: xName, in: content)
                    if let form = object?.form {
                        guard let added = formCost(form, in: content, depth: depth) else {
                            failed = true
                            return false
                        }
                        total += PDFDrawingCost.formDrawing + added
                    } else if let object {
                        total += object.pixels / PDFDrawingCost.pixelsPerOperator
                    } else {
                        total += PDFDrawingCost.unreadableXObject
                    }
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

        /// The XObject `name` names in the content's resources: a form, or an image's pixels
        /// (its declared width × height, held to 2³¹ each).
        private static func xObject(named name: String?, in content: PDFContentStream) -> (form: PDFObjectNode?, pixels: Int)? {
            guard let name, let object = content.resource("XObject", name), object.type == .stream,
                let dictionary = object.dictionaryOfStream
            else { return nil }
            switch dictionary.value(forKey: "Subtype")?.name {
            case "Form": return (object, 0)
            case "Image":
                func side(_ key: String) -> Int {
                    var value: CGPDFInteger = 0
                    guard let node = dictionary.value(forKey: key), node.value(as: .integer, into: &value) else { return 0 }
                    return min(max(value, 0), 1 << 31)
                }
                return (nil, side("Width") * side("Height"))
            default: return nil
            }
        }
    }
}
#endif
