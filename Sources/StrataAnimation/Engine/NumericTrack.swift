/// The fast form of an animation whose values are numbers (scalars, points, sizes, rects,
/// colours): endpoints and keyframes as flat `SIMD4<Double>` lanes, so that evaluation copies no
/// enums and touches no reference counts. Built once, from a record's general content, for
/// basic and spring animations and for linear and discrete keyframes; other content (paths,
/// cubic and paced modes, transforms, images) stays on the general path.
package struct NumericTrack: Sendable {
    package enum Mode: UInt8, Sendable {
        case basic, spring, linear, discrete
    }

    package let mode: Mode
    package let shape: NumericShape
    let from: SIMD4<Double>
    let to: SIMD4<Double>
    /// Which ends are the underlying value (`.current`) or the underlying value plus `to` (`.currentPlus`).
    let fromIsCurrent: Bool
    let toIsCurrent: Bool
    let toAddsCurrent: Bool
    let spring: Spring
    package let keyTimes: [Double]
    package let values: [SIMD4<Double>]
    let curveIndices: [Int32]
    let curves: [TimingCurve]

    /// True when evaluation reads the underlying value.
    package var readsUnderlying: Bool { fromIsCurrent || toIsCurrent || toAddsCurrent }

    /// The fast form of `content` whose values are of `kind`, or nil when the content
    /// is not numeric or needs the general path. Bools (`hidden`, `masksToBounds`…) have one
    /// only as discrete keyframes of a record neither additive nor cumulative (`plain`): they
    /// switch, they never add or interpolate.
    init?(_ content: __shared AnimationRecord.Content, kind: ValueKind, plain: Bool = true) {
        let shape: NumericShape
        switch kind {
        case .scalar: shape = .scalar
        case .point: shape = .point
        case .size: shape = .size
        case .rect: shape = .rect
        case .color: shape = .color
        case .bool:
            guard plain, case .keyframes(let track) = content, track.path == nil,
                track.calculationMode == .discrete || track.constant != nil
            else { return nil }
            shape = .bool
        default: return nil
        }
        self.shape = shape
        var from = SIMD4<Double>()
        var to = SIMD4<Double>()
        var flags = (false, false, false)
        func lanes(_ e: AnimationRecord.Endpoint, _ out: inout SIMD4<Double>) -> (current: Bool, plus: Bool)? {
            switch e {
            case .current: return (true, false)
            case .value(let v):
                guard let l = shape.lanes(v) else { return nil }
                out = l
                return (false, false)
            case .currentPlus(let v):
                guard let l = shape.lanes(v) else { return nil }
                out = l
                return (false, true)
            }
        }
        var spring = Spring()
        var keyTimes: [Double] = []
        var values: [SIMD4<Double>] = []
        var curveIndices: [Int32] = []
        var curves: [TimingCurve] = []
        switch content {
        case .basic(let f, let t), .spring(_, let f, let t):
            guard let a = lanes(f, &from), let b = lanes(t, &to), !a.plus else { return nil }
            flags = (a.current, b.current, b.plus)
            if case .spring(let s, _, _) = content {
                mode = .spring
                spring = s
            } else {
                mode = .basic
            }
        case .keyframes(let track):
            guard track.path == nil else { return nil }
            switch track.calculationMode {
            // Paced tracks are linear tracks whose key times were computed for constant speed.
            case .linear, .paced: mode = track.values.count > 1 && track.constant == nil ? .linear : .discrete
            case .discrete: mode = .discrete
            default: return nil
            }
            var all: [SIMD4<Double>] = []
            for v in track.values {
                guard let l = shape.lanes(v) else { return nil }
                all.append(l)
            }
            if let constant = track.constant, let l = shape.lanes(constant) {
                // A constant track holds one value: model it as a one-keyframe discrete track.
                all = [l]
                keyTimes = [0, 1]
            } else {
                keyTimes = track.keyTimes
            }
            values = all
            if track.calculationMode == .linear {
                curveIndices = track.curveIndices
                curves = track.curves
            }
        }
        self.from = from
        self.to = to
        (fromIsCurrent, toIsCurrent, toAddsCurrent) = flags
        self.spring = spring
        self.keyTimes = keyTimes
        self.values = values
        self.curveIndices = curveIndices
        self.curves = curves
    }

    /// The lanes at iteration `progress` (before the animation's timing function).
    ///
    /// - Parameters:
    ///   - curve: the animation-level timing function (ignored by springs).
    ///   - duration: seconds of one iteration, for springs, which run on local time.
    ///   - underlying: the lanes of the value underneath, when `readsUnderlying`.
    @inline(__always)
    package func value(at progress: Double, curve: TimingCurve, duration: Double, underlying: SIMD4<Double>,
                       cursor: inout Int) -> SIMD4<Double> {
        withUnsafePointer(to: self) {
            Self.value($0, at: progress, curve: curve, duration: duration, underlying: underlying, cursor: &cursor)
        }
    }

    /// `value(at:...)` reading the track in place (a method call through `pointee` copies the
    /// track, with a retain per array, before calling).
    @inline(__always)
    package static func value(
        _ track: UnsafePointer<NumericTrack>, at progress: Double, curve: TimingCurve, duration: Double,
        underlying: SIMD4<Double>, cursor: inout Int
    ) -> SIMD4<Double> {
        switch track.pointee.mode {
        case .basic:
            return .lerp(
                track.pointee.start(underlying), track.pointee.end(underlying),
                curve.isLinear ? progress : curve.value(at: progress))
        case .spring:
            return .lerp(
                track.pointee.start(underlying), track.pointee.end(underlying),
                track.pointee.spring.progress(at: progress * duration))
        case .linear, .discrete:
            return keyframe(track, at: curve.isLinear ? progress : curve.value(at: progress), cursor: &cursor)
        }
    }

    /// The lanes at `factor`: the eased progress (basic and keyframe tracks) or the spring's
    /// progress (springs), as `TimingMemo` gives it.
    @inline(__always)
    package static func value(
        _ track: UnsafePointer<NumericTrack>, factor: Double, underlying: SIMD4<Double>, cursor: inout Int
    ) -> SIMD4<Double> {
        switch track.pointee.mode {
        case .basic, .spring:
            return .lerp(track.pointee.start(underlying), track.pointee.end(underlying), factor)
        case .linear, .discrete:
            return keyframe(track, at: factor, cursor: &cursor)
        }
    }

    /// The factor `value(_:factor:...)` takes, through `memo`: the spring's progress or the
    /// curve's value at the timing's progress at `time`; nil sample when nothing shows then.
    @inline(__always)
    package static func factor(
        _ track: UnsafePointer<NumericTrack>, timing: UnsafePointer<MediaTiming>, curve: UnsafePointer<TimingCurve>,
        at time: Double, memo: inout TimingMemo
    ) -> TimingMemo.Result {
        guard track.pointee.mode == .spring else { return memo.result(timing, curve: curve, at: time) }
        let spring = (UnsafeRawPointer(track) + MemoryLayout<NumericTrack>.offset(of: \.spring)!)
            .assumingMemoryBound(to: Spring.self)
        return memo.result(timing, spring: spring, at: time)
    }

    /// `v(1) − v(0)`: what one whole iteration adds, for cumulative animations.
    package func iterationDelta(underlying: SIMD4<Double>) -> SIMD4<Double> {
        switch mode {
        case .basic, .spring: end(underlying) - start(underlying)
        case .linear, .discrete: values[values.count - 1] - values[0]
        }
    }

    @inline(__always)
    private func start(_ underlying: SIMD4<Double>) -> SIMD4<Double> { fromIsCurrent ? underlying : from }

    @inline(__always)
    private func end(_ underlying: SIMD4<Double>) -> SIMD4<Double> {
        toIsCurrent ? underlying : toAddsCurrent ? to + underlying : to
    }

    /// Keyframe lanes at eased progress `p`, read in place from the track's arrays.
    private static func keyframe(_ track: UnsafePointer<NumericTrack>, at progress: Double, cursor: inout Int)
        -> SIMD4<Double>
    {
        let raw = UnsafeRawPointer(track)
        let values = (raw + MemoryLayout<NumericTrack>.offset(of: \.values)!).assumingMemoryBound(to: [SIMD4<Double>].self)
        let keyTimes = (raw + MemoryLayout<NumericTrack>.offset(of: \.keyTimes)!).assumingMemoryBound(to: [Double].self)
        return keyframeLanes(
            at: progress, keyTimes: keyTimes.pointee, values: values.pointee, discrete: track.pointee.mode == .discrete,
            curveIndices: track.pointee.curveIndices, curves: track.pointee.curves, cursor: &cursor)
    }

    /// Keyframe lanes at eased progress `p`, with the general track's rules: the later value wins
    /// at repeated key times, segment curves apply inside 0...1, outside it values extrapolate
    /// (linear) or hold (discrete). Shared by tracks and `NumericAnimationTable`'s pooled keyframes.
    ///
    /// - Parameters:
    ///   - curveIndices: per segment, the index of its curve in `curves` or -1; empty when no
    ///     segment has one.
    @inline(__always)
    static func keyframeLanes<
        Times: RandomAccessCollection<Double>, Values: RandomAccessCollection<SIMD4<Double>>,
        Indices: RandomAccessCollection<Int32>, Curves: RandomAccessCollection<TimingCurve>
    >(
        at progress: Double, keyTimes: Times, values: Values, discrete: Bool, curveIndices: Indices, curves: Curves,
        cursor: inout Int
    ) -> SIMD4<Double>
    where Times.Index == Int, Values.Index == Int, Indices.Index == Int, Curves.Index == Int {
        let p = KeyframeTrack.heldProgress(progress.isNaN ? 0 : progress, keyTimes: keyTimes)
        if discrete {
            let count = min(values.count, keyTimes.count - 1)
            guard count > 1 else { return values[0] }
            let i = SegmentLocator.segment(containing: p, in: keyTimes, segmentCount: count, cursor: &cursor)
            return values[i]
        }
        let i = SegmentLocator.segment(containing: p, in: keyTimes, segmentCount: values.count - 1, cursor: &cursor)
        let k0 = keyTimes[i]
        let k1 = keyTimes[i + 1]
        let span = k1 - k0
        var s = span > 0 ? (p - k0) / span : (p >= k1 ? 1 : 0)
        if !curveIndices.isEmpty, s >= 0, s <= 1 {
            let c = curveIndices[i]
            if c >= 0 { s = curves[Int(c)].value(at: s) }
        }
        return .lerp(values[i], values[i + 1], s)
    }
}
