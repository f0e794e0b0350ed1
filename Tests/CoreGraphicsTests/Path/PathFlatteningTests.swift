import CoreGraphics
import Testing

private typealias S = PathTestSupport

/// Distance from `p` to the segment a–b.
private func distance(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint) -> CGFloat {
    let dx = b.x - a.x, dy = b.y - a.y
    let l2 = dx * dx + dy * dy
    let t = l2 > 0 ? Swift.max(0, Swift.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0
    let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
    return (x * x + y * y).squareRoot()
}

@Suite struct PathFlatteningTests {
    @Test func cubicPolylineStaysWithinTolerance() {
        let p0 = CGPoint(x: 0, y: 0), c1 = CGPoint(x: 30, y: 120), c2 = CGPoint(x: 90, y: -60), p3 = CGPoint(x: 100, y: 10)
        let path = CGMutablePath()
        path.move(to: p0)
        path.addCurve(to: p3, control1: c1, control2: c2)
        let tolerance: CGFloat = 0.05
        let flat = PathFlattening(path.storage, tolerance: tolerance)
        let line = try! #require(flat.polylines.first)
        #expect(flat.polylines.count == 1)
        #expect(line.points.first == p0 && line.points.last == p3)
        let k = line.points.count - 1
        #expect(k > 10)
        // Pieces are equal steps in t: sample the curve inside each and measure to its chord.
        var worst: CGFloat = 0
        for i in 0..<k {
            for j in 1..<8 {
                let t = (CGFloat(i) + CGFloat(j) / 8) / CGFloat(k), u = 1 - t
                let p = CGPoint(
                    x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p3.x,
                    y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p3.y)
                worst = Swift.max(worst, distance(p, line.points[i], line.points[i + 1]))
            }
        }
        #expect(worst <= tolerance)
        #expect(worst > tolerance / 16)  // not absurdly over-refined
    }

    @Test func cornersAreMarkedAndCurveInteriorsAreNot() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 20, y: 0), control: CGPoint(x: 15, y: 10))
        let line = PathFlattening(path.storage, tolerance: 0.1).polylines[0]
        #expect(line.isCorner.count == line.points.count)
        #expect(line.isCorner[0] && line.isCorner[1] && line.isCorner.last!)
        #expect(line.isCorner.dropFirst(2).dropLast().allSatisfy { !$0 })
        #expect(line.points[1] == CGPoint(x: 10, y: 0))
    }

    @Test func subpathsAreSeparateAndClosedOnesAreFlagged() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        path.move(to: CGPoint(x: 5, y: 5))  // a lone move draws nothing
        path.move(to: CGPoint(x: 6, y: 6))
        path.addLine(to: CGPoint(x: 7, y: 6))
        path.addLines(between: [CGPoint(x: 8, y: 8)])
        let flat = PathFlattening(path.storage, tolerance: 0.1)
        #expect(flat.polylines.count == 2)
        #expect(flat.polylines[0].isClosed)
        #expect(flat.polylines[0].points == [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)])
        #expect(!flat.polylines[1].isClosed)
        #expect(flat.polylines[1].points == [CGPoint(x: 6, y: 6), CGPoint(x: 7, y: 6)])
    }

    @Test func finerToleranceGivesMorePoints() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        let coarse = PathFlattening(circle, tolerance: 1).polylines[0].points.count
        let fine = PathFlattening(circle, tolerance: 0.01).polylines[0].points.count
        // Wang's bound grows as 1/√tolerance: 100× finer ≈ 10× the points.
        #expect(fine > 8 * coarse)
    }

    @Test func invalidToleranceFallsBackToDefault() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        for bad in [CGFloat.nan, 0, -1, .infinity] {
            let flat = PathFlattening(circle, tolerance: bad)
            #expect(flat.tolerance == 0.1)
            #expect(flat.polylines[0].points.count > 4)
        }
    }
}
