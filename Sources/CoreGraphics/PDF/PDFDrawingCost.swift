#if PDF
import CStrataPoppler
import Foundation

/// What drawing a page costs in content operators, each form XObject counted every time it is
/// drawn: a 2.8 KB page of forms drawing each other ten times, nine deep, is a billion
/// operators, and poppler never returned from it. Pages past the budget are not drawn.
///
/// Found by rehearsing the drawing in poppler's own interpreter (the reader that draws it) with
/// a device that draws nothing and stops it past the budget: counts on models of poppler's
/// reading (qpdf's objects, then poppler's) missed what damaged files made poppler do.
enum PDFDrawingCost {
    #if STRATA_FUZZING
    /// Fuzzing builds allow a tenth, so that a refusal takes a tenth of the time under the
    /// fuzzer's instrumentation (poppler's allocations through AddressSanitizer made each about a
    /// second, and the PDF fuzzer ran 3 inputs a second instead of 80): the rules are the same,
    /// the sizes smaller.
    static let maxOperators = 500_000
    static let maxSeconds = 0.1
    #else
    /// The most operators a page may cost, forms expanded (about a second of poppler's drawing).
    static let maxOperators = 5_000_000
    /// The longest a rehearsal may run, in seconds: the count stops hostile pages well before;
    /// this only bounds work it cannot see.
    static let maxSeconds = 1.0
    #endif
    /// The deepest forms may nest.
    static let maxFormDepth = 32
    /// What one drawing of a form (or pattern cell, or transparency group) costs beyond its
    /// operators, in operators: poppler fetches and parses the form again, saves the state and
    /// clips to its box each time (≈ 19 µs measured on 190,000 drawings, against a fraction of a
    /// µs for a path operator).
    static let formDrawing = 100
    /// What each problem poppler reports costs (a name resolving to no XObject, bad operands):
    /// poppler formats the message each time.
    static let problemReport = 100
    /// Pixels of an image XObject that cost one operator: poppler decodes it at each drawing.
    static let pixelsPerOperator = 64
    static let prices = strata_poppler_prices(
        limit: Int64(maxOperators), form_drawing: Int64(formDrawing), problem_report: Int64(problemReport),
        pixels_per_operator: Int64(pixelsPerOperator), max_form_depth: Int32(maxFormDepth), max_seconds: maxSeconds)

    /// Why `page` must not be drawn, or nil when its rehearsal stayed within the budget.
    static func refusal(of page: CGPDFPage) -> String? {
        let cost = page.document?.drawingCost(ofPage: page.pageNumber - 1, prices: prices) ?? -1
        switch cost {
        case 0...: return nil
        case -2: return "took poppler over \(maxSeconds) s to rehearse"
        default:
            return "costs more than \(maxOperators) content operators as poppler draws it (forms, pattern cells and groups "
                + "counted each time they are drawn, \(formDrawing) more a drawing, at most \(maxFormDepth) deep; images one "
                + "for \(pixelsPerOperator) pixels; each problem poppler reports \(problemReport))"
        }
    }
}
#endif
