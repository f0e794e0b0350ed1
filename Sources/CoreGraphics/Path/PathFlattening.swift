// Curves to polylines, for code that needs straight pieces (stroking, hit areas, the animation
// engine). Accuracy is a distance bound: every polyline stays within `tolerance` points of the
// true curve (Wang's formula picks the number of equal-parameter steps, see PathSegment).

/// A path flattened to one polyline per subpath.
package struct PathFlattening: Sendable {
    /// One subpath as a polyline.
    package struct Polyline: Hashable, Sendable {
        /// The vertices in order, starting at the subpath's move. A closed subpath does not repeat
        /// its start at the end unless the path itself drew back to it before closing.
        package var points: [CGPoint]
        /// Whether a closing edge from the last point back to the first is part of the subpath.
        package var isClosed: Bool
        /// For each point, whether it is an element end point (a corner where the path's join
        /// applies) rather than a point inside a flattened curve.
        package var isCorner: [Bool]
    }

    /// The subpaths that draw something (lone moves are left out), in path order.
    package let polylines: [Polyline]
    /// The tolerance actually used, in points.
    package let tolerance: CGFloat

    /// The smallest tolerance accepted, in points; finer requests are raised to it so a curve
    /// never needs an unbounded number of pieces.
    package static let minimumTolerance: CGFloat = 1e-6

    /// Flattens `storage` so no polyline is more than `tolerance` points from its curve.
    /// A non-finite or non-positive tolerance is replaced by 0.1 with a warning.
    package init(_ storage: PathStorage, tolerance: CGFloat) {
        var tol = tolerance
        if !(tol > 0) || !tol.isFinite {
            Diagnostics.warn("PathFlattening: invalid tolerance \(tolerance); using 0.1")
            tol = 0.1
        }
        tol = Swift.max(tol, Self.minimumTolerance)
        self.tolerance = tol
        var result: [Polyline] = []
        for subpath in storage.subpaths() where !subpath.segments.isEmpty {
            var points = [subpath.start]
            var corners = [true]
            // The closing line is implied by isClosed rather than stored as points.
            let drawn = subpath.isClosed ? subpath.segments.dropLast() : subpath.segments[...]
            for segment in drawn {
                let before = points.count
                segment.appendFlattened(tolerance: tol, to: &points)
                corners.append(contentsOf: repeatElement(false, count: points.count - before - 1))
                corners.append(true)
            }
            result.append(Polyline(points: points, isClosed: subpath.isClosed, isCorner: corners))
        }
        self.polylines = result
    }

    /// Convenience: flattens a CGPath.
    package init(_ path: CGPath, tolerance: CGFloat) {
        self.init(path.storage, tolerance: tolerance)
    }
}

extension CGPath {
    /// A copy whose curves are replaced by lines within `threshold` points of them (Apple's
    /// `flattened(threshold:)`, macOS 13). Subpaths keep their moves and closes.
    public func flattened(threshold: CGFloat) -> CGPath {
        let flat = PathFlattening(storage, tolerance: threshold)
        var out = PathStorage()
        for line in flat.polylines {
            out.move(to: line.points[0])
            for p in line.points.dropFirst() { out.line(to: p) }
            if line.isClosed { out.close() }
        }
        return CGPath(storage: out)
    }
}
