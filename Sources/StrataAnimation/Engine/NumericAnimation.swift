/// The compact, self-contained form of a numeric animation for per-frame loops over many layers:
/// only what evaluation reads (timing, curve, flags, track), so that a flat array of them streams
/// through the cache. Records inside groups have no compact form; they use `AnimationRecord`.
package struct NumericAnimation: Sendable {
    package let timing: MediaTiming
    package let curve: TimingCurve
    package let isAdditive: Bool
    package let isCumulative: Bool
    package let track: NumericTrack

    /// The compact form of `record`, or nil when it has no numeric track or sits inside a group.
    package init?(_ record: AnimationRecord) {
        guard let track = record.numeric, record.groups.isEmpty else { return nil }
        timing = record.timing
        curve = record.curve
        isAdditive = record.isAdditive
        isCumulative = record.isCumulative
        self.track = track
    }

    /// The lanes of the animated component at `parentTime` (the layer's local time, seconds), or
    /// nil when the animation contributes nothing then; read in place through the pointer.
    ///
    /// - Parameter underlying: the lanes of the component underneath (needed when
    ///   `track.readsUnderlying` or the animation is additive).
    @inline(__always)
    package static func evaluate(
        _ animation: UnsafePointer<NumericAnimation>, parentTime: Double, underlying: SIMD4<Double>,
        cursor: inout Int
    ) -> SIMD4<Double>? {
        guard let sample = animation.pointee.timing.sample(parentTime: parentTime) else { return nil }
        // The track, in place: `animation.pointee.track.method()` would copy it first.
        let track = (UnsafeRawPointer(animation) + MemoryLayout<NumericAnimation>.offset(of: \.track)!)
            .assumingMemoryBound(to: NumericTrack.self)
        var lanes = NumericTrack.value(
            track, at: sample.progress, curve: animation.pointee.curve, duration: animation.pointee.timing.duration,
            underlying: underlying, cursor: &cursor)
        if animation.pointee.isCumulative, sample.iteration > 0 {
            lanes += animation.pointee.track.iterationDelta(underlying: underlying) * Double(sample.iteration)
        }
        if animation.pointee.isAdditive { lanes += underlying }
        return lanes
    }

    /// `evaluate(_:parentTime:underlying:cursor:)` through `memo`: a timing already sampled at
    /// this time this frame is not worked out again (the same lanes, tested).
    @inline(__always)
    package static func evaluate(
        _ animation: UnsafePointer<NumericAnimation>, parentTime: Double, underlying: SIMD4<Double>,
        cursor: inout Int, memo: inout TimingMemo
    ) -> SIMD4<Double>? {
        let raw = UnsafeRawPointer(animation)
        let track = (raw + MemoryLayout<NumericAnimation>.offset(of: \.track)!).assumingMemoryBound(to: NumericTrack.self)
        let timing = (raw + MemoryLayout<NumericAnimation>.offset(of: \.timing)!).assumingMemoryBound(to: MediaTiming.self)
        let curve = (raw + MemoryLayout<NumericAnimation>.offset(of: \.curve)!).assumingMemoryBound(to: TimingCurve.self)
        let result = NumericTrack.factor(track, timing: timing, curve: curve, at: parentTime, memo: &memo)
        guard let sample = result.sample else { return nil }
        var lanes = NumericTrack.value(track, factor: result.factor, underlying: underlying, cursor: &cursor)
        if animation.pointee.isCumulative, sample.iteration > 0 {
            lanes += animation.pointee.track.iterationDelta(underlying: underlying) * Double(sample.iteration)
        }
        if animation.pointee.isAdditive { lanes += underlying }
        return lanes
    }
}
