extension NumericAnimationTable {
    /// The table during one frame's loop: its arrays as buffers (no reference counting inside the
    /// loop) and the frame's result for each timing, sampled on first use.
    package struct Frame {
        let curves: UnsafeBufferPointer<TimingCurve>
        let springs: UnsafeBufferPointer<Spring>
        let timings: UnsafeBufferPointer<SharedTiming>
        let results: UnsafeMutableBufferPointer<FrameResult>
        let spans: UnsafeBufferPointer<KeyframeSpan>
        let keyTimes: UnsafeBufferPointer<Double>
        let values: UnsafeBufferPointer<SIMD4<Double>>
        let segmentCurves: UnsafeBufferPointer<Int32>

        /// Timing `index`'s result at `time` (seconds): kept from earlier in the frame when it was
        /// sampled at the same time (bit for bit), else sampled and kept.
        @inline(__always)
        func result(_ index: Int, at time: Double) -> FrameResult {
            let kept = results[index]
            if kept.time == time.bitPattern { return kept }
            let made = computeResult(index, at: time)
            results[index] = made
            return made
        }

        /// Timing `index` sampled at `time`: the iteration and the eased factor (the curve's value
        /// at the progress, or the spring's progress at the local time).
        func computeResult(_ index: Int, at time: Double) -> FrameResult {
            let shared = timings[index]
            guard let sample = shared.timing.sample(parentTime: time) else {
                return FrameResult(time: time.bitPattern, factor: 0, iteration: -1)
            }
            let factor: Double
            if shared.isSpring {
                factor = springs[Int(shared.shaping)].progress(at: sample.progress * shared.timing.duration)
            } else {
                let curve = curves[Int(shared.shaping)]
                factor = curve.isLinear ? sample.progress : curve.value(at: sample.progress)
            }
            return FrameResult(time: time.bitPattern, factor: factor, iteration: sample.iteration)
        }
    }

    /// Calls `body` with a frame of the table, valid only inside it. Mutating: the frame keeps its
    /// timings' results in the table across calls. The arrays are copied for the call (tests and
    /// one-off evaluations; a loop over many frames freezes the table once: `Frozen`).
    package mutating func withFrame<R>(_ body: (Frame) throws -> R) rethrows -> R {
        let frozen = Frozen(self)
        // Moved out for the loop (held once, written in place) and back after.
        var kept = results
        results = []
        defer { results = kept }
        return try withExtendedLifetime(frozen) {
            try kept.withUnsafeMutableBufferPointer { try body(frozen.frame(results: $0)) }
        }
    }
}
