import CoreGraphics
import Testing

private typealias S = PathTestSupport

private func horizontal(_ length: CGFloat) -> CGPath {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: length, y: 0))
    return path
}

/// The dashes as (start x, end x) of a dashed horizontal line, each from a move + one line.
private func spans(_ path: CGPath) -> [(CGFloat, CGFloat)] {
    var result: [(CGFloat, CGFloat)] = []
    var start: CGFloat = 0
    for e in S.elements(path) {
        if e.type == .moveToPoint { start = e.points[0].x }
        if e.type == .addLineToPoint { result.append((start, e.points[0].x)) }
    }
    return result
}

private func same(_ a: [(CGFloat, CGFloat)], _ b: [(CGFloat, CGFloat)]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { S.near($0.0, $1.0) && S.near($0.1, $1.1) }
}

// Dash ends are compared to 1e-9 points.
@Suite struct CGPathDashingTests {
    @Test func dashesAlternateOnAndOffAlongALine() {
        let dashed = horizontal(100).copy(dashingWithPhase: 0, lengths: [10, 5])
        let expected: [(CGFloat, CGFloat)] = [(0, 10), (15, 25), (30, 40), (45, 55), (60, 70), (75, 85), (90, 100)]
        #expect(same(spans(dashed), expected))
        #expect(S.subpathCount(dashed) == 7)
    }

    @Test func phaseShiftsWhereThePatternStarts() {
        let dashed = horizontal(40).copy(dashingWithPhase: 5, lengths: [10, 5])
        #expect(same(spans(dashed), [(0, 5), (10, 20), (25, 35)]))
        // A negative phase counts back from the end of the pattern: −5 ≡ 10.
        let back = horizontal(40).copy(dashingWithPhase: -5, lengths: [10, 5])
        #expect(same(spans(back), [(5, 15), (20, 30), (35, 40)]))
    }

    @Test func phaseLandingInAGapStartsOff() {
        let dashed = horizontal(30).copy(dashingWithPhase: 12, lengths: [10, 5])
        #expect(same(spans(dashed), [(3, 13), (18, 28)]))
    }

    @Test func oddLengthCountRepeatsThePattern() {
        let dashed = horizontal(50).copy(dashingWithPhase: 0, lengths: [10])
        #expect(same(spans(dashed), [(0, 10), (20, 30), (40, 50)]))
        let three = horizontal(40).copy(dashingWithPhase: 0, lengths: [5, 2, 3])
        // on 5, off 2, on 3, off 5, on 2, off 3, on 5 …
        #expect(same(spans(three), [(0, 5), (7, 10), (15, 17), (20, 25), (27, 30), (35, 37)]))
    }

    @Test func zeroOnLengthGivesZeroLengthDots() {
        let dashed = horizontal(20).copy(dashingWithPhase: 0, lengths: [0, 10])
        #expect(same(spans(dashed), [(0, 0), (10, 10)]))
    }

    @Test func patternRestartsOnEverySubpath() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 12, y: 0)])
        path.addLines(between: [CGPoint(x: 0, y: 5), CGPoint(x: 12, y: 5)])
        let els = S.elements(path.copy(dashingWithPhase: 0, lengths: [5, 5]))
        let moves = els.filter { $0.type == .moveToPoint }.map { $0.points[0] }
        #expect(moves == [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 5)])
    }

    @Test func dashesTurnCornersAndJoinOverAClosedSubpathsStart() {
        // Perimeter 40; [10, 10] from phase 5: on 0…5, 15…25, 35…40 — the last joins the first.
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let dashed = rect.copy(dashingWithPhase: 5, lengths: [10, 10])
        let expected = [
            S.move(0, 5), S.line(0, 0), S.line(5, 0),
            S.move(10, 5), S.line(10, 10), S.line(5, 10),
        ]
        #expect(S.matches(S.elements(dashed), expected))
    }

    @Test func patternLongerThanAClosedSubpathKeepsItClosed() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(rect.copy(dashingWithPhase: 0, lengths: [100, 10]) == rect)
    }

    @Test func curvesStayCurvesAndDashLengthsAreExact() {
        let circle = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100))
        let total = PathMeasure(circle).totalLength
        let dash = total / 12
        let dashed = circle.copy(dashingWithPhase: 0, lengths: [dash, dash])
        let els = S.elements(dashed)
        #expect(els.contains { $0.type == .addCurveToPoint })
        #expect(!els.contains { $0.type == .addLineToPoint })
        #expect(S.subpathCount(dashed) == 6)
        // Each dash, measured on its own, is 1/12 of the circle (1e-9 relative).
        var piece = CGMutablePath()
        for e in els {
            if e.type == .moveToPoint, !piece.isEmpty {
                #expect(abs(PathMeasure(piece).totalLength / dash - 1) < 1e-9)
                piece = CGMutablePath()
            }
            switch e.type {
            case .moveToPoint: piece.move(to: e.points[0])
            case .addCurveToPoint: piece.addCurve(to: e.points[2], control1: e.points[0], control2: e.points[1])
            default: break
            }
        }
        #expect(abs(PathMeasure(piece).totalLength / dash - 1) < 1e-9)
    }

    @Test func dashTransformIsAppliedToTheDashes() {
        let dashed = horizontal(20).copy(
            dashingWithPhase: 0, lengths: [5, 5], transform: CGAffineTransform(scaleX: 2, y: 1))
        #expect(same(spans(dashed), [(0, 10), (20, 30)]))
    }

    @Test func invalidPatternsReturnThePathUnchanged() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(path.copy(dashingWithPhase: 0, lengths: []) == path)
        #expect(path.copy(dashingWithPhase: 0, lengths: [0, 0]) == path)
        #expect(path.copy(dashingWithPhase: 0, lengths: [5, -1]) == path)
        #expect(path.copy(dashingWithPhase: 0, lengths: [.nan, 1]) == path)
        #expect(path.copy(dashingWithPhase: .infinity, lengths: [1, 1]) == path)
    }

    @Test func absurdlyFinePatternReturnsThePathUnchanged() {
        let path = horizontal(1000)
        #expect(path.copy(dashingWithPhase: 0, lengths: [1e-6, 1e-6]) == path)
    }

    @Test func dashingEmptyPathIsEmpty() {
        #expect(CGMutablePath().copy(dashingWithPhase: 0, lengths: [1, 1]).isEmpty)
    }
}
