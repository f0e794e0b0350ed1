/// What compact numeric animations share, by index: timings with their curve or spring (each
/// distinct one stored once: animations added in one transaction share one), and keyframe key
/// times, values and segment curves in flat pools, laid out in the order the animations were
/// added so that a frame's loop reads them as one stream. A frame (`withFrame`) samples each
/// timing once and keeps the result for every animation that shares it.
package struct NumericAnimationTable: Sendable {
    /// A timing and what eases it: an index into `curves`, or into `springs` for a spring.
    struct SharedTiming: Sendable {
        var timing: MediaTiming
        var isSpring: Bool
        var shaping: Int32
    }

    /// A timing's result in the current frame: the time it was sampled at (bits), the eased
    /// factor, and the iteration (-1: nothing shows then).
    package struct FrameResult: Sendable {
        var time: UInt64
        var factor: Double
        var iteration: Int
    }

    /// Where one keyframe animation's arrays sit in the pools (starts and counts).
    struct KeyframeSpan: Sendable {
        var keyTimes: Int32, keyTimeCount: Int32
        var values: Int32, valueCount: Int32
        /// Per segment, an index into `curves` or -1; a count of 0 when no segment has a curve.
        var segmentCurves: Int32, segmentCurveCount: Int32

        var keyTimeRange: Range<Int> { Int(keyTimes)..<Int(keyTimes) + Int(keyTimeCount) }
        var valueRange: Range<Int> { Int(values)..<Int(values) + Int(valueCount) }
        var segmentCurveRange: Range<Int> { Int(segmentCurves)..<Int(segmentCurves) + Int(segmentCurveCount) }
    }

    /// The distinct curves and springs, in the order first added.
    package var curves: [TimingCurve] { curveSet.values }
    package var springs: [Spring] { springSet.values }
    private var curveSet = DistinctValues<TimingCurve>()
    private var springSet = DistinctValues<Spring>()
    private(set) var timings: [SharedTiming] = []
    /// One per timing, written by frames (`withFrame`).
    var results: [FrameResult] = []
    private(set) var spans: [KeyframeSpan] = []
    private(set) var keyTimes: [Double] = []
    private(set) var values: [SIMD4<Double>] = []
    private(set) var segmentCurves: [Int32] = []
    private var timingIndex: [TimingKey: UInt32] = [:]
    /// The last timings found (animations added together come together: most are found here,
    /// without hashing).
    private var recentTimings = RecentTimings()

    package init() {}

    /// Distinct timings held (animations sharing timing, curve or spring share one).
    package var timingCount: Int { timings.count }

    /// The compact form of `record`, its shared parts added to the table; nil when the record
    /// has no numeric track or sits inside a group.
    package mutating func add(_ record: AnimationRecord) -> NumericAnimation? {
        withUnsafePointer(to: record) { add($0) }
    }

    /// `add(_:)` reading the record in place (a record reached through an array is not copied).
    package mutating func add(_ record: UnsafePointer<AnimationRecord>) -> NumericAnimation? {
        guard record.pointee.groups.isEmpty, record.pointee.numeric != nil else { return nil }
        let raw = UnsafeRawPointer(record) + MemoryLayout<AnimationRecord>.offset(of: \.numeric)!
        // An Optional holds its payload at offset 0 (its case lives in spare bits or after it).
        let track = raw.assumingMemoryBound(to: NumericTrack.self)
        var flags: NumericAnimation.Flags = []
        if track.pointee.fromIsCurrent { flags.insert(.fromIsCurrent) }
        if track.pointee.toIsCurrent { flags.insert(.toIsCurrent) }
        if track.pointee.toAddsCurrent { flags.insert(.toAddsCurrent) }
        if record.pointee.isAdditive { flags.insert(.additive) }
        if record.pointee.isCumulative { flags.insert(.cumulative) }
        let mode = track.pointee.mode
        let isSpring = mode == .spring
        let shared = SharedTiming(
            timing: record.pointee.timing, isSpring: isSpring,
            shaping: isSpring ? springSet.index(of: track.pointee.spring) : curveSet.index(of: record.pointee.curve))
        var span: UInt32 = 0
        if mode == .linear || mode == .discrete {
            span = UInt32(spans.count)
            spans.append(pool(track))
        }
        return NumericAnimation(
            timing: index(of: shared), keyframes: span, mode: mode, shape: track.pointee.shape, flags: flags,
            from: track.pointee.from, to: track.pointee.to)
    }

    /// Bytes a frame over `count` animations of the table reads at most: the records, the
    /// timings and their results, and the keyframe pools.
    package func bytes(records count: Int) -> Int {
        count * MemoryLayout<NumericAnimation>.stride + timings.count * MemoryLayout<SharedTiming>.stride
            + results.count * MemoryLayout<FrameResult>.stride + spans.count * MemoryLayout<KeyframeSpan>.stride
            + keyTimes.count * 8 + values.count * MemoryLayout<SIMD4<Double>>.stride + segmentCurves.count * 4
    }

    // MARK: Private

    /// A shared timing as bit patterns: equal keys give equal results bit for bit (±0 and
    /// different NaNs merely stay apart).
    private struct TimingKey: Hashable {
        var beginTime, duration, speed, timeOffset, repeatCount, repeatDuration: UInt64
        var autoreverses: Bool
        var fillMode: FillMode
        var isSpring: Bool
        var shaping: Int32

        init(_ s: SharedTiming) {
            let t = s.timing
            (beginTime, duration, speed) = (t.beginTime.bitPattern, t.duration.bitPattern, t.speed.bitPattern)
            (timeOffset, repeatCount) = (t.timeOffset.bitPattern, t.repeatCount.bitPattern)
            repeatDuration = t.repeatDuration.bitPattern
            (autoreverses, fillMode, isSpring, shaping) = (t.autoreverses, t.fillMode, s.isSpring, s.shaping)
        }
    }

    /// The last four timing keys found, and their indices.
    private struct RecentTimings {
        var keys: [TimingKey?] = [nil, nil, nil, nil]
        var indices: [UInt32] = [0, 0, 0, 0]
        var next = 0

        func find(_ key: TimingKey) -> UInt32? {
            for slot in 0..<4 where keys[slot] == key { return indices[slot] }
            return nil
        }

        mutating func remember(_ key: TimingKey, _ index: UInt32) {
            keys[next] = key
            indices[next] = index
            next = (next + 1) & 3
        }
    }

    private mutating func index(of shared: SharedTiming) -> UInt32 {
        let key = TimingKey(shared)
        if let i = recentTimings.find(key) { return i }
        if let i = timingIndex[key] {
            recentTimings.remember(key, i)
            return i
        }
        recentTimings.remember(key, UInt32(timings.count))
        let i = UInt32(timings.count)
        timings.append(shared)
        // Not sampled yet: the canonical NaN time, whose result (nothing shows) is what sampling
        // at it gives, so even a lookup at that time is answered right.
        results.append(.unsampled)
        timingIndex[key] = i
        return i
    }

    /// The track's keyframe arrays appended to the pools; its segment curves become table curves.
    private mutating func pool(_ track: UnsafePointer<NumericTrack>) -> KeyframeSpan {
        let track = track.pointee
        var span = KeyframeSpan(
            keyTimes: Int32(keyTimes.count), keyTimeCount: Int32(track.keyTimes.count), values: Int32(values.count),
            valueCount: Int32(track.values.count), segmentCurves: Int32(segmentCurves.count), segmentCurveCount: 0)
        keyTimes += track.keyTimes
        values += track.values
        if !track.curveIndices.isEmpty {
            for c in track.curveIndices {
                segmentCurves.append(c < 0 ? -1 : curveSet.index(of: track.curves[Int(c)]))
            }
            span.segmentCurveCount = Int32(track.curveIndices.count)
        }
        return span
    }
}

/// Values stored once each, by index (in the order first added); the last one found is checked
/// before hashing (animations added together share theirs).
private struct DistinctValues<Value: Hashable & Sendable>: Sendable {
    private(set) var values: [Value] = []
    private var indices: [Value: Int32] = [:]
    private var last: (value: Value, index: Int32)?

    mutating func index(of value: Value) -> Int32 {
        if let last, last.value == value { return last.index }
        let i: Int32
        if let found = indices[value] {
            i = found
        } else {
            i = Int32(values.count)
            values.append(value)
            indices[value] = i
        }
        last = (value, i)
        return i
    }
}
