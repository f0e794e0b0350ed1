extension NumericAnimationTable {
    /// A table that no longer grows, its arrays copied once into buffers this object owns: a
    /// frame is made from them directly (no closure per array, nothing retained in the loop).
    /// Immutable, shared by every thread evaluating the snapshot it was made for.
    package final class Frozen: @unchecked Sendable {
        private let curves: UnsafeBufferPointer<TimingCurve>
        private let springs: UnsafeBufferPointer<Spring>
        private let timings: UnsafeBufferPointer<SharedTiming>
        private let spans: UnsafeBufferPointer<KeyframeSpan>
        private let keyTimes: UnsafeBufferPointer<Double>
        private let values: UnsafeBufferPointer<SIMD4<Double>>
        private let segmentCurves: UnsafeBufferPointer<Int32>

        package init(_ table: NumericAnimationTable) {
            curves = OwnedBuffers.copy(table.curves)
            springs = OwnedBuffers.copy(table.springs)
            timings = OwnedBuffers.copy(table.timings)
            spans = OwnedBuffers.copy(table.spans)
            keyTimes = OwnedBuffers.copy(table.keyTimes)
            values = OwnedBuffers.copy(table.values)
            segmentCurves = OwnedBuffers.copy(table.segmentCurves)
        }

        deinit {
            OwnedBuffers.release(curves)
            OwnedBuffers.release(springs)
            OwnedBuffers.release(timings)
            OwnedBuffers.release(spans)
            OwnedBuffers.release(keyTimes)
            OwnedBuffers.release(values)
            OwnedBuffers.release(segmentCurves)
        }

        /// Distinct timings: how many results a frame keeps.
        package var timingCount: Int { timings.count }

        /// A frame over the table whose timings' results live in `results` (at least
        /// `timingCount`, each `FrameResult.unsampled` or kept from an earlier frame); valid
        /// while this object and `results` are.
        package func frame(results: UnsafeMutableBufferPointer<FrameResult>) -> Frame {
            Frame(
                curves: curves, springs: springs, timings: timings, results: results, spans: spans, keyTimes: keyTimes,
                values: values, segmentCurves: segmentCurves)
        }
    }
}

extension NumericAnimationTable.FrameResult {
    /// A result no time matches (NaN's bits are never a frame's time): sampled on first use.
    package static let unsampled = Self(time: Double.nan.bitPattern, factor: 0, iteration: -1)
}
