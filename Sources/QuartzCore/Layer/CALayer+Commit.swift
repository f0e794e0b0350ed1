import StrataAnimation

// What a transaction commit does with the layers that changed in it (architecture §1.5 step 4):
// layout, display, begin times of new animations resolved to the commit time in each layer's
// own time, and the layers marked committed (presentation() answers from then on).

extension CALayer: TransactionCommitting {
    package func commitTransaction(_ context: TransactionCommitContext) {
        CALayer.commit([self], at: context.commitTime)
    }

    /// Commits `layers`: layout and display first (they may change more), then animations.
    static func commit(_ layers: [CALayer], at mediaTime: CFTimeInterval) {
        CATransaction.lock()
        defer { CATransaction.unlock() }
        layoutAndDisplay(layers)
        var ancestry = AncestryMemo()
        for layer in layers {
            let place = ancestry.place(of: layer)
            let local = place.timeMap.apply(mediaTime)
            for entry in layer.animationEntries where !entry.isCommitted {
                entry.resolveBeginTime(now: local)
            }
            layer.flags.hasBeenCommitted = true
            layer.markSubtreeCommitted()
            if MediaClock.isSystemClock, !layer.animationEntries.isEmpty {
                layer.scheduleAnimationEvents(after: mediaTime)
            }
            // The tree's snapshot is built in the next pass, once for all its layers.
            TransactionStack.register(place.root.snapshotPublisher)
        }
    }

    /// Wakes the main queue when this layer's next animation starts or ends, to deliver its
    /// callbacks on time (system clock only: with a manual clock, whoever moves the clock calls
    /// `processAnimationEvents(at:)`, as hosts do every frame).
    final func scheduleAnimationEvents(after mediaTime: CFTimeInterval) {
        guard let next = nextAnimationEventTime(after: mediaTime) else { return }
        AnimationWakeups.wake(self, at: next)
    }

    /// The media time of the next start or end among the committed animations, if any.
    final func nextAnimationEventTime(after mediaTime: CFTimeInterval) -> CFTimeInterval? {
        let map = mediaTimeMap
        var next: CFTimeInterval?
        for entry in animationEntries where entry.isCommitted && !entry.hasFinished {
            let timing = entry.timing
            guard timing.speed > 0 else { continue }
            var local = [timing.beginTime]
            let end = timing.beginTime + timing.activeDuration / timing.speed
            if end.isFinite { local.append(end) }
            if entry.hasStarted { local.removeFirst() }
            for t in local {
                guard let absolute = map.invert(t), absolute.isFinite, absolute >= mediaTime - 1e-9 else { continue }
                next = min(next ?? absolute, absolute)
            }
        }
        return next
    }

    /// Holds a layer weakly for a timer.
    final class WeakLayer {
        weak var layer: CALayer?

        init(_ layer: CALayer) {
            self.layer = layer
        }
    }

    /// A layer added to a committed tree is committed with it (its sublayers too; iterative).
    private func markSubtreeCommitted() {
        var stack: [CALayer] = [self]
        while let layer = stack.popLast() {
            for sublayer in layer.sublayerStorage where !sublayer.flags.hasBeenCommitted {
                sublayer.flags.hasBeenCommitted = true
                stack.append(sublayer)
            }
            if let mask = layer.maskStorage, !mask.flags.hasBeenCommitted {
                mask.flags.hasBeenCommitted = true
            }
        }
    }
}

/// Where layers sit in their trees, worked out once per commit: a layer's root, depth and media
/// time map come from its nearest already-known ancestor, so a commit of n layers in a tree of
/// depth d costs O(n + d) instead of O(n·d). Call under the transaction lock.
struct AncestryMemo {
    struct Place {
        var root: CALayer
        var depth: Int
        var timeMap: TimeMap
    }

    private var known: [ObjectIdentifier: Place] = [:]

    mutating func place(of layer: CALayer) -> Place {
        if let place = known[ObjectIdentifier(layer)] { return place }
        // Climb to the first known ancestor (or the root), then come back down filling in.
        var chain: [CALayer] = []
        var current: CALayer? = layer
        var base: Place?
        while let c = current {
            if let place = known[ObjectIdentifier(c)] {
                base = place
                break
            }
            chain.append(c)
            current = c.superlayerStorage ?? c.maskOwner
        }
        var place = base
        for c in chain.reversed() {
            let map = (place?.timeMap ?? .identity).then(c.state.visual.timeMap)
            let next = Place(root: place?.root ?? c, depth: (place?.depth ?? -1) + 1, timeMap: map)
            known[ObjectIdentifier(c)] = next
            place = next
        }
        return place!
    }
}
