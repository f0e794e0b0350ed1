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

    /// Calls `body` with the table's frame, valid only inside it. Mutating: the frame keeps its
    /// timings' results in the table, so one table serves one loop at a time.
    package mutating func withFrame<R>(_ body: (Frame) throws -> R) rethrows -> R {
        // Moved out for the loop (held once, written in place) and back after.
        var kept = results
        results = []
        defer { results = kept }
        return try kept.withUnsafeMutableBufferPointer { results in try withFrame(results: results, body) }
    }

    /// The frame over `results` (one per timing).
    private func withFrame<R>(results: UnsafeMutableBufferPointer<FrameResult>, _ body: (Frame) throws -> R) rethrows -> R {
        try curves.withUnsafeBufferPointer { curves in
            try springs.withUnsafeBufferPointer { springs in
                try timings.withUnsafeBufferPointer { timings in
                    try spans.withUnsafeBufferPointer { spans in
                        try keyTimes.withUnsafeBufferPointer { keyTimes in
                            try values.withUnsafeBufferPointer { values in
                                try segmentCurves.withUnsafeBufferPointer { segmentCurves in
                                    try body(
                                        Frame(
                                            curves: curves, springs: springs, timings: timings, results: results,
                                            spans: spans, keyTimes: keyTimes, values: values,
                                            segmentCurves: segmentCurves))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension NumericAnimationTable {
    /// `withFrame` on a table shared with other threads: the frame's results live on the stack
    /// (the table is neither copied nor changed).
    package func withFreshFrame<R>(_ body: (Frame) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: FrameResult.self, capacity: Swift.max(results.count, 1)) { scratch in
            scratch.initialize(repeating: FrameResult(time: Double.nan.bitPattern, factor: 0, iteration: -1))
            let results = UnsafeMutableBufferPointer(rebasing: scratch[0..<results.count])
            return try withFrame(results: results, body)
        }
    }
}
