import CoreGraphics
import Testing

/// One path element as plain values, for comparing whole element lists in tests.
struct PathTestElement: Equatable, CustomStringConvertible {
    var type: CGPathElementType
    var points: [CGPoint]

    init(_ type: CGPathElementType, _ points: [CGPoint] = []) {
        self.type = type
        self.points = points
    }

    var description: String { "\(type) \(points.map { "(\($0.x), \($0.y))" }.joined(separator: " "))" }
}

/// Helpers shared by the Path tests (namespaced so they cannot clash with other test files).
enum PathTestSupport {
    /// The path's elements read through the public applier.
    static func elements(_ path: CGPath) -> [PathTestElement] {
        var result: [PathTestElement] = []
        path.applyWithBlock { element in
            let e = element.pointee
            let count: Int
            switch e.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            result.append(PathTestElement(e.type, (0..<count).map { e.points[$0] }))
        }
        return result
    }

    static func move(_ x: CGFloat, _ y: CGFloat) -> PathTestElement { PathTestElement(.moveToPoint, [CGPoint(x: x, y: y)]) }
    static func line(_ x: CGFloat, _ y: CGFloat) -> PathTestElement { PathTestElement(.addLineToPoint, [CGPoint(x: x, y: y)]) }
    static func curve(_ c1x: CGFloat, _ c1y: CGFloat, _ c2x: CGFloat, _ c2y: CGFloat, _ x: CGFloat, _ y: CGFloat)
        -> PathTestElement
    {
        PathTestElement(.addCurveToPoint, [CGPoint(x: c1x, y: c1y), CGPoint(x: c2x, y: c2y), CGPoint(x: x, y: y)])
    }
    static let close = PathTestElement(.closeSubpath)

    /// True when both lists have the same types and every coordinate within `tolerance`.
    static func matches(_ a: [PathTestElement], _ b: [PathTestElement], tolerance: CGFloat = 1e-9) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard x.type == y.type, x.points.count == y.points.count else { return false }
            for (p, q) in zip(x.points, y.points) where !near(p, q, tolerance) { return false }
        }
        return true
    }

    static func near(_ p: CGPoint, _ q: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
        abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
    }

    static func near(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool { abs(a - b) <= tolerance }

    static func near(_ r: CGRect, _ s: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
        near(r.origin.x, s.origin.x, tolerance) && near(r.origin.y, s.origin.y, tolerance)
            && near(r.width, s.width, tolerance) && near(r.height, s.height, tolerance)
    }

    /// Angles equal modulo 2π within `tolerance` radians.
    static func sameAngle(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        var d = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
        if d > .pi { d -= 2 * .pi }
        if d < -.pi { d += 2 * .pi }
        return abs(d) <= tolerance
    }

    /// The number of subpaths (moves) in a path.
    static func subpathCount(_ path: CGPath) -> Int {
        elements(path).filter { $0.type == .moveToPoint }.count
    }

    /// Signed areas (positive = counter-clockwise in y-up space) of each subpath, curves sampled
    /// densely (64 steps) — enough to tell orientation apart.
    static func signedAreas(_ path: CGPath) -> [CGFloat] {
        var areas: [CGFloat] = []
        var pts: [CGPoint] = []
        func flush() {
            guard pts.count > 2 else { pts = []; return }
            var a: CGFloat = 0
            for i in pts.indices {
                let p = pts[i], q = pts[(i + 1) % pts.count]
                a += p.x * q.y - q.x * p.y
            }
            areas.append(a / 2)
            pts = []
        }
        for e in elements(path) {
            switch e.type {
            case .moveToPoint:
                flush()
                pts = [e.points[0]]
            case .addLineToPoint, .addQuadCurveToPoint:
                pts.append(e.points.last!)
            case .addCurveToPoint:
                let p0 = pts.last!
                for i in 1...64 {
                    let t = CGFloat(i) / 64, u = 1 - t
                    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    let q = e.points
                    pts.append(CGPoint(
                        x: a * p0.x + b * q[0].x + c * q[1].x + d * q[2].x,
                        y: a * p0.y + b * q[0].y + c * q[1].y + d * q[2].y))
                }
            case .closeSubpath:
                break
            }
        }
        flush()
        return areas
    }
}
