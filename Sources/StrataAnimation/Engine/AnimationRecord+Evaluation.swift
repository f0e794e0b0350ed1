import CoreGraphics
import StrataGeometry

// Evaluating a record at one time, on top of the value underneath it:
//
//   parent time ──groups──▶ animation parent time ──MediaTiming.sample──▶ progress p, iteration k
//   p ──curve──▶ eased p ──content──▶ v ──cumulative (+k·Δ)──▶ ──value function──▶ ──additive (+base)──▶
//   written into the property at the key path's component.

extension AnimationRecord {
    /// The property's value with this animation applied at `parentTime` (the layer's local time,
    /// seconds), or nil when the animation contributes nothing then (before or after its active
    /// duration without fill, or clipped by a group).
    ///
    /// - Parameters:
    ///   - base: the whole property's value underneath this animation (model value plus earlier
    ///     animations), e.g. the position for key path `position.x`.
    ///   - cursor: the keyframe segment found last time, kept by the caller per record.
    package func evaluate(parentTime: Double, base: AnimatableValue, cursor: inout Int) -> AnimatableValue? {
        if let numeric {
            let underlying = needsUnderlying ? numeric.shape.lanes(key.read(from: base)) ?? SIMD4() : SIMD4()
            guard let lanes = evaluateNumeric(numeric, parentTime: parentTime, underlying: underlying, cursor: &cursor)
            else { return nil }
            return key.write(numeric.shape.value(lanes), into: base)
        }
        return evaluateGeneral(parentTime: parentTime, base: base, cursor: &cursor)
    }

    /// `evaluate(parentTime:base:cursor:)` reading the record in place (a method call on
    /// `records[i]` from another module copies the whole record first).
    package static func evaluate(
        _ record: UnsafePointer<AnimationRecord>, parentTime: Double, base: AnimatableValue, cursor: inout Int
    ) -> AnimatableValue? {
        record.pointee.evaluate(parentTime: parentTime, base: base, cursor: &cursor)
    }

    /// `evaluate(_:parentTime:base:cursor:)` through `memo`, which a frame's loop over many
    /// layers keeps: numeric records whose timing was already sampled at this time this frame
    /// take its result (the same values, tested). The record's track, timing and curve are read
    /// in place (a method on the record copied each of them for `withUnsafePointer`).
    package static func evaluate(
        _ record: UnsafePointer<AnimationRecord>, parentTime: Double, base: AnimatableValue, cursor: inout Int,
        memo: inout TimingMemo
    ) -> AnimatableValue? {
        guard let track = numericTrack(of: record) else {
            return record.pointee.evaluateGeneral(parentTime: parentTime, base: base, cursor: &cursor)
        }
        let underlying = record.pointee.needsUnderlying ? track.pointee.shape.lanes(record.pointee.key.read(from: base)) ?? SIMD4() : SIMD4()
        guard let time = record.pointee.groupLocalTime(parentTime) else { return nil }
        let raw = UnsafeRawPointer(record)
        let timing = (raw + Self.timingOffset).assumingMemoryBound(to: MediaTiming.self)
        let curve = (raw + Self.curveOffset).assumingMemoryBound(to: TimingCurve.self)
        let result = NumericTrack.factor(track, timing: timing, curve: curve, at: time, memo: &memo)
        guard let sample = result.sample else { return nil }
        var lanes = NumericTrack.value(track, factor: result.factor, underlying: underlying, cursor: &cursor)
        if record.pointee.isCumulative, sample.iteration > 0 {
            lanes += track.pointee.iterationDelta(underlying: underlying) * Double(sample.iteration)
        }
        if record.pointee.isAdditive { lanes += underlying }
        // A transform component of an untransformed layer: the matrix the memo made last frame
        // for the same value, if it did (`key.write` would make it again).
        let shape = track.pointee.shape
        if case .transform(let component) = record.pointee.key.component, case .transform(let matrix) = base, shape == .scalar {
            return memo.transform(component, lanes.x, replacingIn: matrix).map(AnimatableValue.transform) ?? base
        }
        return record.pointee.key.write(shape.value(lanes), into: base)
    }

    private static let timingOffset = MemoryLayout<AnimationRecord>.offset(of: \.timing)!
    private static let curveOffset = MemoryLayout<AnimationRecord>.offset(of: \.curve)!
    private static let numericOffset = MemoryLayout<AnimationRecord>.offset(of: \.numeric)!

    /// The record's numeric track in place, or nil (an `Optional`'s payload is stored at its
    /// start).
    @inline(__always)
    private static func numericTrack(of record: UnsafePointer<AnimationRecord>) -> UnsafePointer<NumericTrack>? {
        let optional = (UnsafeRawPointer(record) + numericOffset).assumingMemoryBound(to: NumericTrack?.self)
        guard optional.pointee != nil else { return nil }
        return UnsafeRawPointer(optional).assumingMemoryBound(to: NumericTrack.self)
    }

    /// The fast path: the lanes of the animated component (`position.x` → one lane) at
    /// `parentTime`, or nil when the animation contributes nothing then. `underlying` holds the
    /// lanes of the component underneath, needed when `needsUnderlying`.
    @inline(__always)
    package func evaluateNumeric(
        _ track: NumericTrack, parentTime: Double, underlying: SIMD4<Double>, cursor: inout Int
    ) -> SIMD4<Double>? {
        guard let time = groupLocalTime(parentTime), let sample = timing.sample(parentTime: time) else { return nil }
        var lanes = track.value(
            at: sample.progress, curve: curve, duration: timing.duration, underlying: underlying, cursor: &cursor)
        if isCumulative, sample.iteration > 0 {
            lanes += track.iterationDelta(underlying: underlying) * Double(sample.iteration)
        }
        if isAdditive { lanes += underlying }
        return lanes
    }

    /// The general path, for every kind of value.
    package func evaluateGeneral(parentTime: Double, base: AnimatableValue, cursor: inout Int) -> AnimatableValue? {
        guard let time = groupLocalTime(parentTime), let sample = timing.sample(parentTime: time) else { return nil }
        // Reading the underlying component can cost a matrix decomposition (`transform.rotation.z`):
        // skip it when nothing needs it (both ends given, not additive, not cumulative).
        let underlying: AnimatableValue =
            if let valueFunction { valueFunction.neutralInput }
            else if needsUnderlying { key.read(from: base) }
            else { .none }
        var value = interpolatedValue(sample.progress, underlying: underlying, cursor: &cursor)
        if isCumulative, sample.iteration > 0 {
            value = accumulated(value, iterations: sample.iteration, underlying: underlying, cursor: &cursor)
        }
        if let valueFunction {
            // The numbers become a transform, which then replaces (or adds to) the property.
            value = .transform(valueFunction.transform(value))
            if isAdditive { value = value.adding(key.read(from: base)) }
            return key.write(value, into: base)
        }
        if isAdditive { value = value.adding(underlying) }
        return key.write(value, into: base)
    }

    /// `rotatesAlongPath` for a record of `content` (inlined: a call copied the content).
    @inline(__always)
    static func turnsAlongPath(_ content: Content, numeric: NumericTrack?) -> Bool {
        guard numeric == nil, case .keyframes(let track) = content else { return false }
        return track.reportsRotation
    }

    /// The turn about z (radians) that a path animation with a `rotationMode` gives the layer at
    /// `parentTime`: the path's tangent angle (plus π for `.rotateAutoReverse`), or nil when the
    /// animation has no rotation mode or contributes nothing then. The presented transform is the
    /// model transform followed by this rotation (`transform × Rz(angle)`), so a layer's own
    /// transform (a sprite drawn pointing up, turned once) is kept and turned along the path.
    package func pathRotation(parentTime: Double) -> Double? {
        guard rotatesAlongPath, case .keyframes(let track) = content,
            let time = groupLocalTime(parentTime), let sample = timing.sample(parentTime: time)
        else { return nil }
        var cursor = 0
        return track.evaluate(at: curve.value(at: sample.progress), cursor: &cursor).rotation
    }

    /// `needsUnderlying` for a record of `content` (inlined, as `turnsAlongPath`).
    @inline(__always)
    static func readsUnderlying(_ content: Content, numeric: NumericTrack?, isAdditive: Bool) -> Bool {
        if isAdditive { return true }
        if let numeric { return numeric.readsUnderlying }
        switch content {
        case .basic(let from, let to), .spring(_, let from, let to):
            if case .value = from, case .value = to { return false }
            return true
        case .keyframes:
            return false
        }
    }

    /// True when the animation's active duration is over at `parentTime` (groups included).
    package func isFinished(parentTime: Double) -> Bool {
        var time = parentTime
        for stage in groups {
            if stage.timing.isFinished(parentTime: time) { return true }
            guard let sample = stage.timing.sample(parentTime: time) else { return false }
            time = stage.timing.duration * stage.curve.value(at: sample.progress)
        }
        return timing.isFinished(parentTime: time)
    }

    /// Maps a layer time through the enclosing groups: each child's parent time is the group's
    /// eased basic local time in seconds. Nil when a group contributes nothing.
    @inline(__always)
    func groupLocalTime(_ parentTime: Double) -> Double? {
        var time = parentTime
        for stage in groups {
            guard let sample = stage.timing.sample(parentTime: time) else { return nil }
            time = stage.timing.duration * stage.curve.value(at: sample.progress)
        }
        return time
    }

    /// The content's value at iteration progress `progress` (before any timing function).
    private func interpolatedValue(_ progress: Double, underlying: AnimatableValue, cursor: inout Int)
        -> AnimatableValue
    {
        switch content {
        case .basic(let from, let to):
            let p = curve.value(at: progress)
            return .interpolate(from: resolve(from, underlying), to: resolve(to, underlying), progress: p)
        case .spring(let spring, let from, let to):
            // Springs run on seconds of local time; their timing function is ignored.
            let p = spring.progress(at: progress * timing.duration)
            return .interpolate(from: resolve(from, underlying), to: resolve(to, underlying), progress: p)
        case .keyframes(let track):
            return track.value(at: curve.value(at: progress), cursor: &cursor)
        }
    }

    /// `value` moved on by `k` whole iterations: `k·(v(1) − v(0))` (the delta form, continuous at
    /// iteration edges; spec §3.1).
    private func accumulated(_ value: AnimatableValue, iterations k: Int, underlying: AnimatableValue,
                             cursor: inout Int) -> AnimatableValue {
        var scratch = cursor
        let start = interpolatedEndpoint(0, underlying: underlying, cursor: &scratch)
        let end = interpolatedEndpoint(1, underlying: underlying, cursor: &scratch)
        return end.subtracting(start).scaled(by: Double(k)).adding(value)
    }

    private func interpolatedEndpoint(_ p: Double, underlying: AnimatableValue, cursor: inout Int) -> AnimatableValue {
        switch content {
        case .basic(let from, let to), .spring(_, let from, let to):
            resolve(p == 0 ? from : to, underlying)
        case .keyframes(let track):
            track.value(at: p, cursor: &cursor)
        }
    }

    private func resolve(_ endpoint: Endpoint, _ underlying: AnimatableValue) -> AnimatableValue {
        switch endpoint {
        case .value(let v): v
        case .current: underlying
        case .currentPlus(let by): by.adding(underlying)
        }
    }
}
