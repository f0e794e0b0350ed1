import CoreGraphics
import StrataGeometry

/// The timing results of the last few distinct timings sampled in one frame: which iteration
/// and progress a timing is at, and the eased factor its curve (or spring) makes of it.
///
/// Animations added in one transaction share their timing (implicit ones always do: the
/// transaction's duration and curve, the commit's begin time), so a frame over many layers
/// solves each Bézier curve or spring once instead of once a layer. A loop over one frame makes
/// one, on its own stack, and passes it down; it holds no references and allocates nothing.
///
/// A hit needs every timing property, the curve's control points (or the spring's parameters)
/// and the time to be bit for bit equal, so what it returns is what the computation would
/// (tested).
package struct TimingMemo {
    /// What a timing gives at one time.
    package struct Result {
        /// Nil: the timing contributes nothing then.
        package var sample: IterationSample?
        /// The curve's value at the sample's progress, or the spring's progress at its local time.
        package var factor: Double
    }

    /// What a slot is for: the time, the timing's properties and flags, and the curve's control
    /// points or the spring's parameters, as bit patterns. Equal bits give equal results (the
    /// computation is a pure function of them); ±0 and different NaNs merely miss.
    private struct Key {
        var time, beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, flags: UInt64
        var shape0, shape1, shape2, shape3: UInt64

        @inline(__always)
        func matches(_ o: Key) -> Bool {
            // One test, no branch per field.
            let a = (time ^ o.time) | (beginTime ^ o.beginTime) | (duration ^ o.duration) | (speed ^ o.speed)
            let b = (timeOffset ^ o.timeOffset) | (repeatCount ^ o.repeatCount) | (repeatDuration ^ o.repeatDuration)
            let c = (flags ^ o.flags) | (shape0 ^ o.shape0) | (shape1 ^ o.shape1) | (shape2 ^ o.shape2) | (shape3 ^ o.shape3)
            return a | b | c == 0
        }
    }

    /// The last transform made from one component alone (an untransformed layer animating
    /// `transform.rotation.z`, say) and what it was made from: layers animated together reach
    /// the same value, so the same matrix (its sine and cosine worked out once).
    private var componentSource: (component: TransformComponent, value: UInt64)?
    private var componentMatrix = CATransform3DIdentity

    private var keys: (Key, Key, Key, Key)
    private var results: (Result, Result, Result, Result)
    /// Slots filled so far (at most 4), and the next one to overwrite.
    private var filled = 0
    private var next = 0
    /// Lookups answered from the memo, and all lookups (for tests and benchmarks).
    package private(set) var hits = 0
    package private(set) var lookups = 0

    package init() {
        let empty = Key(
            time: 0, beginTime: 0, duration: 0, speed: 0, timeOffset: 0, repeatCount: 0, repeatDuration: 0, flags: 0,
            shape0: 0, shape1: 0, shape2: 0, shape3: 0)
        keys = (empty, empty, empty, empty)
        let nothing = Result(sample: nil, factor: 0)
        results = (nothing, nothing, nothing, nothing)
    }

    /// `component.replacing(in: base, with: .scalar(value))`, remembered for an identity `base`
    /// (where the result is the component's transform alone, whatever else the layer does).
    package mutating func transform(
        _ component: TransformComponent, _ value: Double, replacingIn base: CATransform3D
    ) -> CATransform3D? {
        var made = CATransform3DIdentity
        return write(component, value, over: base, into: &made) ? made : nil
    }

    /// Writes `component.replacing(in: base, with: .scalar(value))` into `out`, through the same
    /// remembered matrix as `transform(_:_:replacingIn:)`; false (and `out` unchanged) when the
    /// value does not fit the component. In place: no 128-byte matrix returned and copied again.
    package mutating func write(
        _ component: TransformComponent, _ value: Double, over base: CATransform3D, into out: inout CATransform3D
    ) -> Bool {
        guard Self.isIdentity(base) else {
            guard let made = component.replacing(in: base, with: .scalar(CGFloat(value))) else { return false }
            out = made
            return true
        }
        if let source = componentSource, source.component == component, source.value == value.bitPattern {
            out = componentMatrix
            return true
        }
        guard let made = component.transform(from: .scalar(CGFloat(value))) else { return false }
        componentSource = (component, value.bitPattern)
        componentMatrix = made
        out = made
        return true
    }

    /// `m == CATransform3DIdentity`: first as bits, without a branch per entry (the common
    /// answer), then by value (−0 entries).
    @inline(__always)
    private static func isIdentity(_ m: CATransform3D) -> Bool {
        let one: UInt64 = (1.0).bitPattern
        var d: UInt64 = (Double(m.m11).bitPattern ^ one) | (Double(m.m22).bitPattern ^ one)
        d |= (Double(m.m33).bitPattern ^ one) | (Double(m.m44).bitPattern ^ one)
        var o: UInt64 = Double(m.m12).bitPattern | Double(m.m13).bitPattern | Double(m.m14).bitPattern
        o |= Double(m.m21).bitPattern | Double(m.m23).bitPattern | Double(m.m24).bitPattern
        o |= Double(m.m31).bitPattern | Double(m.m32).bitPattern | Double(m.m34).bitPattern
        o |= Double(m.m41).bitPattern | Double(m.m42).bitPattern | Double(m.m43).bitPattern
        if d | o == 0 { return true }
        return m == CATransform3DIdentity
    }

    /// The sample of `timing` at `time` and the factor of `curve` at its progress.
    @inline(__always)
    package mutating func result(
        _ timing: UnsafePointer<MediaTiming>, curve: UnsafePointer<TimingCurve>, at time: Double
    ) -> Result {
        let c = curve.pointee
        let key = Self.key(timing, time: time, extra: 0, shape: (c.c1x, c.c1y, c.c2x, c.c2y))
        if let hit = find(key) { return hit }
        let sample = timing.pointee.sample(parentTime: time)
        let p = sample?.progress ?? 0
        let result = Result(sample: sample, factor: c.isLinear ? p : c.value(at: p))
        store(key, result)
        return result
    }

    /// The sample of `timing` at `time` and the progress of `spring` at its local time (the
    /// progress times the duration, in seconds).
    @inline(__always)
    package mutating func result(
        _ timing: UnsafePointer<MediaTiming>, spring: UnsafePointer<Spring>, at time: Double
    ) -> Result {
        let s = spring.pointee
        let key = Self.key(
            timing, time: time, extra: s.allowsOverdamping ? 24 : 8,
            shape: (s.mass, s.stiffness, s.damping, s.initialVelocity))
        if let hit = find(key) { return hit }
        let sample = timing.pointee.sample(parentTime: time)
        let local = (sample?.progress ?? 0) * timing.pointee.duration
        let result = Result(sample: sample, factor: s.progress(at: local))
        store(key, result)
        return result
    }

    @inline(__always)
    private static func key(
        _ timing: UnsafePointer<MediaTiming>, time: Double, extra: UInt64, shape: (Double, Double, Double, Double)
    ) -> Key {
        let t = timing.pointee
        let fill: UInt64 =
            switch t.fillMode {
            case .removed: 0
            case .forwards: 2
            case .backwards: 4
            case .both: 6
            }
        return Key(
            time: time.bitPattern, beginTime: t.beginTime.bitPattern, duration: t.duration.bitPattern,
            speed: t.speed.bitPattern, timeOffset: t.timeOffset.bitPattern, repeatCount: t.repeatCount.bitPattern,
            repeatDuration: t.repeatDuration.bitPattern, flags: (t.autoreverses ? 1 : 0) | fill | extra,
            shape0: shape.0.bitPattern, shape1: shape.1.bitPattern, shape2: shape.2.bitPattern,
            shape3: shape.3.bitPattern)
    }

    /// Once this many lookups have found less than a quarter of their timings, the rest of the
    /// frame skips the memo (nothing is shared: every lookup would only cost).
    private static let trial = 64
    private var bypass = false

    @inline(__always)
    private mutating func find(_ key: Key) -> Result? {
        lookups += 1
        if bypass { return nil }
        if lookups == Self.trial, hits * 4 < lookups { bypass = true }
        let found: Result? =
            if filled > 0, keys.0.matches(key) { results.0 }
            else if filled > 1, keys.1.matches(key) { results.1 }
            else if filled > 2, keys.2.matches(key) { results.2 }
            else if filled > 3, keys.3.matches(key) { results.3 }
            else { nil }
        if found != nil { hits += 1 }
        return found
    }

    private mutating func store(_ key: Key, _ result: Result) {
        if bypass { return }
        switch next {
        case 0: (keys.0, results.0) = (key, result)
        case 1: (keys.1, results.1) = (key, result)
        case 2: (keys.2, results.2) = (key, result)
        default: (keys.3, results.3) = (key, result)
        }
        next = (next + 1) & 3
        filled = min(filled + 1, 4)
    }
}
