import Synchronization
import StrataAnimation

/// One committed animation's records (begin times resolved), immutable, shared by the model's
/// entry and every snapshot that includes it (so a commit copies a reference, not the records).
package final class CommittedAnimation: Sendable {
    package let records: [AnimationRecord]

    package init(records: [AnimationRecord]) {
        self.records = records
    }
}

/// One layer of a committed tree: its visual state, its place in the tree, and its committed
/// animations (begin times resolved) in application order.
package struct RenderNode: Sendable {
    /// The layer's identity, stable across commits (what render caches and damage are keyed by).
    package var layerID: UInt64
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

    package init(
        layerID: UInt64 = 0, isTransformLayer: Bool = false, state: RenderLayerState, parent: Int32,
        sublayers: [Int32] = [], mask: Int32 = -1, isMask: Bool = false, animations: [CommittedAnimation] = []
    ) {
        self.layerID = layerID
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
        var maps: [TimeMap] = []
        maps.reserveCapacity(snapshot.nodes.count)
        for node in snapshot.nodes {
            let parentMap = node.parent >= 0 ? maps[Int(node.parent)] : .identity
            let map = parentMap.then(node.state.timeMap)
            maps.append(map)
            var state = node.state
            if !node.animations.isEmpty {
                apply(node.animations, to: &state, at: map.apply(mediaTime))
            }
            states.append(state)
        }
        return states
    }

    /// Applies `animations` in order at the layer's local time `localTime`.
    package static func apply(_ animations: [CommittedAnimation], to state: inout RenderLayerState, at localTime: Double) {
        for animation in animations {
            apply(animation.records, to: &state, at: localTime)
        }
    }

    /// Applies `records` in order at the layer's local time `localTime`.
    package static func apply(_ records: [AnimationRecord], to state: inout RenderLayerState, at localTime: Double) {
        records.withUnsafeBufferPointer { records in
            for i in records.indices {
                guard case .layer(let property) = records[i].key.base, let base = state.animatableValue(property)
                else { continue }
                var cursor = 0
                if let value = AnimationRecord.evaluate(
                    records.baseAddress! + i, parentTime: localTime, base: base, cursor: &cursor)
                {
                    state.setAnimatableValue(value, property)
                }
            }
        }
    }
}

/// Where a tree's latest snapshot is published: the commit writes, the render side reads,
/// neither waits for the other beyond swapping one reference.
package final class SnapshotSlot: Sendable {
    private let latest = Mutex<RenderTreeSnapshot?>(nil)

    package init() {}

    package var snapshot: RenderTreeSnapshot? { latest.withLock { $0 } }

    package func publish(_ snapshot: RenderTreeSnapshot) {
        latest.withLock { $0 = snapshot }
    }
}
