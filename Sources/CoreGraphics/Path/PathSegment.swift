// One drawing segment of a path (line, quadratic or cubic Bézier) with its start point, and the
// Bézier maths every geometric query shares: evaluation, derivative, splitting, extrema.
// Coordinates are in the path's user space (points); parameters `t` run from 0 to 1.

/// A line or Bézier curve with explicit start point, as the geometry code walks a path.
///
/// Unused control slots repeat the end point, so `p0…p3` are always valid points.
package struct PathSegment: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case line, quad, cubic
    }

    package var kind: Kind
    /// Start point.
    package var p0: CGPoint
    /// Line: end point. Quad: control point. Cubic: first control point.
    package var p1: CGPoint
    /// Line: end point. Quad: end point. Cubic: second control point.
    package var p2: CGPoint
    /// The end point (all kinds).
    package var p3: CGPoint

    package static func line(_ a: CGPoint, _ b: CGPoint) -> PathSegment {
        PathSegment(kind: .line, p0: a, p1: b, p2: b, p3: b)
    }

    package static func quad(_ a: CGPoint, _ c: CGPoint, _ b: CGPoint) -> PathSegment {
        PathSegment(kind: .quad, p0: a, p1: c, p2: b, p3: b)
    }

    package static func cubic(_ a: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ b: CGPoint) -> PathSegment {
        PathSegment(kind: .cubic, p0: a, p1: c1, p2: c2, p3: b)
    }

    package var start: CGPoint { p0 }
    package var end: CGPoint { p3 }

    /// The element type and points (controls first, end last) that append this segment to a path.
    package var element: (type: CGPathElementType, points: [CGPoint]) {
        switch kind {
        case .line: (.addLineToPoint, [p3])
        case .quad: (.addQuadCurveToPoint, [p1, p3])
        case .cubic: (.addCurveToPoint, [p1, p2, p3])
        }
    }

    /// The point at parameter `t`.
    package func point(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        switch kind {
        case .line:
            return CGPoint(x: p0.x + (p3.x - p0.x) * t, y: p0.y + (p3.y - p0.y) * t)
        case .quad:
            let a = u * u, b = 2 * u * t, c = t * t
            return CGPoint(x: a * p0.x + b * p1.x + c * p3.x, y: a * p0.y + b * p1.y + c * p3.y)
        case .cubic:
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(
                x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
    }

    /// The derivative dB/dt at `t` (points per unit parameter).
    package func derivative(at t: CGFloat) -> CGVector {
        let u = 1 - t
        switch kind {
        case .line:
            return CGVector(dx: p3.x - p0.x, dy: p3.y - p0.y)
        case .quad:
            return CGVector(
                dx: 2 * (u * (p1.x - p0.x) + t * (p3.x - p1.x)),
                dy: 2 * (u * (p1.y - p0.y) + t * (p3.y - p1.y)))
        case .cubic:
            let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
            return CGVector(
                dx: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                dy: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
        }
    }

    /// The speed |dB/dt| at `t`, the integrand of arc length.
    package func speed(at t: CGFloat) -> CGFloat {
        let d = derivative(at: t)
        return (d.dx * d.dx + d.dy * d.dy).squareRoot()
    }

    /// A direction of travel at `t` that is non-zero whenever the segment has any extent.
    ///
    /// Where the derivative vanishes (a control point on an end point, a cusp) the direction is
    /// taken from nearby parameters, then from the chord, so tangents stay defined.
    package func tangent(at t: CGFloat) -> CGVector {
        let d = derivative(at: t)
        if d.dx != 0 || d.dy != 0 { return d }
        let h: CGFloat = 1e-6
        let a = point(at: Swift.max(0, t - h))
        let b = point(at: Swift.min(1, t + h))
        if a != b { return CGVector(dx: b.x - a.x, dy: b.y - a.y) }
        return CGVector(dx: p3.x - p0.x, dy: p3.y - p0.y)
    }

    /// The part of the segment between parameters `t0` and `t1` (t0 ≤ t1), of the same kind.
    package func subsegment(from t0: CGFloat, to t1: CGFloat) -> PathSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        let a = point(at: t0)
        let b = point(at: t1)
        switch kind {
        case .line:
            return .line(a, b)
        case .quad:
            // Blossom q(t0, t1) is the control point of the restricted quadratic.
            let c = blossomQuad(t0, t1)
            return .quad(a, c, b)
        case .cubic:
            // Blossoms q(t0,t0,t1) and q(t0,t1,t1) are the restricted cubic's control points.
            let c1 = blossomCubic(t0, t0, t1)
            let c2 = blossomCubic(t0, t1, t1)
            return .cubic(a, c1, c2, b)
        }
    }

    private func blossomQuad(_ s: CGFloat, _ t: CGFloat) -> CGPoint {
        // q(s, t) = (1-s)(1-t) P0 + ((1-s)t + s(1-t)) P1 + s t P2
        let a = (1 - s) * (1 - t), b = (1 - s) * t + s * (1 - t), c = s * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p3.x, y: a * p0.y + b * p1.y + c * p3.y)
    }

    private func blossomCubic(_ r: CGFloat, _ s: CGFloat, _ t: CGFloat) -> CGPoint {
        let ur = 1 - r, us = 1 - s, ut = 1 - t
        let a = ur * us * ut
        let b = r * us * ut + ur * s * ut + ur * us * t
        let c = r * s * ut + r * us * t + ur * s * t
        let d = r * s * t
        return CGPoint(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
            y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Parameters in (0, 1) where the x (`axis` 0) or y (`axis` 1) derivative is zero, i.e. where
    /// the curve may turn back along that axis. Lines have none.
    package func extremaParameters(axis: Int) -> [CGFloat] {
        func c(_ p: CGPoint) -> CGFloat { axis == 0 ? p.x : p.y }
        switch kind {
        case .line:
            return []
        case .quad:
            // B'(t) = 2[(p1-p0) + t(p0 - 2p1 + p2)] = 0
            let denom = c(p0) - 2 * c(p1) + c(p3)
            guard denom != 0 else { return [] }
            let t = (c(p0) - c(p1)) / denom
            return t > 0 && t < 1 ? [t] : []
        case .cubic:
            // B'(t)/3 = a t² + b t + c with a = -p0 + 3p1 - 3p2 + p3, b = 2(p0 - 2p1 + p2), c = p1 - p0.
            let a = -c(p0) + 3 * c(p1) - 3 * c(p2) + c(p3)
            let b = 2 * (c(p0) - 2 * c(p1) + c(p2))
            let cc = c(p1) - c(p0)
            return Self.quadraticRoots(a, b, cc).filter { $0 > 0 && $0 < 1 }
        }
    }

    /// Real roots of a t² + b t + c (linear or constant cases included), numerically stable.
    package static func quadraticRoots(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        let scale = Swift.max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return [] }
        // A leading coefficient negligible against the others makes the equation linear.
        if abs(a) <= scale * 1e-12 {
            guard b != 0 else { return [] }
            return [-c / b]
        }
        let disc = b * b - 4 * a * c
        if disc < 0 { return [] }
        let sq = disc.squareRoot()
        // Avoids cancellation: q = -(b + sign(b)·√disc)/2, roots q/a and c/q.
        let q = -0.5 * (b + (b < 0 ? -sq : sq))
        var roots = [q / a]
        if q != 0 { roots.append(c / q) }
        return roots
    }

    /// The number of equal-parameter pieces whose chords stay within `tolerance` points of the curve.
    ///
    /// Wang's formula: for a degree-n Bézier, n(n−1)/8 · max|second difference| / k² ≤ tolerance
    /// guarantees the polyline of k equal steps is within `tolerance` everywhere.
    package func flatteningSteps(tolerance: CGFloat) -> Int {
        func norm(_ x: CGFloat, _ y: CGFloat) -> CGFloat { (x * x + y * y).squareRoot() }
        // Points past 1e15 (beyond cairo's fixed point and what the boolean operations take, and
        // NaN) stay one chord: a file's absurd control points must not cost 100,000 steps each.
        let far: CGFloat = 1e15
        guard abs(p0.x) < far, abs(p0.y) < far, abs(p1.x) < far, abs(p1.y) < far, abs(p2.x) < far, abs(p2.y) < far,
            abs(p3.x) < far, abs(p3.y) < far
        else { return 1 }
        let m: CGFloat
        switch kind {
        case .line:
            return 1
        case .quad:
            m = 0.25 * norm(p0.x - 2 * p1.x + p3.x, p0.y - 2 * p1.y + p3.y)
        case .cubic:
            m = 0.75 * Swift.max(
                norm(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
                norm(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
        }
        let k = (m / tolerance).squareRoot().rounded(.up)
        // Capped so a huge curve or a tiny tolerance cannot exhaust memory (and before the
        // conversion: control points 1e300 away ask for more steps than an Int holds).
        guard k.isFinite else { return 1 }
        return k >= 100_000 ? 100_000 : Swift.max(Int(k), 1)
    }

    /// Appends the points after `p0` of a polyline within `tolerance` points of the segment.
    package func appendFlattened(tolerance: CGFloat, to points: inout [CGPoint]) {
        let steps = flatteningSteps(tolerance: tolerance)
        if steps > 1 {
            for i in 1..<steps {
                points.append(point(at: CGFloat(i) / CGFloat(steps)))
            }
        }
        points.append(p3)
    }
}

/// One subpath as segments: where it starts, its drawing segments and whether it is closed.
package struct PathSubpath: Hashable, Sendable {
    /// The point of the subpath's move.
    package var start: CGPoint
    /// The drawing segments in order; for a closed subpath the last is the closing line back to
    /// `start` (possibly of zero length), flagged by `isClosed`.
    package var segments: [PathSegment]
    package var isClosed: Bool

    /// The end of the last drawn segment (the start again for a closed subpath).
    package var end: CGPoint { segments.last?.end ?? start }
}

extension PathStorage {
    /// The path split into subpaths of explicit segments; a move with nothing after it yields a
    /// subpath with no segments.
    package func subpaths() -> [PathSubpath] {
        var result: [PathSubpath] = []
        var current: PathSubpath?
        var cursor = CGPoint.zero
        forEachElement { type, points in
            switch type {
            case .moveToPoint:
                if let c = current { result.append(c) }
                cursor = points[points.startIndex]
                current = PathSubpath(start: cursor, segments: [], isClosed: false)
            case .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint:
                if current == nil || current!.isClosed {
                    // Drawing after a close continues from the closed subpath's start.
                    if let c = current { result.append(c) }
                    current = PathSubpath(start: cursor, segments: [], isClosed: false)
                }
                let p = Array(points)
                let segment: PathSegment
                switch type {
                case .addLineToPoint: segment = .line(cursor, p[0])
                case .addQuadCurveToPoint: segment = .quad(cursor, p[0], p[1])
                default: segment = .cubic(cursor, p[0], p[1], p[2])
                }
                current!.segments.append(segment)
                cursor = segment.end
            case .closeSubpath:
                guard var c = current, !c.isClosed else { return }
                c.segments.append(.line(cursor, c.start))
                c.isClosed = true
                cursor = c.start
                current = c
            }
        }
        if let c = current { result.append(c) }
        return result
    }

    /// Appends a segment as a path element (the caller has placed the current point at its start).
    /// Its points are appended one by one: `element`'s array was an allocation a segment (a
    /// trimmed path is rebuilt every frame its `strokeEnd` animates).
    package mutating func append(_ segment: PathSegment) {
        switch segment.kind {
        case .line:
            types.append(.addLineToPoint)
            points.append(segment.p3)
        case .quad:
            types.append(.addQuadCurveToPoint)
            points.append(segment.p1)
            points.append(segment.p3)
        case .cubic:
            types.append(.addCurveToPoint)
            points.append(segment.p1)
            points.append(segment.p2)
            points.append(segment.p3)
        }
    }

    /// Makes room for `elements` more elements holding `points` more points.
    package mutating func reserveCapacity(elements: Int, points count: Int) {
        types.reserveCapacity(types.count + elements)
        points.reserveCapacity(points.count + count)
    }

    /// Appends a move to `point`.
    package mutating func move(to point: CGPoint) {
        types.append(.moveToPoint)
        points.append(point)
    }

    /// Appends a line to `point`.
    package mutating func line(to point: CGPoint) {
        types.append(.addLineToPoint)
        points.append(point)
    }

    /// Appends a closeSubpath.
    package mutating func close() {
        types.append(.closeSubpath)
    }

    /// The same elements with every point mapped by `t`.
    package func applying(_ t: CGAffineTransform) -> PathStorage {
        if t == .identity { return self }
        return PathStorage(types: types, points: points.map { $0.applying(t) })
    }

    /// `applying(t)`, or an empty path (with a warning naming `function`) when the transform
    /// makes a coordinate NaN or infinite — a path never holds non-finite points.
    package func finiteApplying(_ t: CGAffineTransform, in function: String) -> PathStorage {
        let mapped = applying(t)
        guard mapped.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            Diagnostics.warn("\(function): transform \(t) gives non-finite points; empty path returned")
            return PathStorage()
        }
        return mapped
    }
}
