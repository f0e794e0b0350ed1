import Synchronization
import StrataAnimation

/// One committed animation's records (begin times resolved), immutable. A value of two
/// references: the records' storage and the transition's box are shared by the model's entry and
/// every snapshot that includes it (a commit copies references, and makes no object per animation).
package struct CommittedAnimation: Sendable {
    package let records: [AnimationRecord]
    /// Boxed: transitions are rare, and a commit can make thousands of these.
    private let transitionBox: TransitionBox?
    /// Frames a second the animation wants while it runs (`preferredFrameRateRange`); 0: none.
    package let preferredFrameRate: Float

    /// For a CATransition: what it does and the picture it starts from.
    package var transition: TransitionRecord? { transitionBox?.record }

    package init(records: [AnimationRecord], transition: TransitionRecord? = nil, preferredFrameRate: Float = 0) {
        self.records = records
        self.transitionBox = transition.map(TransitionBox.init)
        self.preferredFrameRate = preferredFrameRate
    }
}

/// Holds a transition record for `CommittedAnimation`.
private final class TransitionBox: Sendable {
    let record: TransitionRecord

    init(_ record: TransitionRecord) {
        self.record = record
    }
}

/// A CATransition as the render side needs it: its effect, its timing (begin time resolved, in
/// the layer's local time), and the layer's subtree as it was rendered before the change.
package struct TransitionRecord: Sendable {
    /// "fade", "moveIn", "push", "reveal" (unknown types draw as fade, as Apple).
    package var type: String
    /// "fromLeft" (nil's meaning), "fromRight", "fromTop", "fromBottom".
    package var subtype: String?
    package var timing: MediaTiming
    package var curve: TimingCurve
    package var startProgress: Double
    package var endProgress: Double
    /// The layer's subtree as last committed before the transition was added (root at 0); nil
    /// when it had never been committed (the transition starts from nothing).
    package var before: RenderTreeSnapshot?

    package init(
        type: String, subtype: String?, timing: MediaTiming, curve: TimingCurve, startProgress: Double,
        endProgress: Double, before: RenderTreeSnapshot?
    ) {
        self.type = type
        self.subtype = subtype
        self.timing = timing
        self.curve = curve
        self.startProgress = startProgress
        self.endProgress = endProgress
        self.before = before
    }

    /// The transition's progress (0...1, start/end progress and timing function applied) at
    /// the layer's local time `t`; nil when it shows nothing then (not started or over).
    package func progress(at t: Double) -> Double? {
        guard let sample = timing.sample(parentTime: t), !timing.isFinished(parentTime: t) else { return nil }
        let eased = curve.value(at: sample.progress)
        let p = startProgress + (endProgress - startProgress) * eased
        return p.isFinite ? Swift.min(Swift.max(p, 0), 1) : nil
    }
}

/// One layer of a committed tree: its visual state, its place in the tree, and its committed
/// animations (begin times resolved) in application order.
package struct RenderNode: Sendable {
    /// The layer's identity, stable across commits (what render caches and damage are keyed by).
    package var layerID: UInt64
    /// Changes whenever the layer's committed state may have changed: with `layerID`, it names
    /// `state`, so work done for it can be kept across snapshots. 0: unknown (nothing kept).
    package var stateSerial: UInt64
    /// A CATransformLayer: draws nothing itself and does not flatten its sublayers.
    package var isTransformLayer: Bool
    package var state: RenderLayerState
    /// The superlayer's index, or for a mask the index of the layer it masks; −1 for the root.
    package var parent: Int32
    /// Sublayer indices, back to front.
    package var sublayers: [Int32]
    /// The mask layer's index, or −1.
    package var mask: Int32
    package var isMask: Bool
    package var animations: [CommittedAnimation]

    /// A node from its parts. (Commits make theirs in place with `initialize(_:…)`: this
    /// initializer, called across modules, was not inlined and each node was copied twice more.)
    @inlinable
    package init(
        layerID: UInt64 = 0, stateSerial: UInt64 = 0, isTransformLayer: Bool = false, state: RenderLayerState, parent: Int32,
        sublayers: [Int32] = [], mask: Int32 = -1, isMask: Bool = false, animations: [CommittedAnimation] = []
    ) {
        self.layerID = layerID
        self.stateSerial = stateSerial
        self.isTransformLayer = isTransformLayer
        self.state = state
        self.parent = parent
        self.sublayers = sublayers
        self.mask = mask
        self.isMask = isMask
        self.animations = animations
    }
}

/// An immutable picture of a committed layer tree: what frames are evaluated and drawn from.
/// Nodes are in depth-first order (a parent before its sublayers and mask), the root at 0.
/// Frames never read CALayer objects or take the transaction lock: they read one of these.
package struct RenderTreeSnapshot: Sendable {
    package let nodes: [RenderNode]
    /// Media time of the commit that made it (seconds).
    package let commitTime: Double
    /// Increases with every commit of the tree.
    package let version: UInt64
    /// Its evaluations so far and its animation table (shared by the snapshot's copies).
    let evaluationCache = SnapshotEvaluationCache()

    package init(nodes: [RenderNode], commitTime: Double, version: UInt64) {
        self.nodes = nodes
        self.commitTime = commitTime
        self.version = version
    }
}

/// Evaluates snapshots at a given media time: pure, no clock, no locks.
package enum RenderEvaluator {
    /// Every node's presented state at `mediaTime` (seconds): committed values with the
    /// animations applied through the timing of the node's ancestors.
    package static func presentation(of snapshot: RenderTreeSnapshot, at mediaTime: Double) -> [RenderLayerState] {
        var states: [RenderLayerState] = []
        states.reserveCapacity(snapshot.nodes.count)
        let table = snapshot.evaluationCache.table(for: snapshot)
        withFrame(of: table) { frame in
            snapshot.nodes.withUnsafeBufferPointer { nodes in
                var maps: [TimeMap] = []
                maps.reserveCapacity(nodes.count)
                // Layers animated together share timings: each is sampled and eased once a frame.
                var memo = TimingMemo()
                for i in nodes.indices {
                    let parent = Int(nodes[i].parent)
                    let map = (parent >= 0 ? maps[parent] : .identity).then(nodes[i].state.timeMap)
                    maps.append(map)
                    // Copied once, then animated in place.
                    states.append(nodes[i].state)
                    if frame?.isAnimated(i) ?? !nodes[i].animations.isEmpty {
                        apply(
                            node: nodes.baseAddress! + i, index: i, to: &states[i], at: map.apply(mediaTime), frame: frame,
                            memo: &memo)
                    }
                }
            }
        }
        return states
    }

    /// `presentation(of:at:)` written over `states`, the presentation of `previous`: an entry
    /// whose node is the same layer in the same state (`stateSerial`) at the same index, with
    /// animations in neither snapshot, is kept as it is (a frame copies what changed).
    package static func presentation(
        of snapshot: RenderTreeSnapshot, at mediaTime: Double, reusing states: inout [RenderLayerState],
        from previous: RenderTreeSnapshot
    ) {
        guard states.count == previous.nodes.count else {
            states = presentation(of: snapshot, at: mediaTime)
            return
        }
        let table = snapshot.evaluationCache.table(for: snapshot)
        withFrame(of: table) { frame in
            snapshot.nodes.withUnsafeBufferPointer { nodes in
                previous.nodes.withUnsafeBufferPointer { old in
                    reuse(nodes, old, at: mediaTime, frame: frame, into: &states)
                }
            }
        }
    }

    /// The loop of `presentation(of:at:reusing:from:)`.
    private static func reuse(
        _ nodes: UnsafeBufferPointer<RenderNode>, _ old: UnsafeBufferPointer<RenderNode>, at mediaTime: Double,
        frame: RenderAnimationTable.Frame?, into states: inout [RenderLayerState]
    ) {
        if states.count > nodes.count { states.removeLast(states.count - nodes.count) }
        states.reserveCapacity(nodes.count)
        var maps: [TimeMap] = []
        maps.reserveCapacity(nodes.count)
        var memo = TimingMemo()
        for i in nodes.indices {
            let parent = Int(nodes[i].parent)
            let map = (parent >= 0 ? maps[parent] : .identity).then(nodes[i].state.timeMap)
            maps.append(map)
            // Through the table: whether a node has records, without reaching its animations.
            let animated = frame?.isAnimated(i) ?? !nodes[i].animations.isEmpty
            if i < old.count, !animated, old[i].animations.isEmpty, nodes[i].stateSerial != 0,
                old[i].stateSerial == nodes[i].stateSerial, old[i].layerID == nodes[i].layerID
            {
                continue
            }
            // Copied once, then animated in place.
            if i < states.count { states[i] = nodes[i].state } else { states.append(nodes[i].state) }
            if animated {
                apply(node: nodes.baseAddress! + i, index: i, to: &states[i], at: map.apply(mediaTime), frame: frame, memo: &memo)
            }
        }
    }

    /// Runs `body` with a frame of `table`, or with nil when there is none.
    private static func withFrame<R>(of table: RenderAnimationTable?, _ body: (RenderAnimationTable.Frame?) -> R) -> R {
        guard let table else { return body(nil) }
        return table.withFrame { body($0) }
    }

    /// Node `index`'s animations applied at its local time: through the table's frame when there
    /// is one (compact records from it, the others from the node), else from the node.
    private static func apply(
        node: UnsafePointer<RenderNode>, index: Int, to state: inout RenderLayerState, at localTime: Double,
        frame: RenderAnimationTable.Frame?, memo: inout TimingMemo
    ) {
        guard let frame else {
            apply(node.pointee.animations, to: &state, at: localTime, memo: &memo)
            return
        }
        var turn = 0.0
        for e in Int(frame.starts[index])..<Int(frame.starts[index + 1]) {
            let entry = frame.entries[e]
            if entry.animation >= 0, let property = entry.property {
                applyCompact(
                    frame.animations.baseAddress! + Int(entry.animation), property, entry.component, frame: frame.numeric,
                    to: &state, at: localTime, memo: &memo)
                continue
            }
            node.pointee.animations[Int(entry.group)].records.withUnsafeBufferPointer { records in
                apply(records.baseAddress! + Int(entry.record), to: &state, at: localTime, turn: &turn, memo: &memo)
            }
        }
        if turn != 0 { state.transform = state.transform.turnedAboutZ(by: turn) }
    }

    /// One compact record of `property`'s `component` applied, as `AnimationRecord.evaluate`
    /// applies its record (the same values, tested).
    @inline(__always)
    private static func applyCompact(
        _ animation: UnsafePointer<NumericAnimation>, _ property: LayerProperty, _ component: KeyPathComponent,
        frame: NumericAnimationTable.Frame, to state: inout RenderLayerState, at localTime: Double,
        memo: inout TimingMemo
    ) {
        guard let base = state.animatableValue(property) else { return }
        let key = PropertyKey(base: .layer(property), component: component)
        let shape = animation.pointee.shape
        let underlying = animation.pointee.readsUnderlying ? shape.lanes(key.read(from: base)) ?? SIMD4() : SIMD4()
        var cursor = 0
        guard
            let lanes = NumericAnimation.evaluate(
                animation, in: frame, parentTime: localTime, underlying: underlying, cursor: &cursor)
        else { return }
        // A transform component of an untransformed layer: the matrix the memo made for the same
        // value, if it did (`key.write` would make it again).
        if case .transform(let c) = component, case .transform(let matrix) = base, shape == .scalar {
            state.setAnimatableValue(memo.transform(c, lanes.x, replacingIn: matrix).map(AnimatableValue.transform) ?? base, property)
            return
        }
        state.setAnimatableValue(key.write(shape.value(lanes), into: base), property)
    }

    /// Applies `animations` in order at the layer's local time `localTime`; then the turn of
    /// path animations with a `rotationMode`, on top of whatever the transform became.
    package static func apply(_ animations: [CommittedAnimation], to state: inout RenderLayerState, at localTime: Double) {
        var memo = TimingMemo()
        apply(animations, to: &state, at: localTime, memo: &memo)
    }

    /// `apply(_:to:at:)` with the frame's memo of timings already sampled.
    package static func apply(
        _ animations: [CommittedAnimation], to state: inout RenderLayerState, at localTime: Double,
        memo: inout TimingMemo
    ) {
        var turn = 0.0
        for animation in animations {
            apply(animation.records, to: &state, at: localTime, turn: &turn, memo: &memo)
        }
        if turn != 0 { state.transform = state.transform.turnedAboutZ(by: turn) }
    }

    /// Applies `records` in order at the layer's local time `localTime`, adding the turns of path
    /// animations with a `rotationMode` to `turn` (radians).
    private static func apply(
        _ records: [AnimationRecord], to state: inout RenderLayerState, at localTime: Double, turn: inout Double,
        memo: inout TimingMemo
    ) {
        records.withUnsafeBufferPointer { records in
            for i in records.indices {
                apply(records.baseAddress! + i, to: &state, at: localTime, turn: &turn, memo: &memo)
            }
        }
    }

    /// Applies one record (read in place).
    private static func apply(
        _ record: UnsafePointer<AnimationRecord>, to state: inout RenderLayerState, at localTime: Double,
        turn: inout Double, memo: inout TimingMemo
    ) {
        guard case .layer(let property) = record.pointee.key.base, let base = state.animatableValue(property) else {
            return
        }
        var cursor = 0
        if let value = AnimationRecord.evaluate(record, parentTime: localTime, base: base, cursor: &cursor, memo: &memo) {
            state.setAnimatableValue(value, property)
        }
        if record.pointee.rotatesAlongPath, let angle = record.pointee.pathRotation(parentTime: localTime) {
            turn += angle
        }
    }
}

/// Where a tree's latest snapshot is published: the commit writes, the render side reads,
/// neither waits for the other beyond swapping one reference.
package final class SnapshotSlot: Sendable {
    private let latest = Locked<RenderTreeSnapshot?>(nil)

    package init() {}

    package var snapshot: RenderTreeSnapshot? { latest.withLock { $0 } }

    package func publish(_ snapshot: RenderTreeSnapshot) {
        latest.withLock { $0 = snapshot }
    }
}

extension RenderTreeSnapshot {
    /// The subtree rooted at node `index`, re-indexed with its root at 0 (depth-first order is
    /// kept); layer identities are marked with `idMark` so render caches keep the two apart.
    package func subtree(at index: Int, idMark: UInt64 = 0) -> RenderTreeSnapshot {
        guard index >= 0, index < nodes.count else { return RenderTreeSnapshot(nodes: [], commitTime: commitTime, version: version) }
        var map: [Int32: Int32] = [Int32(index): 0]
        var out: [RenderNode] = []
        var stack: [Int] = [index]
        var order: [Int] = []
        while let i = stack.popLast() {
            map[Int32(i)] = Int32(order.count)
            order.append(i)
            let node = nodes[i]
            for child in node.sublayers.reversed() { stack.append(Int(child)) }
            if node.mask >= 0 { stack.append(Int(node.mask)) }
        }
        for i in order {
            var node = nodes[i]
            node.layerID |= idMark
            node.parent = i == index ? -1 : map[node.parent] ?? -1
            node.sublayers = node.sublayers.compactMap { map[$0] }
            node.mask = node.mask >= 0 ? map[node.mask] ?? -1 : -1
            out.append(node)
        }
        return RenderTreeSnapshot(nodes: out, commitTime: commitTime, version: version)
    }
}
