/// A `CAKeyframeAnimation`'s keyframes, frozen into flat arrays when the animation is added
/// (architecture §1.2 rule 3): validated key times, deduplicated per-segment timing curves,
/// precomputed spline tangents and arc-length tables. Evaluation is index math on those arrays.
///
/// Immutable and `Sendable` (a class: records hold it by reference and evaluation reads it in
/// place, never copying its dozen arrays): the segment found last time is cached in a cursor the caller owns
/// (one `Int` per playing animation), not in the track.
///
/// ```
/// var warnings: [String] = []
/// let track = KeyframeTrack(values: [.scalar(0), .scalar(10), .scalar(0)], warnings: &warnings)!
/// var cursor = 0
/// track.value(at: 0.25, cursor: &cursor)   // .scalar(5)
/// ```
///
/// Progress (`value(at:cursor:)`) is the iteration progress after the animation's own timing
/// function; it is not clamped for value keyframes: below 0 and above 1 the first and last
/// segments extrapolate (the Web Animations rule for overshooting easing), discrete tracks hold
/// their first and last values. Path keyframes clamp to the path (an object following a path
/// never leaves it). NaN reads as 0.
package final class KeyframeTrack: Sendable {
    /// The mode actually used, after fallbacks (cubic modes fall back to linear / paced for values
    /// that cannot be splined, e.g. transforms).
    package let calculationMode: CalculationMode
    /// Set only for path tracks (values tracks ignore it).
    package let rotationMode: RotationMode?
    /// The keyframe values (for a path: its keyframe points as `.point`).
    package let values: [AnimatableValue]
    /// The key times in use: one per keyframe (linear, cubic, and the computed paced spacing) or
    /// one more than the values (discrete); non-decreasing from 0 to 1.
    package let keyTimes: [Double]
    /// Per segment: index into `curves`, or −1 for linear. Empty when no segment has a curve.
    let curveIndices: [Int32]
    /// The distinct non-linear per-segment timing curves.
    let curves: [TimingCurve]
    /// Cubic and cubicPaced value tracks.
    let spline: HermiteSpline?
    /// cubicPaced value tracks.
    let arcLength: SplineArcLength?
    /// Path tracks.
    let path: PathKeyframes?
    /// A path track of a size key path (`transform.translation`): its points are given as sizes.
    let pathYieldsSizes: Bool
    /// Set when every evaluation gives the same value (build-time shortcut: one keyframe, all
    /// keyframes equal, zero total distance in a paced mode).
    let constant: AnimatableValue?

    /// The number of keyframes.
    package var keyframeCount: Int { values.count }

    /// True when the track evaluates to one value everywhere (the rotation of a path track may
    /// still change).
    package var isConstant: Bool { constant != nil }

    /// True when the track was built from a path and reports a rotation (see `evaluate`).
    package var reportsRotation: Bool { rotationMode != nil }

    init(
        calculationMode: CalculationMode, rotationMode: RotationMode?, values: [AnimatableValue],
        keyTimes: [Double], curveIndices: [Int32] = [], curves: [TimingCurve] = [],
        spline: HermiteSpline? = nil, arcLength: SplineArcLength? = nil, path: PathKeyframes? = nil,
        pathYieldsSizes: Bool = false, constant: AnimatableValue? = nil
    ) {
        self.calculationMode = calculationMode
        self.rotationMode = rotationMode
        self.values = values
        self.keyTimes = keyTimes
        self.curveIndices = curveIndices
        self.curves = curves
        self.spline = spline
        self.arcLength = arcLength
        self.path = path
        self.pathYieldsSizes = pathYieldsSizes
        self.constant = constant
    }
}
