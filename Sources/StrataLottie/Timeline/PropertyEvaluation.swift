import CoreGraphics
import Foundation
import QuartzCore
import StrataAnimation

extension LottieProperty {
    /// The value at `frame` (frames of the property's composition): held before the first and
    /// after the last keyframe, eased between (per dimension), constant across a hold.
    func value(at frame: Double) -> V {
        if let looped = loopedFrame(frame) { return loopedValue(looped, at: frame) }
        return keyframeValue(at: frame)
    }

    /// The value a loop shows: the looped frame's, moved on by whole loops (`offset`) or along
    /// the last (first) keyframe's velocity (`continue`) for numbers.
    private func loopedValue(_ looped: (frame: Double, cycles: Double), at frame: Double) -> V {
        let base = keyframeValue(at: looped.frame)
        guard let loop, loop.mode == .offset || loop.mode == .continue, let numbers = base as? [Double] else { return base }
        let n = keyframes.count
        let span = loop.keyframes > 0 ? min(loop.keyframes, n - 1) : n - 1
        guard let from = keyframes[loop.out ? n - 1 - span : 0].value as? [Double],
            let to = keyframes[loop.out ? n - 1 : span].value as? [Double]
        else { return base }
        if loop.mode == .offset {
            return (zip(numbers, zip(from, to)).map { v, e in v + looped.cycles * (e.1 - e.0) } as? V) ?? base
        }
        // continue: the end value, on at the end's speed (a hundredth of a frame's difference).
        let end = loop.out ? keyframes[n - 1].time : keyframes[0].time
        let step = loop.out ? -0.01 : 0.01
        guard let at = keyframeValue(at: end) as? [Double], let near = keyframeValue(at: end + step) as? [Double] else { return base }
        return (zip(at, near).map { a, b in a + (a - b) / abs(step) * abs(frame - end) } as? V) ?? base
    }

    /// The keyframes' value at `frame`, held beyond them.
    private func keyframeValue(at frame: Double) -> V {
        let k = keyframes
        guard k.count > 1, frame > k[0].time else { return k[0].value }
        guard let last = k.last, frame < last.time else { return k[k.count - 1].value }
        var i = 0
        while i + 1 < k.count - 1, k[i + 1].time <= frame { i += 1 }
        let a = k[i], b = k[i + 1]
        if a.hold || b.time <= a.time { return a.value }
        let x = (frame - a.time) / (b.time - a.time)
        return a.value.interpolated(to: b.value, progress: a.progress(x))
    }

    /// The easing of the segment starting at keyframe `i` for dimension `d`.
    func timingFunction(_ i: Int, dimension d: Int = 0) -> CAMediaTimingFunction {
        let k = keyframes[i]
        guard let o = k.easeOut.nth(d), let n = k.easeIn.nth(d) else { return CAMediaTimingFunction(name: .linear) }
        return CAMediaTimingFunction(
            controlPoints: Float(clamp01(o.x)), Float(o.y), Float(clamp01(n.x)), Float(n.y))
    }

    /// True when the dimensions' easings differ (x and y of a position eased separately).
    var hasPerDimensionEasing: Bool { hasPerDimensionEasing(inFirst: .max) }

    /// True when the first `n` dimensions do not all share their easing (a 2D layer's scale
    /// has a third, z, often eased otherwise, that it never shows).
    func hasPerDimensionEasing(inFirst n: Int) -> Bool {
        keyframes.contains { k in
            let outs = Set(k.easeOut.prefix(n).map { "\($0.x),\($0.y)" }), ins = Set(k.easeIn.prefix(n).map { "\($0.x),\($0.y)" })
            return outs.count > 1 || ins.count > 1
        }
    }
}

extension LottieKeyframe {
    /// Eased progress per dimension for linear progress `x` through the segment.
    func progress(_ x: Double) -> [Double] {
        let n = max(easeOut.count, easeIn.count)
        guard n > 0 else { return [x] }
        return (0..<n).map { d in
            guard let o = easeOut.nth(d), let i = easeIn.nth(d) else { return x }
            return TimingCurve(c1x: clamp01(o.x), c1y: Double(o.y), c2x: clamp01(i.x), c2y: Double(i.y)).value(at: x)
        }
    }
}

extension Array {
    /// Element `i`, or the last one when the list is shorter (one easing for every dimension).
    func nth(_ i: Int) -> Element? { isEmpty ? nil : self[Swift.min(i, count - 1)] }
}

func clamp01(_ v: CGFloat) -> Double { Swift.min(1, Swift.max(0, Double(v))) }

extension LottieProperty where V == [Double] {
    /// Dimension `d` at `frame` (0 when missing).
    func scalar(at frame: Double, _ d: Int = 0) -> Double {
        let v = value(at: frame)
        return d < v.count ? v[d] : 0
    }

    /// True when any keyframe has spatial tangents (a position moving along a curve).
    var hasSpatialTangents: Bool {
        keyframes.contains { k in
            (k.spatialOut ?? []).contains { $0 != 0 } || (k.spatialIn ?? []).contains { $0 != 0 }
        }
    }

    /// A position with spatial tangents at `frame`: along the cubic from one keyframe to the
    /// next, at the eased fraction of its arc length (as After Effects moves along motion paths).
    func spatialPoint(at frame: Double) -> CGPoint {
        if let looped = loopedFrame(frame), loop?.mode == .cycle || loop?.mode == .pingpong {
            return spatialPoint(inside: looped.frame)
        }
        if loopedFrame(frame) != nil {
            let v = value(at: frame)
            return CGPoint(x: v.nth(0) ?? 0, y: v.count > 1 ? v[1] : 0)
        }
        return spatialPoint(inside: frame)
    }

    private func spatialPoint(inside frame: Double) -> CGPoint {
        let k = keyframes
        func point(_ v: [Double]) -> CGPoint { CGPoint(x: v.nth(0) ?? 0, y: v.count > 1 ? v[1] : 0) }
        guard k.count > 1, frame > k[0].time else { return point(k[0].value) }
        guard frame < k[k.count - 1].time else { return point(k[k.count - 1].value) }
        var i = 0
        while i + 1 < k.count - 1, k[i + 1].time <= frame { i += 1 }
        let a = k[i], b = k[i + 1]
        if a.hold || b.time <= a.time { return point(a.value) }
        let eased = a.progress((frame - a.time) / (b.time - a.time))[0]
        let p0 = point(a.value), p3 = point(b.value)
        let p1 = p0 + point(a.spatialOut ?? [0, 0]), p2 = p3 + point(a.spatialIn ?? [0, 0])
        return CubicArc(p0, p1, p2, p3).point(atLengthFraction: eased)
    }
}

/// A cubic Bézier walked by arc length (a table of 64 chords).
struct CubicArc {
    let p0, p1, p2, p3: CGPoint
    private var lengths: [Double] = []

    init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
        var total = 0.0
        var last = p0
        lengths.reserveCapacity(65)
        lengths.append(0)
        for s in 1...64 {
            let p = point(at: Double(s) / 64)
            total += hypot(p.x - last.x, p.y - last.y)
            lengths.append(total)
            last = p
        }
    }

    func point(at t: Double) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The direction of travel at parameter `t` (radians, y down).
    func angle(at t: Double) -> Double {
        let u = 1 - t
        let dx = 3 * u * u * (p1.x - p0.x) + 6 * u * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x)
        let dy = 3 * u * u * (p1.y - p0.y) + 6 * u * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y)
        return atan2(dy, dx)
    }

    func point(atLengthFraction f: Double) -> CGPoint {
        guard let total = lengths.last, total > 0 else { return point(at: f) }
        let target = min(max(f, 0), 1) * total
        var j = 1
        while j < 64, lengths[j] < target { j += 1 }
        let l0 = lengths[j - 1], l1 = lengths[j]
        let t = (Double(j - 1) + (l1 > l0 ? (target - l0) / (l1 - l0) : 0)) / 64
        return point(at: t)
    }
}
