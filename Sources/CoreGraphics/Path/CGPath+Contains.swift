// Point containment by winding number, computed exactly on the curves (no flattening): each
// segment is cut where its y-derivative is zero into y-monotonic pieces, and a ray from the point
// toward +x counts the pieces it crosses.

extension CGPath {
    /// True when `point` is inside the path filled with `rule` (CGPathContainsPoint).
    ///
    /// `transform` maps the path before the test. Open subpaths count as closed by a straight line
    /// back to their start, as filling does. Points on the outline itself (within about 1e-9 of
    /// the coordinates' magnitude) count as inside, for both rules: the outline is part of the
    /// filled shape, so e.g. all four corners of `CGPath(rect:)` are contained, and a path with no
    /// area (a lone line, a zero-size rect) contains just the points on it. Apple does not
    /// document its edge behaviour. Non-finite points (or transforms) contain nothing.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        let t = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        guard point.x.isFinite, point.y.isFinite, t.allSatisfy(\.isFinite) else { return false }
        switch PathContainment.winding(of: point, in: storage.applying(transform)) {
        case .onOutline: return true
        case .winding(let w, let crossings):
            return rule == .winding ? w != 0 : crossings % 2 == 1
        }
    }
}

/// The winding computation behind `contains`, reusable on raw storage.
package enum PathContainment {
    package enum Result: Equatable {
        /// The point lies on the outline.
        case onOutline
        /// The signed winding number and the unsigned number of crossings of the +x ray.
        case winding(Int, crossings: Int)
    }

    package static func winding(of point: CGPoint, in storage: PathStorage) -> Result {
        var counter = WindingCounter(point: point)
        // Walks the flat arrays directly, without per-element slices or subpath arrays: this runs
        // once per hit test over stroke outlines of tens of thousands of elements.
        var start = CGPoint.zero
        var cursor = CGPoint.zero
        var open = false
        var index = 0
        storage.points.withUnsafeBufferPointer { p in
            for type in storage.types {
                switch type {
                case .moveToPoint:
                    // Filling closes every subpath with a straight line back to its start.
                    if open { counter.visit(.line(cursor, start)) }
                    open = false
                    start = p[index]
                    cursor = start
                case .addLineToPoint:
                    counter.visit(.line(cursor, p[index]))
                    cursor = p[index]
                    open = true
                case .addQuadCurveToPoint:
                    counter.visit(.quad(cursor, p[index], p[index + 1]))
                    cursor = p[index + 1]
                    open = true
                case .addCurveToPoint:
                    counter.visit(.cubic(cursor, p[index], p[index + 1], p[index + 2]))
                    cursor = p[index + 2]
                    open = true
                case .closeSubpath:
                    if open { counter.visit(.line(cursor, start)) }
                    open = false
                    cursor = start
                }
                index += type.pointCount
            }
        }
        if open { counter.visit(.line(cursor, start)) }
        if counter.onOutline { return .onOutline }
        return .winding(counter.winding, crossings: counter.crossings)
    }

    /// Accumulates the crossings of the ray from `point` toward +x.
    private struct WindingCounter {
        let point: CGPoint
        /// Distance (points) within which the point counts as on the outline.
        let eps: CGFloat
        var winding = 0
        var crossings = 0
        var onOutline = false

        init(point: CGPoint) {
            self.point = point
            self.eps = 1e-9 * Swift.max(1, abs(point.x), abs(point.y))
        }

        mutating func visit(_ segment: PathSegment) {
            guard !onOutline else { return }
            // Most segments lie wholly above, below or left of the point: rejected from their
            // control points' hull without any root finding.
            let s = segment
            if Swift.max(s.p0.y, s.p1.y, s.p2.y, s.p3.y) < point.y - eps { return }
            if Swift.min(s.p0.y, s.p1.y, s.p2.y, s.p3.y) > point.y + eps { return }
            if Swift.max(s.p0.x, s.p1.x, s.p2.x, s.p3.x) < point.x - eps { return }
            if s.kind == .line {
                record(crossing(s, 0, 1, point, eps))
                return
            }
            // Cut at y-turning points so each piece is monotonic in y.
            var cuts: [CGFloat] = [0]
            cuts.append(contentsOf: s.extremaParameters(axis: 1).sorted())
            cuts.append(1)
            for i in 0..<(cuts.count - 1) where cuts[i] < cuts[i + 1] && !onOutline {
                record(crossing(s, cuts[i], cuts[i + 1], point, eps))
            }
        }

        private mutating func record(_ c: Crossing) {
            switch c {
            case .none: break
            case .outline: onOutline = true
            case .cross(let dir):
                winding += dir
                crossings += 1
            }
        }
    }

    fileprivate enum Crossing {
        case none, outline
        case cross(Int)
    }

    /// How the ray from `p` toward +x meets the y-monotonic piece t ∈ [t0, t1] of `segment`.
    ///
    /// Half-open in y (the lower end counts, the upper does not) so a ray through a vertex is
    /// counted once where the outline passes through and zero or twice at a turning vertex.
    fileprivate static func crossing(_ segment: PathSegment, _ t0: CGFloat, _ t1: CGFloat, _ p: CGPoint, _ eps: CGFloat)
        -> Crossing
    {
        let a = segment.point(at: t0), b = segment.point(at: t1)
        let yLow = Swift.min(a.y, b.y), yHigh = Swift.max(a.y, b.y)
        guard p.y >= yLow - eps, p.y <= yHigh + eps else { return .none }
        if yHigh - yLow <= eps {
            // A flat piece: only the outline test applies; x may not be monotonic, so sample its
            // x-extremes too.
            var xs = [a.x, b.x]
            for t in segment.extremaParameters(axis: 0) where t > t0 && t < t1 { xs.append(segment.point(at: t).x) }
            if abs(p.y - a.y) <= eps, p.x >= xs.min()! - eps, p.x <= xs.max()! + eps { return .outline }
            return .none
        }
        // Bisection for the parameter where y = p.y (y is monotonic on the piece).
        let x: CGFloat
        if p.y <= yLow {
            x = a.y < b.y ? a.x : b.x
        } else if p.y >= yHigh {
            x = a.y > b.y ? a.x : b.x
        } else if segment.kind == .line {
            x = a.x + (b.x - a.x) * ((p.y - a.y) / (b.y - a.y))
        } else {
            var lo = t0, hi = t1
            let increasing = b.y > a.y
            for _ in 0..<80 {
                let mid = (lo + hi) / 2
                guard mid > lo, mid < hi else { break }
                let y = segment.point(at: mid).y
                if (y < p.y) == increasing { lo = mid } else { hi = mid }
            }
            x = segment.point(at: (lo + hi) / 2).x
        }
        if abs(x - p.x) <= eps { return .outline }
        guard p.y >= yLow, p.y < yHigh, x > p.x else { return .none }
        return .cross(b.y > a.y ? 1 : -1)
    }
}
