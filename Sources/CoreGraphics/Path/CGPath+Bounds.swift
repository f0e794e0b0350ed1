import Synchronization
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
        // Paths are shared between threads: the box is published once, after it is written (a
        // lock around every read cost a Lottie frame 1 %); a reader that comes while another
        // thread stores it works it out too.
        if pathBoxState.load(ordering: .acquiring) == 2, let cached = cachedPathBox { return cached }
        let box = computeBoundingBoxOfPath()
        if pathBoxState.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            cachedPathBox = box
            pathBoxState.store(2, ordering: .releasing)
        }
        return box
    }

    /// The box of every subpath's start, every segment's end and the curves' extrema, in one
    /// pass over the elements without building segments (a 500-point path sampled at thousands
    /// of frames spent most of a Lottie file's building here).
    private func computeBoundingBoxOfPath() -> CGRect {
        var box = BoxAccumulator()
        let types = storage.types
        let points = storage.points
        var index = 0
        var cursor = CGPoint.zero
        var start = CGPoint.zero
        /// The current subpath has drawn since its move (or is closed): drawing after a close
        /// starts a new subpath at the closed one's start.
        var open = false
        for type in types {
            switch type {
            case .moveToPoint:
                cursor = points[index]
                start = cursor
                open = true
                box.add(cursor)
            case .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint:
                if !open {
                    start = cursor
                    open = true
                    box.add(cursor)
                }
                let end: CGPoint
                switch type {
                case .addLineToPoint:
                    end = points[index]
                case .addQuadCurveToPoint:
                    end = points[index + 1]
                    box.addQuadExtrema(cursor, points[index], end)
                default:
                    end = points[index + 2]
                    box.addCubicExtrema(cursor, points[index], points[index + 1], end)
                }
                box.add(end)
                cursor = end
            case .closeSubpath:
                if open { cursor = start }
                open = false
            @unknown default:
                break
            }
            index += type.pointCount
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

    /// Adds a quadratic's points where it turns in x or y (inside the segment).
    mutating func addQuadExtrema(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint) {
        for axis in 0..<2 {
            let a = axis == 0 ? p0.x : p0.y, b = axis == 0 ? p1.x : p1.y, c = axis == 0 ? p2.x : p2.y
            let denom = a - 2 * b + c
            guard denom != 0 else { continue }
            let t = (a - b) / denom
            guard t > 0, t < 1 else { continue }
            let u = 1 - t
            let k0 = u * u, k1 = 2 * u * t, k2 = t * t
            add(CGPoint(x: k0 * p0.x + k1 * p1.x + k2 * p2.x, y: k0 * p0.y + k1 * p1.y + k2 * p2.y))
        }
    }

    /// Adds a cubic's points where it turns in x or y (inside the segment): the roots of its
    /// derivative, found as `PathSegment.quadraticRoots` finds them, without an array.
    mutating func addCubicExtrema(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        for axis in 0..<2 {
            let c0 = axis == 0 ? p0.x : p0.y, c1 = axis == 0 ? p1.x : p1.y
            let c2 = axis == 0 ? p2.x : p2.y, c3 = axis == 0 ? p3.x : p3.y
            let a = -c0 + 3 * c1 - 3 * c2 + c3
            let b = 2 * (c0 - 2 * c1 + c2)
            let c = c1 - c0
            let scale = Swift.max(abs(a), abs(b), abs(c))
            guard scale > 0 else { continue }
            if abs(a) <= scale * 1e-12 {
                if b != 0 { addCubicPoint(-c / b, p0, p1, p2, p3) }
                continue
            }
            let disc = b * b - 4 * a * c
            guard disc >= 0 else { continue }
            let sq = disc.squareRoot()
            let q = -0.5 * (b + (b < 0 ? -sq : sq))
            addCubicPoint(q / a, p0, p1, p2, p3)
            if q != 0 { addCubicPoint(c / q, p0, p1, p2, p3) }
        }
    }

    private mutating func addCubicPoint(_ t: CGFloat, _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        guard t > 0, t < 1 else { return }
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        add(CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
    }

    var rect: CGRect {
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
