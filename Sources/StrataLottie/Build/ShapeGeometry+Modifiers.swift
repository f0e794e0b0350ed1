import CoreGraphics
import Foundation

// The reshaping modifiers, as After Effects defines them (and lottie-web, ThorVG and the
// community's feature files show them): each takes one outline and gives its new outlines.
extension ShapeGeometry {
    /// Pucker and bloat: every vertex moves towards the centre by `amount` percent of its
    /// distance, every handle away from it by as much (negative amounts pucker: vertices out into
    /// spikes, edges curved in). The centre is the middle of the vertices' bounding box, as After
    /// Effects' reference shows (lottie-web's mean of the vertices sits 2.3 points too low in a
    /// pentagon of radius 24: its spikes come out a pixel off).
    static func puckerBloat(_ shape: BezierShape, amount: Double) -> BezierShape {
        let n = shape.vertices.count
        guard n > 0, amount != 0, amount.isFinite else { return shape }
        let k = CGFloat(amount / 100)
        let xs = shape.vertices.map(\.x), ys = shape.vertices.map(\.y)
        let centre = CGPoint(
            x: ((xs.min() ?? 0) + (xs.max() ?? 0)) / 2, y: ((ys.min() ?? 0) + (ys.max() ?? 0)) / 2)
        var out = shape
        for i in 0..<n {
            let v = shape.vertices[i]
            let moved = v + (centre - v) * k
            let outHandle = v + shape.outTangents[i], inHandle = v + shape.inTangents[i]
            out.vertices[i] = moved
            out.outTangents[i] = outHandle + (centre - outHandle) * -k - moved
            out.inTangents[i] = inHandle + (centre - inHandle) * -k - moved
        }
        return out
    }

    /// Zig zag: `ridges` points on each segment (at equal steps of its Bézier parameter) and every
    /// vertex moved `size` points off the outline, alternately to one side and the other (the first
    /// vertex inwards for a clockwise outline); straight between them (corners) or through
    /// handles along the outline of ½ of the spacing (smooth).
    static func zigZag(_ shape: BezierShape, size: Double, ridges: Double, smooth: Bool) -> BezierShape {
        let n = shape.vertices.count
        let segments = shape.closed ? n : n - 1
        guard size != 0, size.isFinite, ridges.isFinite, segments > 0 else { return shape }
        let r = Int(min(max(ridges.rounded(), 0), 1000))
        var points: [(p: CGPoint, along: CGPoint, inLength: CGFloat, outLength: CGFloat)] = []
        var side: CGFloat = -1
        func add(_ p: CGPoint, direction: CGPoint, _ inLength: CGFloat, _ outLength: CGFloat) {
            let d = unit(direction)
            // The normal to the left of the direction of travel in y-down coordinates: outward
            // for a clockwise outline.
            let normal = CGPoint(x: d.y, y: -d.x)
            points.append((p + normal * (side * CGFloat(size)), d, inLength, outLength))
            side = -side
        }
        func corner(_ i: Int) {
            let v = shape.vertices[i % n]
            let prev = shape.vertices[(i + n - 1) % n], next = shape.vertices[(i + 1) % n]
            let steps = CGFloat(2 * (r + 1))
            add(v, direction: next - prev, smooth ? distance(v, prev) / steps : 0, smooth ? distance(v, next) / steps : 0)
        }
        corner(0)
        for s in 0..<segments {
            let a = s, b = (s + 1) % n
            let p0 = shape.vertices[a], p3 = shape.vertices[b]
            var p1 = p0 + shape.outTangents[a], p2 = p3 + shape.inTangents[b]
            // A straight segment (no handles) is a line: its points evenly spaced along it.
            if shape.outTangents[a] == .zero, shape.inTangents[b] == .zero {
                p1 = p0 + (p3 - p0) * (1.0 / 3)
                p2 = p0 + (p3 - p0) * (2.0 / 3)
            }
            let handle = smooth ? distance(p0, p3) / CGFloat(2 * (r + 1)) : 0
            for k in 0..<r {
                let t = CGFloat(k + 1) / CGFloat(r + 1)
                var tangent = cubicDerivative(p0, p1, p2, p3, t)
                if hypot(tangent.x, tangent.y) < 1e-9 { tangent = p3 - p0 }
                add(cubicPoint(p0, p1, p2, p3, t), direction: tangent, handle, handle)
            }
            // A closed outline ends where it began: its first vertex again only when on the other side.
            if shape.closed, s == segments - 1, side == -1 { break }
            corner(s + 1)
        }
        return BezierShape(
            closed: shape.closed, vertices: points.map(\.p), inTangents: points.map { $0.along * -$0.inLength },
            outTangents: points.map { $0.along * $0.outLength })
    }

    /// Offset path: a closed outline grown by `amount` points (the union with its stroke of
    /// width 2·|amount|), or shrunk (the stroke cut out) when negative; an open one becomes the
    /// band `amount` points to each side of it, ended square (round for round joins). Corners:
    /// `join` 1 miter (within `miterLimit`), 2 round, 3 bevel.
    static func offset(_ shape: BezierShape, amount: Double, join: Int, miterLimit: Double) -> [BezierShape] {
        guard amount != 0, amount.isFinite, shape.vertices.count > 1 else { return [shape] }
        let lineJoin: CGLineJoin = join == 2 ? .round : join == 3 ? .bevel : .miter
        let outline = shape.path
        let band = outline.copy(
            strokingWithWidth: CGFloat(abs(amount) * 2), lineCap: lineJoin == .round ? .round : .butt, lineJoin: lineJoin,
            miterLimit: CGFloat(miterLimit.isFinite ? max(miterLimit, 1) : 4))
        guard shape.closed else { return BezierShape.shapes(of: band.normalized()) }
        return BezierShape.shapes(of: amount > 0 ? outline.union(band) : outline.subtracting(band))
    }

    private static func unit(_ p: CGPoint) -> CGPoint {
        let l = hypot(p.x, p.y)
        return l > 1e-12 ? p * (1 / l) : CGPoint(x: 1, y: 0)
    }

    private static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(a.x - b.x, a.y - b.y) }

    private static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
    }

    private static func cubicDerivative(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
    }
}
