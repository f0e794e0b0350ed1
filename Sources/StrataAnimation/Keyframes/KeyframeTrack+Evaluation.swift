import CoreGraphics

// Per-frame evaluation (timing spec §4.4–4.7). Index math on the arrays built earlier: find the
// segment (cursor, else binary search), form the local fraction, apply the segment's timing
// curve, interpolate. No allocation for the inline value kinds.
//
//   keyTimes   k0=0        k1          k2          k3=1
//   values     v0 ───────── v1 ───────── v2 ───────── v3        (linear / cubic / paced)
//   segment i  [k_i, k_{i+1}),  s = (p − k_i)/(k_{i+1} − k_i),  s′ = curve_i(s)
//
//   discrete   v0 holds [k0,k1), v1 [k1,k2), v2 [k2,k3=1], with n+1 key times for n values

extension KeyframeTrack {
    /// The value at iteration progress `progress` (after the animation-level timing function).
    /// `cursor` caches the segment between calls; start it at 0 and keep one per playing
    /// animation.
    package func value(at progress: Double, cursor: inout Int) -> AnimatableValue {
        evaluate(at: progress, cursor: &cursor).value
    }

    /// The value and, for path tracks with a `rotationMode`, the rotation to apply about z in
    /// radians: the path's tangent angle at the current point, atan2(dy, dx) (from +x toward +y,
    /// the sense of `CATransform3DMakeRotation(angle, 0, 0, 1)`), plus π for `.autoReverse`.
    /// The rotation is nil for value tracks and when `rotationMode` is nil.
    package func evaluate(at progress: Double, cursor: inout Int) -> (value: AnimatableValue, rotation: Double?) {
        let unheld = progress.isNaN ? 0 : progress
        if let path { return evaluatePath(path, at: unheld, cursor: &cursor) }
        if let constant { return (constant, rotation(0)) }
        let p = Self.heldProgress(unheld, keyTimes: keyTimes)
        let n = values.count
        switch calculationMode {
        case .discrete:
            let i = SegmentLocator.segment(containing: p, in: keyTimes, segmentCount: n, cursor: &cursor)
            return (values[i], nil)
        case .linear, .paced:
            let i = SegmentLocator.segment(containing: p, in: keyTimes, segmentCount: n - 1, cursor: &cursor)
            if i < flatSegments.count, flatSegments[i] { return (values[i], nil) }
            let s = easedFraction(p, segment: i)
            return (AnimatableValue.interpolate(from: values[i], to: values[i + 1], progress: s), nil)
        case .cubic:
            let i = SegmentLocator.segment(containing: p, in: keyTimes, segmentCount: n - 1, cursor: &cursor)
            let s = easedFraction(p, segment: i)
            return (spline!.value(segment: i, at: s), nil)
        case .cubicPaced:
            let i = SegmentLocator.segment(containing: p, in: keyTimes, segmentCount: n - 1, cursor: &cursor)
            let arc = arcLength!
            let s = arc.parameter(segment: i, distance: p * arc.total, spline: spline!)
            return (spline!.value(segment: i, at: s), nil)
        }
    }

    /// `p` held to the key times' range where they leave part of 0…1 uncovered (`[0, 0.7]`:
    /// the last value holds from 0.7 on). Key times covering 0…1 leave `p` alone, so that
    /// overshooting timing functions still extrapolate beyond 0…1.
    @inline(__always)
    static func heldProgress<Times: RandomAccessCollection<Double>>(_ p: Double, keyTimes: Times) -> Double
    where Times.Index == Int {
        guard let first = keyTimes.first, let last = keyTimes.last else { return p }
        if last < 1, p > last { return last }
        if first > 0, p < first { return first }
        return p
    }

    // MARK: Private

    /// The local fraction of `p` in segment `i`, through the segment's timing curve when it is
    /// within 0…1 (outside, only in the first and last segments, it extrapolates linearly). A
    /// zero-length segment gives its later end once reached (spec §4.4 step 2).
    private func easedFraction(_ p: Double, segment i: Int) -> Double {
        let k0 = keyTimes[i]
        let k1 = keyTimes[i + 1]
        let span = k1 - k0
        guard span > 0 else { return p >= k1 ? 1 : 0 }
        let s = (p - k0) / span
        guard !curveIndices.isEmpty, s >= 0, s <= 1 else { return s }
        let c = curveIndices[i]
        return c < 0 ? s : curves[Int(c)].value(at: s)
    }

    private func rotation(_ angle: Double) -> Double? {
        switch rotationMode {
        case nil: nil
        case .auto: angle
        case .autoReverse: angle + .pi
        }
    }

    private func evaluatePath(_ path: PathKeyframes, at progress: Double, cursor: inout Int) -> (
        value: AnimatableValue, rotation: Double?
    ) {
        // Clamped: the point stays on the path.
        let p = min(1, max(0, progress))
        let n = values.count
        switch calculationMode {
        case _ where constant != nil:
            return (constant!, rotation(path.angle(segment: 0, at: 0)))
        case .paced, .cubicPaced:
            let (point, angle) = path.measure.position(atFraction: p)
            return (.pathPoint(point, asSize: pathYieldsSizes), rotation(angle))
        case .discrete:
            let i = SegmentLocator.segment(containing: p, in: keyTimes, segmentCount: n, cursor: &cursor)
            // Keyframe i ends segment i − 1; the first keyframe starts segment 0.
            let angle = i == 0 ? path.angle(segment: 0, at: 0) : path.angle(segment: i - 1, at: 1)
            return (values[i], rotation(angle))
        case .linear, .cubic:
            let i = SegmentLocator.segment(containing: p, in: keyTimes, segmentCount: n - 1, cursor: &cursor)
            let s = min(1, max(0, easedFraction(p, segment: i)))
            let point = path.segments[i].point(at: CGFloat(s))
            return (.pathPoint(point, asSize: pathYieldsSizes), rotation(path.angle(segment: i, at: s)))
        }
    }
}
