/// How a keyframe track fills the time between keyframes (`CAKeyframeAnimation.calculationMode`,
/// timing spec §4.1). Raw values are Apple's strings.
package enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    /// Straight interpolation between neighbouring keyframes at the key times.
    case linear
    /// No interpolation: each value holds until the next key time (n values need n+1 key times).
    case discrete
    /// Linear, with key times computed so the value changes at constant speed.
    case paced
    /// A Kochanek–Bartels (Catmull–Rom when tension/continuity/bias are 0) spline through the
    /// keyframes at the key times.
    case cubic
    /// The cubic spline traversed at constant speed along its arc length.
    case cubicPaced
}

/// Whether an object moved along a keyframe `path` turns to follow it
/// (`CAKeyframeAnimation.rotationMode`, timing spec §4.7). Raw values are Apple's strings.
package enum RotationMode: String, Hashable, Sendable, CaseIterable {
    /// Rotated by the path's tangent angle at the current point.
    case auto
    /// The tangent angle plus π (facing backwards).
    case autoReverse
}
