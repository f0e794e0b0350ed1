import StrataAnimation

extension RenderEvaluator {
    /// Calls `body` with each node that has animations and its media-to-local time map, in
    /// depth-first order, until it returns false.
    static func forEachAnimatedNode(of snapshot: RenderTreeSnapshot, _ body: (RenderNode, TimeMap) -> Bool) {
        var maps: [TimeMap] = []
        maps.reserveCapacity(snapshot.nodes.count)
        for node in snapshot.nodes {
            let parentMap = node.parent >= 0 ? maps[Int(node.parent)] : .identity
            let map = parentMap.then(node.state.timeMap)
            maps.append(map)
            guard !node.animations.isEmpty else { continue }
            if !body(node, map) { return }
        }
    }

    /// The frame rate (frames a second) the animations running at `mediaTime` want: the highest
    /// any of them prefers, or `defaultRate` when one has no preference; nil when none runs.
    package static func preferredFrameRate(of snapshot: RenderTreeSnapshot, at mediaTime: Double, defaultRate: Double)
        -> Double?
    {
        var rate: Double?
        forEachAnimatedNode(of: snapshot) { node, map in
            let local = map.apply(mediaTime)
            for animation in node.animations {
                let running = animation.records.contains { record in
                    (record.groups.first?.timing ?? record.timing).hasStarted(parentTime: local)
                        && !record.isFinished(parentTime: local)
                }
                guard running else { continue }
                let wanted = animation.preferredFrameRate > 0 ? Double(animation.preferredFrameRate) : defaultRate
                rate = max(rate ?? 0, wanted)
            }
            return true
        }
        return rate
    }

    /// The media time (seconds) at which `snapshot`'s picture next changes after `mediaTime`:
    /// `mediaTime` itself while any animation is in its active interval, the start of the
    /// earliest animation still waiting, or infinity when every animation is over (its end
    /// state holds) or there is none. Frozen layer time (speed 0) waits forever.
    package static func nextChange(of snapshot: RenderTreeSnapshot, after mediaTime: Double) -> Double {
        var next = Double.infinity
        forEachAnimatedNode(of: snapshot) { node, map in
            let local = map.apply(mediaTime)
            for animation in node.animations {
                for record in animation.records {
                    let timing = record.groups.first?.timing ?? record.timing
                    if !timing.hasStarted(parentTime: local) {
                        guard timing.speed > 0, map.speed > 0, let start = map.invert(timing.beginTime) else { continue }
                        if start > mediaTime {
                            next = min(next, start)
                        } else {
                            next = mediaTime
                            return false
                        }
                    } else if !record.isFinished(parentTime: local) {
                        next = mediaTime
                        return false
                    }
                }
            }
            return true
        }
        return next
    }
}

extension RenderEvaluator {
    /// The earliest media time after `mediaTime` at which an animation of `snapshot` starts or
    /// finishes (its delegate's `animationDidStart`/`animationDidStop` and a transaction's
    /// completion are due then); infinity when none will; `mediaTime` itself when it cannot be
    /// told ahead (an animation or layer frozen or running backwards).
    package static func nextEvent(of snapshot: RenderTreeSnapshot, after mediaTime: Double) -> Double {
        var next = Double.infinity
        forEachAnimatedNode(of: snapshot) { node, map in
            func consider(_ timing: MediaTiming) -> Bool {
                guard timing.speed > 0, map.speed > 0 else { return false }
                func note(_ local: Double) {
                    if local.isFinite, let event = map.invert(local), event > mediaTime { next = min(next, event) }
                }
                note(timing.beginTime)
                note(timing.beginTime + timing.activeDuration / timing.speed)
                return true
            }
            for animation in node.animations {
                if let transition = animation.transition, !consider(transition.timing) {
                    next = mediaTime
                    return false
                }
                for record in animation.records where !consider(record.groups.first?.timing ?? record.timing) {
                    next = mediaTime
                    return false
                }
            }
            return true
        }
        return next
    }
}
