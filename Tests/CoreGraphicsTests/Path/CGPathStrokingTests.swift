import CoreGraphics
import Testing

private typealias S = PathTestSupport

private func line(_ a: CGPoint, _ b: CGPoint) -> CGPath {
    let path = CGMutablePath()
    path.move(to: a)
    path.addLine(to: b)
    return path
}

private func stroke(
    _ path: CGPath, width: CGFloat = 10, cap: CGLineCap = .butt, join: CGLineJoin = .miter, miterLimit: CGFloat = 10
) -> CGPath {
    path.copy(strokingWithWidth: width, lineCap: cap, lineJoin: join, miterLimit: miterLimit)
}

/// A sharp corner: the second segment comes back at about 11.3° to the first.
private let sharp: CGPath = {
    let path = CGMutablePath()
    path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 0, y: 10)])
    return path
}()

/// The miter tip of `sharp` stroked 2 wide: the corner pushed out along the outer bisector by
/// halfWidth / sin(φ/2), φ the angle between the segments.
private func sharpMiterTip() -> (tip: CGPoint, ratio: CGFloat) {
    let v = CGPoint(x: 50, y: 0)
    let d0 = CGVector(dx: 1, dy: 0)
    let len = (50.0 * 50 + 10 * 10).squareRoot()
    let d1 = CGVector(dx: -50 / len, dy: 10 / len)
    let phi = acos(-(d0.dx * d1.dx + d0.dy * d1.dy))
    // Outer bisector: away from both segments, i.e. along d0 − d1.
    let bx = d0.dx - d1.dx, by = d0.dy - d1.dy
    let bl = (bx * bx + by * by).squareRoot()
    let reach = 1 / sin(phi / 2)
    return (CGPoint(x: v.x + bx / bl * reach, y: v.y + by / bl * reach), 1 / sin(phi / 2))
}

// Containment is probed 0.1 point (1 % of the width) inside and outside each boundary; curved
// boundaries get 0.05 point, above the 0.01-point flattening tolerance.
@Suite struct CGPathStrokingTests {
    @Test func buttStrokeCoversHalfTheWidthEachSideAndStopsAtTheEnds() {
        let s = stroke(line(CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)))
        #expect(s.contains(CGPoint(x: 50, y: 4.9)))
        #expect(s.contains(CGPoint(x: 50, y: -4.9)))
        #expect(!s.contains(CGPoint(x: 50, y: 5.1)))
        #expect(!s.contains(CGPoint(x: 50, y: -5.1)))
        #expect(s.contains(CGPoint(x: 0.1, y: 0)))
        #expect(!s.contains(CGPoint(x: -0.1, y: 0)))
        #expect(!s.contains(CGPoint(x: 100.1, y: 0)))
    }

    @Test func squareCapExtendsByHalfTheWidth() {
        let s = stroke(line(CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)), cap: .square)
        #expect(s.contains(CGPoint(x: -4.9, y: 4.9)))
        #expect(s.contains(CGPoint(x: 104.9, y: -4.9)))
        #expect(!s.contains(CGPoint(x: -5.1, y: 0)))
        #expect(!s.contains(CGPoint(x: 105.1, y: 0)))
    }

    @Test func roundCapContainsPointsCloserThanHalfTheWidthToTheEnd() {
        let s = stroke(line(CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)), cap: .round)
        for degrees in stride(from: 95.0, through: 265.0, by: 10.0) {
            let a = degrees * .pi / 180
            #expect(s.contains(CGPoint(x: 4.95 * cos(a), y: 4.95 * sin(a))), "inside at \(degrees)°")
            #expect(!s.contains(CGPoint(x: 5.05 * cos(a), y: 5.05 * sin(a))), "outside at \(degrees)°")
        }
        // The square corner is outside a round cap.
        #expect(!s.contains(CGPoint(x: 104.5, y: 4.5)))
    }

    @Test func miterJoinReachesTheTipWithinTheLimit() {
        let (tip, ratio) = sharpMiterTip()
        #expect(ratio > 10 && ratio < 10.3)
        let v = CGPoint(x: 50, y: 0)
        let nearTip = CGPoint(x: v.x + 0.9 * (tip.x - v.x), y: v.y + 0.9 * (tip.y - v.y))
        let pastTip = CGPoint(x: v.x + 1.1 * (tip.x - v.x), y: v.y + 1.1 * (tip.y - v.y))
        let mitred = stroke(sharp, width: 2, join: .miter, miterLimit: 10.3)
        #expect(mitred.contains(nearTip))
        #expect(!mitred.contains(pastTip))
    }

    @Test func miterBeyondTheLimitFallsBackToBevel() {
        let (tip, ratio) = sharpMiterTip()
        let v = CGPoint(x: 50, y: 0)
        let nearTip = CGPoint(x: v.x + 0.9 * (tip.x - v.x), y: v.y + 0.9 * (tip.y - v.y))
        let limited = stroke(sharp, width: 2, join: .miter, miterLimit: ratio - 0.01)
        let bevelled = stroke(sharp, width: 2, join: .bevel)
        #expect(!limited.contains(nearTip))
        #expect(limited == bevelled)
    }

    @Test func roundJoinCoversADiscAroundTheCorner() {
        let s = stroke(sharp, width: 2, join: .round)
        let (tip, _) = sharpMiterTip()
        let v = CGPoint(x: 50, y: 0)
        let dx = tip.x - v.x, dy = tip.y - v.y
        let l = (dx * dx + dy * dy).squareRoot()
        #expect(s.contains(CGPoint(x: v.x + dx / l * 0.95, y: v.y + dy / l * 0.95)))
        #expect(!s.contains(CGPoint(x: v.x + dx / l * 1.05, y: v.y + dy / l * 1.05)))
    }

    @Test func closedRectStrokeHasMiterCornersAndAHole() {
        let s = stroke(CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100)), cap: .square)
        #expect(s.contains(CGPoint(x: -4.9, y: -4.9)))
        #expect(s.contains(CGPoint(x: 104.9, y: 104.9)))
        #expect(s.contains(CGPoint(x: 50, y: 4.9)))
        #expect(!s.contains(CGPoint(x: 50, y: 5.1)))
        #expect(!s.contains(CGPoint(x: 50, y: 50)))
        #expect(!s.contains(CGPoint(x: 50, y: -5.1)))
        // A closed subpath has no caps, even with square caps set.
        #expect(!s.contains(CGPoint(x: -5.1, y: 50)))
    }

    @Test func closedRectWithRoundJoinsHasRoundedOuterCorners() {
        let s = stroke(CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100)), join: .round)
        #expect(!s.contains(CGPoint(x: -4, y: -4)))  // 5.66 from the corner
        #expect(s.contains(CGPoint(x: -3.4, y: -3.4)))  // 4.81 from the corner
    }

    @Test func circleStrokeIsARing() {
        let s = stroke(CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100)))
        for degrees in stride(from: 0.0, to: 360.0, by: 15.0) {
            let a = degrees * .pi / 180
            for (r, inside) in [(54.9, true), (45.1, true), (50.0, true), (55.1, false), (44.9, false)] {
                #expect(s.contains(CGPoint(x: r * cos(a), y: r * sin(a))) == inside, "r \(r) at \(degrees)°")
            }
        }
        #expect(!s.contains(.zero))
    }

    @Test func everyStrokePieceIsWoundCounterClockwise() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 30), CGPoint(x: 60, y: 0)])
        path.addEllipse(in: CGRect(x: 100, y: 0, width: 20, height: 40))
        path.addArc(center: CGPoint(x: 200, y: 0), radius: 10, startAngle: 0, endAngle: 3, clockwise: true)
        for join in [CGLineJoin.miter, .round, .bevel] {
            for cap in [CGLineCap.butt, .round, .square] {
                let areas = S.signedAreas(stroke(path, width: 4, cap: cap, join: join))
                #expect(!areas.isEmpty)
                #expect(areas.allSatisfy { $0 > 0 }, "\(join) \(cap)")
            }
        }
    }

    @Test func strokeTransformIsAppliedAfterStroking() {
        let s = line(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)).copy(
            strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
            transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(s.contains(CGPoint(x: 10, y: 1.9)))
        #expect(!s.contains(CGPoint(x: 10, y: 2.1)))
        #expect(s.contains(CGPoint(x: 19.9, y: 0)))
    }

    @Test func zeroLengthSubpathStrokesToACapShapedDot() {
        let dot = line(CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5))
        let round = stroke(dot, cap: .round)
        #expect(round.contains(CGPoint(x: 5 + 4.9 * cos(1.0), y: 5 + 4.9 * sin(1.0))))
        #expect(!round.contains(CGPoint(x: 9.5, y: 9.5)))
        let square = stroke(dot, cap: .square)
        #expect(square.contains(CGPoint(x: 9.9, y: 9.9)))
        #expect(!square.contains(CGPoint(x: 10.1, y: 5)))
        #expect(stroke(dot, cap: .butt).isEmpty)
    }

    @Test func curveStrokeFollowsTheCurve() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        let s = stroke(path, width: 4)
        // The curve's apex is (50, 50); the stroke spans 48…52 there.
        #expect(s.contains(CGPoint(x: 50, y: 51.9)))
        #expect(s.contains(CGPoint(x: 50, y: 48.1)))
        #expect(!s.contains(CGPoint(x: 50, y: 52.1)))
        #expect(!s.contains(CGPoint(x: 50, y: 47.9)))
    }

    @Test func negativeOrNaNOrZeroWidthGivesEmptyPath() {
        let path = line(.zero, CGPoint(x: 10, y: 0))
        #expect(stroke(path, width: -1).isEmpty)
        #expect(stroke(path, width: .nan).isEmpty)
        #expect(stroke(path, width: .infinity).isEmpty)
        #expect(stroke(path, width: 0).isEmpty)
    }

    @Test func strokeOfEmptyPathIsEmpty() {
        #expect(stroke(CGMutablePath()).isEmpty)
        let loneMove = CGMutablePath()
        loneMove.move(to: CGPoint(x: 1, y: 1))
        #expect(stroke(loneMove, cap: .round).isEmpty)
    }
}

/// Distance from `p` to a polyline.
private func distanceToPolyline(_ p: CGPoint, _ pts: [CGPoint]) -> CGFloat {
    var best = CGFloat.infinity
    for i in 0..<(pts.count - 1) {
        let a = pts[i], b = pts[i + 1]
        let dx = b.x - a.x, dy = b.y - a.y
        let l2 = dx * dx + dy * dy
        let t = l2 > 0 ? Swift.max(0, Swift.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        best = Swift.min(best, (x * x + y * y).squareRoot())
    }
    return best
}

@Suite struct CGPathStrokeRegionTests {
    /// With round caps and joins the stroke is exactly the points within half the width of the
    /// path. Checked on 1500 pseudo-random points against a dense sampling of the true curves
    /// (sampling error below 0.04 point even at the cusp); points within 0.05 point of the boundary are skipped
    /// (flattening tolerance 0.01, arc approximation 0.0014).
    @Test func roundStrokeIsThePointsWithinHalfTheWidth() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        // A cubic with a cusp at (50, 75).
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 100, y: 100), control2: CGPoint(x: 0, y: 100))
        path.addLine(to: CGPoint(x: 120, y: 40))
        path.addQuadCurve(to: CGPoint(x: 60, y: 40), control: CGPoint(x: 90, y: -30))
        path.move(to: CGPoint(x: 20, y: 90))
        // An arc tighter than the half-width.
        path.addArc(center: CGPoint(x: 20, y: 90), radius: 3, startAngle: 0, endAngle: 5, clockwise: false)
        let halfWidth: CGFloat = 6
        let stroke = path.copy(strokingWithWidth: 2 * halfWidth, lineCap: .round, lineJoin: .round, miterLimit: 10)

        // Dense samples of each subpath (4000 per segment).
        var polylines: [[CGPoint]] = []
        var current: [CGPoint] = []
        for e in PathTestSupport.elements(path) {
            switch e.type {
            case .moveToPoint:
                if current.count > 1 { polylines.append(current) }
                current = [e.points[0]]
            case .addLineToPoint:
                current.append(e.points[0])
            case .addQuadCurveToPoint, .addCurveToPoint:
                let p0 = current.last!
                let c = e.points
                for i in 1...4000 {
                    let t = CGFloat(i) / 4000, u = 1 - t
                    if c.count == 2 {
                        current.append(CGPoint(
                            x: u * u * p0.x + 2 * u * t * c[0].x + t * t * c[1].x,
                            y: u * u * p0.y + 2 * u * t * c[0].y + t * t * c[1].y))
                    } else {
                        current.append(CGPoint(
                            x: u * u * u * p0.x + 3 * u * u * t * c[0].x + 3 * u * t * t * c[1].x + t * t * t * c[2].x,
                            y: u * u * u * p0.y + 3 * u * u * t * c[0].y + 3 * u * t * t * c[1].y + t * t * t * c[2].y))
                    }
                }
            case .closeSubpath:
                break
            }
        }
        if current.count > 1 { polylines.append(current) }

        var seed: UInt64 = 12345
        func random() -> CGFloat {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(seed >> 11) / CGFloat(1 << 53)
        }
        var checked = 0
        var wrong: [CGPoint] = []
        for _ in 0..<1500 {
            let p = CGPoint(x: -10 + 140 * random(), y: -10 + 120 * random())
            let d = polylines.map { distanceToPolyline(p, $0) }.min()!
            if abs(d - halfWidth) < 0.05 { continue }
            checked += 1
            if stroke.contains(p) != (d < halfWidth) { wrong.append(p) }
        }
        #expect(checked > 1400)
        #expect(wrong.isEmpty, "misclassified: \(wrong.prefix(5))")
    }

    @Test func circleTighterThanTheWidthStrokesToAFullDisc() {
        let small = CGPath(ellipseIn: CGRect(x: -2, y: -2, width: 4, height: 4))
        let s = small.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(s.contains(.zero))
        #expect(s.contains(CGPoint(x: 6.9, y: 0)))
        #expect(!s.contains(CGPoint(x: 7.1, y: 0)))
        #expect(PathTestSupport.signedAreas(s).allSatisfy { $0 > 0 })
    }
}
