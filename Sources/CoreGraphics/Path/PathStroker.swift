// The stroke outline of a path, as a union of simple pieces rather than one offset outline.
//
// Why pieces: an offset outline of a curve tighter than the half-width, or of a sharp inner
// corner, folds over itself and needs a boolean union to fill right. Instead the flattened path
// becomes bands (a run of segments of a smooth curve, or one segment: a rectangle), every join a
// wedge, every cap a cap shape — each wound counter-clockwise in y-up space, so with positive
// winding wherever it covers. Filled with the non-zero winding rule, overlapping pieces only add
// up and the union is exactly the stroke.

/// Builds the outline that `copy(strokingWithWidth:…)` returns.
package struct PathStroker {
    /// Half the line width, in points.
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    /// Miter length ÷ line width beyond which a miter join becomes a bevel (as CGContext).
    let miterLimit: CGFloat
    /// Flattening tolerance for curves, in points.
    let tolerance: CGFloat
    private(set) var output = PathStorage()

    package init(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat) {
        self.halfWidth = width / 2
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.tolerance = tolerance
    }

    /// The stroke outline of `storage`: a set of positively wound closed pieces to fill with the
    /// non-zero winding rule.
    package static func stroke(
        _ storage: PathStorage, width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
        tolerance: CGFloat
    ) -> PathStorage {
        var stroker = PathStroker(width: width, cap: cap, join: join, miterLimit: miterLimit, tolerance: tolerance)
        for line in PathFlattening(storage, tolerance: tolerance).polylines {
            stroker.add(line)
        }
        return stroker.output
    }

    /// Adds the pieces of one flattened subpath.
    mutating func add(_ line: PathFlattening.Polyline) {
        // Drop repeated points (zero-length segments have no direction); a corner flag survives.
        let same = 1e-9 * (1 + halfWidth)
        var points: [CGPoint] = []
        var corners: [Bool] = []
        for (p, corner) in zip(line.points, line.isCorner) {
            if let last = points.last, Self.distance(last, p) <= same {
                corners[corners.count - 1] = corners[corners.count - 1] || corner
                continue
            }
            points.append(p)
            corners.append(corner)
        }
        if line.isClosed, points.count > 1, Self.distance(points[0], points[points.count - 1]) <= same {
            points.removeLast()
            corners.removeLast()
            corners[0] = true
        }
        guard points.count > 1 else {
            dot(at: points[0])
            return
        }
        let n = points.count
        let segmentCount = line.isClosed ? n : n - 1
        var directions: [CGVector] = []
        var lengths: [CGFloat] = []
        directions.reserveCapacity(segmentCount)
        lengths.reserveCapacity(segmentCount)
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % n]
            let len = Self.distance(a, b)
            directions.append(CGVector(dx: (b.x - a.x) / len, dy: (b.y - a.y) / len))
            lengths.append(len)
        }
        // Vertices where segments meet: all of them on a closed subpath, the inner ones otherwise.
        let joins = line.isClosed ? Array(0..<n) : Array(1..<(n - 1))
        var smooth = [Bool](repeating: false, count: n)
        for k in joins where !corners[k] {
            let previous = (k + segmentCount - 1) % segmentCount
            smooth[k] = isSmooth(directions[previous], directions[k], lengths[previous], lengths[k])
        }
        // Runs of segments meeting at smooth vertices become one band each.
        var runStart = 0
        for i in 0..<segmentCount {
            let next = (i + 1) % n
            let runContinues = i + 1 < segmentCount && smooth[next]
            if !runContinues {
                band(points: points, directions: directions, segments: runStart...i)
                runStart = i + 1
            }
        }
        for k in joins where !smooth[k] {
            let previous = (k + segmentCount - 1) % segmentCount
            joint(at: points[k], incoming: directions[previous], outgoing: directions[k], style: corners[k] ? join : .round)
        }
        if !line.isClosed {
            endCap(at: points[0], outward: CGVector(dx: -directions[0].dx, dy: -directions[0].dy))
            endCap(at: points[n - 1], outward: directions[segmentCount - 1])
        }
    }

    /// Whether the vertex between two flattened-curve segments (unit directions, lengths in
    /// points) can be covered by a mitred band instead of a round join.
    ///
    /// Two conditions: the miter overshoots the round join's radius by at most the flattening
    /// tolerance (so it is as accurate as the flattening), and the inner miter point moves each
    /// side's offset by less than half of either segment (so every trapezoid of the band stays
    /// convex and wound forward, which keeps the band's winding positive everywhere).
    private func isSmooth(_ d0: CGVector, _ d1: CGVector, _ len0: CGFloat, _ len1: CGFloat) -> Bool {
        let dot = d0.dx * d1.dx + d0.dy * d1.dy
        let cross = d0.dx * d1.dy - d0.dy * d1.dx
        guard dot > 0 else { return false }
        let cosHalf = ((1 + dot) / 2).squareRoot()
        let tanHalf = abs(cross) / (1 + dot)
        return halfWidth * (1 / cosHalf - 1) <= tolerance
            && halfWidth * tanHalf < len0 / 2 && halfWidth * tanHalf < len1 / 2
    }

    /// One polygon covering consecutive segments: the right-hand offsets forward, the left-hand
    /// offsets back, mitred at the run's inner vertices. It is the union of one convex trapezoid
    /// per segment glued along the miter lines, each wound counter-clockwise (see `isSmooth`), so
    /// its winding is positive wherever it covers. A single segment gives a rectangle.
    private mutating func band(points: [CGPoint], directions: [CGVector], segments: ClosedRange<Int>) {
        let n = points.count
        var left: [CGPoint] = []
        var right: [CGPoint] = []
        left.reserveCapacity(segments.count + 1)
        right.reserveCapacity(segments.count + 1)
        for i in segments {
            let normal = leftNormal(directions[i])
            if i == segments.lowerBound {
                left.append(points[i] + normal)
                right.append(points[i] - normal)
            } else {
                // The miter offset: (n₀ + n₁) / (1 + d₀·d₁) reaches the two offset lines' crossing.
                let d0 = directions[i - 1], d1 = directions[i]
                let miter = (leftNormal(d0) + normal) * (1 / (1 + d0.dx * d1.dx + d0.dy * d1.dy))
                left.append(points[i] + miter)
                right.append(points[i] - miter)
            }
        }
        let endNormal = leftNormal(directions[segments.upperBound])
        let end = points[(segments.upperBound + 1) % n]
        left.append(end + endNormal)
        right.append(end - endNormal)
        output.move(to: right[0])
        for p in right.dropFirst() { output.line(to: p) }
        for p in left.reversed() { output.line(to: p) }
        output.close()
    }

    // MARK: Pieces (each closed and wound with positive area)

    /// The wedge filling the outside of the corner at `v` between two unit directions.
    private mutating func joint(at v: CGPoint, incoming d0: CGVector, outgoing d1: CGVector, style: CGLineJoin) {
        let cross = d0.dx * d1.dy - d0.dy * d1.dx
        let dot = d0.dx * d1.dx + d0.dy * d1.dy
        // Straight on: the two bodies already meet edge to edge.
        if abs(cross) <= 1e-12 && dot > 0 { return }
        // Signed turning angle; a full reversal counts as a left turn.
        let turn = abs(cross) <= 1e-12 ? CGFloat.pi : atan2(cross, dot)
        // The outer side is the right one on a left turn, the left one on a right turn.
        let o0 = turn > 0 ? -leftNormal(d0) : leftNormal(d0)
        let o1 = turn > 0 ? -leftNormal(d1) : leftNormal(d1)
        switch style {
        case .round:
            pie(center: v, startAngle: atan2(o0.dy, o0.dx), sweep: turn)
        case .bevel:
            polygon([v, v + o0, v + o1])
        case .miter:
            // Miter length ÷ width = 1 / cos(turn / 2) = 1 / sin(half the angle between the lines).
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf <= 0 || 1 / cosHalf > miterLimit {
                polygon([v, v + o0, v + o1])
            } else {
                let tip = v + (o0 + o1) * (1 / (1 + dot))
                polygon([v, v + o0, tip, v + o1])
            }
        }
    }

    /// The cap at an open end `p`, extending along the unit `outward` direction.
    private mutating func endCap(at p: CGPoint, outward d: CGVector) {
        let n = leftNormal(d)
        switch cap {
        case .butt:
            break
        case .square:
            let e = d * halfWidth
            polygon([p - n, p - n + e, p + n + e, p + n])
        case .round:
            // The half disc from the right side, through the tip, to the left side.
            pie(center: p, startAngle: atan2(-n.dy, -n.dx), sweep: .pi)
        }
    }

    /// A subpath with no extent: round caps give a disc, square caps an axis-aligned square,
    /// butt caps nothing (as CGContext draws a zero-length line).
    private mutating func dot(at p: CGPoint) {
        switch cap {
        case .butt:
            break
        case .square:
            let h = halfWidth
            polygon([
                CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h),
                CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h),
            ])
        case .round:
            output.move(to: CGPoint(x: p.x + halfWidth, y: p.y))
            for piece in ArcGeometry.cubicPieces(center: p, radius: halfWidth, startAngle: 0, sweep: 2 * .pi) {
                output.append(piece)
            }
            output.close()
        }
    }

    /// A circular sector of radius halfWidth, always emitted with positive sweep.
    private mutating func pie(center: CGPoint, startAngle: CGFloat, sweep: CGFloat) {
        let start = sweep < 0 ? startAngle + sweep : startAngle
        let pieces = ArcGeometry.cubicPieces(center: center, radius: halfWidth, startAngle: start, sweep: abs(sweep))
        guard let first = pieces.first else { return }
        output.move(to: center)
        output.line(to: first.start)
        for piece in pieces { output.append(piece) }
        output.close()
    }

    /// A closed polygon, reversed if needed so its signed area is positive; degenerate ones
    /// (no area) are dropped.
    private mutating func polygon(_ points: [CGPoint]) {
        var area: CGFloat = 0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0, area.isFinite else { return }
        let ordered = area > 0 ? points : points.reversed()
        output.move(to: ordered[0])
        for p in ordered.dropFirst() { output.line(to: p) }
        output.close()
    }

    private func leftNormal(_ d: CGVector) -> CGVector { CGVector(dx: -d.dy * halfWidth, dy: d.dx * halfWidth) }

    private static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}

// Small vector arithmetic local to the stroker.
private func + (p: CGPoint, v: CGVector) -> CGPoint { CGPoint(x: p.x + v.dx, y: p.y + v.dy) }
private func - (p: CGPoint, v: CGVector) -> CGPoint { CGPoint(x: p.x - v.dx, y: p.y - v.dy) }
private func + (a: CGVector, b: CGVector) -> CGVector { CGVector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
private func * (v: CGVector, s: CGFloat) -> CGVector { CGVector(dx: v.dx * s, dy: v.dy * s) }
private prefix func - (v: CGVector) -> CGVector { CGVector(dx: -v.dx, dy: -v.dy) }
