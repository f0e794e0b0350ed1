// Where a track holds still: the progress ranges over which it shows one keyframe's value as it
// is, so that a frame inside one can keep the last frame's value without evaluating.
//
//   discrete   v0 [k0,k1)  v1 [k1,k2)  v1 [k2,k3)  v2 [k3,1]   → runs: (−∞,k1) (k1,k3) (k3,+∞)
//   linear     v0 ── v1 ══ v1 ══ v1 ── v2                     → the flat run (k1, k3); others NaN

extension KeyframeTrack {
    /// The progress range (after the animation's timing function) around `progress` over which
    /// the track's value is exactly the one it has at `progress`; nil when it changes there.
    /// Unbounded at a track's ends (values hold beyond them), and everywhere for a constant.
    package func steadyProgress(around progress: Double) -> (lo: Double, hi: Double)? {
        if constant != nil { return (-.infinity, .infinity) }
        guard !steadyRuns.isEmpty else { return nil }
        let p = Self.heldProgress(progress.isNaN ? 0 : progress, keyTimes: keyTimes)
        let count = calculationMode == .discrete ? min(values.count, keyTimes.count - 1) : values.count - 1
        guard count >= 1, steadyRuns.count >= count else { return nil }
        var cursor = 0
        let i = SegmentLocator.segment(containing: p, in: keyTimes, segmentCount: count, cursor: &cursor)
        let run = steadyRuns[i]
        guard !run.x.isNaN else { return nil }
        return (run.x, run.y)
    }

    /// `steadyRuns` of a value track (see the property); empty for cubic modes, which only
    /// hold still when constant.
    static func steadyRuns(
        _ mode: CalculationMode, values: [AnimatableValue], keyTimes: [Double], flatSegments: [Bool]
    ) -> [SIMD2<Double>] {
        let count: Int
        let holds: (Int) -> Bool
        switch mode {
        case .discrete:
            count = min(values.count, keyTimes.count - 1)
            holds = { _ in true }
        case .linear, .paced:
            guard !flatSegments.isEmpty else { return [] }
            count = values.count - 1
            holds = { $0 < flatSegments.count && flatSegments[$0] }
        case .cubic, .cubicPaced:
            return []
        }
        guard count >= 1, keyTimes.count > count else { return [] }
        let still = mode == .discrete
            // Neighbouring discrete segments continue a run when they show an equal value.
            ? { (i: Int) in values[i + 1] == values[i] }
            // Flat linear segments in a row all show the first one's value.
            : { (i: Int) in holds(i + 1) }
        var runs = [SIMD2<Double>](repeating: SIMD2(.nan, .nan), count: count)
        var i = 0
        while i < count {
            guard holds(i) else {
                i += 1
                continue
            }
            var j = i
            while j + 1 < count, still(j) { j += 1 }
            let lo = i == 0 ? -Double.infinity : keyTimes[i]
            let hi = j == count - 1 ? Double.infinity : keyTimes[j + 1]
            for k in i...j { runs[k] = SIMD2(lo, hi) }
            i = j + 1
        }
        return runs
    }
}
