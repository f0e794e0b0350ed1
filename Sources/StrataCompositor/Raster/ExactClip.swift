import CoreGraphics

/// A frame walk's clip where cairo cannot list it but the scan converter can draw within it
/// exactly: whole-pixel rectangles (the damage, group limits) cut by the half-planes of layer
/// bounds with fractional or turned edges (the masksToBounds of a scaled or turned
/// precomposition). Kernel operations other than the scan converter's need whole-pixel clips.
struct ExactClip {
    /// Whole device pixels, each within the half-planes' box: (x0, y0, x1, y1), ends excluded.
    var whole: [(Int, Int, Int, Int)]
    /// The half-planes cutting them (device pixels).
    var planes: [HalfPlane]

    /// Where a*x + b*y ≤ c.
    struct HalfPlane {
        var a, b, c: Double
    }

    /// Whole-pixel `clips` cut by the convex quadrilateral `corners` (device pixels, in order
    /// around it, either way); nil when it is degenerate or too large to count in.
    init?(whole clips: [(Int, Int, Int, Int)], planes: [HalfPlane] = [], corners: [CGPoint]) {
        guard corners.count == 4, corners.allSatisfy({ abs($0.x) < 1e9 && abs($0.y) < 1e9 }) else { return nil }
        // Signed area: which side of each edge is inside.
        var area = 0.0
        for i in 0..<4 {
            let p = corners[i], q = corners[(i + 1) % 4]
            area += p.x * q.y - q.x * p.y
        }
        guard abs(area) > 1e-9 else { return nil }
        var planes = planes
        for i in 0..<4 {
            let p = corners[i], q = corners[(i + 1) % 4]
            // For a positive area (clockwise on a y-down screen), inside is where
            // (q.y − p.y)·x − (q.x − p.x)·y ≤ the same at p.
            var a = q.y - p.y, b = p.x - q.x
            if area < 0 { a = -a; b = -b }
            guard a != 0 || b != 0 else { continue }
            planes.append(HalfPlane(a: a, b: b, c: a * p.x + b * p.y))
        }
        let x0 = corners.reduce(Double.infinity) { Swift.min($0, $1.x) }, x1 = corners.reduce(-Double.infinity) { Swift.max($0, $1.x) }
        let y0 = corners.reduce(Double.infinity) { Swift.min($0, $1.y) }, y1 = corners.reduce(-Double.infinity) { Swift.max($0, $1.y) }
        let box = (Int(x0.rounded(.down)), Int(y0.rounded(.down)), Int(x1.rounded(.up)), Int(y1.rounded(.up)))
        self.init(whole: clips, planes: planes, within: box)
    }

    private init(whole clips: [(Int, Int, Int, Int)], planes: [HalfPlane], within box: (Int, Int, Int, Int)) {
        whole = clips.compactMap { c in
            let r = (Swift.max(c.0, box.0), Swift.max(c.1, box.1), Swift.min(c.2, box.2), Swift.min(c.3, box.3))
            return r.0 < r.2 && r.1 < r.3 ? r : nil
        }
        self.planes = planes
    }

    /// This clip cut again by the quadrilateral `corners` (device pixels).
    func cut(by corners: [CGPoint]) -> ExactClip? {
        ExactClip(whole: whole, planes: planes, corners: corners)
    }

    /// This clip cut again by the whole-pixel rectangle `rect`.
    func cut(byWhole rect: CGRect) -> ExactClip? {
        guard abs(rect.minX) < 1e9, abs(rect.minY) < 1e9, abs(rect.maxX) < 1e9, abs(rect.maxY) < 1e9 else { return nil }
        let box = (Int(rect.minX.rounded(.down)), Int(rect.minY.rounded(.down)), Int(rect.maxX.rounded(.up)), Int(rect.maxY.rounded(.up)))
        return ExactClip(whole: whole, planes: planes, within: box)
    }

    /// The box of the whole-pixel rectangles; nil when there are none.
    var extent: (Int, Int, Int, Int)? {
        guard let first = whole.first else { return nil }
        return whole.dropFirst().reduce(first) {
            (Swift.min($0.0, $1.0), Swift.min($0.1, $1.1), Swift.max($0.2, $1.2), Swift.max($0.3, $1.3))
        }
    }
}
