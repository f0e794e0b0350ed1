import CoreGraphics
import Testing

private typealias S = PathTestSupport

/// 4/3·tan(π/8): the control distance of an exact 90° piece, per unit radius.
private let k90: CGFloat = 4.0 / 3.0 * tan(CGFloat.pi / 8)

// Coordinates compared to 1e-9 points (cos/sin of multiples of π/2 are not exact zeros).
@Suite struct CGMutablePathArcsTests {
    @Test func quarterArcCounterClockwiseIsOneCubicFromAMove() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let expected = [S.move(10, 0), S.curve(10, 10 * k90, 10 * k90, 10, 0, 10)]
        #expect(S.matches(S.elements(path), expected))
        #expect(abs(k90 - 0.5522847498) < 1e-10)
    }

    @Test func clockwiseArcSweepsDownThroughThreeQuadrants() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let expected = [
            S.move(10, 0),
            S.curve(10, -10 * k90, 10 * k90, -10, 0, -10),
            S.curve(-10 * k90, -10, -10, -10 * k90, -10, 0),
            S.curve(-10, 10 * k90, -10 * k90, 10, 0, 10),
        ]
        #expect(S.matches(S.elements(path), expected))
    }

    @Test func counterClockwiseArcWithSmallerEndAngleGoesTheLongWay() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: -.pi / 2, clockwise: false)
        let els = S.elements(path)
        #expect(els.count == 4)  // move + three 90° pieces
        #expect(S.near(els[1].points[2], CGPoint(x: 0, y: 1)))
        #expect(S.near(els[3].points[2], CGPoint(x: 0, y: -1)))
    }

    @Test func sweepOfTwoPiOrMoreIsOneFullCircle() {
        for end: CGFloat in [2 * .pi, 7, 100] {
            let path = CGMutablePath()
            path.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: 0, endAngle: end, clockwise: false)
            let els = S.elements(path)
            #expect(els.count == 5)
            #expect(S.near(els[4].points[2], CGPoint(x: 7, y: 5)))
            #expect(S.near(els[2].points[2], CGPoint(x: 3, y: 5)))
        }
    }

    @Test func arcOf135DegreesIsTwoEqualPieces() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 3 * .pi / 4, clockwise: false)
        let els = S.elements(path)
        #expect(els.count == 3)
        let mid = 3 * CGFloat.pi / 8
        #expect(S.near(els[1].points[2], CGPoint(x: cos(mid), y: sin(mid))))
        #expect(S.near(els[2].points[2], CGPoint(x: cos(3 * CGFloat.pi / 4), y: sin(3 * CGFloat.pi / 4))))
    }

    @Test func arcAfterCurrentPointStartsWithALine() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(center: CGPoint(x: 10, y: 0), radius: 5, startAngle: 0, endAngle: .pi, clockwise: false)
        let els = S.elements(path)
        #expect(els[0] == S.move(0, 0))
        #expect(els[1] == S.line(15, 0))
        #expect(els.count == 4)
        #expect(S.near(els[3].points[2], CGPoint(x: 5, y: 0)))
    }

    @Test func arcStartingAtTheCurrentPointAddsNoLine() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 0))
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(S.elements(path).map(\.type) == [.moveToPoint, .addCurveToPoint])
    }

    @Test func zeroRadiusArcIsJustAMoveToTheCenter() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 3, y: 4), radius: 0, startAngle: 0, endAngle: 1, clockwise: false)
        #expect(S.elements(path) == [S.move(3, 4)])
        path.addArc(center: CGPoint(x: 6, y: 4), radius: 0, startAngle: 0, endAngle: 1, clockwise: false)
        #expect(S.elements(path) == [S.move(3, 4), S.line(6, 4)])
    }

    @Test func equalStartAndEndAnglesAddOnlyTheStartPoint() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 2, startAngle: 1, endAngle: 1, clockwise: true)
        #expect(S.elements(path).count == 1)
        #expect(S.near(S.elements(path)[0].points[0], CGPoint(x: 2 * cos(CGFloat(1)), y: 2 * sin(CGFloat(1)))))
    }

    @Test func negativeRadiusArcIsIgnored() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
        path.addRelativeArc(center: .zero, radius: -1, startAngle: 0, delta: 1)
        #expect(path.isEmpty)
    }

    @Test func relativeArcNegativeDeltaTurnsClockwise() {
        let path = CGMutablePath()
        path.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: -.pi / 2)
        let expected = [S.move(10, 0), S.curve(10, -10 * k90, 10 * k90, -10, 0, -10)]
        #expect(S.matches(S.elements(path), expected))
    }

    @Test func relativeArcBeyondTwoPiIsOneCircle() {
        let path = CGMutablePath()
        path.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 20)
        #expect(S.elements(path).count == 5)
    }

    @Test func arcWithTransformMapsControlPoints() {
        let path = CGMutablePath()
        path.addArc(
            center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false,
            transform: CGAffineTransform(scaleX: 2, y: 3))
        let expected = [S.move(2, 0), S.curve(2, 3 * k90, 2 * k90, 3, 0, 3)]
        #expect(S.matches(S.elements(path), expected))
    }

    @Test func tangentArcDrawsLineToFirstTangentPointThenQuarterArc() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        let expected = [S.move(0, 0), S.line(5, 0), S.curve(5 + 5 * k90, 0, 10, 5 - 5 * k90, 10, 5)]
        #expect(S.matches(S.elements(path), expected))
        #expect(S.near(path.currentPoint, CGPoint(x: 10, y: 5)))
    }

    @Test func tangentArcTurningRightSweepsClockwise() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: -10), radius: 5)
        let expected = [S.move(0, 0), S.line(5, 0), S.curve(5 + 5 * k90, 0, 10, -5 + 5 * k90, 10, -5)]
        #expect(S.matches(S.elements(path), expected))
    }

    @Test func tangentArcOnCollinearPointsIsALineToTangent1End() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        #expect(S.elements(path) == [S.move(0, 0), S.line(10, 0)])
    }

    @Test func tangentArcWithZeroRadiusIsALineToTheCorner() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 0)
        #expect(S.elements(path) == [S.move(0, 0), S.line(10, 0)])
    }

    @Test func tangentArcWithoutCurrentPointMovesToTangent1End() {
        let path = CGMutablePath()
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        #expect(S.elements(path) == [S.move(10, 0)])
    }
}

@Suite struct CGMutablePathArcsAfterCloseTests {
    @Test func arcAfterCloseStartingAtTheSubpathStartBeginsWithAMoveNotALine() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 1, y: 0), CGPoint(x: 5, y: 5)])
        path.closeSubpath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(S.elements(path).map(\.type) == [.moveToPoint, .addLineToPoint, .closeSubpath, .moveToPoint, .addCurveToPoint])
        #expect(S.elements(path)[3] == S.move(1, 0))
    }

    @Test func arcAfterCloseElsewhereDrawsALineFromTheSubpathStart() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 3, y: 0), CGPoint(x: 5, y: 5)])
        path.closeSubpath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(Array(S.elements(path)[3...5].map(\.type)) == [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        #expect(S.elements(path)[3] == S.move(3, 0))
        #expect(S.elements(path)[4] == S.line(1, 0))
    }
}
