import CoreGraphics

/// A frame's damage as a few rectangles instead of their bounding box: two small changes in
/// opposite corners of a frame then clear and redraw two small areas, not the whole frame.
package enum DamageRegion {
    /// At most this many rectangles (each costs a clip rectangle, and a pass over the tree's
    /// footprints is shared by all).
    package static let maxRectangles = 8

    /// `boxes` (whole pixels) merged, the pair whose bounding box adds the least area for theirs
    /// first, while that is at most a quarter of their areas together or more than
    /// `maxRectangles` remain; a single bounding box when the rectangles cover 70 % of it or
    /// more. Each step is one pass over the pairs (at most 64 boxes are merged; more are their
    /// bounding box at once).
    package static func merge(_ boxes: [CGRect]) -> [CGRect] {
        var rects = boxes.filter { !$0.isNull && !$0.isEmpty }
        guard rects.count > 1 else { return rects }
        let union = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
        guard rects.count <= 64 else { return [union] }
        while rects.count > 1 {
            // The pair whose merge adds the least area for the area it holds.
            var best = (i: 0, j: 1, ratio: Double.infinity)
            for i in 0..<rects.count {
                for j in (i + 1)..<rects.count {
                    let sum = area(rects[i]) + area(rects[j])
                    let ratio = (area(rects[i].union(rects[j])) - sum) / Swift.max(sum, 1)
                    if ratio < best.ratio { best = (i, j, ratio) }
                }
            }
            guard best.ratio <= 0.25 || rects.count > maxRectangles else { break }
            rects[best.i] = rects[best.i].union(rects[best.j])
            rects.remove(at: best.j)
        }
        let covered = rects.reduce(0) { $0 + area($1) }
        return covered >= 0.7 * area(union) ? [union] : rects
    }

    private static func area(_ r: CGRect) -> Double { r.width * r.height }
}
