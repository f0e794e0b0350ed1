import Foundation
@testable import StrataCompositor
import StrataRender
import Testing

/// The compositor's inlined `clipped(to:)` and `meets(_:)` stand in for Foundation's
/// `intersection(_:)` and `intersects(_:)`: the same answer (metric: exact equality, null for
/// null) for every pair Foundation takes, special rectangles included.
@Suite("Compositor: rectangle clipping")
struct RectClipTests {
    @Test func clippingAgreesWithFoundationsIntersection() {
        var random = SplitMix(seed: 46)
        // Tried: null, infinite, zero, empty at a point, negative sizes, edges that only touch,
        // huge finite rectangles, and random half-point rectangles of either sign.
        var rects: [CGRect] = [
            .null, .infinite, .zero, CGRect(x: 1, y: 1, width: 0, height: 0), CGRect(x: 5, y: 5, width: -3, height: 2),
            CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 10, y: 0, width: 5, height: 5),
            CGRect(x: 0, y: 10, width: 10, height: -4), CGRect(x: -1e300, y: 3, width: 2e300, height: 1),
        ]
        for _ in 0..<600 {
            let v = { (random.next(in: -20...20) * 2).rounded() / 4 }
            rects.append(CGRect(x: v(), y: v(), width: v(), height: v()))
        }
        var disagreements: [String] = []
        for a in rects {
            for b in rects.prefix(200) {
                let theirs = a.intersection(b), ours = a.clipped(to: b)
                let same = theirs.isNull ? ours.isNull : ours == theirs
                if !same || a.intersects(b) != a.meets(b) { disagreements.append("\(a) ∩ \(b): \(theirs) vs \(ours)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(5))")
        // NaN sides (Foundation stops the process): nothing.
        #expect(CGRect(x: Double.nan, y: 0, width: 1, height: 1).clipped(to: .infinite).isNull)
        #expect(!CGRect(x: 0, y: 0, width: Double.nan, height: 1).meets(CGRect(x: 0, y: 0, width: 2, height: 2)))
    }
}
