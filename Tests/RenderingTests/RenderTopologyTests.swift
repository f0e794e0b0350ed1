import CoreGraphics
import QuartzCore
import StrataRender
import Testing

/// A snapshot's flat topology says of every node what its own record says: the frame's passes
/// read it instead of the records.
@Suite("RenderTopology: the tree as flat arrays")
struct RenderTopologyTests {
    /// Over a tree with a replicator, a mask, a transform layer, a hidden layer, an emitter, an
    /// animated layer and a transition, every node's identity, serial, parent, mask, sublayers
    /// (in order), class flags and animation flags equal its record's; a snapshot makes its
    /// topology once.
    @Test func everyNodeReadsAsItsRecord() throws {
        let tree = FootprintCacheTests().makeTree()
        scene {
            let emitter = CAEmitterLayer()
            emitter.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            tree.root.addSublayer(emitter)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            tree.child.add(fade, forKey: "fade")
            tree.leaf.add(CATransition(), forKey: "transition")
        }
        let snapshot = try #require(tree.root.committedSnapshot).snapshot
        let topology = snapshot.topology
        #expect(topology === snapshot.topology, "made once")
        let nodes = snapshot.nodes
        try #require(topology.nodes.count == nodes.count)
        var multiplying = 0, animated = 0, transitions = 0, masks = 0
        for (i, node) in nodes.enumerated() {
            let flat = topology.nodes[i]
            #expect(flat.layerID == node.layerID && flat.stateSerial == node.stateSerial, "node \(i)")
            #expect(flat.parent == node.parent && flat.mask == node.mask, "node \(i)")
            let sublayers = Array(topology.sublayers[Int(flat.firstSublayer)..<Int(flat.endSublayer)])
            #expect(sublayers == node.sublayers, "node \(i)")
            #expect(flat.hasSublayers == !node.sublayers.isEmpty, "node \(i)")
            #expect(flat.isTransformLayer == node.isTransformLayer, "node \(i)")
            #expect(flat.hasAnimations == !node.animations.isEmpty, "node \(i)")
            #expect(flat.hasTransition == node.animations.contains { $0.transition != nil }, "node \(i)")
            let multiplies: Bool
            switch node.state.kind {
            case .replicator, .emitter: multiplies = true
            default: multiplies = false
            }
            #expect(flat.multiplies == multiplies, "node \(i)")
            multiplying += flat.multiplies ? 1 : 0
            animated += flat.hasAnimations ? 1 : 0
            transitions += flat.hasTransition ? 1 : 0
            masks += flat.mask >= 0 ? 1 : 0
        }
        #expect(multiplying == 2 && transitions == 1 && animated >= 2 && masks == 1,
                "the tree has what the test is about: \(multiplying) \(transitions) \(animated) \(masks)")
    }
}
