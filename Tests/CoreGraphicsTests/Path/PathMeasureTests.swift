import CoreGraphics
import Testing

private typealias S = PathTestSupport

/// Closed-form arc length of the quadratic Bézier p0, p1, p2.
private func quadLength(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint) -> Double {
    // B'(t) = 2(A t + B): |B'|² = a t² + b t + c.
    let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
    let bx = p1.x - p0.x, by = p1.y - p0.y
    let a = 4 * (ax * ax + ay * ay), b = 8 * (ax * bx + ay * by), c = 4 * (bx * bx + by * by)
    func antiderivative(_ t: Double) -> Double {
        let q = (a * t * t + b * t + c).squareRoot()
        return (2 * a * t + b) * q / (4 * a)
            + (4 * a * c - b * b) / (8 * pow(a, 1.5)) * log(2 * a.squareRoot() * q + 2 * a * t + b)
    }
    return antiderivative(1) - antiderivative(0)
}

/// Length of a cubic by Richardson-extrapolated polylines (chords at 2¹⁴ and 2¹⁵ steps): error
/// far below 1e-12 relative for smooth curves.
private func referenceLength(_ p: [CGPoint]) -> Double {
    func polyline(_ n: Int) -> Double {
        var sum = 0.0
        var prev = p[0]
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            let q = CGPoint(
                x: u * u * u * p[0].x + 3 * u * u * t * p[1].x + 3 * u * t * t * p[2].x + t * t * t * p[3].x,
                y: u * u * u * p[0].y + 3 * u * u * t * p[1].y + 3 * u * t * t * p[2].y + t * t * t * p[3].y)
            sum += ((q.x - prev.x) * (q.x - prev.x) + (q.y - prev.y) * (q.y - prev.y)).squareRoot()
            prev = q
        }
        return sum
    }
    let coarse = polyline(1 << 14), fine = polyline(1 << 15)
    return (4 * fine - coarse) / 3
}

// Lengths are checked to 1e-9 relative unless stated (the engine needs 1e-6); positions to 1e-9
// points; angles to 1e-9 radians.
@Suite struct PathMeasureTests {
    @Test func lineLengthAndPositions() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        let m = PathMeasure(path)
        #expect(m.totalLength == 100)
        let p = m.position(atFraction: 0.25)
        #expect(S.near(p.point, CGPoint(x: 25, y: 0)))
        #expect(p.tangentAngle == 0)
        #expect(S.near(m.position(atDistance: 60).point, CGPoint(x: 60, y: 0)))
    }

    @Test func rectPerimeterIncludesTheClosingLine() {
        let m = PathMeasure(CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50)))
        #expect(m.totalLength == 300)
        // 150 = bottom 100 + right 50: the end of the right edge, still heading up (earlier segment).
        let corner = m.position(atFraction: 0.5)
        #expect(S.near(corner.point, CGPoint(x: 100, y: 50)))
        #expect(S.sameAngle(corner.tangentAngle, .pi / 2))
        let top = m.position(atFraction: 0.6)
        #expect(S.near(top.point, CGPoint(x: 70, y: 50)))
        #expect(S.sameAngle(top.tangentAngle, .pi))
        let closing = m.position(atFraction: 0.9)
        #expect(S.near(closing.point, CGPoint(x: 0, y: 30)))
        #expect(S.sameAngle(closing.tangentAngle, -.pi / 2))
    }

    @Test func circleLengthMatchesTheBezierAndIsTwoPiRWithinTheKappaError() {
        let r: CGFloat = 50
        let m = PathMeasure(CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r)))
        let k = 0.5522847498 * r
        let quarter = referenceLength([CGPoint(x: r, y: 0), CGPoint(x: r, y: k), CGPoint(x: k, y: r), CGPoint(x: 0, y: r)])
        #expect(abs(m.totalLength / (4 * quarter) - 1) < 1e-9)
        // Four kappa cubics are 1.4e-4 longer than the true circle: the approximation, not the
        // measure (which the line above pins to 1e-9).
        let excess = m.totalLength / (2 * .pi * r) - 1
        #expect(excess > 1.3e-4 && excess < 1.5e-4)
    }

    @Test func quadraticLengthMatchesClosedForm() {
        let p0 = CGPoint(x: 0, y: 0), p1 = CGPoint(x: 30, y: 80), p2 = CGPoint(x: 100, y: -20)
        let path = CGMutablePath()
        path.move(to: p0)
        path.addQuadCurve(to: p2, control: p1)
        #expect(abs(PathMeasure(path).totalLength / quadLength(p0, p1, p2) - 1) < 1e-12)
    }

    @Test func unevenlyParametrisedStraightCubicIsMeasuredByArcLength() {
        // Control points bunched at one end: B(0.5) is far from the middle, but the position at
        // half the length must be the geometric middle.
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 90, y: 0), control2: CGPoint(x: 95, y: 0))
        let m = PathMeasure(path)
        #expect(abs(m.totalLength - 100) < 1e-9)
        #expect(S.near(m.position(atFraction: 0.5).point, CGPoint(x: 50, y: 0)))
        #expect(S.near(m.position(atFraction: 0.9).point, CGPoint(x: 90, y: 0)))
    }

    @Test func circlePositionsAndTangents() {
        let m = PathMeasure(CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20)))
        let start = m.position(atFraction: 0)
        #expect(S.near(start.point, CGPoint(x: 10, y: 0)))
        #expect(S.sameAngle(start.tangentAngle, .pi / 2))
        let quarter = m.position(atFraction: 0.25)
        #expect(S.near(quarter.point, CGPoint(x: 0, y: 10)))
        #expect(S.sameAngle(quarter.tangentAngle, .pi))
        // By symmetry the eighth is the middle of the first quarter curve, on the circle at 45°.
        let eighth = m.position(atFraction: 0.125)
        let c = 10 * CGFloat(0.5).squareRoot()
        #expect(S.near(eighth.point, CGPoint(x: c, y: c), 1e-8))
        #expect(S.sameAngle(eighth.tangentAngle, 3 * .pi / 4))
        let end = m.position(atFraction: 1)
        #expect(S.near(end.point, CGPoint(x: 10, y: 0)))
    }

    @Test func fractionsOutsideZeroToOneAreClamped() {
        let m = PathMeasure(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(S.near(m.position(atFraction: -1).point, .zero))
        #expect(S.near(m.position(atFraction: 2).point, .zero))
        #expect(S.near(m.position(atFraction: .nan).point, .zero))
        #expect(S.near(m.position(atDistance: 1000).point, .zero))
    }

    @Test func subpathsFollowEachOtherWithoutTheMoveGap() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
        path.addLines(between: [CGPoint(x: 100, y: 100), CGPoint(x: 100, y: 130)])
        let m = PathMeasure(path)
        #expect(m.totalLength == 40)
        #expect(m.subpathLengths == [10, 30])
        #expect(S.near(m.position(atFraction: 0.25).point, CGPoint(x: 10, y: 0)))
        let second = m.position(atFraction: 0.5)
        #expect(S.near(second.point, CGPoint(x: 100, y: 110)))
        #expect(S.sameAngle(second.tangentAngle, .pi / 2))
    }

    @Test func segmentOfALineIsTheSubLine() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        let part = CGPath(storage: PathMeasure(path).segment(from: 0.2, to: 0.7))
        #expect(S.elements(part) == [S.move(20, 0), S.line(70, 0)])
    }

    @Test func segmentOfACircleKeepsCurvesAndHasTheRightLength() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20))
        let m = PathMeasure(circle)
        let part = CGPath(storage: m.segment(from: 0.1, to: 0.6))
        let els = S.elements(part)
        #expect(els.dropFirst().allSatisfy { $0.type == .addCurveToPoint })
        #expect(els.count == 4)  // move + pieces of quarters 1, 2 and 3
        #expect(abs(PathMeasure(part).totalLength / (0.5 * m.totalLength) - 1) < 1e-9)
        #expect(S.near(els[0].points[0], m.position(atFraction: 0.1).point))
        #expect(S.near(els.last!.points.last!, m.position(atFraction: 0.6).point))
    }

    @Test func wholeSegmentOfAClosedPathIsThePath() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(CGPath(storage: PathMeasure(rect).segment(from: 0, to: 1)) == rect)
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(CGPath(storage: PathMeasure(ellipse).segment(from: 0, to: 1)) == ellipse)
    }

    @Test func partialSegmentOfAClosedPathTurnsTheCloseIntoALine() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let part = CGPath(storage: PathMeasure(rect).segment(from: 0.5, to: 0.875))
        #expect(S.matches(S.elements(part), [S.move(10, 10), S.line(0, 10), S.line(0, 5)]))
    }

    @Test func segmentAcrossSubpathsSplitsIntoSubpaths() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
        path.addLines(between: [CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 5)])
        let part = CGPath(storage: PathMeasure(path).segment(from: 0.25, to: 0.75))
        #expect(S.matches(S.elements(part), [S.move(5, 0), S.line(10, 0), S.move(0, 5), S.line(5, 5)]))
    }

    @Test func emptyOrReversedSegmentRangeIsEmpty() {
        let m = PathMeasure(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(m.segment(from: 0.5, to: 0.5).isEmpty)
        #expect(m.segment(from: 0.7, to: 0.2).isEmpty)
        #expect(m.segment(from: .nan, to: 1).isEmpty)
        #expect(!m.segment(from: -5, to: 5).isEmpty)
    }

    @Test func emptyAndPointPathsMeasureZero() {
        let empty = PathMeasure(CGMutablePath())
        #expect(empty.totalLength == 0)
        #expect(empty.position(atFraction: 0.5).point == .zero)
        #expect(empty.segment(from: 0, to: 1).isEmpty)
        let point = CGMutablePath()
        point.move(to: CGPoint(x: 3, y: 4))
        let pm = PathMeasure(point)
        #expect(pm.totalLength == 0)
        #expect(pm.position(atFraction: 0.5) == (CGPoint(x: 3, y: 4), 0))
    }

    @Test func zeroLengthSegmentsAreSkipped() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: .zero)
        path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 10, y: 0), control2: CGPoint(x: 10, y: 0))
        let m = PathMeasure(path)
        #expect(abs(m.totalLength - 10) < 1e-9)
        // The cubic's derivative vanishes at t = 1, but the tangent stays defined.
        #expect(S.sameAngle(m.position(atFraction: 1).tangentAngle, 0))
        #expect(S.sameAngle(m.position(atFraction: 0).tangentAngle, 0))
    }

    @Test func cuspCurveMeasuresConsistently() {
        // A cubic with a cusp: positions must advance monotonically in arc length.
        let p = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100), CGPoint(x: 100, y: 0)]
        let path = CGMutablePath()
        path.move(to: p[0])
        path.addCurve(to: p[3], control1: p[1], control2: p[2])
        let m = PathMeasure(path)
        #expect(abs(m.totalLength / referenceLength(p) - 1) < 1e-7)
        // Chords between positions 1 % apart are never longer than 1 % of the length.
        var previous = m.position(atFraction: 0).point
        for i in 1...100 {
            let q = m.position(atFraction: Double(i) / 100).point
            let chord = ((q.x - previous.x) * (q.x - previous.x) + (q.y - previous.y) * (q.y - previous.y)).squareRoot()
            #expect(chord <= m.totalLength / 100 * (1 + 1e-9))
            previous = q
        }
    }

    /// A segment appended point by point (no array a segment: trims rebuilt every frame) gives
    /// the element its `element` describes, for each kind.
    @Test func aSegmentAppendsTheElementItDescribes() {
        let a = CGPoint(x: 1, y: 2), b = CGPoint(x: 3, y: -4), c = CGPoint(x: 5, y: 6), d = CGPoint(x: -7, y: 8)
        for segment in [PathSegment.line(a, b), .quad(a, b, c), .cubic(a, b, c, d)] {
            var appended = PathStorage()
            appended.move(to: a)
            appended.append(segment)
            let e = segment.element
            #expect(appended == PathStorage(types: [.moveToPoint, e.type], points: [a] + e.points))
        }
    }

    /// A trimmed range of a path of many pieces is the same elements as before its arrays were
    /// reserved up front: the pieces' curves split at the range's ends, continuous.
    @Test func aTrimmedRangeOfManyPiecesIsContinuousAndAsLongAsAsked() {
        let path = CGMutablePath()
        path.move(to: .zero)
        for i in 1...40 {
            path.addQuadCurve(to: CGPoint(x: Double(i) * 10, y: 0), control: CGPoint(x: Double(i) * 10 - 5, y: 8))
        }
        let m = PathMeasure(path)
        let trimmed = m.segment(from: 0.25, to: 0.75)
        #expect(trimmed.types.first == .moveToPoint)
        #expect(trimmed.types.dropFirst().allSatisfy { $0 == .addQuadCurveToPoint })
        let length = PathMeasure(trimmed).totalLength
        #expect(abs(length - m.totalLength / 2) <= m.totalLength * 1e-9)
    }
}
