import CoreGraphics
import Foundation
import Testing

/// CGPath's boolean operations (through Clipper), checked by areas and containment reasoned out
/// from the shapes. Curves are flattened within 0.01 point, so areas of curved shapes are held to
/// 0.5 %; polygons' to 1e-3 (coordinates are rounded to 1/1024 point).
@Suite("CGPath boolean operations")
struct CGPathBooleanOperationTests {
    /// The area a path fills by the winding rule: the sum of its subpaths' signed shoelace areas
    /// (rings from the operations have holes turning the other way).
    private func area(_ path: CGPath) -> Double {
        var total = 0.0
        var start = CGPoint.zero, last = CGPoint.zero
        func edge(_ a: CGPoint, _ b: CGPoint) -> Double { Double(a.x * b.y - b.x * a.y) / 2 }
        path.applyWithBlock { element in
            let e = element.pointee
            switch e.type {
            case .moveToPoint:
                total += edge(last, start)
                start = e.points[0]
                last = start
            case .addLineToPoint:
                total += edge(last, e.points[0])
                last = e.points[0]
            case .closeSubpath:
                total += edge(last, start)
                last = start
            default:
                break
            }
        }
        total += edge(last, start)
        return abs(total)
    }

    /// The total length of a path's lines.
    private func length(_ path: CGPath) -> Double {
        var total = 0.0, last = CGPoint.zero
        path.applyWithBlock { element in
            let e = element.pointee
            if e.type == .addLineToPoint { total += Double(hypot(e.points[0].x - last.x, e.points[0].y - last.y)) }
            if e.type == .moveToPoint || e.type == .addLineToPoint { last = e.points[0] }
        }
        return total
    }

    private func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGPath {
        CGPath(rect: CGRect(x: x, y: y, width: w, height: h), transform: nil)
    }

    private let a = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
    private let b = CGPath(rect: CGRect(x: 5, y: 0, width: 10, height: 10), transform: nil)

    @Test func overlappingSquares() {
        #expect(abs(area(a.union(b)) - 150) < 1e-3)
        #expect(abs(area(a.intersection(b)) - 50) < 1e-3)
        #expect(abs(area(a.subtracting(b)) - 50) < 1e-3)
        #expect(abs(area(a.symmetricDifference(b)) - 100) < 1e-3)
        let difference = a.subtracting(b)
        #expect(difference.contains(CGPoint(x: 2, y: 5)) && !difference.contains(CGPoint(x: 7, y: 5)))
        let xor = a.symmetricDifference(b)
        #expect(xor.contains(CGPoint(x: 2, y: 5)) && xor.contains(CGPoint(x: 12, y: 5)) && !xor.contains(CGPoint(x: 7, y: 5)))
    }

    @Test func curvedShapesAreFlattenedWithinTolerance() {
        // Two unit-10 circles 10 apart: the lens is 2r²(π/3 − √3/4) · 2... each circle 100π.
        let r = 10.0, d = 10.0
        let c1 = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let c2 = CGPath(ellipseIn: CGRect(x: 0, y: -10, width: 20, height: 20), transform: nil)
        let lens = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
        #expect(abs(area(c1.intersection(c2)) - lens) / lens < 0.005)
        #expect(abs(area(c1.union(c2)) - (2 * .pi * r * r - lens)) / (2 * .pi * r * r) < 0.005)
    }

    @Test func theFillRuleDecidesNestedSubpaths() {
        // A square with a smaller square inside, both drawn the same way round.
        let nested = CGMutablePath()
        nested.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        nested.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        #expect(abs(area(nested.normalized(using: .winding)) - 100) < 1e-3, "winding: the inner square is filled")
        #expect(abs(area(nested.normalized(using: .evenOdd)) - 64) < 1e-3, "even-odd: it is a hole")
        #expect(!nested.normalized(using: .evenOdd).contains(CGPoint(x: 5, y: 5)))
    }

    @Test func componentsAreOutlinesWithTheirHoles() {
        let shapes = CGMutablePath()
        shapes.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        shapes.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))  // a hole (even-odd)
        shapes.addRect(CGRect(x: 4, y: 4, width: 2, height: 2))  // an island in the hole
        shapes.addRect(CGRect(x: 20, y: 0, width: 5, height: 5))  // apart
        let parts = shapes.componentsSeparated(using: .evenOdd)
        #expect(parts.count == 3)
        let areas = parts.map(area).sorted()
        #expect(abs(areas[0] - 4) < 1e-3 && abs(areas[1] - 25) < 1e-3 && abs(areas[2] - 64) < 1e-3, "\(areas)")
    }

    @Test func intersectsMeansSharedArea() {
        #expect(a.intersects(b))
        #expect(!a.intersects(rect(20, 0, 5, 5)))
        #expect(!a.intersects(rect(10, 0, 5, 5)), "touching along an edge shares no area")
    }

    @Test func linesAreCutByTheOtherPathsRegion() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: -5, y: 5))
        line.addLine(to: CGPoint(x: 15, y: 5))
        #expect(abs(length(line.lineIntersection(a)) - 10) < 1e-3)
        #expect(abs(length(line.lineSubtracting(a)) - 10) < 1e-3)
        // A closed subpath counts its closing line: a 20×20 square's outline through a 10×10 one.
        let outline = rect(-5, -5, 20, 20)
        #expect(abs(length(outline.lineIntersection(a))) < 1e-3, "the outline runs outside a")
        #expect(abs(length(outline.lineSubtracting(a)) - 80) < 1e-3)
    }

    @Test func badInputGivesAnEmptyResultNotACrash() {
        // Tried: NaN and huge coordinates, an empty path.
        let bad = CGMutablePath()
        bad.move(to: CGPoint(x: CGFloat.nan, y: 0))
        bad.addLine(to: CGPoint(x: 10, y: 10))
        bad.addLine(to: CGPoint(x: 0, y: 10))
        bad.closeSubpath()
        #expect(bad.union(CGMutablePath()).isEmpty)
        let huge = rect(0, 0, 1e30, 1e30)
        #expect(huge.intersection(a).isEmpty)
        #expect(CGMutablePath().symmetricDifference(CGMutablePath()).isEmpty)
        #expect(abs(area(a.union(bad)) - 100) < 1e-3, "the good path survives the bad one")
    }

    /// A curve whose control points are finite but astronomically far (a fuzzed Lottie mask
    /// subtracted from another, 1e100 away) asked for more flattening steps than an Int holds and
    /// trapped. Points past 1e15 (beyond what cairo and the boolean operations take) now stay one
    /// chord (a mutation of that file took 100,000 steps a segment, over 10 s); nearer ones with a
    /// tolerance tiny enough to ask for more than an Int holds are capped at 100,000, never a trap.
    /// The operation still gives an answer.
    @Test func aCurveOfFarControlPointsIsFlattenedInCappedSteps() {
        let far = CGMutablePath()
        far.move(to: .zero)
        far.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 1e100, y: 1e100), control2: CGPoint(x: -1e100, y: 1e100))
        far.closeSubpath()
        let cubic = PathSegment.cubic(.zero, CGPoint(x: 1e100, y: 1e100), CGPoint(x: -1e100, y: 1e100), CGPoint(x: 10, y: 0))
        #expect(cubic.flatteningSteps(tolerance: 0.01) == 1)
        let quad = PathSegment.quad(.zero, CGPoint(x: 1e60, y: -1e60), CGPoint(x: 10, y: 0))
        #expect(quad.flatteningSteps(tolerance: 1e-6) == 1)
        let near = PathSegment.cubic(.zero, CGPoint(x: 1e14, y: 1e14), CGPoint(x: -1e14, y: 1e14), CGPoint(x: 10, y: 0))
        #expect(near.flatteningSteps(tolerance: 1e-30) == 100_000, "1e22 steps asked: capped, not trapped")
        #expect(PathSegment.quad(.zero, CGPoint(x: 5, y: 5), CGPoint(x: 10, y: 0)).flatteningSteps(tolerance: 0.01) < 100)
        #expect(PathSegment.cubic(.zero, CGPoint(x: 1e300, y: 0), CGPoint(x: -1e300, y: 0), CGPoint(x: 10, y: 0)).flatteningSteps(tolerance: 0.01) == 1)
        let left = a.subtracting(far)
        #expect(area(left) >= -1e-3 && area(left) <= 100 + 1e-3, "area \(area(left)) of a square of 100 minus a shape")
    }
}
