import Foundation

// CASpringAnimation's maths (spec §5.3): a damped harmonic oscillator
//
//     m·x″ + c·x′ + k·x = 0,   x(0) = 1,   x′(0) = −v0
//
// x is the remaining displacement (1 at fromValue, 0 at toValue); progress = 1 − x.
// t is the animation's basic local time in seconds, *not* normalised by `duration`: the
// shape of the motion is independent of `duration`, which only decides when it is cut off.
//
//   x │1
//     │ \      under-damped: overshoots (x < 0) and rings down inside e^(−ζω₀t)
//     │  \    _
//   0 ┼───\──/─\───────── t
//     │    \_/

/// A damped spring's closed-form motion, with Apple's defaults (1, 100, 10, 0).
///
/// The stored properties are what the caller set (use ``sanitized()`` to get the warnings);
/// the motion is always computed from the fallback-applied values, so even unsanitized input
/// never yields NaN. Derived coefficients are precomputed at init.
package struct Spring: Hashable, Sendable {
    /// Mass m (> 0).
    package let mass: Double
    /// Spring constant k (> 0), in force per unit displacement.
    package let stiffness: Double
    /// Damping coefficient c (≥ 0); 0 oscillates forever.
    package let damping: Double
    /// v0 in whole distances per second (≈ spec §5.3); positive moves towards the target.
    package let initialVelocity: Double
    /// When false (the default), a damping ratio ζ > 1 is treated as critical (ζ = 1) — the
    /// reading of the undocumented iOS 17 flag recommended by spec §5.3 (?), and what WebKit's
    /// SpringSolver does. When true, over-damped springs creep in as the physics says.
    package let allowsOverdamping: Bool

    // Derived, from the fallback-applied parameters.
    /// Undamped angular frequency ω0 = √(k/m), rad/s.
    let omega0: Double
    /// Effective damping ratio ζ = c / (2√(k·m)), clamped to 1 unless overdamping is allowed.
    let zeta: Double
    /// Decay rate α = ζ·ω0 (1/s) and B = α − v0: x(t) = e^(−αt)·(cos-like + B·sin-like).
    let alpha: Double, b: Double
    /// Under-damped: ωd = ω0·√(1−ζ²). Over-damped: a = ω0·√(ζ²−1). 0 when critical.
    let omegaD: Double
    /// Over-damped roots r1 > r2 (both < 0) and C1 = ½ + h, C2 = ½ − h, h = B / (2a).
    let r1: Double, r2: Double, halfRatio: Double

    /// Apple's CASpringAnimation defaults.
    package static let defaultMass = 1.0, defaultStiffness = 100.0, defaultDamping = 10.0

    /// Creates a spring from physical parameters (defaults: Apple's). Values are stored as
    /// given; unusable ones (see ``sanitized()``) are replaced by defaults for the motion.
    package init(
        mass: Double = Spring.defaultMass, stiffness: Double = Spring.defaultStiffness,
        damping: Double = Spring.defaultDamping, initialVelocity: Double = 0,
        allowsOverdamping: Bool = false
    ) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping

        let (m, k, c, v0) = Self.usable(mass, stiffness, damping, initialVelocity)
        // Clamped so that absurd (but finite) k/m ratios cannot underflow to 0 or overflow.
        let w0 = min(max((k / m).squareRoot(), 1e-150), 1e150)
        // √k·√m rather than √(k·m): no overflow for extreme but finite input.
        let rawZeta = c / (2 * k.squareRoot() * m.squareRoot())
        let z = allowsOverdamping ? rawZeta : min(rawZeta, 1)
        omega0 = w0
        zeta = z
        alpha = z * w0
        b = z * w0 - v0
        if z < 1 {
            omegaD = w0 * ((1 - z) * (1 + z)).squareRoot()
            (r1, r2, halfRatio) = (0, 0, 0)
        } else if z > 1 {
            // s = √(1 − 1/ζ²) avoids overflowing ζ²; r1 = −ω0(ζ − √(ζ²−1)) without cancellation.
            let s = ((1 - 1 / z) * (1 + 1 / z)).squareRoot()
            omegaD = z * w0 * s
            r1 = -w0 / (z * (1 + s))
            r2 = -(z * w0) * (1 + s)
            halfRatio = (1 - v0 / (z * w0)) / (2 * s)
        } else {
            (omegaD, r1, r2, halfRatio) = (0, 0, 0, 0)
        }
    }

    // MARK: Evaluation

    /// The remaining displacement x(t): 1 at t = 0, 0 at rest, negative past the target.
    ///
    /// - Under-damped (ζ < 1): `e^(−αt)·(cos ωd·t + B·sin(ωd·t)/ωd)`
    /// - Critical (ζ = 1):     `e^(−αt)·(1 + B·t)`
    /// - Over-damped (ζ > 1):  `C1·e^(r1·t) + C2·e^(r2·t)`, evaluated as
    ///   `e^(−αt)·(cosh a·t + B·sinh(a·t)/a)` while a·t < 1 to avoid cancellation near ζ = 1.
    ///
    /// These are the spec's formulas rearranged (B/ωd and C1, C2 are never formed separately,
    /// so ζ → 1 from either side is continuous). t ≤ 0 or NaN gives 1 (not yet moving);
    /// t = +∞ gives 0.
    ///
    /// - Parameter t: basic local time in seconds since the spring started.
    /// - Complexity: O(1), a couple of `exp`/`sin`, no allocation.
    package func displacement(at t: Double) -> Double {
        guard t > 0 else { return 1 }
        guard t.isFinite else { return 0 }
        if zeta < 1 {
            let decay = exp(-alpha * t)
            if decay == 0 { return 0 }
            let angle = omegaD * t
            return decay * (cos(angle) + b * (sin(angle) / omegaD))
        }
        if zeta == 1 {
            let decay = exp(-alpha * t)
            return decay == 0 ? 0 : decay * (1 + b * t)
        }
        let at = omegaD * t
        if at < 1 {
            return exp(-alpha * t) * (cosh(at) + b * (sinh(at) / omegaD))
        }
        return (0.5 + halfRatio) * exp(r1 * t) + (0.5 - halfRatio) * exp(r2 * t)
    }

    /// Progress 1 − x(t): 0 at the start, 1 at rest, above 1 while overshooting.
    package func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    // MARK: Bad input

    /// Fallback-applied (mass, stiffness, damping, velocity); see ``sanitized()``.
    static func usable(_ m: Double, _ k: Double, _ c: Double, _ v: Double)
        -> (Double, Double, Double, Double)
    {
        (
            m > 0 && m.isFinite ? m : defaultMass,
            k > 0 && k.isFinite ? k : defaultStiffness,
            c >= 0 && c.isFinite ? c : defaultDamping,
            v.isFinite ? v : 0
        )
    }

    /// A copy with unusable parameters replaced, and one warning per replacement:
    /// mass ≤ 0, NaN or ∞ → 1; stiffness ≤ 0, NaN or ∞ → 100; damping < 0, NaN or ∞ → 10;
    /// initialVelocity NaN or ±∞ → 0. (The motion of the original already uses these.)
    package func sanitized() -> (spring: Spring, warnings: [String]) {
        let (m, k, c, v) = Self.usable(mass, stiffness, damping, initialVelocity)
        var warnings: [String] = []
        if m != mass { warnings.append("spring mass \(mass) is not usable; using \(m)") }
        if k != stiffness { warnings.append("spring stiffness \(stiffness) is not usable; using \(k)") }
        if c != damping { warnings.append("spring damping \(damping) is not usable; using \(c)") }
        if v != initialVelocity {
            warnings.append("spring initialVelocity \(initialVelocity) is not usable; using \(v)")
        }
        let spring = Spring(
            mass: m, stiffness: k, damping: c, initialVelocity: v, allowsOverdamping: allowsOverdamping)
        return (spring, warnings)
    }
}
