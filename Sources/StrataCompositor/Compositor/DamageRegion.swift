import CoreGraphics

/// A frame's damage as a few rectangles instead of their bounding box: two small changes in
/// opposite corners of a frame then clear and redraw two small areas, not the whole frame.
/// A renderer keeps one, so that merging a frame's boxes reuses the buffers of the last frame
/// (no allocation a frame).
package struct DamageRegion {
    /// At most this many rectangles (each costs a clip rectangle, and a pass over the tree's
    /// footprints is shared by all).
    package static let maxRectangles = 16

    /// Regions whose bounding box is smaller than this (pixels) stay one rectangle: clipping
    /// to several costs more than redrawing so few pixels.
    package static let minimumSplitArea = 128.0 * 128.0

    /// The boxes to merge (whole pixels), then, after `merge()`, the region's rectangles.
    package var rectangles: [CGRect] = []
    /// Which rectangles a merge has not folded into another (scratch of `mergePairs`).
    private var alive: [Bool] = []
    /// The cost of merging each pair, row by row (scratch of `mergePairs`).
    private var cost: [Double] = []
    /// Each row's cheapest pair: the partner's index (−1: none alive) and the cost (scratch of
    /// `mergePairs`).
    private var rowPartner: [Int] = []
    private var rowCost: [Double] = []

    package init() {}

    /// `boxes` merged by the rule of `merge()`.
    package static func merge(_ boxes: [CGRect]) -> [CGRect] {
        var region = DamageRegion()
        region.rectangles = boxes
        region.merge()
        return region.rectangles
    }

    /// Merges `rectangles` in place: the pair whose bounding box adds the least area for theirs
    /// first, while that is at most a quarter of their areas together or more than
    /// `maxRectangles` remain; a single bounding box when the rectangles cover 85 % of it or
    /// more, when it is under `minimumSplitArea`, or when more than 64 boxes remain once those
    /// that merge cheaply (more than 64 given) and those inside others are merged and dropped.
    package mutating func merge() {
        rectangles.removeAll { $0.isNull || $0.isEmpty }
        guard rectangles.count > 1 else {
            if rectangles.count == 1 { rectangles[0] = rectangles[0].standardized }
            return
        }
        var union = rectangles[0].standardized
        for i in rectangles.indices {
            rectangles[i] = rectangles[i].standardized
            union = Self.unite(union, rectangles[i])
        }
        guard Self.area(union) >= Self.minimumSplitArea else { return setUnion(union) }
        // Many boxes (a layer's old and new places overlap): those that merge cheaply first, in
        // one pass (a box inside another merges at no cost, so this drops those too).
        if rectangles.count > 64 { Self.mergeCheapOnes(&rectangles) }
        Self.dropContained(&rectangles)
        guard rectangles.count <= 64 else { return setUnion(union) }
        mergePairs()
        var covered = 0.0
        for r in rectangles { covered += Self.area(r) }
        if covered >= 0.85 * Self.area(union) { setUnion(union) }
    }

    /// The rectangles (made whole pixels first, with `integral`) cut to `clip`, empty ones
    /// dropped, in place.
    package mutating func clip(to clip: CGRect, integral: Bool = false) {
        var kept = 0
        // By index: iterating the array itself holds a second reference (a copy at the first write).
        for i in rectangles.indices {
            let cut = (integral ? rectangles[i].integral : rectangles[i]).clipped(to: clip)
            guard !cut.isNull, !cut.isEmpty else { continue }
            rectangles[kept] = cut
            kept += 1
        }
        rectangles.removeLast(rectangles.count - kept)
    }

    private mutating func setUnion(_ union: CGRect) {
        rectangles.removeAll(keepingCapacity: true)
        rectangles.append(union)
    }

    /// Merges the cheapest pair until none is cheap enough and at most `maxRectangles` remain
    /// (ties: the first pair in row order). The pair costs are kept in a table, and each row's
    /// cheapest pair beside it: a merge recomputes the merged row's costs and rescans only the
    /// rows whose cheapest pair it touched, so a choice costs a pass over rows, not over pairs
    /// (64 boxes were half a million instructions a frame on a file of 70 moving shapes).
    private mutating func mergePairs() {
        let n = rectangles.count
        guard n > 1 else { return }
        alive.removeAll(keepingCapacity: true)
        alive.append(contentsOf: repeatElement(true, count: n))
        cost.removeAll(keepingCapacity: true)
        cost.append(contentsOf: repeatElement(.infinity, count: n * n))
        rowPartner.removeAll(keepingCapacity: true)
        rowPartner.append(contentsOf: repeatElement(-1, count: n))
        rowCost.removeAll(keepingCapacity: true)
        rowCost.append(contentsOf: repeatElement(.infinity, count: n))
        for i in 0..<n { for j in (i + 1)..<n { cost[i * n + j] = Self.mergeCost(rectangles[i], rectangles[j]) } }
        for i in 0..<n { rescanRow(i, of: n) }
        var remaining = n
        while remaining > 1 {
            var best = (i: 0, j: 0, cost: Double.infinity)
            for i in 0..<n where alive[i] && rowCost[i] < best.cost { best = (i, rowPartner[i], rowCost[i]) }
            guard best.cost <= 0.25 || remaining > Self.maxRectangles, best.cost.isFinite else { break }
            let (bi, bj) = (best.i, best.j)
            rectangles[bi] = Self.unite(rectangles[bi], rectangles[bj])
            alive[bj] = false
            remaining -= 1
            for k in 0..<n where alive[k] && k != bi {
                let (a, b) = k < bi ? (k, bi) : (bi, k)
                cost[a * n + b] = Self.mergeCost(rectangles[a], rectangles[b])
            }
            rescanRow(bi, of: n)
            for k in 0..<n where alive[k] && k != bi {
                if rowPartner[k] == bi || rowPartner[k] == bj {
                    rescanRow(k, of: n)
                } else if k < bi {
                    // Only this row's pair with the merged box changed: it wins if cheaper, or as cheap and first.
                    let c = cost[k * n + bi]
                    if c < rowCost[k] || (c == rowCost[k] && bi < rowPartner[k]) { (rowPartner[k], rowCost[k]) = (bi, c) }
                }
            }
        }
        var kept = 0
        for i in 0..<n where alive[i] {
            rectangles[kept] = rectangles[i]
            kept += 1
        }
        rectangles.removeLast(n - kept)
    }

    /// Row `i`'s cheapest pair with a live box after it (the first of equal ones).
    private mutating func rescanRow(_ i: Int, of n: Int) {
        var partner = -1
        var least = Double.infinity
        for j in (i + 1)..<n where alive[j] && cost[i * n + j] < least {
            partner = j
            least = cost[i * n + j]
        }
        rowPartner[i] = partner
        rowCost[i] = least
    }

    /// `rects` (standard, not null) merged by the pair rule of `merge()` alone, for tests.
    package static func mergedByPairs(_ rects: [CGRect]) -> [CGRect] {
        var region = DamageRegion()
        region.rectangles = rects
        region.mergePairs()
        return region.rectangles
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

    /// Each of `rects` merged into the first kept one it merges with cheaply (a quarter of
    /// their areas or less added), in place: linear in boxes times kept ones.
    private static func mergeCheapOnes(_ rects: inout [CGRect]) {
        var kept = 0
        for i in rects.indices {
            let r = rects[i]
            if let k = (0..<kept).first(where: { mergeCost(rects[$0], r) <= 0.25 }) {
                rects[k] = unite(rects[k], r)
            } else {
                rects[kept] = r
                kept += 1
            }
        }
        rects.removeLast(rects.count - kept)
    }

    /// `rects` without those inside another (and without repeats), largest first, in place.
    /// Quadratic in the boxes kept, so the test is four comparisons of standard rectangles
    /// (Foundation's `CGRect.contains` unions and compares, twenty times the cost: a file of
    /// 200 moving dots spent a sixth of its frames here).
    private static func dropContained(_ rects: inout [CGRect]) {
        rects.sort { area($0) > area($1) }
        var kept = 0
        for i in rects.indices {
            let r = rects[i]
            if (0..<kept).contains(where: { encloses(rects[$0], r) }) { continue }
            rects[kept] = r
            kept += 1
        }
        rects.removeLast(rects.count - kept)
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
