import CoreGraphics
import Testing

/// Two squares, the inner one drawn in the given direction inside an outer counter-clockwise one.
private func nested(innerCounterClockwise: Bool) -> CGPath {
    let path = CGMutablePath()
    path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
    let inner = [CGPoint(x: 25, y: 25), CGPoint(x: 75, y: 25), CGPoint(x: 75, y: 75), CGPoint(x: 25, y: 75)]
    path.addLines(between: innerCounterClockwise ? inner : inner.reversed())
    path.closeSubpath()
    return path
}

@Suite struct CGPathContainsTests {
    @Test func rectContainsInteriorButNotOutside() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(path.contains(CGPoint(x: 5, y: 5)))
        #expect(path.contains(CGPoint(x: 0.001, y: 9.999)))
        #expect(!path.contains(CGPoint(x: -0.001, y: 5)))
        #expect(!path.contains(CGPoint(x: 5, y: 10.001)))
        #expect(!path.contains(CGPoint(x: 1000, y: -1000)))
    }

    @Test func pointsOnTheOutlineCountAsInside() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 5), CGPoint(x: 5, y: 10), CGPoint(x: 0, y: 7)] {
            #expect(path.contains(p), "\(p)")
            #expect(path.contains(p, using: .evenOdd), "\(p)")
        }
    }

    @Test func innerRectSameOrientationIsFilledByWindingButNotEvenOdd() {
        let path = nested(innerCounterClockwise: true)
        #expect(path.contains(CGPoint(x: 50, y: 50), using: .winding))
        #expect(!path.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        // The ring between is inside under both rules.
        #expect(path.contains(CGPoint(x: 10, y: 50), using: .winding))
        #expect(path.contains(CGPoint(x: 10, y: 50), using: .evenOdd))
    }

    @Test func innerRectOppositeOrientationIsAHoleUnderBothRules() {
        let path = nested(innerCounterClockwise: false)
        #expect(!path.contains(CGPoint(x: 50, y: 50), using: .winding))
        #expect(!path.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        #expect(path.contains(CGPoint(x: 90, y: 90), using: .winding))
    }

    @Test func selfOverlappingStarCentreDependsOnRule() {
        // A pentagram: its centre has winding number 2.
        let path = CGMutablePath()
        let points = (0..<5).map { i -> CGPoint in
            let a = CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            return CGPoint(x: 100 * cos(a), y: 100 * sin(a))
        }
        path.addLines(between: points)
        path.closeSubpath()
        #expect(path.contains(.zero, using: .winding))
        #expect(!path.contains(.zero, using: .evenOdd))
        // A star tip is covered once.
        #expect(path.contains(CGPoint(x: 0, y: 90), using: .evenOdd))
    }

    @Test func openSubpathIsImplicitlyClosed() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        #expect(path.contains(CGPoint(x: 2, y: 2)))
        #expect(!path.contains(CGPoint(x: 6, y: 6)))
    }

    @Test func curvesAreTestedExactlyNotFlattened() {
        // The kappa curve passes exactly through the 45° point of the circle; 1e-6 of the
        // radius either side must be decided correctly (flattening would blur this).
        let path = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200))
        let c = CGFloat(0.5).squareRoot()
        #expect(path.contains(CGPoint(x: c * (100 - 1e-4), y: c * (100 - 1e-4))))
        #expect(!path.contains(CGPoint(x: c * (100 + 1e-4), y: c * (100 + 1e-4))))
        #expect(path.contains(CGPoint(x: 99.999, y: 0)))
        #expect(!path.contains(CGPoint(x: 100.001, y: 0)))
    }

    @Test func transformMovesThePathBeforeTesting() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let t = CGAffineTransform(translationX: 100, y: 0)
        #expect(path.contains(CGPoint(x: 105, y: 5), transform: t))
        #expect(!path.contains(CGPoint(x: 5, y: 5), transform: t))
    }

    @Test func emptyPathAndNonFinitePointsContainNothing() {
        #expect(!CGMutablePath().contains(.zero))
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(!path.contains(CGPoint(x: CGFloat.nan, y: 5)))
        #expect(!path.contains(CGPoint(x: 5, y: CGFloat.infinity)))
    }

    @Test func rayThroughAVertexCountsOnce() {
        // A diamond: a horizontal ray from the centre passes exactly through the right vertex.
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: -1), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0)])
        path.closeSubpath()
        #expect(path.contains(.zero, using: .evenOdd))
        #expect(path.contains(.zero, using: .winding))
        #expect(!path.contains(CGPoint(x: -2, y: 0), using: .evenOdd))
    }
}
