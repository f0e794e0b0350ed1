// Arc-length parametrisation of a whole path, for keyframe `path` animations and CAShapeLayer's
// strokeStart/strokeEnd. Distances are in points along the outline, fractions of the total
// length; subpaths follow each other (the jump of a move adds nothing) and a closeSubpath's line
// back to the start counts like any line.

/// A path measured once; lookups afterwards allocate nothing.
package struct PathMeasure: Sendable {
    /// One segment of positive length, placed on the whole path's distance axis.
    struct Piece: Sendable {
        var segment: PathSegment
        var table: ArcLengthTable
        /// Distance (points) from the path's start to this piece's start.
        var start: CGFloat
        var length: CGFloat
        var end: CGFloat { start + length }
    }

    /// One subpath: its segments as drawn and its span of the distance axis.
    struct Part: Sendable {
        var subpath: PathSubpath
        /// Indices into `pieces` of this subpath's segments of positive length.
        var pieces: Range<Int>
        var start: CGFloat
        var length: CGFloat
    }

    let pieces: [Piece]
    let parts: [Part]
    /// The point of the path's first move (what zero-length paths report), if any.
    let firstPoint: CGPoint?

    /// The length of the whole path in points: every drawn segment, closing lines included.
    package let totalLength: CGFloat

    package init(_ storage: PathStorage) {
        var pieces: [Piece] = []
        var parts: [Part] = []
        var distance: CGFloat = 0
        let subpaths = storage.subpaths()
        for subpath in subpaths {
            let first = pieces.count
            let partStart = distance
            for segment in subpath.segments {
                let table = ArcLengthTable(segment)
                let length = table.totalLength
                // Zero-length segments have no direction or extent to look up; they are skipped.
                guard length > 0 else { continue }
                pieces.append(Piece(segment: segment, table: table, start: distance, length: length))
                distance += length
            }
            parts.append(Part(subpath: subpath, pieces: first..<pieces.count, start: partStart, length: distance - partStart))
        }
        self.pieces = pieces
        self.parts = parts
        self.firstPoint = subpaths.first?.start
        self.totalLength = distance
    }

    /// Entries of all the segments' arc-length tables (what measuring cost in memory).
    package var tableEntryCount: Int { pieces.reduce(0) { $0 + $1.table.parameters.count } }

    package init(_ path: CGPath) {
        self.init(path.storage)
    }

    /// The lengths (points) of the subpaths in order, lone moves included as 0.
    package var subpathLengths: [CGFloat] { parts.map(\.length) }

    /// The point at `fraction` (0…1, clamped; NaN reads as 0) of the total length and the
    /// direction of travel there as atan2(dy, dx) in radians. An empty or zero-length path gives
    /// its first point (or .zero) and angle 0.
    package func position(atFraction fraction: Double) -> (point: CGPoint, tangentAngle: Double) {
        let f = fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
        return position(atDistance: CGFloat(f) * totalLength)
    }

    /// The point at `distance` points along the path (clamped to 0…totalLength; NaN reads as 0)
    /// and the tangent angle there. At a boundary between segments the earlier segment is used.
    package func position(atDistance distance: CGFloat) -> (point: CGPoint, tangentAngle: Double) {
        guard !pieces.isEmpty else { return (firstPoint ?? .zero, 0) }
        let d = distance.isNaN ? 0 : Swift.min(Swift.max(distance, 0), totalLength)
        // First piece whose end reaches d.
        var lo = 0, hi = pieces.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if pieces[mid].end >= d { hi = mid } else { lo = mid + 1 }
        }
        let piece = pieces[lo]
        let t = piece.table.parameter(atDistance: d - piece.start, of: piece.segment)
        let tangent = piece.segment.tangent(at: t)
        return (piece.segment.point(at: t), Double(atan2(tangent.dy, tangent.dx)))
    }

    /// The part of the path between two fractions of its total length, curves split at the
    /// matching parameters (so they stay curves). Each subpath the range touches becomes its own
    /// subpath; one covered completely keeps its closeSubpath. Fractions are clamped to 0…1; an
    /// empty range (start ≥ end, or NaN) gives an empty path. Zero-length subpaths are left out.
    package func segment(from startFraction: Double, to endFraction: Double) -> PathStorage {
        var out = PathStorage()
        guard !startFraction.isNaN, !endFraction.isNaN else { return out }
        let f0 = Swift.min(Swift.max(startFraction, 0), 1), f1 = Swift.min(Swift.max(endFraction, 0), 1)
        guard f0 < f1, totalLength > 0 else { return out }
        let d0 = CGFloat(f0) * totalLength, d1 = CGFloat(f1) * totalLength
        // Room for every piece of the subpaths the range touches: one allocation per array, not
        // one per doubling (a trimmed path is made every frame its strokeEnd animates).
        var touched = 0, touchedParts = 0
        for part in parts where part.length > 0 && part.start < d1 && part.start + part.length > d0 {
            touched += part.pieces.count
            touchedParts += 1
        }
        out.reserveCapacity(elements: touched + 2 * touchedParts, points: 3 * touched + touchedParts)
        for index in parts.indices where parts[index].length > 0 {
            let part = parts[index]
            let a = Swift.max(d0, part.start) - part.start
            let b = Swift.min(d1, part.start + part.length) - part.start
            guard a < b else { continue }
            appendRange(ofSubpath: index, from: a, to: b, into: &out, startWithMove: true)
        }
        return out
    }

    /// Appends the distance range `from`…`to` (points, local to subpath `index`) to `out`.
    ///
    /// Covering a closed subpath completely appends it whole with its close. An empty range
    /// (`from == to`) appends a zero-length line at that point (a dash dot). With `startWithMove`
    /// false the first element continues from `out`'s current point (which must be the range's
    /// start), as dashing uses to join across a closed subpath's start.
    package func appendRange(
        ofSubpath index: Int, from: CGFloat, to: CGFloat, into out: inout PathStorage, startWithMove: Bool
    ) {
        let part = parts[index]
        let slack = part.length * 1e-12
        if part.subpath.isClosed, from <= slack, to >= part.length - slack, startWithMove {
            out.move(to: part.subpath.start)
            for segment in part.subpath.segments.dropLast() { out.append(segment) }
            out.close()
            return
        }
        var needsMove = startWithMove
        for i in part.pieces {
            let piece = pieces[i]
            let s0 = piece.start - part.start, s1 = s0 + piece.length
            if from == to {
                // A dot: the piece holding the point, then stop.
                guard from <= s1 || i == part.pieces.upperBound - 1 else { continue }
                let t = piece.table.parameter(atDistance: from - s0, of: piece.segment)
                let p = piece.segment.point(at: t)
                if needsMove { out.move(to: p) }
                out.line(to: p)
                return
            }
            guard s0 < to, s1 > from else { continue }
            let t0 = from > s0 ? piece.table.parameter(atDistance: from - s0, of: piece.segment) : 0
            let t1 = to < s1 ? piece.table.parameter(atDistance: to - s0, of: piece.segment) : 1
            let sub = piece.segment.subsegment(from: t0, to: t1)
            if needsMove {
                out.move(to: sub.start)
                needsMove = false
            }
            out.append(sub)
        }
    }
}
