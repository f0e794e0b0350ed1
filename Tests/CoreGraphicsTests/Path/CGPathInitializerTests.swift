import CoreGraphics
import Testing

private typealias S = PathTestSupport

@Suite struct CGPathInitializerTests {
    @Test func rectInitializerMatchesAddRect() {
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        let built = CGMutablePath()
        built.addRect(r)
        #expect(CGPath(rect: r) == built)
        #expect(CGPath(rect: r, transform: nil) == built)
    }

    @Test func rectInitializerAppliesTransformPointer() {
        var t = CGAffineTransform(translationX: 10, y: 20)
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t)
        #expect(S.elements(path) == [S.move(10, 20), S.line(11, 20), S.line(11, 21), S.line(10, 21), S.close])
    }

    @Test func ellipseInitializerMatchesAddEllipse() {
        let r = CGRect(x: 0, y: 0, width: 8, height: 4)
        let built = CGMutablePath()
        built.addEllipse(in: r)
        #expect(CGPath(ellipseIn: r) == built)
        var t = CGAffineTransform(scaleX: 2, y: 2)
        let scaled = CGMutablePath()
        scaled.addEllipse(in: r, transform: t)
        #expect(CGPath(ellipseIn: r, transform: &t) == scaled)
    }

    @Test func roundedRectInitializerMatchesAddRoundedRect() {
        let r = CGRect(x: 0, y: 0, width: 40, height: 20)
        let built = CGMutablePath()
        built.addRoundedRect(in: r, cornerWidth: 4, cornerHeight: 3)
        #expect(CGPath(roundedRect: r, cornerWidth: 4, cornerHeight: 3, transform: nil) == built)
        #expect(CGPath(roundedRect: r, cornerWidth: 4, cornerHeight: 3) == built)
    }

    @Test func copyUsingTransformMapsEveryPointIncludingControls() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        path.addCurve(to: CGPoint(x: 4, y: 1), control1: CGPoint(x: 2, y: 3), control2: CGPoint(x: 3, y: 3))
        var t = CGAffineTransform(scaleX: 2, y: -1).translatedBy(x: 1, y: 0)
        let copy = try #require(path.copy(using: &t))
        #expect(
            S.elements(copy) == [
                S.move(4, -1), S.curve(6, -3, 8, -3, 10, -1),
            ])
        // The original is untouched.
        #expect(S.elements(path)[0] == S.move(1, 1))
    }

    @Test func copyUsingNilIsAnEqualCopy() throws {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 3, height: 3))
        let copy = try #require(path.copy(using: nil))
        #expect(copy == path)
        #expect(copy !== path)
    }

    @Test func mutableCopyUsingTransformIsIndependentAndMutable() throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 1, y: 0))
        var t = CGAffineTransform(translationX: 0, y: 5)
        let copy = try #require(path.mutableCopy(using: &t))
        copy.addLine(to: CGPoint(x: 1, y: 1))
        #expect(S.elements(copy) == [S.move(0, 5), S.line(1, 5), S.line(1, 1)])
        #expect(S.elements(path).count == 2)
        #expect(S.near(copy.currentPoint, CGPoint(x: 1, y: 1)))
    }

    @Test func copyUsingNonFiniteTransformReturnsNil() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        var t = CGAffineTransform(scaleX: .nan, y: 1)
        #expect(path.copy(using: &t) == nil)
        #expect(path.mutableCopy(using: &t) == nil)
    }

    @Test func flattenedReplacesCurvesWithLinesWithinThreshold() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20))
        let flat = circle.flattened(threshold: 0.01)
        let els = S.elements(flat)
        #expect(els.allSatisfy { $0.type != .addCurveToPoint })
        #expect(els.first?.type == .moveToPoint && els.last?.type == .closeSubpath)
        // Every vertex lies on the Bézier, which stays within 0.03 % of the radius of the circle.
        for e in els where e.type == .addLineToPoint {
            let r = (e.points[0].x * e.points[0].x + e.points[0].y * e.points[0].y).squareRoot()
            #expect(abs(r - 10) < 0.003)
        }
    }
}
