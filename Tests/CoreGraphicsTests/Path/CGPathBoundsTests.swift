import CoreGraphics
import Testing

private typealias S = PathTestSupport

@Suite struct CGPathBoundsTests {
    @Test func boundingBoxOfEmptyPathIsNull() {
        let path = CGMutablePath()
        #expect(path.boundingBox.isNull)
        #expect(path.boundingBoxOfPath.isNull)
    }

    @Test func boundingBoxIncludesControlPointsButBoundingBoxOfPathDoesNot() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
        // The curve peaks at t = 0.5: y = 0.75 · 100.
        #expect(S.near(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 75)))
    }

    @Test func boundingBoxOfPathFindsQuadraticExtremum() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: -100))
        #expect(path.boundingBox == CGRect(x: 0, y: -100, width: 100, height: 100))
        #expect(S.near(path.boundingBoxOfPath, CGRect(x: 0, y: -50, width: 100, height: 50)))
    }

    @Test func boundingBoxOfPathFindsCubicExtremaOnBothAxes() {
        // An S-curve overshooting left and right of its end points.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 0, y: 30), control1: CGPoint(x: 30, y: 0), control2: CGPoint(x: -30, y: 30))
        let box = path.boundingBoxOfPath
        // x(t) = 90 t (1-t)² − 90 t² (1-t); extremes at t = (3 ∓ √3)/6, x = ±5√3/... computed below.
        let t = (3 - 3.0.squareRoot()) / 6
        let xMax = 90 * t * (1 - t) * (1 - t) - 90 * t * t * (1 - t)
        #expect(S.near(box, CGRect(x: -xMax, y: 0, width: 2 * xMax, height: 30)))
    }

    @Test func boundingBoxOfEllipseEqualsItsRect() {
        let r = CGRect(x: 3, y: 4, width: 10, height: 6)
        let path = CGPath(ellipseIn: r)
        #expect(S.near(path.boundingBoxOfPath, r))
        #expect(S.near(path.boundingBox, r))
    }

    @Test func loneMoveCountsInBothBoxes() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 5, y: 6))
        #expect(path.boundingBox == CGRect(x: 5, y: 6, width: 0, height: 0))
        #expect(path.boundingBoxOfPath == CGRect(x: 5, y: 6, width: 0, height: 0))
    }

    /// The box found in one pass over the elements equals the box of the path's segments (its
    /// subpaths' starts, ends and each segment's extrema, found by `PathSegment`), exactly, on
    /// 500 pseudo-random paths of moves, lines, quadratics, cubics and closes, drawn after a
    /// close and without a first move too.
    @Test func boundingBoxOfPathEqualsTheBoxOfItsSegments() {
        var seed: UInt64 = 42
        func next() -> CGFloat {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return CGFloat(Int(seed >> 40) % 2001 - 1000) / 10
        }
        func point() -> CGPoint { CGPoint(x: next(), y: next()) }
        for _ in 0..<500 {
            let path = CGMutablePath()
            for _ in 0..<(1 + Int(seed >> 60)) {
                switch Int(seed >> 33) % 5 {
                case 0: path.move(to: point())
                case 1: path.addLine(to: point())
                case 2: path.addQuadCurve(to: point(), control: point())
                case 3: path.addCurve(to: point(), control1: point(), control2: point())
                default: path.closeSubpath()
                }
                _ = next()
            }
            var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
            func add(_ p: CGPoint) {
                minX = min(minX, p.x)
                minY = min(minY, p.y)
                maxX = max(maxX, p.x)
                maxY = max(maxY, p.y)
            }
            for subpath in path.storage.subpaths() {
                add(subpath.start)
                for segment in subpath.segments {
                    add(segment.end)
                    for axis in 0..<2 {
                        for t in segment.extremaParameters(axis: axis) { add(segment.point(at: t)) }
                    }
                }
            }
            let reference = minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null
            #expect(path.boundingBoxOfPath == reference, "\(path.storage)")
        }
    }

    @Test func isRectIsTrueForRectPathAndWritesTheRect() {
        var rect = CGRect.zero
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).isRect(&rect))
        #expect(rect == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).isRect(nil))
    }

    @Test func isRectAcceptsClockwiseRectAndExplicitReturnLine() {
        let cw = CGMutablePath()
        cw.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 5), CGPoint(x: 7, y: 5), CGPoint(x: 7, y: 0)])
        cw.closeSubpath()
        var rect = CGRect.null
        #expect(cw.isRect(&rect))
        #expect(rect == CGRect(x: 0, y: 0, width: 7, height: 5))

        let explicit = CGMutablePath()
        explicit.addLines(between: [
            CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 2), CGPoint(x: 0, y: 2), CGPoint(x: 0, y: 0),
        ])
        explicit.closeSubpath()
        #expect(explicit.isRect(nil))
    }

    @Test func isRectIsFalseForOtherShapes() {
        // Open rect.
        let open = CGMutablePath()
        open.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 2), CGPoint(x: 0, y: 2)])
        #expect(!open.isRect(nil))
        // Trapezoid.
        let trapezoid = CGMutablePath()
        trapezoid.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 3, y: 2), CGPoint(x: 1, y: 2)])
        trapezoid.closeSubpath()
        #expect(!trapezoid.isRect(nil))
        // Rotated rect, ellipse, two rects, empty.
        var rotation = CGAffineTransform(rotationAngle: .pi / 4)
        #expect(!CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &rotation).isRect(nil))
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1)).isRect(nil))
        let two = CGMutablePath()
        two.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 2, y: 2, width: 1, height: 1)])
        #expect(!two.isRect(nil))
        #expect(!CGMutablePath().isRect(nil))
    }

    @Test func isRectLeavesTheOutputUntouchedWhenFalse() {
        var rect = CGRect(x: 9, y: 9, width: 9, height: 9)
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1)).isRect(&rect))
        #expect(rect == CGRect(x: 9, y: 9, width: 9, height: 9))
    }
}
