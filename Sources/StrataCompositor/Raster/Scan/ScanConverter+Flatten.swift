import CoreGraphics

extension ScanConverter {
    /// Flattens `path` into `points` and `contours`: each point mapped through `transform`, each
    /// curve cut into as many chords as keep it within `tolerance` of the polygon (measured in
    /// device pixels through `deviceScale`, the transform's largest stretch, when the points stay
    /// in user space).
    func flatten(_ path: PathStorage, transform t: CGAffineTransform, tolerance: Double, deviceScale: Double = 1) {
        points.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
        let tol = tolerance / max(deviceScale, 1e-9)
        var start = (x: 0.0, y: 0.0), current = (x: 0.0, y: 0.0)
        var open = false
        func map(_ p: CGPoint) -> (x: Double, y: Double) {
            (t.a * p.x + t.c * p.y + t.tx, t.b * p.x + t.d * p.y + t.ty)
        }
        func begin(_ p: (x: Double, y: Double)) {
            finish(closed: false)
            contours.append((points.count / 2, 0, false, false))
            open = true
            add(p)
            start = p
            current = p
        }
        func add(_ p: (x: Double, y: Double)) {
            points.append(p.x)
            points.append(p.y)
        }
        func finish(closed: Bool) {
            guard open else { return }
            let k = contours.count - 1
            contours[k].count = points.count / 2 - contours[k].start
            contours[k].closed = closed
            open = false
        }
        func drawn() {
            if !open { begin(current) }
            contours[contours.count - 1].drawn = true
        }
        var index = 0
        // Indexed, not through a buffer pointer: a closure here made every local the helpers
        // share a heap box with a dynamic exclusivity check at each use.
        let pts = path.points
        for type in path.types {
            let n = type.pointCount
            guard index + n <= pts.count else { break }
            switch type {
            case .moveToPoint:
                begin(map(pts[index]))
            case .addLineToPoint:
                drawn()
                let p = map(pts[index])
                add(p)
                current = p
            case .addQuadCurveToPoint:
                drawn()
                let c = map(pts[index]), e = map(pts[index + 1])
                let ddx = current.x - 2 * c.x + e.x, ddy = current.y - 2 * c.y + e.y
                // A quadratic's chords of 1/n sag at most |p0 − 2p1 + p2| / (4n²).
                let steps = Self.steps(deviation: (ddx * ddx + ddy * ddy).squareRoot() / 4, tolerance: tol)
                let p0 = current
                for i in 1..<steps {
                    let u = Double(i) / Double(steps), v = 1 - u
                    add((v * v * p0.x + 2 * u * v * c.x + u * u * e.x, v * v * p0.y + 2 * u * v * c.y + u * u * e.y))
                }
                add(e)
                current = e
            case .addCurveToPoint:
                drawn()
                let c1 = map(pts[index]), c2 = map(pts[index + 1]), e = map(pts[index + 2])
                let p0 = current
                if Self.isStraight(p0, c1, c2, e, tolerance: tol) {
                    add(e)
                    current = e
                    break
                }
                let ax = p0.x - 2 * c1.x + c2.x, ay = p0.y - 2 * c1.y + c2.y
                let bx = c1.x - 2 * c2.x + e.x, by = c1.y - 2 * c2.y + e.y
                let dd = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
                // A cubic's chords of 1/n sag at most ¾·max|second differences| / n².
                let steps = Self.steps(deviation: 0.75 * dd, tolerance: tol)
                for i in 1..<steps {
                    let u = Double(i) / Double(steps), v = 1 - u
                    let b0 = v * v * v, b1 = 3 * u * v * v, b2 = 3 * u * u * v, b3 = u * u * u
                    add((b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * e.x, b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * e.y))
                }
                add(e)
                current = e
            case .closeSubpath:
                if open {
                    finish(closed: true)
                    current = start
                }
            }
            index += n
        }
        finish(closed: false)
    }

    /// True when the cubic p0 c1 c2 e is its chord traced once, forwards: both control points on
    /// the chord (within a thousandth of `tolerance`) and in order along it. Lottie writes every
    /// straight segment as such a cubic (zero tangents); its uneven pace would otherwise cut a
    /// rectangle's side into twenty collinear chords.
    static func isStraight(
        _ p0: (x: Double, y: Double), _ c1: (x: Double, y: Double), _ c2: (x: Double, y: Double),
        _ e: (x: Double, y: Double), tolerance: Double
    ) -> Bool {
        let dx = e.x - p0.x, dy = e.y - p0.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0, length2.isFinite else { return false }
        let slack = tolerance * 1e-3
        func along(_ c: (x: Double, y: Double)) -> Double? {
            let ux = c.x - p0.x, uy = c.y - p0.y
            let cross = ux * dy - uy * dx
            guard cross * cross <= slack * slack * length2 else { return nil }
            return (ux * dx + uy * dy) / length2
        }
        guard let t1 = along(c1), let t2 = along(c2) else { return false }
        return 0 <= t1 && t1 <= t2 && t2 <= 1
    }

    /// Chords for a curve whose polygon of one chord strays `deviation` (its error falls with
    /// the square of the chord count): at least 1, at most 1,000.
    static func steps(deviation: Double, tolerance: Double) -> Int {
        guard deviation.isFinite, tolerance > 0, deviation > tolerance else { return 1 }
        // Capped before the conversion: a finite deviation of 1e300 asks for more than an Int holds.
        let chords = (deviation / tolerance).squareRoot().rounded(.up)
        return chords >= 1000 ? 1000 : Int(chords)
    }
}
