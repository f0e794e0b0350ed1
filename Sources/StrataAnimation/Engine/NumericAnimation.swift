/// The compact form of a numeric animation for per-frame loops over many layers: 80 bytes, both
/// ends inline, and the timing (with its curve or spring) and the keyframes as indices into the
/// `NumericAnimationTable` that made it, where animations that share a timing share one entry and
/// a frame samples it once. A flat array of them streams a fifth as many bytes as the record's
/// numeric track did. Records inside groups have no compact form (`AnimationRecord`).
package struct NumericAnimation: Sendable {
    /// How the ends read the value underneath, and how the result combines with it.
    package struct Flags: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        static let fromIsCurrent = Flags(rawValue: 1)
        static let toIsCurrent = Flags(rawValue: 2)
        /// The end is the value underneath plus `to` (`byValue` alone).
        static let toAddsCurrent = Flags(rawValue: 4)
        static let additive = Flags(rawValue: 8)
        static let cumulative = Flags(rawValue: 16)
    }

    /// The index of the animation's timing (with its curve or spring) in the table.
    let timing: UInt32
    /// Keyframe animations: the index of its span in the table's keyframe pools.
    let keyframes: UInt32
    package let mode: NumericTrack.Mode
    package let shape: NumericShape
    package let flags: Flags
    /// The ends of basic animations and springs (lanes; unused by keyframes).
    let from: SIMD4<Double>
    let to: SIMD4<Double>

    init(
        timing: UInt32, keyframes: UInt32, mode: NumericTrack.Mode, shape: NumericShape, flags: Flags,
        from: SIMD4<Double>, to: SIMD4<Double>
    ) {
        self.timing = timing
        self.keyframes = keyframes
        self.mode = mode
        self.shape = shape
        self.flags = flags
        self.from = from
        self.to = to
    }

    /// True when evaluation reads the value underneath.
    package var readsUnderlying: Bool { !flags.isDisjoint(with: [.fromIsCurrent, .toIsCurrent, .toAddsCurrent, .additive]) }
}

extension NumericAnimation {
    /// The lanes of the animated component at `parentTime` (the layer's local time, seconds), or
    /// nil when the animation contributes nothing then; read in place through the pointer. The
    /// animation's timing is sampled once a frame: animations sharing it take the frame's result.
    ///
    /// - Parameters:
    ///   - frame: the frame of the table that made the animation.
    ///   - underlying: the lanes of the component underneath (needed when `readsUnderlying`).
    @inline(__always)
    package static func evaluate(
        _ animation: UnsafePointer<NumericAnimation>, in frame: NumericAnimationTable.Frame, parentTime: Double,
        underlying: SIMD4<Double>, cursor: inout Int
    ) -> SIMD4<Double>? {
        let result = frame.result(Int(animation.pointee.timing), at: parentTime)
        guard result.iteration >= 0 else { return nil }
        return lanes(animation, in: frame, factor: result.factor, iteration: result.iteration, underlying: underlying, cursor: &cursor)
    }

    /// `evaluate(_:in:parentTime:underlying:cursor:)` with the timing sampled afresh: what the
    /// frame's shared results must equal (tests).
    package static func evaluateUncached(
        _ animation: UnsafePointer<NumericAnimation>, in frame: NumericAnimationTable.Frame, parentTime: Double,
        underlying: SIMD4<Double>, cursor: inout Int
    ) -> SIMD4<Double>? {
        let result = frame.computeResult(Int(animation.pointee.timing), at: parentTime)
        guard result.iteration >= 0 else { return nil }
        return lanes(animation, in: frame, factor: result.factor, iteration: result.iteration, underlying: underlying, cursor: &cursor)
    }

    /// The lanes at `factor` (the eased progress, or the spring's progress), with whole
    /// iterations added (cumulative) and the value underneath (additive).
    @inline(__always)
    private static func lanes(
        _ animation: UnsafePointer<NumericAnimation>, in frame: NumericAnimationTable.Frame, factor: Double,
        iteration: Int, underlying: SIMD4<Double>, cursor: inout Int
    ) -> SIMD4<Double> {
        let a = animation
        let flags = a.pointee.flags
        var lanes: SIMD4<Double>
        var delta = SIMD4<Double>()
        switch a.pointee.mode {
        case .basic, .spring:
            let start = flags.contains(.fromIsCurrent) ? underlying : a.pointee.from
            let end =
                flags.contains(.toIsCurrent) ? underlying
                : flags.contains(.toAddsCurrent) ? a.pointee.to + underlying : a.pointee.to
            lanes = .lerp(start, end, factor)
            delta = end - start
        case .linear, .discrete:
            let span = frame.spans[Int(a.pointee.keyframes)]
            let values = UnsafeBufferPointer(rebasing: frame.values[span.valueRange])
            lanes = NumericTrack.keyframeLanes(
                at: factor, keyTimes: UnsafeBufferPointer(rebasing: frame.keyTimes[span.keyTimeRange]), values: values,
                discrete: a.pointee.mode == .discrete,
                curveIndices: UnsafeBufferPointer(rebasing: frame.segmentCurves[span.segmentCurveRange]),
                curves: frame.curves, cursor: &cursor)
            if flags.contains(.cumulative) { delta = values[values.count - 1] - values[0] }
        }
        if flags.contains(.cumulative), iteration > 0 { lanes += delta * Double(iteration) }
        if flags.contains(.additive) { lanes += underlying }
        return lanes
    }
}
