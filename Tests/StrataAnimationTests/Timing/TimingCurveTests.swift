import StrataAnimation
import Testing

/// CAMediaTimingFunction maths (spec §2). The reference is an independent bisection on the
/// Bernstein form (not the polynomial coefficients the implementation uses), run to the
/// limit of Double precision. Tolerance against it: 1e-9 (the brief asks for 1e-6).
@Suite struct TimingCurveTests {
    struct Named: Sendable, CustomTestStringConvertible {
        var name: String
        var curve: TimingCurve
        var points: (Double, Double, Double, Double)
        var testDescription: String { name }
    }

    static let named: [Named] = [
        .init(name: "linear", curve: .linear, points: (0, 0, 1, 1)),
        .init(name: "easeIn", curve: .easeIn, points: (0.42, 0, 1, 1)),
        .init(name: "easeOut", curve: .easeOut, points: (0, 0, 0.58, 1)),
        .init(name: "easeInEaseOut", curve: .easeInEaseOut, points: (0.42, 0, 0.58, 1)),
        .init(name: "default", curve: .default, points: (0.25, 0.1, 0.25, 1)),
    ]

    @Test(arguments: named)
    func namedCurvesHaveApplesControlPoints(_ n: Named) {
        #expect(n.curve.controlPoint(at: 0)! == (0, 0))
        #expect(n.curve.controlPoint(at: 1)! == (n.points.0, n.points.1))
        #expect(n.curve.controlPoint(at: 2)! == (n.points.2, n.points.3))
        #expect(n.curve.controlPoint(at: 3)! == (1, 1))
        #expect(n.curve.controlPoint(at: 4) == nil)
        #expect(n.curve.controlPoint(at: -1) == nil)
        #expect(n.curve.isLinear == (n.name == "linear"))
    }

    @Test func easeInEaseOutIsSymmetric() {
        #expect(abs(TimingCurve.easeInEaseOut.value(at: 0.5) - 0.5) <= 1e-9)
        for i in 0...100 {
            let x = Double(i) / 100
            let sum = TimingCurve.easeInEaseOut.value(at: x) + TimingCurve.easeInEaseOut.value(at: 1 - x)
            #expect(abs(sum - 1) <= 1e-12, "x=\(x)")
        }
    }

    /// y for input x by bisection on X(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³ (X is monotone).
    static func reference(_ c: (Double, Double, Double, Double), _ x: Double) -> Double {
        func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bernstein(c.0, c.2, mid) < x { lo = mid } else { hi = mid }
        }
        return bernstein(c.1, c.3, (lo + hi) / 2)
    }

    static let wellConditioned: [Named] =
        named + [
            .init(
                name: "overshoot (0.5, −0.8, 0.5, 1.85)", curve: .init(c1x: 0.5, c1y: -0.8, c2x: 0.5, c2y: 1.85),
                points: (0.5, -0.8, 0.5, 1.85)),
            .init(
                name: "steep: (0.9, 0.1, 0.1, 0.9)", curve: .init(c1x: 0.9, c1y: 0.1, c2x: 0.1, c2y: 0.9),
                points: (0.9, 0.1, 0.1, 0.9)),
        ]

    @Test(arguments: wellConditioned)
    func valueMatchesBisectionReference(_ n: Named) {
        var worst = 0.0
        for i in 0...2000 {
            let x = Double(i) / 2000
            worst = max(worst, abs(n.curve.value(at: x) - Self.reference(n.points, x)))
        }
        #expect(worst <= 1e-9, "max error \(worst)")
    }

    /// Curves where X′(s) = 0 somewhere (Newton stalls; bisection must take over). Near those
    /// points y(x) is ill-conditioned — a 1-ulp change in x moves y by up to ~1e-5 — so the
    /// Double bisection reference itself is only good to 1e-15·|dy/dx|; that is added to the
    /// 1e-9 tolerance. At the singular points the exact answer is known by symmetry.
    static let degenerate: [Named] = [
        .init(name: "X′(½) = 0: (1, 0, 0, 1)", curve: .init(c1x: 1, c1y: 0, c2x: 0, c2y: 1), points: (1, 0, 0, 1)),
        .init(
            name: "X′(0) = X′(1) = 0: (0, 1, 1, 0)", curve: .init(c1x: 0, c1y: 1, c2x: 1, c2y: 0), points: (0, 1, 1, 0)),
    ]

    @Test(arguments: degenerate)
    func degenerateCurvesStayAccurateWhereWellConditioned(_ n: Named) {
        let (x1, y1, x2, y2) = n.points
        for i in 0...2000 {
            let x = Double(i) / 2000
            let y = Self.reference(n.points, x)
            // dy/dx at the reference's parameter, from the Bernstein derivatives.
            let s = Self.referenceParameter(n.points, x)
            let r = 1 - s
            let dx = 3 * r * r * x1 + 6 * r * s * (x2 - x1) + 3 * s * s * (1 - x2)
            let dy = 3 * r * r * y1 + 6 * r * s * (y2 - y1) + 3 * s * s * (1 - y2)
            let tolerance = 1e-9 + 1e-15 * abs(dy / dx)
            #expect(abs(n.curve.value(at: x) - y) <= tolerance, "x=\(x)")
        }
        // Both curves are point-symmetric about (½, ½).
        #expect(abs(n.curve.value(at: 0.5) - 0.5) <= 1e-12)
        #expect(abs(n.curve.value(at: 0.25) + n.curve.value(at: 0.75) - 1) <= 1e-9)
    }

    static func referenceParameter(_ c: (Double, Double, Double, Double), _ x: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            let r = 1 - mid
            if 3 * r * r * mid * c.0 + 3 * r * mid * mid * c.2 + mid * mid * mid < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    @Test func defaultCurveAtKnownInputs() {
        let points = (0.25, 0.1, 0.25, 1.0)
        for x in [0.1, 0.25, 0.5, 0.75, 0.9] {
            #expect(abs(TimingCurve.default.value(at: x) - Self.reference(points, x)) <= 1e-9, "x=\(x)")
        }
        // Sanity of the reference itself: CSS `ease` is ≈ 0.8024 at x = 0.5 (4 decimals).
        #expect(abs(Self.reference(points, 0.5) - 0.8024) <= 1e-4)
    }

    @Test(arguments: named)
    func monotoneForControlPointsInsideTheUnitSquare(_ n: Named) {
        var previous = n.curve.value(at: 0)
        for i in 1...10_000 {
            let y = n.curve.value(at: Double(i) / 10_000)
            #expect(y >= previous, "step \(i)")
            previous = y
        }
    }

    @Test(arguments: named)
    func inputOutsideTheUnitIntervalIsClamped(_ n: Named) {
        #expect(n.curve.value(at: -0.5) == 0)
        #expect(n.curve.value(at: 0) == 0)
        #expect(n.curve.value(at: 1) == 1)
        #expect(n.curve.value(at: 1.5) == 1)
        #expect(n.curve.value(at: .infinity) == 1)
        #expect(n.curve.value(at: .nan) == 0)
    }

    @Test func linearFastPathReturnsInputExactly() {
        for x in [1e-300, 0.1, 1.0 / 3, 0.7, Double(1).nextDown] {
            #expect(TimingCurve.linear.value(at: x) == x)
            // Any curve whose control points lie on the diagonal is the identity too.
            #expect(TimingCurve(c1x: 0.3, c1y: 0.3, c2x: 0.8, c2y: 0.8).value(at: x) == x)
        }
    }

    /// Bad control points: x outside [0, 1] is clamped (CSS rule); NaN or ∞ anywhere → linear.
    @Test func badControlPoints() {
        let clamped = TimingCurve(c1x: -1, c1y: 0.2, c2x: 2, c2y: 0.9)
        #expect(clamped.c1x == 0 && clamped.c2x == 1)
        #expect(clamped.c1y == 0.2 && clamped.c2y == 0.9)
        #expect(clamped == TimingCurve(c1x: 0, c1y: 0.2, c2x: 1, c2y: 0.9))
        #expect(TimingCurve(c1x: .nan, c1y: 0, c2x: 1, c2y: 1) == .linear)
        #expect(TimingCurve(c1x: 0.4, c1y: .infinity, c2x: 0.6, c2y: 1) == .linear)
        // y outside [0, 1] is kept: overshoot.
        #expect(TimingCurve(c1x: 0.5, c1y: -0.8, c2x: 0.5, c2y: 1.85).value(at: 0.1) < 0)
    }

    /// The public API passes Float control points; widened, they stay within 1e-7 of the
    /// named curves' exact decimal values.
    @Test func floatWidenedControlPointsMatchNamedCurves() {
        let widened = TimingCurve(
            c1x: Double(Float(0.25)), c1y: Double(Float(0.1)), c2x: Double(Float(0.25)), c2y: Double(Float(1)))
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(abs(widened.value(at: x) - TimingCurve.default.value(at: x)) <= 1e-7)
        }
    }
}

/// The named curves start Newton from a table of solutions; the answers must be those of the
/// table-less search (which bisection checks above) — for the decimal control points and for
/// the `Float`-rounded ones `CAMediaTimingFunction(name:)` passes.
@Suite struct TimingCurveTableTests {
    /// The same curve, moved off the named points by one ulp of c2y: it has no table.
    static func untabled(_ c: (Double, Double, Double, Double)) -> TimingCurve {
        TimingCurve(c1x: c.0, c1y: c.1, c2x: c.2, c2y: c.3.nextDown)
    }

    @Test(arguments: [true, false])
    func tabledNamedCurvesAgreeWithTheTablelessSearch(floatRounded: Bool) {
        for n in TimingCurveTests.named where n.name != "linear" {
            func r(_ v: Double) -> Double { floatRounded ? Double(Float(v)) : v }
            let points = (r(n.points.0), r(n.points.1), r(n.points.2), r(n.points.3))
            let tabled = TimingCurve(c1x: points.0, c1y: points.1, c2x: points.2, c2y: points.3)
            let plain = Self.untabled(points)
            var worst = 0.0
            for i in 0...20_000 {
                let x = Double(i) / 20_000
                // c2y one ulp lower moves y by less than 1e-15; the solves may differ by a few ulps.
                worst = max(worst, abs(tabled.value(at: x) - plain.value(at: x)))
                worst = max(worst, abs(tabled.value(at: x) - TimingCurveTests.reference(points, x)))
            }
            #expect(worst <= 1e-12, "\(n.name) (Float-rounded: \(floatRounded)): max difference \(worst)")
        }
    }
}
