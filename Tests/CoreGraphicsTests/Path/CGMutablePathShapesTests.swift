import CoreGraphics
import Testing

private typealias S = PathTestSupport

// Element lists are compared exactly for rects and lines (pure arithmetic on the inputs) and to
// 1e-9 points where kappa products are involved.
@Suite struct CGMutablePathShapesTests {
    @Test func addLinesMakesMoveThenLines() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 0)])
        #expect(S.elements(path) == [S.move(1, 2), S.line(3, 4), S.line(5, 0)])
    }

    @Test func addLinesWithNoPointsAddsNothing() {
        let path = CGMutablePath()
        path.addLines(between: [])
        #expect(path.isEmpty)
    }

    @Test func addLinesAppliesTransformToEveryPoint() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)], transform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(S.elements(path) == [S.move(2, 6), S.line(6, 12)])
    }

    @Test func addRectIsMoveThreeLinesCloseCounterClockwiseFromMinCorner() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(S.elements(path) == [S.move(10, 20), S.line(40, 20), S.line(40, 60), S.line(10, 60), S.close])
        #expect(S.signedAreas(path) == [1200])
    }

    @Test func addRectStandardizesNegativeSize() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 40, y: 60, width: -30, height: -40))
        #expect(S.elements(path) == [S.move(10, 20), S.line(40, 20), S.line(40, 60), S.line(10, 60), S.close])
    }

    @Test func addRectWithTransformMapsCorners() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 2), transform: CGAffineTransform(translationX: 5, y: 7))
        #expect(S.elements(path) == [S.move(5, 7), S.line(6, 7), S.line(6, 9), S.line(5, 9), S.close])
    }

    @Test func addRectsAddsOneClosedSubpathPerRect() {
        let path = CGMutablePath()
        path.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 2, height: 2)])
        #expect(
            S.elements(path) == [
                S.move(0, 0), S.line(1, 0), S.line(1, 1), S.line(0, 1), S.close,
                S.move(5, 5), S.line(7, 5), S.line(7, 7), S.line(5, 7), S.close,
            ])
    }

    @Test func addEllipseIsFourKappaCubicsFromMaxXMidY() {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        // 50 · 0.5522847498 = 27.61423749
        let expected = [
            S.move(100, 50),
            S.curve(100, 77.61423749, 77.61423749, 100, 50, 100),
            S.curve(22.38576251, 100, 0, 77.61423749, 0, 50),
            S.curve(0, 22.38576251, 22.38576251, 0, 50, 0),
            S.curve(77.61423749, 0, 100, 22.38576251, 100, 50),
            S.close,
        ]
        #expect(S.matches(S.elements(path), expected))
    }

    @Test func addEllipseInNonSquareRectUsesSeparateRadii() {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 10, y: 0, width: 20, height: 10))
        // rx = 10, ry = 5: kx = 5.522847498, ky = 2.761423749
        let expected = [
            S.move(30, 5),
            S.curve(30, 7.761423749, 25.522847498, 10, 20, 10),
            S.curve(14.477152502, 10, 10, 7.761423749, 10, 5),
            S.curve(10, 2.238576251, 14.477152502, 0, 20, 0),
            S.curve(25.522847498, 0, 30, 2.238576251, 30, 5),
            S.close,
        ]
        #expect(S.matches(S.elements(path), expected))
    }

    @Test func addRoundedRectAlternatesLinesAndCornerCurves() {
        let path = CGMutablePath()
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 5)
        // kx = 10k = 5.522847498, ky = 5k = 2.761423749
        let expected = [
            S.move(10, 0),
            S.line(90, 0),
            S.curve(95.522847498, 0, 100, 2.238576251, 100, 5),
            S.line(100, 45),
            S.curve(100, 47.761423749, 95.522847498, 50, 90, 50),
            S.line(10, 50),
            S.curve(4.477152502, 50, 0, 47.761423749, 0, 45),
            S.line(0, 5),
            S.curve(0, 2.238576251, 4.477152502, 0, 10, 0),
            S.close,
        ]
        #expect(S.matches(S.elements(path), expected))
    }

    @Test func addRoundedRectClampsCornersToHalfTheRect() {
        let clamped = CGMutablePath()
        clamped.addRoundedRect(in: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 80, cornerHeight: 40)
        let explicit = CGMutablePath()
        explicit.addRoundedRect(in: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 50, cornerHeight: 25)
        #expect(clamped == explicit)
        // The straight edges collapse to zero length but stay in the element list.
        #expect(S.elements(clamped)[1] == S.line(50, 0))
    }

    @Test func addRoundedRectWithZeroCornerIsPlainRect() {
        let rounded = CGMutablePath()
        rounded.addRoundedRect(in: CGRect(x: 1, y: 2, width: 3, height: 4), cornerWidth: 0, cornerHeight: 5)
        #expect(rounded == CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)))
    }

    @Test func addRoundedRectWithNegativeCornerIsIgnored() {
        let path = CGMutablePath()
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: -1, cornerHeight: 2)
        #expect(path.isEmpty)
    }

    @Test func addPathAppendsTransformedElements() {
        let source = CGMutablePath()
        source.move(to: CGPoint(x: 0, y: 0))
        source.addQuadCurve(to: CGPoint(x: 2, y: 0), control: CGPoint(x: 1, y: 1))
        source.closeSubpath()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 9, y: 9))
        path.addLine(to: CGPoint(x: 8, y: 9))
        path.addPath(source, transform: CGAffineTransform(translationX: 10, y: 0))
        #expect(
            S.elements(path) == [
                S.move(9, 9), S.line(8, 9), S.move(10, 0),
                PathTestElement(.addQuadCurveToPoint, [CGPoint(x: 11, y: 1), CGPoint(x: 12, y: 0)]), S.close,
            ])
    }

    @Test func addPathOfItselfDoublesTheElements() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        path.addPath(path)
        #expect(S.elements(path).count == 10)
        #expect(Array(S.elements(path)[0..<5]) == Array(S.elements(path)[5..<10]))
    }

    @Test func equalPathsAreEqualAndHashAlike() {
        let a = CGMutablePath()
        a.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        let b = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        a.addLine(to: CGPoint(x: 5, y: 5))
        #expect(a != b)
    }
}
