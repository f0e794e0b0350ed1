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
    /// Whether this is a transition, without copying its record out of the box (asked per layer a frame).
    package var hasTransition: Bool { transitionBox != nil }

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
    /// What the transition does, read from `CATransition.type` once at commit.
    package enum Effect: Sendable {
        case fade, moveIn, push, reveal
        /// Apple's private 3D types (`"cube"`, `"oglFlip"`), which iOS code asks for by name.
        case cube, flip

        /// The effect of a `CATransition.type` string; unknown types draw as a fade, as Apple's.
        package init(type: String) {
            switch type {
            case "moveIn": self = .moveIn
            case "push": self = .push
            case "reveal": self = .reveal
            case "cube": self = .cube
            case "oglFlip": self = .flip
            default: self = .fade
            }
        }
    }

    /// Where the new picture comes from, read from `CATransition.subtype` once at commit.
    package enum Direction: Sendable {
        case fromLeft, fromRight, fromTop, fromBottom

        /// The direction of a `CATransition.subtype` string; nil and unknown ones mean from the left.
        package init(subtype: String?) {
            switch subtype {
            case "fromRight": self = .fromRight
            case "fromTop": self = .fromTop
            case "fromBottom": self = .fromBottom
            default: self = .fromLeft
            }
        }

        /// True for a direction along y.
        package var isVertical: Bool { self == .fromTop || self == .fromBottom }
    }

    package var effect: Effect
    package var direction: Direction
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
        effect = Effect(type: type)
        direction = Direction(subtype: subtype)
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
    /// Draws the layer's contents each frame (its presentation copy's `display()`), for a layer
    /// that redraws for a custom property it animates; nil for every other layer.
    package var presentationContents: PresentationContents?

    /// A node from its parts. (Commits make theirs in place with `initialize(_:…)`: this
    /// initializer, called across modules, was not inlined and each node was copied twice more.)
    @inlinable
    package init(
        layerID: UInt64 = 0, stateSerial: UInt64 = 0, isTransformLayer: Bool = false, state: RenderLayerState, parent: Int32,
        sublayers: [Int32] = [], mask: Int32 = -1, isMask: Bool = false, animations: [CommittedAnimation] = [],
        presentationContents: PresentationContents? = nil
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
        self.presentationContents = presentationContents
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
    /// False when no node has an animation (true when not known): a renderer then has no
    /// animation events to deliver.
    package let hasAnimations: Bool
    /// True when some node runs a CATransition: per-layer checks for one are skipped otherwise.
    package let hasTransitions: Bool

    /// The tree as flat arrays by node (made on first use, shared by the snapshot's copies).
    package var topology: RenderTopology { evaluationCache.topology(for: self) }

    /// True when `other` is this snapshot (a copy of it), not merely one of the same version.
    package func isSame(as other: RenderTreeSnapshot) -> Bool { evaluationCache === other.evaluationCache }

    package init(nodes: [RenderNode], commitTime: Double, version: UInt64, hasAnimations: Bool = true) {
        self.nodes = nodes
        self.commitTime = commitTime
        self.version = version
        self.hasAnimations = hasAnimations
        hasTransitions = hasAnimations && nodes.withUnsafeBufferPointer { nodes in
            nodes.contains { $0.animations.hasTransition }
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

extension [CommittedAnimation] {
    /// Whether one of the animations is a transition, read in place (iterating copies each
    /// animation, retaining its records and box). Ask it of `nodes[i].animations`: a property of
    /// `nodes[i]` itself would copy the whole node.
    package var hasTransition: Bool {
        withUnsafeBufferPointer { animations in
            for i in animations.indices where animations[i].hasTransition { return true }
            return false
        }
    }
}
