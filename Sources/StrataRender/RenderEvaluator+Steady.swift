import StrataAnimation

// A frame whose time falls where every animation that shows holds still would evaluate to the
// states the last frame made: renderers keep those instead (a held Lottie stretch, a layer
// waiting for its animation to begin). The span is asked of the frame just evaluated.

extension RenderEvaluator {
    /// The media times (seconds) around `mediaTime` over which evaluating `snapshot` for drawing
    /// gives `states` again (its presentation at `mediaTime`, `forDrawing`), bounds excluded and
    /// drawn in by a margin for rounding; (t, t) when something changes at `mediaTime`. Layers
    /// below a hidden or transparent layer do not count (they are not evaluated for drawing);
    /// a transition, an emitter, a replicator with an instance delay or a drawing done for a
    /// custom property anywhere shown makes it (t, t).
    ///
    /// `hint` is the node that ended the last span asked (−1: none); it is asked first, and set
    /// to the node that ends this one, so that while something animates the answer costs one node.
    package static func steadySpan(
        of snapshot: RenderTreeSnapshot, states: [RenderLayerState], at mediaTime: Double, hint: inout Int
    ) -> (lo: Double, hi: Double) {
        let point = (lo: mediaTime, hi: mediaTime)
        let nodes = snapshot.nodes
        guard mediaTime.isFinite, states.count == nodes.count, !nodes.isEmpty else { return point }
        return nodes.withUnsafeBufferPointer { nodes in
            states.withUnsafeBufferPointer { states in
                if hint >= 0, hint < nodes.count, let map = chainMap(nodes, states, hint) {
                    let span = nodeSpan(nodes, states, hint, map: map, at: mediaTime)
                    if !(span.lo < mediaTime && mediaTime < span.hi) { return point }
                }
                var span = (lo: -Double.infinity, hi: Double.infinity)
                withUnsafeTemporaryAllocation(of: TimeMap.self, capacity: nodes.count) { maps in
                    withUnsafeTemporaryAllocation(of: Bool.self, capacity: nodes.count) { unseen in
                        for i in nodes.indices {
                            let parent = Int(nodes[i].parent)
                            let hasParent = parent >= 0 && parent < i
                            let own = TimeMap(
                                beginTime: nodes[i].state.beginTime, speed: Double(nodes[i].state.speed),
                                timeOffset: nodes[i].state.timeOffset)
                            maps.initializeElement(at: i, to: (hasParent ? maps[parent] : .identity).then(own))
                            let hidden = hasParent && (unseen[parent] || states[parent].isHidden || !(states[parent].opacity > 0))
                            unseen.initializeElement(at: i, to: hidden)
                            guard !hidden else { continue }
                            let s = nodeSpan(nodes, states, i, map: maps[i], at: mediaTime)
                            span = (Swift.max(span.lo, s.lo), Swift.min(span.hi, s.hi))
                            if !(span.lo < mediaTime && mediaTime < span.hi) {
                                hint = i
                                span = point
                                break
                            }
                        }
                    }
                }
                return span
            }
        }
    }

    /// The composed time map of node `i` (its ancestors' maps, then its own), or nil when it is
    /// below a hidden or transparent layer; composed from the node up, without a list.
    private static func chainMap(
        _ nodes: UnsafeBufferPointer<RenderNode>, _ states: UnsafeBufferPointer<RenderLayerState>, _ i: Int
    ) -> TimeMap? {
        func own(_ k: Int) -> TimeMap {
            TimeMap(beginTime: nodes[k].state.beginTime, speed: Double(nodes[k].state.speed), timeOffset: nodes[k].state.timeOffset)
        }
        var map = own(i)
        var k = Int(nodes[i].parent)
        var steps = 0
        while k >= 0 {
            guard k < nodes.count, steps < nodes.count else { return nil }
            if states[k].isHidden || !(states[k].opacity > 0) { return nil }
            map = own(k).then(map)
            k = Int(nodes[k].parent)
            steps += 1
        }
        return map
    }

    /// The media-time span over which node `i`, shown, keeps its presented state (see `steadySpan`).
    static func nodeSpan(
        _ nodes: UnsafeBufferPointer<RenderNode>, _ states: UnsafeBufferPointer<RenderLayerState>, _ i: Int,
        map: TimeMap, at mediaTime: Double
    ) -> (lo: Double, hi: Double) {
        let point = (lo: mediaTime, hi: mediaTime)
        switch states[i].kind {
        case .emitter: return point
        case .replicator(let r) where r.instanceDelay != 0: return point
        default: break
        }
        guard !nodes[i].animations.isEmpty else { return (-.infinity, .infinity) }
        if nodes[i].presentationContents != nil || nodes[i].animations.hasTransition { return point }
        // Local time stands still under a paused layer: nothing below it moves.
        if map.speed == 0 { return (-.infinity, .infinity) }
        let local = map.apply(mediaTime)
        var span = (lo: -Double.infinity, hi: Double.infinity)
        let animations = nodes[i].animations
        for a in animations.indices where span.lo < span.hi {
            span = AnimationRecord.steadySpan(of: animations[a].records, parentTime: local, within: span)
        }
        guard span.lo < span.hi else { return point }
        // Back to media time, drawn in by a margin well above the rounding of the maps.
        func media(_ local: Double) -> Double {
            local.isInfinite ? (map.speed > 0 ? local : -local) : map.invert(local) ?? .nan
        }
        var lo = media(span.lo), hi = media(span.hi)
        if lo > hi { swap(&lo, &hi) }
        let margin = 1e-6 * (1 + abs(mediaTime) * 1e-6) + abs(mediaTime).ulp * 64
        lo += margin
        hi -= margin
        guard lo < mediaTime, mediaTime < hi else { return point }
        return (lo, hi)
    }
}
