import CoreGraphics

// Keyframes from a CGPath (timing spec §4.2): every line, curve and closeSubpath element is one
// segment ending in a keyframe; the first keyframe is the start point of the first segment; moves
// define no keyframe (the point jumps to the new subpath at the key time where its first element
// begins). Between keyframes the point travels along the element itself.

/// A path split into keyframe segments, with its arc-length measure for the paced modes.
struct PathKeyframes: Sendable {
    /// One drawing segment per keyframe segment, in order (closeSubpath = a line back to the
    /// subpath's start, possibly of zero length).
    let segments: [PathSegment]
    /// The n = segments.count + 1 keyframe points: the first segment's start, then each end.
    let points: [CGPoint]
    /// Arc length over the whole path (moves add nothing), for paced and cubicPaced.
    let measure: PathMeasure

    /// Whether the path's last element closes its subpath (its last segment is that line).
    let endsClosed: Bool

    /// Nil when the path has no line or curve element (see `firstPoint` for a lone move).
    init?(_ storage: PathStorage) {
        let subpaths = storage.subpaths()
        let segments = subpaths.flatMap(\.segments)
        guard let first = segments.first else { return nil }
        self.segments = segments
        self.points = [first.start] + segments.map(\.end)
        self.measure = PathMeasure(storage)
        self.endsClosed = subpaths.last?.isClosed ?? false
    }

    private init(segments: [PathSegment], points: [CGPoint], measure: PathMeasure) {
        self.segments = segments
        self.points = points
        self.measure = measure
        self.endsClosed = false
    }

    /// The keyframes without the final closing line, when the path ends closed and has another
    /// segment: the path lottie-ios (and others) hands over with one key time per point it drew,
    /// the `closeSubpath()` adding no point of its own. nil otherwise.
    var droppingFinalClose: PathKeyframes? {
        guard endsClosed, segments.count > 1 else { return nil }
        return PathKeyframes(segments: Array(segments.dropLast()), points: Array(points.dropLast()), measure: measure)
    }

    /// The tangent angle (radians, atan2(dy, dx): from +x toward +y) of segment `i` at `t`.
    func angle(segment i: Int, at t: Double) -> Double {
        let d = segments[i].tangent(at: CGFloat(t))
        return Double(atan2(d.dy, d.dx))
    }

    /// The cumulative arc length at each keyframe divided by the total (the paced key times), or
    /// nil for a path of zero length.
    var pacedKeyTimes: [Double]? {
        var distances = [0.0]
        var length = 0.0
        for s in segments {
            length += Double(ArcLengthTable(s).totalLength)
            distances.append(length)
        }
        guard length > 0 else { return nil }
        return distances.map { min(1, $0 / length) }
    }
}
