import CoreGraphics
import StrataGeometry
import StrataRender

/// A projective map of the plane, `[x y 1] × M` then divide by the third component: a layer's
/// plane onto a drawing target, taken from its 4×4 map (rows and columns 1, 2, 4; z = 0 in).
package struct PlaneMap: Sendable, Hashable {
    package var a, b, c: Double  // row 1: x coefficients of x', y', w
    package var d, e, f: Double  // row 2: y coefficients
    package var g, h, i: Double  // row 3: constants

    package init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double, i: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h, self.i) = (a, b, c, d, e, f, g, h, i)
    }

    package init(_ m: CATransform3D) {
        self.init(a: m.m11, b: m.m12, c: m.m14, d: m.m21, e: m.m22, f: m.m24, g: m.m41, h: m.m42, i: m.m44)
    }

    package static let identity = PlaneMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)

    /// A translation by (`dx`, `dy`).
    package static func translation(_ dx: Double, _ dy: Double) -> PlaneMap {
        PlaneMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: dx, h: dy, i: 1)
    }

    /// The homogeneous image of `p`: (x', y', w).
    package func applyHomogeneous(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * a + y * d + g, x * b + y * e + h, x * c + y * f + i)
    }

    /// The image of `p`, nil where w ≤ 0 (behind the eye).
    package func apply(_ p: CGPoint) -> CGPoint? {
        let q = applyHomogeneous(p.x, p.y)
        guard q.w > 1e-12 else { return nil }
        return CGPoint(x: q.x / q.w, y: q.y / q.w)
    }

    /// True when the map is affine (no perspective): w is constant.
    package var isAffine: Bool {
        abs(c) < 1e-15 && abs(f) < 1e-15 && i > 0
    }

    /// The affine part divided by w (meaningful when `isAffine`).
    package var affine: CGAffineTransform {
        CGAffineTransform(a: a / i, b: b / i, c: d / i, d: e / i, tx: g / i, ty: h / i)
    }

    package var determinant: Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    /// The inverse map (nil when singular or not finite).
    package var inverse: PlaneMap? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let r = 1 / det
        let m = PlaneMap(
            a: (e * i - f * h) * r, b: (c * h - b * i) * r, c: (b * f - c * e) * r,
            d: (f * g - d * i) * r, e: (a * i - c * g) * r, f: (c * d - a * f) * r,
            g: (d * h - e * g) * r, h: (b * g - a * h) * r, i: (a * e - b * d) * r)
        return m.isFinite ? m : nil
    }

    /// `self` then `other`.
    package func then(_ o: PlaneMap) -> PlaneMap {
        PlaneMap(
            a: a * o.a + b * o.d + c * o.g, b: a * o.b + b * o.e + c * o.h, c: a * o.c + b * o.f + c * o.i,
            d: d * o.a + e * o.d + f * o.g, e: d * o.b + e * o.e + f * o.h, f: d * o.c + e * o.f + f * o.i,
            g: g * o.a + h * o.d + i * o.g, h: g * o.b + h * o.e + i * o.h, i: g * o.c + h * o.f + i * o.i)
    }

    package var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite && f.isFinite && g.isFinite
            && h.isFinite && i.isFinite
    }

    /// The largest local-to-target stretch of the linear part at the local point `p`, in target
    /// units per local unit (how finely a raster of the layer must be sampled).
    package func scale(at p: CGPoint) -> Double {
        let q = applyHomogeneous(p.x, p.y)
        guard q.w > 1e-12 else { return 1 }
        // Jacobian of (x/w, y/w).
        let w2 = q.w * q.w
        let j11 = (a * q.w - q.x * c) / w2, j12 = (b * q.w - q.y * c) / w2
        let j21 = (d * q.w - q.x * f) / w2, j22 = (e * q.w - q.y * f) / w2
        // Largest singular value of [[j11 j12] [j21 j22]], in the form without cancellation: a
        // turn gives exactly 1 (the form through the determinant gave 1 + 10⁻⁸, so turning layers
        // hopped between raster scales).
        let sum = ((j11 + j22) * (j11 + j22) + (j12 - j21) * (j12 - j21)).squareRoot()
        let difference = ((j11 - j22) * (j11 - j22) + (j12 + j21) * (j12 + j21)).squareRoot()
        return (sum + difference) / 2
    }

    /// True when the map stretches the plane by at most `limit` at the local point `p` (and that
    /// stretch is finite): `scale(at:) <= limit`, answered for an affine map without square
    /// roots from the Frobenius norm of its linear part, which bounds its largest stretch.
    package func stretches(atMost limit: Double, at p: CGPoint) -> Bool {
        if c == 0, f == 0, i > 0 {
            let frobenius = (a * a + b * b + d * d + e * e) / (i * i)
            if frobenius.isFinite, frobenius <= limit * limit { return true }
        }
        let stretch = scale(at: p)
        return stretch.isFinite && stretch <= limit
    }

    /// The bounding box of `r`'s image (the part in front of the eye); no allocation when the
    /// whole rectangle is in front, which is the common case.
    package func boundingBox(of r: CGRect) -> CGRect {
        let x0 = r.minX, x1 = r.maxX, y0 = r.minY, y1 = r.maxY
        let inFront = 1e-9 * Swift.max(1, abs(i))
        // The four corners one by one (an array of them was allocated for every box).
        let p0 = applyHomogeneous(x0, y0), p1 = applyHomogeneous(x1, y0)
        let p2 = applyHomogeneous(x1, y1), p3 = applyHomogeneous(x0, y1)
        guard p0.w > inFront, p1.w > inFront, p2.w > inFront, p3.w > inFront else {
            return CGRect.bounding(projectedPolygon(of: r))
        }
        let ax = p0.x / p0.w, ay = p0.y / p0.w, bx = p1.x / p1.w, by = p1.y / p1.w
        let cx = p2.x / p2.w, cy = p2.y / p2.w, dx = p3.x / p3.w, dy = p3.y / p3.w
        // In corner order from ±infinity, as a loop over them would (a NaN coordinate is passed over).
        let minX = Swift.min(Swift.min(Swift.min(Swift.min(Double.infinity, ax), bx), cx), dx)
        let maxX = Swift.max(Swift.max(Swift.max(Swift.max(-Double.infinity, ax), bx), cx), dx)
        let minY = Swift.min(Swift.min(Swift.min(Swift.min(Double.infinity, ay), by), cy), dy)
        let maxY = Swift.max(Swift.max(Swift.max(Swift.max(-Double.infinity, ay), by), cy), dy)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The corners of `r` clipped to w ≥ ε (the part in front of the eye) and projected, in order.
    package func projectedPolygon(of r: CGRect) -> [CGPoint] {
        var corners = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
        ]
        let eps = 1e-6 * Swift.max(abs(i), abs(c) * abs(r.maxX), abs(f) * abs(r.maxY), 1e-9)
        func w(_ p: CGPoint) -> Double { p.x * c + p.y * f + i }
        if !corners.allSatisfy({ w($0) >= eps }) {
            // Sutherland–Hodgman against the half-plane w ≥ ε.
            var clipped: [CGPoint] = []
            for k in corners.indices {
                let p = corners[k], q = corners[(k + 1) % corners.count]
                let wp = w(p), wq = w(q)
                if wp >= eps { clipped.append(p) }
                if (wp >= eps) != (wq >= eps) {
                    let t = (eps - wp) / (wq - wp)
                    clipped.append(CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
                }
            }
            corners = clipped
        }
        return corners.compactMap { apply($0) }
    }
}

extension CGRect {
    /// The bounding box of `points` (null when empty).
    package static func bounding(_ points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() {
            minX = Swift.min(minX, p.x)
            maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y)
            maxY = Swift.max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Signature {
    mutating func combine(_ map: PlaneMap) {
        combine(map.a)
        combine(map.b)
        combine(map.c)
        combine(map.d)
        combine(map.e)
        combine(map.f)
        combine(map.g)
        combine(map.h)
        combine(map.i)
    }
}
