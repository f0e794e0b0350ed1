import CoreGraphics

/// A frame's damage as a few rectangles instead of their bounding box: two small changes in
/// opposite corners of a frame then clear and redraw two small areas, not the whole frame.
package enum DamageRegion {
    /// At most this many rectangles (each costs a clip rectangle, and a pass over the tree's
    /// footprints is shared by all).
    package static let maxRectangles = 8

    /// `boxes` (whole pixels) merged: two whose bounding box is at most a quarter larger than
    /// their areas together become that box, until no such pair is left and at most
    /// `maxRectangles` remain; a single bounding box when the rectangles cover 70 % of it or more.
    package static func merge(_ boxes: [CGRect]) -> [CGRect] {
        var rects = boxes.filter { !$0.isNull && !$0.isEmpty }
        guard rects.count > 1 else { return rects }
        let union = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
        // Many small changes: the frame's bounding box, without the quadratic merging below.
        guard rects.count <= 64 else { return [union] }
        var merged = true
        while merged {
            merged = false
            search: for i in 0..<rects.count {
                for j in (i + 1)..<rects.count {
                    let both = rects[i].union(rects[j])
                    if area(both) <= 1.25 * (area(rects[i]) + area(rects[j])) || rects.count > maxRectangles
                        && isCheapestPair(i, j, rects)
                    {
                        rects[i] = both
                        rects.remove(at: j)
                        merged = true
                        break search
                    }
                }
            }
        }
        let covered = rects.reduce(0) { $0 + area($1) }
        return covered >= 0.7 * area(union) ? [union] : rects
    }

    private static func area(_ r: CGRect) -> Double { r.width * r.height }

    /// True when rectangles i and j are the pair whose merge adds the least area.
    private static func isCheapestPair(_ i: Int, _ j: Int, _ rects: [CGRect]) -> Bool {
        func growth(_ a: Int, _ b: Int) -> Double {
            area(rects[a].union(rects[b])) - area(rects[a]) - area(rects[b])
        }
        let mine = growth(i, j)
        for a in 0..<rects.count {
            for b in (a + 1)..<rects.count where growth(a, b) < mine { return false }
        }
        return true
    }
}
