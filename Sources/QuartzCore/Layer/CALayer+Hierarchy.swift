// The layer tree: sublayers back to front, at most one superlayer, masks outside the tree.
// A change that would make a cycle (a layer below itself, or a mask inside its own tree) is
// refused with a message: never a hang, never a retain cycle.

extension CALayer {
    final func currentSublayers() -> [CALayer]? {
        withLock {
            sublayerStorage.isEmpty ? nil : sublayerStorage
        }
    }

    final func currentSuperlayer() -> CALayer? {
        withLock {
            if flags.isPresentation, superlayerStorage == nil { return modelLayer?.superlayer?.presentation() }
            return superlayerStorage
        }
    }

    /// Inserts `layer` at `index` (nil: on top), taking it from its old parent first.
    final func insert(_ layer: CALayer, at index: Int?) {
        withLock {
            guard canAdopt(layer, in: "insertSublayer") else { return }
            layer.detachFromParent(postEvents: false)
            let position = min(max(0, index ?? sublayerStorage.count), sublayerStorage.count)
            sublayerStorage.insert(layer, at: position)
            layer.superlayerStorage = self
            didChangeSublayers(added: [layer], removed: [])
        }
    }

    /// Inserts `layer` just below (`offset` 0) or above (1) `sibling`; on top (above) or at the
    /// bottom (below) when the sibling is nil or not a sublayer, as Apple does.
    final func insert(_ layer: CALayer, relativeTo sibling: CALayer?, offset: Int) {
        withLock {
            guard let sibling, sibling !== layer, sibling.superlayerStorage === self else {
                return insert(layer, at: offset == 0 ? 0 : nil)
            }
            guard canAdopt(layer, in: "insertSublayer") else { return }
            layer.detachFromParent(postEvents: false)
            let index = sublayerStorage.firstIndex { $0 === sibling } ?? sublayerStorage.count
            sublayerStorage.insert(layer, at: index + offset)
            layer.superlayerStorage = self
            didChangeSublayers(added: [layer], removed: [])
        }
    }

    final func replace(_ old: CALayer, with new: CALayer) {
        withLock {
            guard old !== new else { return }
            guard let index = sublayerStorage.firstIndex(where: { $0 === old }) else {
                return Diagnostics.warn("CALayer.replaceSublayer: the layer to replace is not a sublayer; ignored")
            }
            guard canAdopt(new, in: "replaceSublayer") else { return }
            new.detachFromParent(postEvents: false)
            let at = sublayerStorage.firstIndex { $0 === old } ?? index
            sublayerStorage[at] = new
            old.superlayerStorage = nil
            new.superlayerStorage = self
            didChangeSublayers(added: [new], removed: [old], transition: true)
        }
    }

    final func replaceAllSublayers(with layers: [CALayer]) {
        withLock {
            for layer in layers where !canAdopt(layer, in: "sublayers") { return }
            let old = sublayerStorage
            old.forEach { $0.superlayerStorage = nil }
            sublayerStorage = []
            var unique: [CALayer] = []
            for layer in layers where !unique.contains(where: { $0 === layer }) {
                layer.detachFromParent(postEvents: false)
                unique.append(layer)
            }
            sublayerStorage = unique
            unique.forEach { $0.superlayerStorage = self }
            didChangeSublayers(added: unique, removed: old.filter { o in !unique.contains { $0 === o } })
        }
    }

    /// Removes the layer from its superlayer, or from the layer it masks.
    final func detachFromParent(postEvents: Bool) {
        withLock {
            if let owner = maskOwner {
                owner.maskStorage = nil
                maskOwner = nil
                owner.joinTransaction()
                return
            }
            guard let parent = superlayerStorage else { return }
            parent.sublayerStorage.removeAll { $0 === self }
            superlayerStorage = nil
            if postEvents { parent.didChangeSublayers(added: [], removed: [self]) }
        }
    }

    final func setMask(_ newMask: CALayer?) {
        withLock {
            guard newMask !== maskStorage else { return }
            if let newMask {
                guard newMask !== self, !newMask.isAncestor(of: self), !isAncestor(of: newMask) else {
                    return Diagnostics.warn("CALayer.mask: the mask is this layer or in its tree; refused (a mask must have no superlayer)")
                }
                newMask.detachFromParent(postEvents: true)
            }
            maskStorage?.maskOwner = nil
            let action = prepareChange("mask")
            maskStorage = newMask
            newMask?.maskOwner = self
            finishChange("mask", action: action)
        }
    }

    /// True when `layer` is this layer or one of its descendants (masks included).
    final func isAncestor(of layer: CALayer) -> Bool {
        // A layer with nothing below it is an ancestor of itself only (the common case of
        // adding a fresh layer deep in a tree costs O(1), not O(depth)).
        if sublayerStorage.isEmpty, maskStorage == nil { return layer === self }
        var current: CALayer? = layer
        var steps = 0
        while let c = current, steps < 1_000_000 {
            if c === self { return true }
            current = c.superlayerStorage ?? c.maskOwner
            steps += 1
        }
        return false
    }

    /// False (with a message) when adopting `layer` would put a layer below itself.
    private func canAdopt(_ layer: CALayer, in function: String) -> Bool {
        guard !layer.flags.isPresentation else {
            Diagnostics.warn("CALayer.\(function): presentation layers cannot be added to a tree; refused")
            return false
        }
        guard !layer.isAncestor(of: self) else {
            Diagnostics.warn("CALayer.\(function): adding a layer below itself would make a cycle; refused")
            return false
        }
        return true
    }

    /// Posts the tree events: "sublayers" on the parent, kCAOnOrderIn / kCAOnOrderOut (or
    /// kCATransition for a replacement) on the children, and joins the transaction.
    private func didChangeSublayers(added: [CALayer], removed: [CALayer], transition: Bool = false) {
        let action = prepareChange("sublayers")
        markNeedsLayout()
        finishChange("sublayers", action: action)
        for layer in added {
            let event = transition ? kCATransition : kCAOnOrderIn
            let a = layer.prepareChange(event)
            layer.finishChange(event, action: a)
        }
        for layer in removed {
            let a = layer.prepareChange(kCAOnOrderOut)
            layer.finishChange(kCAOnOrderOut, action: a)
        }
    }
}
