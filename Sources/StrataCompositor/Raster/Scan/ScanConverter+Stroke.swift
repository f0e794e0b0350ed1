import CoreGraphics

extension ScanConverter {
    /// A stroke's style (user-space units).
    struct StrokeStyle {
        var width: Double
        var cap: CGLineCap
        var join: CGLineJoin
        var miterLimit: Double
    }

    /// Strokes `path` through `transform` with `color` at `alpha` within the device box `box`:
    /// each subpath outlined in user space (the pen is round in user space, as Core Graphics'),
    /// the outline mapped to device pixels and filled with the non-zero rule. Dashes are not
    /// drawn here (the caller leaves dashed strokes to cairo).
    func stroke(
        _ path: PathStorage, transform t: CGAffineTransform, style: StrokeStyle, color: RGBA, alpha: Double, box: CGRect,
        onto target: KernelTarget
    ) {
        guard let paint = Paint.solid(color, alpha: alpha) else { return }
        stroke(path, transform: t, style: style, paint: paint, box: box, onto: target)
    }

    /// `stroke(_:transform:style:color:alpha:box:onto:)` with `paint` for the colour.
    func stroke(
        _ path: PathStorage, transform t: CGAffineTransform, style: StrokeStyle, paint: Paint, box: CGRect,
        onto target: KernelTarget
    ) {
        outline(path, transform: t, stretch: Self.largestStretch(t), style: style)
        scan(box: box, evenOdd: false, paint: paint, onto: target)
    }

    /// Puts the stroke outline of `path` (layer space) into `edges`, flattened for `stretch`
    /// device pixels a layer unit and mapped through `t`, or projected through `projection`
    /// when it is set.
    func outline(_ path: PathStorage, transform t: CGAffineTransform, stretch scale: Double, style: StrokeStyle) {
        edges.removeAll(keepingCapacity: true)
        guard style.width > 0, style.width.isFinite, scale.isFinite, scale > 0 else { return }
        flatten(path, transform: .identity, tolerance: Self.tolerance, deviceScale: scale)
        let arcTolerance = Self.tolerance / max(scale, 1e-9)
        for contour in contours where contour.drawn {
            outlineContour(contour, style: style, arcTolerance: arcTolerance, transform: t)
        }
    }

    /// The largest factor by which `t` stretches a length.
    static func largestStretch(_ t: CGAffineTransform) -> Double {
        // The largest singular value of the 2×2 part.
        let e = (t.a + t.d) / 2, f = (t.a - t.d) / 2, g = (t.b + t.c) / 2, h = (t.b - t.c) / 2
        return (e * e + h * h).squareRoot() + (f * f + g * g).squareRoot()
    }

    /// Outlines one flattened subpath: the left side forward and the right side back with caps
    /// between (open), or the two sides as separate loops (closed); adds the outlines' edges.
    private func outlineContour(
        _ contour: (start: Int, count: Int, closed: Bool, drawn: Bool), style: StrokeStyle, arcTolerance: Double,
        transform t: CGAffineTransform
    ) {
        // The contour's points without repeats (a chord shorter than 10⁻⁹ of the width has no direction).
        // The converter's arrays are lent to locals for the contour (no allocation a contour; local
        // arrays, not properties, in the loops: no uniqueness or exclusivity checks at each append).
        var vertices = [(x: Double, y: Double)](), directions = [(x: Double, y: Double)](), lengths = [Double]()
        var out = [Double](), edges = [Double]()
        swap(&vertices, &spareVertices)
        swap(&directions, &spareDirections)
        swap(&lengths, &spareLengths)
        swap(&out, &outline)
        swap(&edges, &self.edges)
        defer {
            spareVertices = vertices
            spareDirections = directions
            spareLengths = lengths
            outline = out
            self.edges = edges
        }
        vertices.removeAll(keepingCapacity: true)
        directions.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        vertices.reserveCapacity(contour.count)
        let epsilon = style.width * 1e-9
        for i in 0..<contour.count {
            let p = (x: points[2 * (contour.start + i)], y: points[2 * (contour.start + i) + 1])
            if let last = vertices.last, abs(p.x - last.x) <= epsilon, abs(p.y - last.y) <= epsilon { continue }
            vertices.append(p)
        }
        if contour.closed, vertices.count > 1, let first = vertices.first, let last = vertices.last,
            abs(first.x - last.x) <= epsilon, abs(first.y - last.y) <= epsilon
        {
            vertices.removeLast()
        }
        let hw = style.width / 2
        out.removeAll(keepingCapacity: true)
        guard vertices.count > 1 else {
            // A zero-length subpath: a round cap draws a dot, a square cap a square (as cairo).
            guard let p = vertices.first else { return }
            switch style.cap {
            case .round: Self.arc(center: p, radius: hw, from: 0, sweep: 2 * .pi, tolerance: arcTolerance, into: &out)
            case .square:
                out.append(p.x - hw, p.y - hw)
                out.append(p.x + hw, p.y - hw)
                out.append(p.x + hw, p.y + hw)
                out.append(p.x - hw, p.y + hw)
            default: return
            }
            emit(out, t, reversed: false, into: &edges)
            return
        }
        let closed = contour.closed && vertices.count > 2
        let n = vertices.count
        let segments = closed ? n : n - 1
        // Segment i runs from vertex i to vertex i + 1 (mod n): its unit direction.
        directions.reserveCapacity(segments)
        lengths.reserveCapacity(segments)
        for i in 0..<segments {
            let a = vertices[i], b = vertices[i + 1 < n ? i + 1 : 0]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            directions.append((dx / length, dy / length))
            lengths.append(length)
        }
        out.reserveCapacity(8 * n)
        edges.reserveCapacity(edges.count + 16 * n)
        if closed {
            Self.offsetSide(1, vertices, directions, lengths, closed: true, style: style, arcTolerance: arcTolerance, into: &out)
            emit(out, t, reversed: false, into: &edges)
            out.removeAll(keepingCapacity: true)
            Self.offsetSide(-1, vertices, directions, lengths, closed: true, style: style, arcTolerance: arcTolerance, into: &out)
            emit(out, t, reversed: true, into: &edges)
            return
        }
        Self.offsetSide(1, vertices, directions, lengths, closed: false, style: style, arcTolerance: arcTolerance, into: &out)
        Self.cap(at: vertices[n - 1], direction: directions[segments - 1], style: style, arcTolerance: arcTolerance, into: &out)
        // The right side, walked backwards: the same as the left side of the reversed polyline.
        vertices.reverse()
        directions.reverse()
        lengths.reverse()
        for i in directions.indices { directions[i] = (-directions[i].x, -directions[i].y) }
        Self.offsetSide(
            1, vertices, directions, lengths, closed: false, style: style, arcTolerance: arcTolerance, into: &out)
        Self.cap(at: vertices[n - 1], direction: directions[segments - 1], style: style, arcTolerance: arcTolerance, into: &out)
        emit(out, t, reversed: false, into: &edges)
    }

    /// Appends one side's offset polyline to `out`: side +1 the left (direction turned by +90° in
    /// y-down space: (−dy, dx)), −1 the right; joins at inner vertices (and at the first, closed).
    private static func offsetSide(
        _ side: Double, _ vertices: [(x: Double, y: Double)], _ directions: [(x: Double, y: Double)], _ lengths: [Double],
        closed: Bool, style: StrokeStyle, arcTolerance: Double, into out: inout [Double]
    ) {
        let hw = style.width / 2, n = vertices.count, segments = directions.count
        for i in 0..<segments {
            let d = directions[i]
            let nx = -d.y * hw * side, ny = d.x * hw * side
            let a = vertices[i], b = vertices[i + 1 < n ? i + 1 : 0]
            if i > 0 || closed {
                let before = i > 0 ? i - 1 : segments - 1
                join(
                    at: a, from: directions[before], to: d, side: side, shorter: min(lengths[before], lengths[i]),
                    style: style, arcTolerance: arcTolerance, into: &out)
            } else {
                out.append(a.x + nx, a.y + ny)
            }
            out.append(b.x + nx, b.y + ny)
        }
    }

    /// Adds the join at vertex `v` on one side, from the end of the segment along `d0` to the
    /// start of the one along `d1` (`shorter`: the shorter segment's length): the corner on the
    /// inner side, a round, mitred or bevelled corner on the outer side.
    private static func join(
        at v: (x: Double, y: Double), from d0: (x: Double, y: Double), to d1: (x: Double, y: Double), side: Double,
        shorter: Double, style: StrokeStyle, arcTolerance: Double, into out: inout [Double]
    ) {
        let hw = style.width / 2
        let n0 = (x: -d0.y * hw * side, y: d0.x * hw * side), n1 = (x: -d1.y * hw * side, y: d1.x * hw * side)
        let a = (x: v.x + n0.x, y: v.y + n0.y), b = (x: v.x + n1.x, y: v.y + n1.y)
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        // Turning towards this side (cross has the side's sign in y-down space): the inner side.
        if cross * side > 1e-12 {
            // Where the two offset lines cross, when that is within both segments (a gentle turn):
            // the exact inner corner. Else through the pivot (the overlap is covered anyway).
            let k = 1 / (1 + dot)
            let back = hw * abs(cross) * k  // hw·tan(α/2), how far the corner is behind a and b
            if dot > -0.5, back <= shorter {
                out.append(v.x + (n0.x + n1.x) * k, v.y + (n0.y + n1.y) * k)
            } else {
                out.append(a.x, a.y)
                out.append(v.x, v.y)
                out.append(b.x, b.y)
            }
            return
        }
        out.append(a.x, a.y)
        if abs(cross) <= 1e-12, dot > 0 {
            out.append(b.x, b.y)
            return
        }
        switch style.join {
        case .round:
            let start = atan2(n0.y, n0.x)
            var sweep = atan2(n1.y, n1.x) - start
            // The outer arc turns the way the side does: away from the inside.
            if side > 0 {
                if sweep > 0 { sweep -= 2 * .pi }
            } else if sweep < 0 {
                sweep += 2 * .pi
            }
            if abs(cross) <= 1e-12 { sweep = side > 0 ? -.pi : .pi }
            arc(center: v, radius: hw, from: start, sweep: sweep, tolerance: arcTolerance, skipEnds: true, into: &out)
        case .miter:
            // The miter's length over the width is 1 / cos(α/2), α the turn: within the limit?
            let half = (1 + dot) / 2
            if half > 0, half * style.miterLimit * style.miterLimit >= 1 {
                let k = 1 / (1 + dot)
                out.append(v.x + (n0.x + n1.x) * k, v.y + (n0.y + n1.y) * k)
            }
        default: break
        }
        out.append(b.x, b.y)
    }

    /// Adds the cap at the end `p` of a segment along `d` (unit), from its left corner to its right.
    private static func cap(
        at p: (x: Double, y: Double), direction d: (x: Double, y: Double), style: StrokeStyle, arcTolerance: Double,
        into out: inout [Double]
    ) {
        let hw = style.width / 2
        let nx = -d.y * hw, ny = d.x * hw
        switch style.cap {
        case .round:
            arc(center: p, radius: hw, from: atan2(ny, nx), sweep: -.pi, tolerance: arcTolerance, skipEnds: true, into: &out)
        case .square:
            out.append(p.x + nx + d.x * hw, p.y + ny + d.y * hw)
            out.append(p.x - nx + d.x * hw, p.y - ny + d.y * hw)
        default: break
        }
    }

    /// Adds points along a circular arc (user space) within `tolerance` of it; `skipEnds` leaves
    /// out its two ends (the caller adds them).
    private static func arc(
        center c: (x: Double, y: Double), radius r: Double, from start: Double, sweep: Double, tolerance: Double,
        skipEnds: Bool = false, into out: inout [Double]
    ) {
        // A chord over angle θ sags r(1 − cos θ/2): the largest θ within the tolerance.
        let cosine = max(-1, min(1, 1 - tolerance / max(r, 1e-12)))
        let step = max(2 * acos(cosine), 0.01)
        let chords = (abs(sweep) / step).rounded(.up)
        let count = chords >= 1000 ? 1000 : chords >= 2 ? Int(chords) : 2
        let first = skipEnds ? 1 : 0, last = skipEnds ? count - 1 : count
        guard first <= last else { return }
        for i in first...last {
            let angle = start + sweep * Double(i) / Double(count)
            out.append(c.x + r * cos(angle), c.y + r * sin(angle))
        }
    }

    /// Maps the polygon `outline` (x, y pairs, user space) through `t`, or the converter's
    /// projection, and adds its edges to `edges`; `reversed`: as the polygon of its points in
    /// reverse order (the same edges, in the same order, each run the other way).
    private func emit(_ outline: [Double], _ t: CGAffineTransform, reversed: Bool, into edges: inout [Double]) {
        let count = outline.count / 2
        guard count >= 2 else { return }
        let projection = self.projection
        // Written in place into room made once (an append checks capacity and uniqueness).
        let start = edges.count
        var end = start
        edges.append(contentsOf: repeatElement(0, count: 4 * count))
        outline.withUnsafeBufferPointer { o in
            edges.withUnsafeMutableBufferPointer { e in
                func mapped(_ i: Int) -> (x: Double, y: Double) {
                    let x = o[2 * i], y = o[2 * i + 1]
                    guard let map = projection else { return (t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty) }
                    // The caller made sure every point of the stroke is in front of the eye.
                    let q = map.applyHomogeneous(x, y)
                    return (q.x / q.w, q.y / q.w)
                }
                var from = mapped(reversed ? 0 : count - 1)
                for k in 0..<count {
                    let to = mapped(reversed ? count - 1 - k : k)
                    if from.y != to.y {
                        e[end] = from.x
                        e[end + 1] = from.y
                        e[end + 2] = to.x
                        e[end + 3] = to.y
                        end += 4
                    }
                    from = to
                }
            }
        }
        edges.removeLast(edges.count - end)
    }
}

extension Array where Element == Double {
    /// Appends a point's two coordinates.
    @inline(__always) fileprivate mutating func append(_ x: Double, _ y: Double) {
        append(x)
        append(y)
    }
}
