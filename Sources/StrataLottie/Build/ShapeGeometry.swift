import CoreGraphics
import Foundation

/// The Bézier outlines of Lottie's parametric shapes, with After Effects' starting points and
/// directions (clockwise unless reversed), so that trims start where they do in After Effects.
enum ShapeGeometry {
    /// The handle length of a quarter circle as a cubic, per unit radius.
    static let kappa = 0.5519150244935105

    /// An ellipse of `size` centred at `center`: starts at the top.
    static func ellipse(center c: CGPoint, size: CGSize, reversed: Bool) -> BezierShape {
        let rx = size.width / 2, ry = size.height / 2
        let kx = rx * kappa, ky = ry * kappa
        var v = [CGPoint(x: c.x, y: c.y - ry), CGPoint(x: c.x + rx, y: c.y), CGPoint(x: c.x, y: c.y + ry), CGPoint(x: c.x - rx, y: c.y)]
        var o = [CGPoint(x: kx, y: 0), CGPoint(x: 0, y: ky), CGPoint(x: -kx, y: 0), CGPoint(x: 0, y: -ky)]
        var i = o.map { CGPoint(x: -$0.x, y: -$0.y) }
        if reversed {
            v = [v[0], v[3], v[2], v[1]]
            let oo = o
            o = [i[0], i[3], i[2], i[1]]
            i = [oo[0], oo[3], oo[2], oo[1]]
        }
        return BezierShape(closed: true, vertices: v, inTangents: i, outTangents: o)
    }

    /// A rectangle of `size` centred at `center` with corner radius `radius` (clamped to half the
    /// shorter side): starts at the top right corner.
    static func rectangle(center c: CGPoint, size: CGSize, radius rawRadius: CGFloat, reversed: Bool) -> BezierShape {
        let w = size.width / 2, h = size.height / 2
        let r = max(0, min(rawRadius, min(abs(w), abs(h))))
        var v: [CGPoint], i: [CGPoint], o: [CGPoint]
        if r == 0 {
            v = [CGPoint(x: c.x + w, y: c.y - h), CGPoint(x: c.x + w, y: c.y + h), CGPoint(x: c.x - w, y: c.y + h), CGPoint(x: c.x - w, y: c.y - h)]
            i = Array(repeating: .zero, count: 4)
            o = i
        } else {
            let k = r * kappa
            // Clockwise from the top of the right side, two points per corner.
            v = [
                CGPoint(x: c.x + w, y: c.y - h + r), CGPoint(x: c.x + w, y: c.y + h - r),
                CGPoint(x: c.x + w - r, y: c.y + h), CGPoint(x: c.x - w + r, y: c.y + h),
                CGPoint(x: c.x - w, y: c.y + h - r), CGPoint(x: c.x - w, y: c.y - h + r),
                CGPoint(x: c.x - w + r, y: c.y - h), CGPoint(x: c.x + w - r, y: c.y - h),
            ]
            o = [.zero, CGPoint(x: 0, y: k), .zero, CGPoint(x: -k, y: 0), .zero, CGPoint(x: 0, y: -k), .zero, CGPoint(x: k, y: 0)]
            i = [CGPoint(x: 0, y: -k), .zero, CGPoint(x: k, y: 0), .zero, CGPoint(x: 0, y: k), .zero, CGPoint(x: -k, y: 0), .zero]
        }
        let shape = BezierShape(closed: true, vertices: v, inTangents: i, outTangents: o)
        return reversed ? shape.reversed : shape
    }

    /// A star (points × 2 vertices, alternating outer and inner radius) or a polygon, its first
    /// point straight up from the centre turned by `rotation` degrees; roundness in percent.
    static func star(
        center c: CGPoint, points rawPoints: Double, outerRadius: Double, innerRadius: Double?, outerRoundness: Double,
        innerRoundness: Double, rotation: Double, reversed: Bool
    ) -> BezierShape {
        let n = clampedInt(rawPoints.rounded(.down), 3, 500)
        let isStar = innerRadius != nil
        let count = isStar ? 2 * n : n
        let step = 2 * Double.pi / Double(count)
        var v: [CGPoint] = [], i: [CGPoint] = [], o: [CGPoint] = []
        for k in 0..<count {
            let outer = !isStar || k % 2 == 0
            let radius = outer ? outerRadius : innerRadius ?? outerRadius
            let roundness = (outer ? outerRoundness : innerRoundness) / 100
            let angle = rotation * .pi / 180 - .pi / 2 + Double(k) * step
            let p = CGPoint(x: c.x + radius * cos(angle), y: c.y + radius * sin(angle))
            // Handles along the tangent of the circle through the vertex: a star's a quarter of the
            // arc between its points; a polygon's a quarter of its radius, as iOS draws it (a
            // quarter of the arc, lottie-web's, bulges a rounded pentagon more; the feature files
            // from After Effects pass either way).
            let length = isStar ? radius * roundness * 2 * Double.pi / Double(count * 2) : radius * roundness * 0.25
            let t = CGPoint(x: -sin(angle) * length, y: cos(angle) * length)
            v.append(p)
            o.append(t)
            i.append(CGPoint(x: -t.x, y: -t.y))
        }
        let shape = BezierShape(closed: true, vertices: v, inTangents: i, outTangents: o)
        return reversed ? shape.reversed : shape
    }

    /// Corners rounded (the Round Corners modifier): each vertex without handles is cut back by
    /// `radius` along both of its segments (at most half of each) and joined by a quarter-circle-like curve.
    static func roundCorners(_ shape: BezierShape, radius: Double) -> BezierShape {
        guard radius > 0, shape.vertices.count >= 2 else { return shape }
        let n = shape.vertices.count
        var v: [CGPoint] = [], i: [CGPoint] = [], o: [CGPoint] = []
        for k in 0..<n {
            let p = shape.vertices[k]
            let sharp = shape.inTangents[k] == .zero && shape.outTangents[k] == .zero
            let hasPrev = shape.closed || k > 0, hasNext = shape.closed || k < n - 1
            guard sharp, hasPrev, hasNext else {
                v.append(p)
                i.append(shape.inTangents[k])
                o.append(shape.outTangents[k])
                continue
            }
            let prev = shape.vertices[(k - 1 + n) % n], next = shape.vertices[(k + 1) % n]
            let dPrev = hypot(prev.x - p.x, prev.y - p.y), dNext = hypot(next.x - p.x, next.y - p.y)
            guard dPrev > 0, dNext > 0 else {
                v.append(p)
                i.append(.zero)
                o.append(.zero)
                continue
            }
            let r = min(radius, dPrev / 2, dNext / 2)
            let a = p + (prev - p) * (r / dPrev), b = p + (next - p) * (r / dNext)
            let handle = 1 - kappa
            v.append(a)
            i.append(.zero)
            o.append((p - a) * handle)
            v.append(b)
            i.append((p - b) * handle)
            o.append(.zero)
        }
        return BezierShape(closed: shape.closed, vertices: v, inTangents: i, outTangents: o)
    }
}

extension BezierShape {
    /// The same outline walked the other way: from the same first vertex when closed, from the
    /// last one when open.
    var reversed: BezierShape {
        guard vertices.count > 1 else { return self }
        // A closed outline keeps its first vertex; an open one starts from its far end.
        let order = closed ? [0] + Array((1..<vertices.count).reversed()) : Array((0..<vertices.count).reversed())
        return BezierShape(
            closed: closed, vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
            outTangents: order.map { inTangents[$0] })
    }

    /// The shape through an affine map (handles are directions: no translation).
    func applying(_ t: CGAffineTransform) -> BezierShape {
        guard !t.isIdentity else { return self }
        let linear = CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0)
        return BezierShape(
            closed: closed, vertices: vertices.map { $0.applying(t) }, inTangents: inTangents.map { $0.applying(linear) },
            outTangents: outTangents.map { $0.applying(linear) })
    }
}
