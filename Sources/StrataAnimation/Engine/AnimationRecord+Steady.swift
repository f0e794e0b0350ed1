// Where a record holds still, in its layer's local time: through its groups, its timing, its
// timing function and its keyframes (see `MediaTiming.steadySpan` and `KeyframeTrack.steadyProgress`).

extension AnimationRecord {
    /// `span` cut to the layer-local times around `parentTime` over which every one of
    /// `records` holds (see `steadySpan(_:parentTime:)`); stops once it is empty. Each record is
    /// read in place through a pointer: called on an array element, a record was copied for the
    /// call (its references retained and released: 40 % of a held frame's span).
    package static func steadySpan(
        of records: [AnimationRecord], parentTime: Double, within span: (lo: Double, hi: Double)
    ) -> (lo: Double, hi: Double) {
        var span = span
        records.withUnsafeBufferPointer { records in
            for r in records.indices where span.lo < span.hi {
                let s = steadySpan(records.baseAddress! + r, parentTime: parentTime)
                span = (Swift.max(span.lo, s.lo), Swift.min(span.hi, s.hi))
            }
        }
        return span
    }

    /// The layer-local times (seconds) around `parentTime` over which the record at `record`
    /// gives what it gives at `parentTime` (a value, or nothing), as far as can be told without
    /// evaluating; (t, t) when it changes there. Springs and basic animations hold only outside
    /// their active time; keyframes also within runs of equal keyframes; groups and timing
    /// functions that are not linear pass on only a value that holds over all progress.
    private static func steadySpan(_ record: UnsafePointer<AnimationRecord>, parentTime: Double) -> (lo: Double, hi: Double) {
        // The parent time of each stage: the layer's, then each group's eased local time.
        var times: [Double] = []
        var time = parentTime
        let groupCount = record.pointee.groups.count
        if groupCount > 0 {
            times.reserveCapacity(groupCount)
            for stage in record.pointee.groups {
                times.append(time)
                guard let sample = stage.timing.sample(parentTime: time) else {
                    // A group that shows nothing holds while it stays in its phase.
                    let held = stage.timing.steadySpan(parentTime: time, progress: nil)
                    return record.pointee.outerSpan(times, through: times.count - 2, held)
                }
                time = stage.timing.duration * stage.curve.value(at: sample.progress)
            }
        }
        var progress: (lo: Double, hi: Double)?
        if case .keyframes(let track) = record.pointee.content,
            let p = record.pointee.timing.sample(parentTime: time)?.progress
        {
            let curve = record.pointee.curve
            if let held = track.steadyProgress(around: curve.value(at: p)) {
                if held.lo == -.infinity, held.hi == .infinity {
                    progress = held
                } else if curve.isLinear {
                    progress = held
                }
            }
        }
        let whole = progress.map { $0.lo == -.infinity && $0.hi == .infinity } ?? false
        let own = record.pointee.timing.steadySpan(
            parentTime: time, progress: progress, anyLeg: whole && !record.pointee.isCumulative)
        guard groupCount > 0 else { return own }
        return record.pointee.outerSpan(times, through: groupCount - 1, own)
    }

    /// `span`, in the eased local time of group `innermost` (the parent time of the stage inside
    /// it), carried out through that group and the ones around it to the layer's local time;
    /// `times[k]` is group k's parent time.
    private func outerSpan(_ times: [Double], through innermost: Int, _ span: (lo: Double, hi: Double)) -> (lo: Double, hi: Double) {
        var span = span
        var k = innermost
        while k >= 0 {
            let group = groups[k]
            let t = times[k]
            if span.lo == -.infinity, span.hi == .infinity {
                span = group.timing.steadySpan(parentTime: t, progress: span, anyLeg: true)
            } else if group.curve.isLinear, group.timing.duration > 0 {
                let d = group.timing.duration
                span = group.timing.steadySpan(parentTime: t, progress: (span.lo / d, span.hi / d))
            } else {
                return (t, t)
            }
            k -= 1
        }
        return span
    }
}
