import StrataAnimation
import StrataRender

// The commit's last step (architecture §1.5 step 4): each committed tree is captured into an
// immutable RenderTreeSnapshot and published where the render side reads it. Frames are evaluated
// from snapshots alone, without CALayer objects and without the transaction lock.

extension CALayer {
    /// The latest committed snapshot of this layer's tree, and this layer's node index in it
    /// (package API for the render side and tests).
    package var committedSnapshot: (snapshot: RenderTreeSnapshot, index: Int)? {
        let (root, path) = withLock { (rootLayer, indexPath()) }
        guard let snapshot = root.snapshotSlot.snapshot else { return nil }
        var index = 0
        for step in path {
            let node = snapshot.nodes[index]
            switch step {
            case .mask:
                guard node.mask >= 0 else { return nil }
                index = Int(node.mask)
            case .sublayer(let i):
                guard i < node.sublayers.count else { return nil }
                index = Int(node.sublayers[i])
            }
        }
        return (snapshot, index)
    }

    /// The tree's nodes in depth-first order, parents first (iterative: deep trees cannot
    /// overflow the stack).
    final func makeSnapshot(commitTime: Double) -> RenderTreeSnapshot {
        var nodes: [RenderNode] = []
        // Sublayer and mask indices are gathered here and stored once at the end: appending
        // through `nodes[i].sublayers` from this module copies the array each time.
        var sublayerLists: [[Int32]] = []
        var masks: [Int32] = []
        var stack: [(layer: CALayer, parent: Int32, isMask: Bool)] = [(self, -1, false)]
        while let (layer, parent, isMask) = stack.popLast() {
            let index = Int32(nodes.count)
            var animations: [CommittedAnimation] = []
            if !layer.animationEntries.isEmpty {
                animations.reserveCapacity(layer.animationEntries.count)
                for entry in layer.animationEntries { if let committed = entry.committed { animations.append(committed) } }
            }
            nodes.append(
                RenderNode(
                    layerID: layer.layerID, isTransformLayer: layer.isTransformLayer, state: layer.state.visual,
                    parent: parent, isMask: isMask, animations: animations))
            sublayerLists.append([])
            masks.append(-1)
            if parent >= 0 {
                if isMask { masks[Int(parent)] = index } else { sublayerLists[Int(parent)].append(index) }
            }
            // Pushed in reverse so that they are visited, and listed, back to front.
            for sublayer in layer.sublayerStorage.reversed() { stack.append((sublayer, index, false)) }
            if let mask = layer.maskStorage { stack.append((mask, index, true)) }
        }
        for i in nodes.indices {
            if !sublayerLists[i].isEmpty { nodes[i].sublayers = sublayerLists[i] }
            nodes[i].mask = masks[i]
        }
        snapshotVersion += 1
        return RenderTreeSnapshot(nodes: nodes, commitTime: commitTime, version: snapshotVersion)
    }

    private enum PathStep {
        case mask
        case sublayer(Int)
    }

    /// The steps from the root down to this layer.
    private func indexPath() -> [PathStep] {
        var steps: [PathStep] = []
        var layer = self
        while true {
            if let owner = layer.maskOwner {
                steps.append(.mask)
                layer = owner
            } else if let parent = layer.superlayerStorage,
                let i = parent.sublayerStorage.firstIndex(where: { $0 === layer })
            {
                steps.append(.sublayer(i))
                layer = parent
            } else {
                break
            }
        }
        return steps.reversed()
    }
}

/// Publishes a root's snapshot in the commit pass after its layers were committed.
final class SnapshotPublisher: TransactionCommitting {
    weak var root: CALayer?

    init(root: CALayer) {
        self.root = root
    }

    func commitTransaction(_ context: TransactionCommitContext) {
        guard let root else { return }
        let snapshot = root.withLock { root.makeSnapshot(commitTime: context.commitTime) }
        root.snapshotSlot.publish(snapshot)
    }
}
