#if PDF
import CStrataPoppler
import Foundation

/// What drawing a page costs in content operators, each form XObject counted every time it is
/// drawn: a 2.8 KB page of forms drawing each other ten times, nine deep, is a billion
/// operators, and poppler never returned from it. Pages past the budget are not drawn.
///
/// Counted on poppler's own reading of the file (the reader that draws it): counted on qpdf's,
/// damaged files that the two read differently hid millions of form drawings.
enum PDFDrawingCost {
    /// The most operators a page may cost, forms expanded (about a second of poppler's drawing).
    static let maxOperators = 5_000_000
    /// The deepest forms may nest.
    static let maxFormDepth = 32
    /// What one drawing of a form costs beyond its operators, in operators: poppler fetches and
    /// parses the form again, saves the state and clips to its box each time (≈ 19 µs measured
    /// on 190,000 drawings, against a fraction of a µs for a path operator). 190,000 drawings of
    /// cheap forms passed the plain count and took 3.7 s (over 10 under AddressSanitizer).
    static let formDrawing = 100
    /// What drawing a name that resolves to no XObject costs: poppler looks it up through every
    /// enclosing form's resources and reports it.
    static let unknownXObject = 100
    /// Pixels of an image XObject that cost one operator: poppler decodes it at each drawing.
    static let pixelsPerOperator = 64

    static let prices = strata_poppler_prices(
        limit: Int64(maxOperators), form_drawing: Int64(formDrawing), unknown_xobject: Int64(unknownXObject),
        pixels_per_operator: Int64(pixelsPerOperator), max_form_depth: Int32(maxFormDepth))

    /// The page's cost; nil when it passes `maxOperators`, forms nest past `maxFormDepth` or
    /// poppler cannot read it.
    static func of(_ page: CGPDFPage) -> Int? {
        page.document?.drawingCost(ofPage: page.pageNumber - 1, prices: prices)
    }
}
#endif
