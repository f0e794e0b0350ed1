import CoreGraphics
import Foundation

/// A value a Lottie property can hold: numbers (`[Double]`, one per dimension) or a Bézier shape.
protocol LottieValue: Sendable {
    /// Decodes the value as it appears in `k` (static) or in a keyframe's `s`/`e`.
    init(lottieFrom decoder: Decoder) throws
    /// The value `progress` of the way from `self` to `other` (per-dimension progress for numbers).
    func interpolated(to other: Self, progress: [Double]) -> Self
}

extension Array: LottieValue where Element == Double {
    /// A number or an array of numbers (`5`, `[5]`, `[1, 2, 3]`).
    init(lottieFrom decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Lists first: most values are lists (keyframe values, easing handles), and a failed
        // decode costs an error holding the whole coding path.
        if let list = try? container.decode([Double].self) {
            self = list
        } else {
            self = [try container.decode(Double.self)]
        }
    }

    func interpolated(to other: [Double], progress: [Double]) -> [Double] {
        guard !progress.isEmpty else { return self }
        var out = self
        for i in 0..<Swift.min(count, other.count) {
            let p = progress[Swift.min(i, progress.count - 1)]
            out[i] = self[i] + (other[i] - self[i]) * p
        }
        return out
    }
}

/// One keyframe: a value from `time` (frames of its composition) on, eased towards the next one.
struct LottieKeyframe<V: LottieValue>: Sendable {
    var time: Double
    var value: V
    /// Hold: the value stays until the next keyframe, then jumps.
    var hold: Bool
    /// The easing of the segment to the next keyframe: out handle (`o`) and in handle (`i`) per
    /// dimension, in the unit square.
    var easeOut: [CGPoint]
    var easeIn: [CGPoint]
    /// Spatial tangents of a position segment (relative to its ends), when not zero.
    var spatialOut: [Double]?
    var spatialIn: [Double]?
}

/// An animatable Lottie property: a static value (one keyframe) or keyframes in time order.
struct LottieProperty<V: LottieValue>: Decodable, Sendable {
    var keyframes: [LottieKeyframe<V>]
    /// A looping expression (`loopOut()`, `loopIn('pingpong')`…) the keyframes follow.
    var loop: LottieLoop?

    init(value: V) {
        keyframes = [LottieKeyframe(time: 0, value: value, hold: false, easeOut: [], easeIn: [])]
    }

    var isAnimated: Bool { keyframes.count > 1 }
    /// True when the keyframes loop beyond their ends (Core Animation cannot take them as they are).
    var loops: Bool { loop != nil && keyframes.count > 1 }
    var first: V { keyframes[0].value }

    enum CodingKeys: String, CodingKey { case k, a, x, sid }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let sid = try? container.decodeIfPresent(String.self, forKey: .sid),
            let reading = decoder.userInfo[LottieWarnings.key] as? LottieWarnings, let slot = reading.slot(sid)
        {
            self = try Self.decodeSlot(sid, slot, reading: reading, at: decoder.codingPath)
            return
        }
        if container.contains(.x), let expression = try? container.decode(String.self, forKey: .x) {
            loop = LottieLoop(expression: expression)
            if loop == nil { LottieWarnings.note("expressions other than loopIn/loopOut (the keyframes or value are used)", decoder) }
        }
        if Self.holdsKeyframes(container) {
            var list = try container.nestedUnkeyedContainer(forKey: .k)
            var raw: [RawKeyframe<V>] = []
            while !list.isAtEnd {
                raw.append(try list.decode(RawKeyframe<V>.self))
            }
            keyframes = try Self.resolve(raw, path: decoder.codingPath + [CodingKeys.k] as [CodingKey])
        } else {
            let nested = try container.superDecoder(forKey: .k)
            keyframes = [LottieKeyframe(time: 0, value: try V(lottieFrom: nested), hold: false, easeOut: [], easeIn: [])]
        }
    }

    /// The property a slot holds, decoded as this property's type; an error names the slot.
    private static func decodeSlot(_ sid: String, _ json: Data, reading: LottieWarnings, at path: [CodingKey]) throws -> Self {
        let decoder = JSONDecoder()
        decoder.userInfo[LottieWarnings.key] = reading
        do {
            let property = try reading.decodingSlot(sid) { try decoder.decode(Self.self, from: json) }
            guard !property.keyframes.isEmpty else { throw LottieError.unreadable("no value") }
            return property
        } catch {
            throw LottieError.invalid(
                path: LottieError.describe(path) + ".sid", "slot '\(sid)' does not hold a value of this property's kind (\(error))")
        }
    }

    /// True when `k` is a list of keyframe objects (whatever `a` says: files disagree with it).
    private static func holdsKeyframes(_ container: KeyedDecodingContainer<CodingKeys>) -> Bool {
        guard var list = try? container.nestedUnkeyedContainer(forKey: .k), !list.isAtEnd else { return false }
        return (try? list.decode(KeyframeProbe.self)) != nil
    }

    /// Old files give each keyframe an end value `e` and leave `s` off the last; new ones give
    /// every keyframe its `s`. Both become one value per keyframe.
    private static func resolve(_ raw: [RawKeyframe<V>], path: @autoclosure () -> [CodingKey]) throws -> [LottieKeyframe<V>] {
        var out: [LottieKeyframe<V>] = []
        for (i, k) in raw.enumerated() {
            guard k.time.isFinite else {
                throw LottieError.invalid(path: LottieError.describe(path()) + "[\(i)].t", "keyframe time is not a finite number")
            }
            if let last = out.last, k.time < last.time {
                throw LottieError.invalid(
                    path: LottieError.describe(path()) + "[\(i)].t",
                    "keyframe times go backwards (\(k.time) after \(last.time))")
            }
            guard let value = k.start ?? (i > 0 ? raw[i - 1].end ?? out.last?.value : nil) else {
                throw LottieError.invalid(path: LottieError.describe(path()) + "[\(i)]", "keyframe has no value (s)")
            }
            out.append(
                LottieKeyframe(
                    time: k.time, value: value, hold: k.hold, easeOut: k.easeOut, easeIn: k.easeIn,
                    spatialOut: k.spatialOut, spatialIn: k.spatialIn))
        }
        guard !out.isEmpty else {
            throw LottieError.invalid(path: LottieError.describe(path()), "no keyframes")
        }
        return out
    }
}

/// Tells a keyframe object from a number.
private struct KeyframeProbe: Decodable {
    let t: Double
}

/// A keyframe as written in the file.
private struct RawKeyframe<V: LottieValue>: Decodable {
    var time: Double
    var start: V?
    var end: V?
    var hold: Bool
    var easeOut: [CGPoint]
    var easeIn: [CGPoint]
    var spatialOut: [Double]?
    var spatialIn: [Double]?

    enum CodingKeys: String, CodingKey { case t, s, e, h, i, o, to, ti }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        time = try c.decode(Double.self, forKey: .t)
        start = c.contains(.s) ? try V(lottieFrom: c.superDecoder(forKey: .s)) : nil
        end = c.contains(.e) ? try V(lottieFrom: c.superDecoder(forKey: .e)) : nil
        if let h = try? c.decodeIfPresent(Int.self, forKey: .h) {
            hold = h == 1
        } else {
            hold = (try? c.decodeIfPresent(Bool.self, forKey: .h)) ?? false
        }
        easeOut = try c.decodeIfPresent(Ease.self, forKey: .o)?.points ?? []
        easeIn = try c.decodeIfPresent(Ease.self, forKey: .i)?.points ?? []
        spatialOut = try c.decodeIfPresent([Double].self, forKey: .to)
        spatialIn = try c.decodeIfPresent([Double].self, forKey: .ti)
    }
}

/// A keyframe's easing handle: `x` and `y`, each one number or one per dimension.
private struct Ease: Decodable {
    var points: [CGPoint]

    enum CodingKeys: String, CodingKey { case x, y }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let xs = try [Double](lottieFrom: c.superDecoder(forKey: .x))
        let ys = try [Double](lottieFrom: c.superDecoder(forKey: .y))
        // An empty list on either side: no handle (the segment is linear).
        let n = xs.isEmpty || ys.isEmpty ? 0 : max(xs.count, ys.count)
        points = (0..<n).map { i in
            CGPoint(x: xs[min(i, xs.count - 1)], y: ys[min(i, ys.count - 1)])
        }
        for p in points where !(p.x.isFinite && p.y.isFinite) {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "easing handle is not finite"))
        }
    }
}

/// A position that may be given as separate x and y properties (`"s": true`).
struct LottiePosition: Decodable, Sendable {
    enum Form: Sendable {
        case combined(LottieProperty<[Double]>)
        case separate(x: LottieProperty<[Double]>, y: LottieProperty<[Double]>)
    }
    var form: Form

    init(_ form: Form) { self.form = form }

    enum CodingKeys: String, CodingKey { case s, x, y, k }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if c.contains(.x), c.contains(.y), !c.contains(.k) {
            form = .separate(
                x: try c.decode(LottieProperty<[Double]>.self, forKey: .x),
                y: try c.decode(LottieProperty<[Double]>.self, forKey: .y))
        } else {
            form = .combined(try LottieProperty<[Double]>(from: decoder))
        }
    }
}
