import CoreGraphics

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
    /// Linear value tracks: per segment, true when its two keyframes are equal, so it holds its
    /// first keyframe's value as it is (a path stays the same object, and the layer's look with
    /// it: Lottie's sampled trims repeat a path for as long as the trim stands still). Empty when
    /// no segment is flat.
    let flatSegments: [Bool]
    /// Value tracks of paths: the path of a run of equal keyframes, or of an end keyframe, as one
    /// object made once, so that a layer shown it as it is (a flat segment, a fill) keeps the same
    /// path object from frame to frame, and with it its look (`keyframePath(sharing:near:)`).
    let pathObjects: [CGPath?]
    /// Per segment: the progress range (lo, hi) of the run of segments around it that all show
    /// its value as it is (discrete segments, flat linear segments; open-ended at the track's
    /// ends); NaN where the segment's value moves. Empty when no segment holds still.
    let steadyRuns: [SIMD2<Double>]

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
        pathYieldsSizes: Bool = false, constant: AnimatableValue? = nil, flatSegments: [Bool] = []
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
        self.flatSegments = flatSegments
        self.pathObjects = Self.pathObjects(values, isPathTrack: path != nil)
        self.steadyRuns = path == nil && constant == nil
            ? Self.steadyRuns(calculationMode, values: values, keyTimes: keyTimes, flatSegments: flatSegments) : []
    }

    /// For a track of path values: one path object for each run of equal keyframes and for the
    /// first and last keyframes (what a fill shows before and after), at each keyframe of the
    /// run; nil elsewhere (a keyframe reached only at its key time shows for one frame). Empty
    /// for other tracks.
    private static func pathObjects(_ values: [AnimatableValue], isPathTrack: Bool) -> [CGPath?] {
        guard !isPathTrack, case .path = values.first else { return [] }
        var objects = [CGPath?](repeating: nil, count: values.count)
        var i = 0
        while i < values.count {
            var j = i
            while j + 1 < values.count, values[j + 1] == values[i] { j += 1 }
            if j > i || i == 0 || j == values.count - 1, case .path(let storage) = values[i] {
                let object = CGPath(storage: storage)
                for k in i...j { objects[k] = object }
            }
            i = j + 1
        }
        return objects
    }

    /// The keyframe path object whose storage `storage` is, as it is (not a copy changed since),
    /// looked for at the keyframes around `segment` (the cursor an evaluation left); nil when
    /// the value was interpolated or the track is not of paths.
    package func keyframePath(sharing storage: PathStorage, near segment: Int) -> CGPath? {
        guard !pathObjects.isEmpty else { return nil }
        for i in segment...(segment + 1) where i >= 0 && i < pathObjects.count {
            // The value evaluated is keyframe i's storage; its object may be an equal neighbour's.
            guard let object = pathObjects[i], case .path(let own) = values[i], own.sharesBuffers(with: storage)
            else { continue }
            return object
        }
        return nil
    }
}
