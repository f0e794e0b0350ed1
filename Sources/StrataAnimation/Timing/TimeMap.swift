// Hierarchical layer time (spec §1.3, §1.6, §1.7). Each layer maps its parent's time to its
// own local time with stage 1 only — layers never repeat, reverse or wrap — so a chain of
// layers composes into a single affine map t ↦ t·speed + offset.
//
//   absolute ──root──▶ t₁ ──layer──▶ t₂ ──leaf──▶ t₃      (compose: root first)
//   t₁ = (t − b₀)·s₀ + o₀,  t₂ = (t₁ − b₁)·s₁ + o₁, …
//
// Pausing (QA1673): speed 0 and timeOffset = the local time at the pause freezes the layer's
// local time and, through the composition, every animation beneath it.

/// One timed object's stage-1 map from parent time to local time, in seconds.
package struct TimeMap: Hashable, Sendable {
    /// When the object starts, in its parent's time (s).
    package var beginTime: Double
    /// Local seconds per parent second; 0 freezes local time at `timeOffset`.
    package var speed: Double
    /// Added to the scaled time, in local seconds.
    package var timeOffset: Double

    /// Creates a map; the defaults are a layer's default timing (the identity).
    @inlinable
    package init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime
        self.speed = speed
        self.timeOffset = timeOffset
    }

    /// The map that leaves time unchanged (a layer with default timing).
    package static let identity = TimeMap()

    /// Local time for parent time `t`: `(t − beginTime)·speed + timeOffset`. With speed 0 the
    /// result is exactly `timeOffset` (no `∞·0` NaN).
    package func apply(_ t: Double) -> Double {
        speed == 0 ? timeOffset : (t - beginTime) * speed + timeOffset
    }

    /// Parent time for local time `t`: `(t − timeOffset)/speed + beginTime`, or nil when
    /// speed is 0 (every parent time maps to the same local time, so there is no inverse).
    package func invert(_ t: Double) -> Double? {
        speed == 0 ? nil : (t - timeOffset) / speed + beginTime
    }

    /// The map equivalent to applying `self` and then `child` (self is the parent).
    /// Written as `t·speed + timeOffset` (beginTime 0). Rounding: one extra rounding of
    /// `beginTime·speed` per level, ≈ 1 ulp of the times involved.
    package func then(_ child: TimeMap) -> TimeMap {
        // child.apply(self.apply(t)) = (t·s + (o − b·s) − b′)·s′ + o′, with s = 0 kept exact.
        let offset = speed == 0 ? timeOffset : timeOffset - beginTime * speed
        if child.speed == 0 { return TimeMap(beginTime: 0, speed: 0, timeOffset: child.timeOffset) }
        return TimeMap(
            beginTime: 0, speed: speed * child.speed,
            timeOffset: (offset - child.beginTime) * child.speed + child.timeOffset)
    }

    /// One map for a chain ordered **root first** (absolute time → leaf local time).
    /// The empty chain is ``identity`` (absolute time). O(n), no allocation beyond the input.
    package static func compose<Chain: Sequence>(_ maps: Chain) -> TimeMap
    where Chain.Element == TimeMap {
        var result = TimeMap.identity
        for map in maps { result = result.then(map) }
        return result
    }

    /// Converts `t` from the local time at the end of chain `source` into the local time at
    /// the end of chain `destination` (both root first; empty = absolute time): up through the
    /// inverse of `source`, then down through `destination`.
    /// `CALayer.convertTime(t, from: l)` is `convert(t, from: chain(l), to: chain(self))`
    /// and `convertTime(t, to: l)` is `convert(t, from: chain(self), to: chain(l))`.
    ///
    /// The leading maps the two chains share (the common ancestors) are skipped — the result
    /// is the same, and two layers under one paused ancestor still convert between each other.
    ///
    /// - Returns: nil when the unshared part of `source` contains a paused (speed 0) map,
    ///   which has no inverse.
    package static func convert<Source: Sequence, Destination: Sequence>(
        _ t: Double, from source: Source, to destination: Destination
    ) -> Double? where Source.Element == TimeMap, Destination.Element == TimeMap {
        var sources = source.makeIterator()
        var destinations = destination.makeIterator()
        var nextSource = sources.next()
        var nextDestination = destinations.next()
        while let a = nextSource, let b = nextDestination, a == b {
            nextSource = sources.next()
            nextDestination = destinations.next()
        }
        var up = TimeMap.identity
        while let map = nextSource {
            up = up.then(map)
            nextSource = sources.next()
        }
        var down = TimeMap.identity
        while let map = nextDestination {
            down = down.then(map)
            nextDestination = destinations.next()
        }
        guard let shared = up.invert(t) else { return nil }
        return down.apply(shared)
    }

    /// `CALayer.convertTime`'s answer, as QuartzCore gives it (measured on macOS by the
    /// OpenCoreAnimation project): like `convert`, but one map at a time, and where a map has no
    /// answer it gives 0 — up through a paused map (speed 0: no inverse), and down into a map
    /// at a parent time before its `beginTime` (the object has not started). Maps the chains
    /// share are skipped, as in `convert`.
    package static func convertLayerTime(_ t: Double, from source: [TimeMap], to destination: [TimeMap]) -> Double {
        var shared = 0
        while shared < source.count, shared < destination.count, source[shared] == destination[shared] { shared += 1 }
        var time = t
        for map in source[shared...].reversed() { time = map.invert(time) ?? 0 }
        for map in destination[shared...] { time = time < map.beginTime ? 0 : map.apply(time) }
        return time
    }
}
