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
    /// overflow the stack). Call under the lock.
    final func makeSnapshot(commitTime: Double) -> RenderTreeSnapshot {
        // First the order and the links, then each node made whole in one go (setting fields of
        // `nodes[i]` from this module copies the node). The lock keeps the tree, and so every
        // layer, alive: they are visited unretained.
        var order: [(layer: Unmanaged<CALayer>, parent: Int32, isMask: Bool)] = []
        var sublayerLists: [[Int32]] = []
        var masks: [Int32] = []
        var stack: [(layer: Unmanaged<CALayer>, parent: Int32, isMask: Bool)] = [(.passUnretained(self), -1, false)]
        while let item = stack.popLast() {
            let index = Int32(order.count)
            order.append(item)
            sublayerLists.append([])
            masks.append(-1)
            if item.parent >= 0 {
                if item.isMask { masks[Int(item.parent)] = index } else { sublayerLists[Int(item.parent)].append(index) }
            }
            item.layer._withUnsafeGuaranteedRef { layer in
                // Pushed in reverse so that they are visited, and listed, back to front.
                for sublayer in layer.sublayerStorage.reversed() { stack.append((.passUnretained(sublayer), index, false)) }
                if let mask = layer.maskStorage { stack.append((.passUnretained(mask), index, true)) }
            }
        }
        // Each node is made in its place in the array, its state copied from the layer's (a node
        // built aside and moved in was copied three times).
        var hasAnimations = false
        let nodes = [RenderNode](unsafeUninitializedCapacity: order.count) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            for (i, item) in order.enumerated() {
                item.layer._withUnsafeGuaranteedRef { layer in
                    if !layer.animationEntries.isEmpty { hasAnimations = true }
                    // The layer's storage itself (a read through `state` would copy it first).
                    withUnsafeMutablePointer(to: &layer.storedState.visual) { state in
                        RenderNode.initialize(
                            base + i, layerID: layer.layerID, stateSerial: layer.stateSerial,
                            isTransformLayer: layer.isTransformLayer, state: UnsafePointer(state), parent: item.parent,
                            sublayers: sublayerLists[i], mask: masks[i], isMask: item.isMask,
                            animations: layer.committedAnimations, presentationContents: layer.presentationContentsLink)
                    }
                }
                count = i + 1
            }
        }
        snapshotVersion += 1
        return RenderTreeSnapshot(nodes: nodes, commitTime: commitTime, version: snapshotVersion, hasAnimations: hasAnimations)
    }

    /// The committed animations, in order (remembered until the entries change or a commit
    /// resolves more of them). Call under the lock.
    final var committedAnimations: [CommittedAnimation] {
        if let committedAnimationsMemo { return committedAnimationsMemo }
        var animations: [CommittedAnimation] = []
        if !animationEntries.isEmpty {
            animations.reserveCapacity(animationEntries.count)
            for entry in animationEntries { if let committed = entry.committed { animations.append(committed) } }
        }
        committedAnimationsMemo = animations
        return animations
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
