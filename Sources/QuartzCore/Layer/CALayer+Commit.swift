import StrataAnimation

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
        for layer in layers {
            let local = layer.mediaTimeMap.apply(mediaTime)
            for entry in layer.animationEntries where !entry.isCommitted {
                entry.resolveBeginTime(now: local)
            }
            layer.flags.hasBeenCommitted = true
            layer.markSubtreeCommitted()
        }
    }

    /// A layer added to a committed tree is committed with it (its sublayers too).
    private func markSubtreeCommitted() {
        for sublayer in sublayerStorage where !sublayer.flags.hasBeenCommitted {
            sublayer.flags.hasBeenCommitted = true
            sublayer.markSubtreeCommitted()
        }
        if let mask = maskStorage, !mask.flags.hasBeenCommitted {
            mask.flags.hasBeenCommitted = true
        }
    }
}
