import Foundation

// Bounding boxes (in the path's user space, points) and the rectangle test.

extension CGPath {
    /// The smallest rect containing every point of the path, control points included
    /// (CGPathGetBoundingBox); `CGRect.null` for an empty path. A trailing lone move counts.
    public var boundingBox: CGRect {
        var box = BoxAccumulator()
        for p in storage.points { box.add(p) }
        return box.rect
    }

    /// The smallest rect containing the path as drawn (CGPathGetPathBoundingBox): end points and
    /// the curves' true extremes (where dx/dt or dy/dt is zero), not their control points;
    /// `CGRect.null` for an empty path. Lone moves count, as in Apple's.
    public var boundingBoxOfPath: CGRect {
        // An immutable path's elements never change: its box is worked out once (compositors
        // ask for it every frame). A CGMutablePath's is worked out each time.
        guard type(of: self) == CGPath.self else { return computeBoundingBoxOfPath() }
        Self.boxLock.lock()
        let cached = cachedPathBox
        Self.boxLock.unlock()
        if let cached { return cached }
        let box = computeBoundingBoxOfPath()
        Self.boxLock.lock()
        cachedPathBox = box
        Self.boxLock.unlock()
        return box
    }

    /// Guards every path's `cachedPathBox` (paths are shared between threads; one short lock).
    static let boxLock = NSLock()

    private func computeBoundingBoxOfPath() -> CGRect {
        var box = BoxAccumulator()
        for subpath in storage.subpaths() {
            box.add(subpath.start)
            for segment in subpath.segments {
                box.add(segment.end)
                for axis in 0..<2 {
                    for t in segment.extremaParameters(axis: axis) { box.add(segment.point(at: t)) }
                }
            }
        }
        return box.rect
    }

    /// True when the path is exactly one closed axis-aligned rectangle (CGPathIsRect): a move and
    /// three lines whose edges alternate horizontal and vertical (optionally a fourth line back to
    /// the start), then a close. Either direction counts; so does a zero-size rect, as built by
    /// `addRect` / `init(rect:)`. On true, writes the standardized rect to `rect` if given.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        let types = storage.types
        let p = storage.points
        let shapeA: [CGPathElementType] = [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath]
        let shapeB: [CGPathElementType] = [
            .moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath,
        ]
        guard types == shapeA || (types == shapeB && p[4] == p[0]) else { return false }
        // Edges p0→p1→p2→p3→p0 alternate: first horizontal then vertical, or the reverse.
        let startsHorizontal = p[0].y == p[1].y && p[1].x == p[2].x && p[2].y == p[3].y && p[3].x == p[0].x
        let startsVertical = p[0].x == p[1].x && p[1].y == p[2].y && p[2].x == p[3].x && p[3].y == p[0].y
        guard startsHorizontal || startsVertical else { return false }
        if let rect {
            let minX = Swift.min(p[0].x, p[2].x), maxX = Swift.max(p[0].x, p[2].x)
            let minY = Swift.min(p[0].y, p[2].y), maxY = Swift.max(p[0].y, p[2].y)
            rect.pointee = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        return true
    }
}

/// Grows a min/max box point by point; empty means `CGRect.null`.
private struct BoxAccumulator {
    private var minX = CGFloat.infinity, minY = CGFloat.infinity
    private var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = Swift.min(minX, p.x)
        minY = Swift.min(minY, p.y)
        maxX = Swift.max(maxX, p.x)
        maxY = Swift.max(maxY, p.y)
    }

    var rect: CGRect {
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
