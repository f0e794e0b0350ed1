import CoreGraphics

/// A frame's damage as a few rectangles instead of their bounding box: two small changes in
/// opposite corners of a frame then clear and redraw two small areas, not the whole frame.
package enum DamageRegion {
    /// At most this many rectangles (each costs a clip rectangle, and a pass over the tree's
    /// footprints is shared by all).
    package static let maxRectangles = 16

    /// Regions whose bounding box is smaller than this (pixels) stay one rectangle: clipping
    /// to several costs more than redrawing so few pixels.
    package static let minimumSplitArea = 128.0 * 128.0

    /// `boxes` (whole pixels) merged, the pair whose bounding box adds the least area for theirs
    /// first, while that is at most a quarter of their areas together or more than
    /// `maxRectangles` remain; a single bounding box when the rectangles cover 85 % of it or
    /// more, when it is under `minimumSplitArea`, or when more than 64 boxes remain once those
    /// that merge cheaply (more than 64 given) and those inside others are merged and dropped.
    package static func merge(_ boxes: [CGRect]) -> [CGRect] {
        // One box (a single layer changed in place): nothing to merge, nothing to allocate.
        if boxes.count == 1 { return boxes[0].isNull || boxes[0].isEmpty ? [] : [boxes[0].standardized] }
        var rects = boxes.compactMap { $0.isNull || $0.isEmpty ? nil : $0.standardized }
        guard rects.count > 1 else { return rects }
        let union = rects.dropFirst().reduce(rects[0]) { unite($0, $1) }
        guard area(union) >= minimumSplitArea else { return [union] }
        // Many boxes (a layer's old and new places overlap): those that merge cheaply first, in
        // one pass (a box inside another merges at no cost, so this drops those too).
        if rects.count > 64 { rects = mergingCheapOnes(rects) }
        rects = droppingContained(rects)
        guard rects.count <= 64 else { return [union] }
        mergePairs(&rects)
        let covered = rects.reduce(0) { $0 + area($1) }
        return covered >= 0.85 * area(union) ? [union] : rects
    }

    /// Merges the cheapest pair until none is cheap enough and at most `maxRectangles` remain.
    /// The pair costs are kept in a table: a merge recomputes one row, not every pair.
    private static func mergePairs(_ rects: inout [CGRect]) {
        let n = rects.count
        guard n > 1 else { return }
        var alive = [Bool](repeating: true, count: n)
        var cost = [Double](repeating: .infinity, count: n * n)
        for i in 0..<n { for j in (i + 1)..<n { cost[i * n + j] = mergeCost(rects[i], rects[j]) } }
        var remaining = n
        while remaining > 1 {
            var best = (i: 0, j: 0, cost: Double.infinity)
            for i in 0..<n where alive[i] {
                for j in (i + 1)..<n where alive[j] && cost[i * n + j] < best.cost {
                    best = (i, j, cost[i * n + j])
                }
            }
            guard best.cost <= 0.25 || remaining > maxRectangles, best.cost.isFinite else { break }
            rects[best.i] = unite(rects[best.i], rects[best.j])
            alive[best.j] = false
            remaining -= 1
            for k in 0..<n where alive[k] && k != best.i {
                let (a, b) = k < best.i ? (k, best.i) : (best.i, k)
                cost[a * n + b] = mergeCost(rects[a], rects[b])
            }
        }
        rects = zip(rects, alive).compactMap { $1 ? $0 : nil }
    }

    /// The area a merge adds for the area the two hold (both standard and not null, as the
    /// boxes here are: their union's extent is read directly).
    @inline(__always)
    private static func mergeCost(_ a: CGRect, _ b: CGRect) -> Double {
        let sum = a.size.width * a.size.height + b.size.width * b.size.height
        let w = Swift.max(a.origin.x + a.size.width, b.origin.x + b.size.width) - Swift.min(a.origin.x, b.origin.x)
        let h = Swift.max(a.origin.y + a.size.height, b.origin.y + b.size.height) - Swift.min(a.origin.y, b.origin.y)
        return (w * h - sum) / Swift.max(sum, 1)
    }

    /// `rects` with each merged into the first kept one it merges with cheaply (a quarter of
    /// their areas or less added): linear in boxes times kept ones.
    private static func mergingCheapOnes(_ rects: [CGRect]) -> [CGRect] {
        var kept: [CGRect] = []
        kept.reserveCapacity(rects.count)
        for r in rects {
            if let k = kept.firstIndex(where: { mergeCost($0, r) <= 0.25 }) {
                kept[k] = unite(kept[k], r)
            } else {
                kept.append(r)
            }
        }
        return kept
    }

    /// The boxes without those inside another (and without repeats). Quadratic in the boxes
    /// kept, so the test is four comparisons of standard rectangles (Foundation's
    /// `CGRect.contains` unions and compares, twenty times the cost: a file of 200 moving dots
    /// spent a sixth of its frames here).
    private static func droppingContained(_ rects: [CGRect]) -> [CGRect] {
        var kept: [CGRect] = []
        kept.reserveCapacity(rects.count)
        for r in rects.sorted(by: { area($0) > area($1) }) where !kept.contains(where: { encloses($0, r) }) {
            kept.append(r)
        }
        return kept
    }

    /// Whether standard rectangle `a` holds all of standard rectangle `b`.
    @inline(__always)
    private static func encloses(_ a: CGRect, _ b: CGRect) -> Bool {
        a.origin.x <= b.origin.x && a.origin.y <= b.origin.y
            && a.origin.x + a.size.width >= b.origin.x + b.size.width
            && a.origin.y + a.size.height >= b.origin.y + b.size.height
    }

    private static func area(_ r: CGRect) -> Double { r.size.width * r.size.height }

    /// The bounding box of two standard, non-null rectangles (Foundation's `union` standardizes
    /// and tests for null rectangles first).
    @inline(__always)
    private static func unite(_ a: CGRect, _ b: CGRect) -> CGRect {
        let x0 = Swift.min(a.origin.x, b.origin.x), y0 = Swift.min(a.origin.y, b.origin.y)
        let x1 = Swift.max(a.origin.x + a.size.width, b.origin.x + b.size.width)
        let y1 = Swift.max(a.origin.y + a.size.height, b.origin.y + b.size.height)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
