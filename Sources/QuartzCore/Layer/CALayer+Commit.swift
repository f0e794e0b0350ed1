import StrataAnimation
import StrataRender

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
        let stack = TransactionStack.current
        var lastRoot = -1
        let isSystemClock = MediaClock.isSystemClock
        var wakeups: [AnimationWakeups.Request] = []
        defer { AnimationWakeups.wake(wakeups) }
        for layer in layers {
            let place = ancestry.place(of: layer)
            let local = place.timeMap.apply(mediaTime)
            let next = layer.commitEntries(now: local, mediaTime: mediaTime, timeMap: place.timeMap, wantsNext: isSystemClock)
            layer.flags.hasBeenCommitted = true
            if layer.flags.startsEmission { layer.startEmission(atLayerTime: local) }
            layer.markSubtreeCommitted(at: mediaTime)
            // A wake-up already asked for at that time or earlier covers this one: the wake-up
            // processes the layer and asks again for its next event then (commits of thousands
            // of animated layers skip the waiting list's lookups).
            if isSystemClock, let next, next < layer.requestedWakeup {
                layer.requestedWakeup = next
                wakeups.append(AnimationWakeups.Request(layer: layer, time: next))
            }
            // The tree's snapshot is built in the next pass, once for all its layers.
            if place.rootIndex != lastRoot {
                stack.register(ancestry.root(of: place).snapshotPublisher)
                lastRoot = place.rootIndex
            }
        }
    }

    /// Wakes the main queue when this layer's next animation starts or ends, to deliver its
    /// callbacks on time (system clock only: with a manual clock, whoever moves the clock calls
    /// `processAnimationEvents(at:)`, as hosts do every frame).
    final func scheduleAnimationEvents(after mediaTime: CFTimeInterval) {
        guard let next = nextAnimationEventTime(after: mediaTime, timeMap: mediaTimeMap), next < requestedWakeup else {
            return
        }
        requestedWakeup = next
        AnimationWakeups.wake(self, at: next)
    }

    /// Resolves the begin times of entries added since the last commit (at layer time `now`),
    /// remakes the snapshot's list when some were, and returns the media time of the next start
    /// or end (`nextAnimationEventTime`) when `wantsNext` — in one pass over the entries, read in
    /// place (this runs for every changed layer of every commit).
    private func commitEntries(now: Double, mediaTime: CFTimeInterval, timeMap map: TimeMap, wantsNext: Bool)
        -> CFTimeInterval?
    {
        guard !animationEntries.isEmpty else { return nil }
        var next: CFTimeInterval?
        animationEntries.withUnsafeBufferPointer { entries in
            // The snapshot's list, remade only when an entry was resolved (made while the entries
            // are at hand: they were written by the changes, long enough ago to be cold).
            var list: [CommittedAnimation]?
            for i in entries.indices {
                // Unretained: the array holds the entries (a retain and release of each, for
                // 30,000 entries a commit, showed in profiles).
                Unmanaged.passUnretained(entries[i])._withUnsafeGuaranteedRef { entry in
                    if !entry.isCommitted {
                        entry.resolveBeginTime(now: now)
                        if list == nil {
                            var earlier: [CommittedAnimation] = []
                            earlier.reserveCapacity(entries.count)
                            for before in entries[..<i] { if let committed = before.committed { earlier.append(committed) } }
                            list = earlier
                        }
                    }
                    if list != nil, let committed = entry.committed { list?.append(committed) }
                    if wantsNext, entry.isCommitted, !entry.hasFinished {
                        entry.considerEvents(after: mediaTime, timeMap: map, next: &next)
                    }
                }
            }
            if let list { committedAnimationsMemo = list }
        }
        return next
    }

    /// The media time of the next start or end among the committed animations, if any.
    final func nextAnimationEventTime(after mediaTime: CFTimeInterval, timeMap map: TimeMap) -> CFTimeInterval? {
        var next: CFTimeInterval?
        for entry in animationEntries where entry.isCommitted && !entry.hasFinished {
            entry.considerEvents(after: mediaTime, timeMap: map, next: &next)
        }
        return next
    }

    /// A layer added to a committed tree is committed with it (its sublayers too; iterative),
    /// at media time `mediaTime`.
    private func markSubtreeCommitted(at mediaTime: CFTimeInterval) {
        // The common case: nothing under this layer is new (no allocation).
        let hasNew = sublayerStorage.contains { !$0.flags.hasBeenCommitted } || maskStorage.map { !$0.flags.hasBeenCommitted } ?? false
        guard hasNew else { return }
        var stack: [CALayer] = [self]
        while let layer = stack.popLast() {
            for sublayer in layer.sublayerStorage where !sublayer.flags.hasBeenCommitted {
                sublayer.flags.hasBeenCommitted = true
                if sublayer.flags.startsEmission { sublayer.startEmission(atLayerTime: sublayer.mediaTimeMap.apply(mediaTime)) }
                stack.append(sublayer)
            }
            if let mask = layer.maskStorage, !mask.flags.hasBeenCommitted {
                mask.flags.hasBeenCommitted = true
            }
        }
    }

    /// A CAEmitterLayer starts emitting now (`localTime`, its own time): particles are born
    /// from then on, so it starts empty, as on iOS.
    private func startEmission(atLayerTime localTime: Double) {
        flags.startsEmission = false
        guard case .emitter = state.visual.kind else { return }
        state.visual.emitter.emissionStart = localTime
    }
}

/// Where layers sit in their trees, worked out once per commit: a layer's root, depth and media
/// time map come from its nearest already-known ancestor, so a commit of n layers in a tree of
/// depth d costs O(n + d) instead of O(n·d). Call under the transaction lock.
struct AncestryMemo {
    /// Plain data (no references), so that storing and copying places costs no reference counting.
    struct Place {
        /// Index of the layer's root in `roots`.
        var rootIndex: Int
        var depth: Int
        var timeMap: TimeMap
    }

    private var known: [ObjectIdentifier: Place] = [:]
    /// The roots met so far.
    private(set) var roots: [CALayer] = []

    func root(of place: Place) -> CALayer { roots[place.rootIndex] }

    /// The last parent looked up: siblings committed one after another find it here without
    /// hashing.
    private var lastParent: (layer: ObjectIdentifier, place: Place)?

    mutating func place(of layer: CALayer) -> Place {
        if let parent = layer.superlayerStorage, let last = lastParent, last.layer == ObjectIdentifier(parent) {
            return child(of: last.place, layer)
        }
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
            if let parentPlace = place, let parent = c.superlayerStorage {
                lastParent = (ObjectIdentifier(parent), parentPlace)
            }
            let next = place.map { child(of: $0, c) } ?? rootPlace(c)
            known[ObjectIdentifier(c)] = next
            place = next
        }
        return place ?? rootPlace(layer)
    }

    /// The place of `layer` under a parent at `parent`.
    private func child(of parent: Place, _ layer: CALayer) -> Place {
        Place(rootIndex: parent.rootIndex, depth: parent.depth + 1, timeMap: parent.timeMap.then(layer.localTimeMap))
    }

    private mutating func rootPlace(_ root: CALayer) -> Place {
        roots.append(root)
        return Place(rootIndex: roots.count - 1, depth: 0, timeMap: root.localTimeMap)
    }
}

extension AnimationEntry {
    /// Lowers `next` to this animation's start (unless it has started) or end, as media times
    /// at or after `mediaTime` (`map`: media time to the layer's local time).
    @inline(__always)
    func considerEvents(after mediaTime: CFTimeInterval, timeMap map: TimeMap, next: inout CFTimeInterval?) {
        guard timing.speed > 0 else { return }
        // Its start (unless it has started) and its end, in the layer's local time.
        let end = timing.beginTime + timing.activeDuration / timing.speed
        func consider(_ t: Double) {
            guard let absolute = map.invert(t), absolute.isFinite, absolute >= mediaTime - 1e-9 else { return }
            next = min(next ?? absolute, absolute)
        }
        if !hasStarted { consider(timing.beginTime) }
        if end.isFinite { consider(end) }
    }
}
