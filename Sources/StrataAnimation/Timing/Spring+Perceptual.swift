import Foundation

// The iOS 17 / macOS 14 perceptual parameters (spec §5.3 [H14]): CASpringAnimation's
// `init(perceptualDuration:bounce:)` and its read-only `perceptualDuration` and `bounce`.
// Apple documents the meaning but not the mapping; we use SwiftUI's `Spring(duration:bounce:)`,
// whose reference page gives a worked example that pins it:
//   Spring(duration: 0.5, bounce: 0.3) → mass 1, stiffness 157.9, damping 17.6
//   Spring(mass: 1, stiffness: 100, damping: 10) → duration 0.63, bounce 0.5
// Both match (m = 1):
//   stiffness = (2π / duration)²
//   damping   = 4π(1 − bounce) / duration        bounce ≥ 0   (ζ = 1 − bounce)
//             = 4π / (duration·(1 + bounce))     bounce < 0   (ζ = 1 / (1 + bounce))
// i.e. duration is the undamped period 2π/ω0 and bounce is a function of ζ alone.
// Range (SwiftUI docs): bounce 0 = critical, 1 = undamped, −1 = the most over-damped.

extension Spring {
    /// A spring with mass 1 whose undamped period is `perceptualDuration` seconds and whose
    /// damping ratio is ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce) (bounce < 0).
    ///
    /// Fallbacks (Apple documents none): a duration that is NaN, ∞ or ≤ 0 becomes 0.5 s
    /// (SwiftUI's default); NaN bounce becomes 0; bounce is clamped into [−1, 1]; bounce −1
    /// (infinite damping) uses the largest finite damping. A negative bounce sets
    /// `allowsOverdamping`, otherwise it would be clamped back to critical.
    package init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) {
        let duration = perceptualDuration > 0 && perceptualDuration.isFinite ? perceptualDuration : 0.5
        let bounce = bounce.isNaN ? 0 : min(max(bounce, -1), 1)
        let stiffness = (2 * Double.pi / duration) * (2 * Double.pi / duration)
        var damping =
            bounce >= 0 ? 4 * Double.pi * (1 - bounce) / duration : 4 * Double.pi / (duration * (1 + bounce))
        if !damping.isFinite { damping = .greatestFiniteMagnitude }
        self.init(
            mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
            allowsOverdamping: bounce < 0)
    }

    /// The undamped period 2π·√(m/k), in seconds (SwiftUI's `duration`).
    package var perceptualDuration: Double { 2 * Double.pi / omega0 }

    /// 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1, in [−1, 1]. Uses the *effective* ζ: with
    /// `allowsOverdamping` false an over-damped parameter set moves critically, so reads 0.
    package var bounce: Double { zeta <= 1 ? 1 - zeta : 1 / zeta - 1 }
}
