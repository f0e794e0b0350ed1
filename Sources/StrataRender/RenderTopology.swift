/// A snapshot's tree as flat arrays indexed by node: what a frame's passes walk without touching
/// the nodes' own records (about 780 bytes each, with the presented state inside, and each
/// sublayer list an allocation of its own: two cache misses a node on a tree of hundreds).
/// Made once per snapshot, when a frame first asks (`RenderTreeSnapshot.topology`).
package final class RenderTopology: Sendable {
    /// What the passes read of one node.
    package struct Node: Sendable {
        /// The layer's identity (`RenderNode.layerID`).
        package var layerID: UInt64
        /// `RenderNode.stateSerial`.
        package var stateSerial: UInt64
        /// The superlayer's index (or the masked layer's), −1 for the root.
        package var parent: Int32
        /// The mask layer's index, or −1.
        package var mask: Int32
        /// Its sublayers, back to front, are `RenderTopology.sublayers[firstSublayer ..< endSublayer]`.
        package var firstSublayer: Int32
        package var endSublayer: Int32
        package var isTransformLayer: Bool
        /// The node has committed animations / one of them is a transition.
        package var hasAnimations: Bool
        package var hasTransition: Bool
        /// A replicator or an emitter: drawn several times or changing with time, never kept.
        package var multiplies: Bool

        /// True when the node has sublayers.
        package var hasSublayers: Bool { endSublayer > firstSublayer }
    }

    package let nodes: [Node]
    /// Every node's sublayer indices, node after node.
    package let sublayers: [Int32]

    package init(_ nodes: [RenderNode]) {
        var flat: [Node] = []
        var sublayers: [Int32] = []
        flat.reserveCapacity(nodes.count)
        nodes.withUnsafeBufferPointer { nodes in
            sublayers.reserveCapacity(Swift.max(0, nodes.count - 1))
            for node in nodes.indices {
                let first = Int32(truncatingIfNeeded: sublayers.count)
                sublayers.append(contentsOf: nodes[node].sublayers)
                let multiplies: Bool
                switch nodes[node].state.kind {
                case .replicator, .emitter: multiplies = true
                default: multiplies = false
                }
                flat.append(
                    Node(
                        layerID: nodes[node].layerID, stateSerial: nodes[node].stateSerial, parent: nodes[node].parent,
                        mask: nodes[node].mask, firstSublayer: first,
                        endSublayer: Int32(truncatingIfNeeded: sublayers.count),
                        isTransformLayer: nodes[node].isTransformLayer, hasAnimations: !nodes[node].animations.isEmpty,
                        hasTransition: nodes[node].animations.hasTransition, multiplies: multiplies))
            }
        }
        self.nodes = flat
        self.sublayers = sublayers
    }
}
