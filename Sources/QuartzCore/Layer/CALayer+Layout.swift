// Layout, and the layout-and-display pass a commit runs (spec §3.2).

extension CALayer {
    /// Marks the layer for `layoutSublayers()` and joins the current transaction. The layout
    /// manager's `invalidateLayout(of:)` is told when the mark is new (so one that marks the
    /// layer again from there does not recurse).
    ///
    /// While the layer runs its own `layoutSublayers()`, implicit marks (a changed `bounds`,
    /// `transform` or `sublayers`) are skipped, as Apple's header says; an explicit
    /// `setNeedsLayout()` (`explicit`) marks it, and it is laid out again in the same pass.
    final func markNeedsLayout(explicit: Bool = false) {
        withLock {
            guard explicit || !flags.isLayingOut else { return }
            let isNew = !flags.needsLayout
            if isNew, !flags.isPresentation { PendingLayerUpdates.queueLayout(self) }
            flags.needsLayout = true
            if isNew, let manager = state.layoutManager { manager.invalidateLayout(of: self) }
            joinTransaction()
        }
    }

    /// True while the layer is marked for layout.
    public func needsLayout() -> Bool {
        withLock { flags.needsLayout }
    }

    /// Lays out now: goes up while the superlayer is marked too, then lays out the subtree under
    /// that layer top-down, calling `layoutSublayers()` once on each marked layer.
    public func layoutIfNeeded() {
        let top = withLock {
            var top = self
            while let parent = top.superlayerStorage, parent.flags.needsLayout { top = parent }
            return top
        }
        Self.layoutSubtree(top)
    }

    /// Runs `layoutSublayers()` on the layer if it is marked (the mark cleared first, implicit
    /// marks skipped meanwhile), again while its layout marks it explicitly — at most
    /// `maximumLayoutIterations` times, then the mark is dropped with a warning; returns whether
    /// it ran.
    @discardableResult
    private func layOutIfMarked() -> Bool {
        var ran = false
        for _ in 0..<Self.maximumLayoutIterations {
            let marked = withLock {
                guard flags.needsLayout, !flags.isLayingOut else { return false }
                flags.needsLayout = false
                flags.isLayingOut = true
                return true
            }
            guard marked else { return ran }
            ran = true
            layoutSublayers()
            withLock { flags.isLayingOut = false }
        }
        // A layout that always marks its layer again would otherwise run at every commit.
        withLock { flags.needsLayout = false }
        Diagnostics.warn(
            "CALayer.layoutSublayers marked its layer again \(Self.maximumLayoutIterations) times in a row; "
                + "the last mark is dropped")
        return ran
    }

    /// The layers that layout and display visit under this one: its mask, then its sublayers
    /// (read after the layer's own layout, which may change them).
    private var layoutChildren: [CALayer] {
        withLock {
            guard let mask = maskStorage else { return sublayerStorage }
            return [mask] + sublayerStorage
        }
    }

    /// Top-down (pre-order) layout of `root`'s subtree; returns whether any layer was laid out.
    @discardableResult
    private static func layoutSubtree(_ root: CALayer) -> Bool {
        var didLayout = false
        var stack = [root]
        while let layer = stack.popLast() {
            if layer.layOutIfMarked() { didLayout = true }
            stack.append(contentsOf: layer.layoutChildren.reversed())
        }
        return didLayout
    }

    /// The most rounds `layoutAndDisplay` makes (and the most layout passes in one round)
    /// before giving up on a layout that never settles.
    static let maximumLayoutIterations = 16

    /// The commit's layout and display (spec §3.2, Apple's `do { layout } while (display)`):
    ///
    /// 1. Layout: every layer marked for layout — `layers` and every layer marked since the last
    ///    commit (``PendingLayerUpdates``) — runs `layoutSublayers()` once, ancestors before
    ///    descendants; layers marked by those layouts are laid out in a further pass, until none
    ///    is marked.
    /// 2. Display: every layer marked for display before this pass is displayed, ancestors first.
    ///    (A layer marked again by its own `display()` waits for the next commit.)
    /// 3. If display marked layouts, again from 1 — at most `maximumLayoutIterations` rounds, then
    ///    a warning, and the remaining marks wait for the next commit.
    ///
    /// Work is proportional to the marked layers (times their depth), not to the size of the
    /// tree, so calling it once per committed layer costs nothing after the first call.
    static func layoutAndDisplay(_ layers: [CALayer]) {
        CATransaction.lock()
        defer { CATransaction.unlock() }
        // Only marked layers matter (layers marked later are queued in PendingLayerUpdates):
        // a commit of 10,000 changed layers need not copy them through every pass.
        var extra = layers.filter { $0.flags.needsLayout || $0.flags.needsDisplay }
        for _ in 0..<maximumLayoutIterations {
            layoutPass(including: extra)
            let queued = PendingLayerUpdates.takeDisplay()
            let toDisplay = topDown(extra.isEmpty ? queued : queued + extra) { $0.flags.needsDisplay }
            extra = []
            for layer in toDisplay { layer.displayIfNeeded() }
            if !PendingLayerUpdates.layout.contains(where: { $0.flags.needsLayout && !$0.flags.isLayingOut }) {
                return
            }
        }
        Diagnostics.warn(
            "CALayer layout and display did not settle after \(maximumLayoutIterations) rounds; "
                + "the remaining layouts wait for the next commit")
    }

    /// Lays out every marked layer, ancestors first, until none is marked (bounded).
    private static func layoutPass(including layers: [CALayer]) {
        var extra = layers
        for _ in 0..<maximumLayoutIterations {
            let queued = PendingLayerUpdates.takeLayout()
            let batch = topDown(extra.isEmpty ? queued : queued + extra) { $0.flags.needsLayout && !$0.flags.isLayingOut }
            extra = []
            if batch.isEmpty { return }
            for layer in batch { layer.layOutIfMarked() }
        }
        Diagnostics.warn("CALayer layout did not settle after \(maximumLayoutIterations) passes; continuing with display")
    }

    /// The distinct layers of `layers` passing `test`, shallowest first (stable). Call under the lock.
    private static func topDown(_ layers: [CALayer], where test: (CALayer) -> Bool) -> [CALayer] {
        var seen = Set<ObjectIdentifier>()
        var result: [(layer: CALayer, depth: Int)] = []
        var ancestry = AncestryMemo()
        for layer in layers where test(layer) && seen.insert(ObjectIdentifier(layer)).inserted {
            result.append((layer, ancestry.place(of: layer).depth))
        }
        if result.count < 2 { return result.map(\.layer) }
        return result.enumerated()
            .sorted { $0.element.depth != $1.element.depth ? $0.element.depth < $1.element.depth : $0.offset < $1.offset }
            .map(\.element.layer)
    }
}

/// The layers marked for layout or display on this thread since its last commit, in marking
/// order, for the commit to find them without walking whole trees. A layer is queued when its mark goes from
/// false to true; entries whose mark was cleared meanwhile (by `layoutIfNeeded()` or
/// `displayIfNeeded()`) are skipped. Guarded by the transaction lock. The queues hold the layers
/// (as the transaction does) until the next commit; stale entries are dropped when they pile up.
enum PendingLayerUpdates {
    nonisolated(unsafe) private static var layoutLimit = 1024
    nonisolated(unsafe) private static var displayLimit = 1024

    /// This thread's marked layers (see `TransactionStack.pendingLayout`).
    static var layout: [CALayer] { TransactionStack.current.pendingLayout }

    static func queueLayout(_ layer: CALayer) {
        let stack = TransactionStack.current
        stack.pendingLayout.append(layer)
        if stack.pendingLayout.count >= layoutLimit {
            stack.pendingLayout.removeAll { !$0.flags.needsLayout }
            layoutLimit = max(1024, 2 * stack.pendingLayout.count)
        }
    }

    static func queueDisplay(_ layer: CALayer) {
        let stack = TransactionStack.current
        stack.pendingDisplay.append(layer)
        if stack.pendingDisplay.count >= displayLimit {
            stack.pendingDisplay.removeAll { !$0.flags.needsDisplay }
            displayLimit = max(1024, 2 * stack.pendingDisplay.count)
        }
    }

    static func takeLayout() -> [CALayer] {
        let stack = TransactionStack.current
        defer { stack.pendingLayout = [] }
        return stack.pendingLayout
    }

    static func takeDisplay() -> [CALayer] {
        let stack = TransactionStack.current
        defer { stack.pendingDisplay = [] }
        return stack.pendingDisplay
    }
}
