import CoreGraphics
import Testing

private typealias S = PathTestSupport

/// True when every coordinate of the rect is finite (or it is the null rect of an empty path).
private func finiteOrNull(_ r: CGRect) -> Bool {
    r.isNull || [r.origin.x, r.origin.y, r.width, r.height].allSatisfy(\.isFinite)
}

@Suite struct PathBadInputTests {
    @Test func nonFiniteShapesAreIgnoredWhole() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        path.addRect(.null)
        path.addRect(.infinite)
        path.addEllipse(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 1, height: 1), cornerWidth: .nan, cornerHeight: 1)
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.nan, y: 1), CGPoint(x: 2, y: 2)])
        path.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        path.addArc(center: .zero, radius: 1, startAngle: .infinity, endAngle: 1, clockwise: false)
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1), transform: CGAffineTransform(scaleX: .nan, y: 1))
        #expect(path.isEmpty)
        #expect(path.boundingBox.isNull)
        #expect(path.boundingBoxOfPath.isNull)
    }

    /// Issue 29: an ellipse of 1e300 points (and a curve of 1e200) whose length is measured (a
    /// stroke's trim, a paced keyframe path): its speed overflows to infinity, and the arc-length
    /// table used to refine to 2³² pieces (4.4 GB). Now the table stays small.
    @Test(arguments: [1e300, 1e200, 1e160])
    func hugeCoordinatesKeepArcLengthTablesSmall(_ size: Double) {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 0, y: 0, width: size, height: size))
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: size, y: 0), control1: CGPoint(x: 0, y: size), control2: CGPoint(x: size, y: -size))
        let measure = PathMeasure(path)
        #expect(measure.tableEntryCount < 100_000, "\(measure.tableEntryCount) entries")
        _ = measure.segment(from: 0.1, to: 0.6)  // measuring a trim must not hang either
    }

    @Test func droppedNonFiniteElementsLeaveFiniteQueries() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: CGFloat.nan, y: 3))
        path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: CGFloat.infinity, y: 0), control2: .zero)
        path.addLine(to: CGPoint(x: 10, y: 10))
        path.closeSubpath()
        #expect(S.elements(path) == [S.move(0, 0), S.line(10, 10), S.close])
        #expect(finiteOrNull(path.boundingBox) && finiteOrNull(path.boundingBoxOfPath))
        #expect(path.contains(CGPoint(x: 5, y: 5)))  // on the outline
        #expect(PathMeasure(path).totalLength.isFinite)
        #expect(!path.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
    }

    @Test func zeroSizeRectKeepsItsDegenerateElements() {
        let path = CGPath(rect: CGRect(x: 3, y: 4, width: 0, height: 0))
        #expect(S.elements(path) == [S.move(3, 4), S.line(3, 4), S.line(3, 4), S.line(3, 4), S.close])
        var rect = CGRect.null
        #expect(path.isRect(&rect))
        #expect(rect == CGRect(x: 3, y: 4, width: 0, height: 0))
        #expect(path.boundingBox == CGRect(x: 3, y: 4, width: 0, height: 0))
        #expect(!path.contains(CGPoint(x: 3.1, y: 4)))
    }

    @Test func zeroSizeEllipseIsSixElementsOnOnePoint() {
        let path = CGPath(ellipseIn: CGRect(x: 7, y: 8, width: 0, height: 0))
        let els = S.elements(path)
        let curve = CGPathElementType.addCurveToPoint
        #expect(els.map(\.type) == [.moveToPoint, curve, curve, curve, curve, .closeSubpath])
        #expect(els.flatMap(\.points).allSatisfy { $0 == CGPoint(x: 7, y: 8) })
        #expect(path.boundingBoxOfPath == CGRect(x: 7, y: 8, width: 0, height: 0))
        let m = PathMeasure(path)
        #expect(m.totalLength == 0)
        #expect(m.position(atFraction: 0.5).point == CGPoint(x: 7, y: 8))
        // Stroked with round caps it is a dot of the line width.
        let dot = path.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(dot.contains(CGPoint(x: 8.9, y: 8)))
        #expect(!dot.contains(CGPoint(x: 9.1, y: 8)))
    }

    @Test func zeroRadiusArcsMeasureZeroAndStayFinite() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 1, y: 1), radius: 0, startAngle: 0, endAngle: .pi, clockwise: false)
        path.addRelativeArc(center: CGPoint(x: 1, y: 1), radius: 0, startAngle: 0, delta: 1)
        // The second arc starts where the path already is: no line is added.
        #expect(S.elements(path) == [S.move(1, 1)])
        let m = PathMeasure(path)
        #expect(m.totalLength == 0)
        #expect(m.position(atFraction: 1).tangentAngle.isFinite)
    }

    @Test func negativeStrokeWidthGivesEmptyPath() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(path.copy(strokingWithWidth: -3, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
    }

    @Test func nanMiterLimitUsesTheDefaultOfTen() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        let nan = path.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: .nan)
        let ten = path.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(nan == ten)
        #expect(nan.contains(CGPoint(x: 10.9, y: -0.9)))  // the right-angle miter corner
    }

    @Test func allZeroDashLengthsReturnThePathUnchanged() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(path.copy(dashingWithPhase: 3, lengths: [0, 0, 0]) == path)
        let moved = path.copy(dashingWithPhase: 3, lengths: [0], transform: CGAffineTransform(translationX: 1, y: 0))
        #expect(S.elements(moved)[0] == S.move(1, 0))
    }

    @Test func hugeButFiniteCoordinatesStayFiniteInQueries() {
        let path = CGPath(rect: CGRect(x: -1e150, y: -1e150, width: 2e150, height: 2e150))
        #expect(path.contains(.zero))
        #expect(finiteOrNull(path.boundingBoxOfPath))
        #expect(PathMeasure(path).totalLength.isFinite)
        #expect(PathMeasure(path).position(atFraction: 0.3).point.x.isFinite)
    }
}

@Suite struct PathBadTransformTests {
    @Test func nonFiniteTransformsGiveEmptyStrokesAndDashes() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let bad = CGAffineTransform(scaleX: .infinity, y: 1)
        #expect(path.copy(strokingWithWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 10, transform: bad).isEmpty)
        #expect(path.copy(dashingWithPhase: 0, lengths: [1, 1], transform: bad).isEmpty)
        #expect(!path.contains(CGPoint(x: 5, y: 5), transform: CGAffineTransform(scaleX: .nan, y: 1)))
    }
}
