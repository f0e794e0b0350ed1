import Foundation
import StrataAnimation
import Testing

/// CASpringAnimation maths (spec §5.3): closed form vs numerical integration, settling time,
/// the perceptual (duration, bounce) mapping, bad input and extreme parameters.
@Suite struct SpringTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var m: Double, k: Double, c: Double, v0: Double
        var allowsOverdamping = true
        var testDescription: String { "m=\(m) k=\(k) c=\(c) v0=\(v0) overdamp=\(allowsOverdamping)" }
        var spring: Spring {
            Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0, allowsOverdamping: allowsOverdamping)
        }
    }

    static let cases: [Case] = [
        .init(m: 1, k: 100, c: 10, v0: 0),  // Apple's defaults, ζ = 0.5
        .init(m: 1, k: 100, c: 5, v0: 3),
        .init(m: 1, k: 100, c: 15, v0: -4),  // initially moving away from the target
        .init(m: 2.5, k: 40, c: 3, v0: 1),
        .init(m: 1, k: 100, c: 0, v0: 2),  // undamped
        .init(m: 1, k: 100, c: 20, v0: 0),  // critical
        .init(m: 1, k: 100, c: 20, v0: 25),  // critical, overshoots once
        .init(m: 1, k: 100, c: 19.999_999, v0: 1),  // just under-damped
        .init(m: 1, k: 100, c: 20.000_001, v0: 1),  // just over-damped
        .init(m: 1, k: 100, c: 50, v0: 5),  // over-damped
        .init(m: 1, k: 100, c: 200, v0: -10),
        .init(m: 1, k: 1000, c: 30, v0: 0),
    ]

    /// RK4 on m·x″ + c·x′ + k·x = 0, x(0) = 1, x′(0) = −v0, step 1e-4 s; returns x at every
    /// multiple of 0.01 s up to 3 s.
    static func integrate(m: Double, k: Double, c: Double, v0: Double) -> [Double] {
        let h = 1e-4
        var x = 1.0
        var v = -v0
        var samples = [x]
        func accel(_ x: Double, _ v: Double) -> Double { -(c * v + k * x) / m }
        for step in 1...30_000 {
            let (k1x, k1v) = (v, accel(x, v))
            let (k2x, k2v) = (v + h / 2 * k1v, accel(x + h / 2 * k1x, v + h / 2 * k1v))
            let (k3x, k3v) = (v + h / 2 * k2v, accel(x + h / 2 * k2x, v + h / 2 * k2v))
            let (k4x, k4v) = (v + h * k3v, accel(x + h * k3x, v + h * k3v))
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            if step % 100 == 0 { samples.append(x) }
        }
        return samples
    }

    /// Tolerance 1e-6 (RK4's own error at this step is < 1e-9).
    @Test(arguments: cases)
    func closedFormMatchesRK4(_ c: Case) {
        let numeric = Self.integrate(m: c.m, k: c.k, c: c.c, v0: c.v0)
        let spring = c.spring
        for (i, expected) in numeric.enumerated() {
            let t = Double(i) / 100
            #expect(abs(spring.displacement(at: t) - expected) <= 1e-6, "t=\(t)")
        }
        #expect(spring.displacement(at: 0) == 1)
        #expect(spring.progress(at: 0) == 0)
        // x′(0) = −v0 (forward difference, step 1e-8; truncation error ½|x″(0)|·h, where
        // x″(0) = (c·v0 − k)/m, plus rounding ≈ 1e-8).
        let h = 1e-8
        let truncation = 0.5 * abs((c.c * c.v0 - c.k) / c.m) * h
        #expect(abs((spring.displacement(at: h) - 1) / h + c.v0) <= truncation + 1e-6)
    }

    /// allowsOverdamping false (the default): ζ > 1 moves like the critical spring.
    @Test func overdampingNotAllowedIsCritical() {
        let clamped = Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 5)
        let numeric = Self.integrate(m: 1, k: 100, c: 20, v0: 5)
        for (i, expected) in numeric.enumerated() {
            #expect(abs(clamped.displacement(at: Double(i) / 100) - expected) <= 1e-6)
        }
        #expect(clamped.bounce == 0)
        let allowed = Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 5, allowsOverdamping: true)
        #expect(abs(allowed.displacement(at: 0.5) - clamped.displacement(at: 0.5)) > 0.01)
    }

    @Test func progressIsOneMinusDisplacementAndHandlesOddTimes() {
        let s = Spring()
        #expect(s.progress(at: 0.3) == 1 - s.displacement(at: 0.3))
        #expect(s.displacement(at: -1) == 1)
        #expect(s.displacement(at: .nan) == 1)
        #expect(s.displacement(at: .infinity) == 0)
    }

    // MARK: settlingDuration

    /// Apple's anchors (mass 1, stiffness 100, velocity 0), ±0.1 s.
    @Test(arguments: [(5.0, 2.85), (15.0, 1.0), (10.0, 1.447)])
    func settlingDurationAnchors(_ damping: Double, _ expected: Double) {
        let d = Spring(damping: damping).settlingDuration
        #expect(abs(d - expected) <= 0.1, "\(d)")
    }

    @Test func settlingDurationAnchorsTightly() {
        // The fitted ε reproduces the spec's derived values to the millisecond.
        #expect(abs(Spring(damping: 5).settlingDuration - 2.850) <= 1e-3)
        #expect(abs(Spring(damping: 15).settlingDuration - 1.001) <= 1e-3)
        #expect(Spring(damping: 15).settlingDuration > 1)  // "just over 1 s"
    }

    /// After the settling time |x| stays ≤ ε (ε = 8.31e-4; checked every ms for 5 s). For
    /// ζ ≥ 1 the time is the exact last crossing, so just before it |x| > ε.
    @Test(arguments: cases)
    func settledMeansWithinThreshold(_ c: Case) {
        let spring = c.spring
        let ts = spring.settlingDuration
        guard c.c > 0 else {
            #expect(ts == .infinity)  // undamped never settles
            return
        }
        #expect(ts.isFinite && ts > 0)
        for i in 0...5000 {
            let x = spring.displacement(at: ts + Double(i) / 1000)
            #expect(abs(x) <= Spring.settlingThreshold * (1 + 1e-9), "t=\(ts + Double(i) / 1000)")
        }
        if c.c >= 2 * (c.k * c.m).squareRoot() {
            #expect(abs(spring.displacement(at: ts * (1 - 1e-6))) > Spring.settlingThreshold)
        }
    }

    @Test func settlingDurationIsContinuousThroughCritical() {
        let under = Spring(damping: 20 - 1e-9).settlingDuration
        let critical = Spring(damping: 20).settlingDuration
        let over = Spring(damping: 20 + 1e-9, allowsOverdamping: true).settlingDuration
        #expect(abs(under - critical) <= 1e-3, "\(under) vs \(critical)")
        #expect(abs(over - critical) <= 1e-3, "\(over) vs \(critical)")
    }

    // MARK: Perceptual duration and bounce

    /// SwiftUI's published example: Spring(duration: 0.5, bounce: 0.3) → (1, 157.9, 17.6).
    @Test func perceptualInitMatchesSwiftUIExample() {
        let s = Spring(perceptualDuration: 0.5, bounce: 0.3)
        #expect(s.mass == 1)
        #expect(abs(s.stiffness - 157.9) <= 0.05)
        #expect(abs(s.damping - 17.6) <= 0.05)
        // And the reverse example: (1, 100, 10) → duration 0.63, bounce 0.5.
        #expect(abs(Spring().perceptualDuration - 0.63) <= 0.005)
        #expect(abs(Spring().bounce - 0.5) <= 1e-12)
    }

    @Test(arguments: [(0.5, 0.0), (0.3, 0.7), (1.2, -0.5), (0.8, 1.0), (0.4, -0.9), (2.0, 0.15)])
    func perceptualRoundTrip(_ duration: Double, _ bounce: Double) {
        let s = Spring(perceptualDuration: duration, bounce: bounce)
        #expect(abs(s.perceptualDuration - duration) <= 1e-12 * duration)
        #expect(abs(s.bounce - bounce) <= 1e-12)
        #expect(s.allowsOverdamping == (bounce < 0))
    }

    @Test func perceptualBadInput() {
        // NaN / non-positive duration → 0.5 s; bounce clamped into [−1, 1]; NaN bounce → 0.
        #expect(abs(Spring(perceptualDuration: .nan, bounce: 0).perceptualDuration - 0.5) <= 1e-12)
        #expect(abs(Spring(perceptualDuration: -2, bounce: 0).perceptualDuration - 0.5) <= 1e-12)
        #expect(abs(Spring(perceptualDuration: 0.5, bounce: 5).bounce - 1) <= 1e-12)
        #expect(abs(Spring(perceptualDuration: 0.5, bounce: .nan).bounce) <= 1e-12)
        // bounce −1 = infinite damping: stored as the largest finite damping; never moves.
        let stuck = Spring(perceptualDuration: 0.5, bounce: -1)
        #expect(stuck.damping == .greatestFiniteMagnitude)
        #expect(stuck.bounce == -1)
        #expect(abs(stuck.displacement(at: 100) - 1) <= 1e-9)
        #expect(stuck.settlingDuration > 1e300)  // effectively never
    }

    // MARK: Bad input

    struct Bad: Sendable, CustomTestStringConvertible {
        var what: String
        var spring: Spring
        var expected: Spring
        var testDescription: String { what }
    }

    static let bad: [Bad] = [
        .init(what: "mass 0 → 1", spring: Spring(mass: 0, stiffness: 50), expected: Spring(mass: 1, stiffness: 50)),
        .init(what: "mass −2 → 1", spring: Spring(mass: -2), expected: Spring()),
        .init(what: "mass NaN → 1", spring: Spring(mass: .nan), expected: Spring()),
        .init(what: "mass ∞ → 1", spring: Spring(mass: .infinity), expected: Spring()),
        .init(what: "stiffness 0 → 100", spring: Spring(stiffness: 0), expected: Spring()),
        .init(what: "stiffness −5 → 100", spring: Spring(stiffness: -5), expected: Spring()),
        .init(what: "stiffness NaN → 100", spring: Spring(stiffness: .nan), expected: Spring()),
        .init(what: "damping −1 → 10", spring: Spring(damping: -1), expected: Spring()),
        .init(what: "damping NaN → 10", spring: Spring(damping: .nan), expected: Spring()),
        .init(what: "velocity NaN → 0", spring: Spring(initialVelocity: .nan), expected: Spring()),
        .init(what: "velocity −∞ → 0", spring: Spring(initialVelocity: -.infinity), expected: Spring()),
    ]

    @Test(arguments: bad)
    func badInputFallsBackWithAWarning(_ b: Bad) {
        let (fixed, warnings) = b.spring.sanitized()
        #expect(fixed == b.expected)
        #expect(warnings.count == 1, "\(warnings)")
        // The unsanitized spring already moves like the fallback.
        for t in [0.0, 0.1, 0.5, 2] {
            #expect(b.spring.displacement(at: t) == b.expected.displacement(at: t))
        }
        #expect(b.spring.settlingDuration == b.expected.settlingDuration)
    }

    @Test func validInputHasNoWarnings() {
        #expect(Spring(mass: 3, stiffness: 7, damping: 0, initialVelocity: -2).sanitized().warnings.isEmpty)
    }

    // MARK: Extremes

    @Test func extremeParametersStayFinite() {
        let brief = Spring(stiffness: 1e9, damping: 1e-9)
        #expect(brief.displacement(at: 1e7).isFinite)
        #expect(brief.settlingDuration.isFinite)
        let magnitudes = [1e-9, 1.0, 1e9]
        for m in magnitudes {
            for k in magnitudes {
                for c in magnitudes {
                    for v0 in [0.0, 1e3, -1e3] {
                        for allowsOverdamping in [false, true] {
                            let s = Spring(
                                mass: m, stiffness: k, damping: c, initialVelocity: v0,
                                allowsOverdamping: allowsOverdamping)
                            for t in [0, 1e-9, 1e-3, 1, 1e7] {
                                #expect(s.displacement(at: t).isFinite, "m=\(m) k=\(k) c=\(c) v0=\(v0) t=\(t)")
                            }
                            #expect(!s.settlingDuration.isNaN && s.settlingDuration > 0)
                            #expect(s.perceptualDuration.isFinite && s.bounce.isFinite)
                        }
                    }
                }
            }
        }
    }
}
