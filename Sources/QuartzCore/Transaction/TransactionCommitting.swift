/// Something that has changes to push when a transaction commits: in practice a `CALayer` whose
/// model changed. Layer code registers it with `TransactionStack.register(_:)`.
///
/// `commitTransaction(_:)` is called on the committing thread, once per commit pass, after the
/// transaction's scope has been popped (so `CATransaction` getters read the enclosing values,
/// normally the defaults) and *without* the transaction lock held by the commit machinery: the
/// participant takes `CATransaction.lock()` itself for the state it snapshots, and may run user
/// code (layout, display) outside it.
package protocol TransactionCommitting: AnyObject {
    func commitTransaction(_ context: TransactionCommitContext)
}

/// What a participant learns about the commit it takes part in.
package struct TransactionCommitContext: Sendable {
    /// Media time (seconds, `CACurrentMediaTime()`) at which the commit started; the same for
    /// every participant and every pass of one commit. Animations whose `beginTime` is 0 start at
    /// this time.
    package let commitTime: CFTimeInterval
    /// 1 for the first pass. Participants changed by another participant's commit (e.g. a
    /// sublayer resized by its superlayer's layout) are committed again in the next pass.
    package let pass: Int

    package init(commitTime: CFTimeInterval, pass: Int) {
        self.commitTime = commitTime
        self.pass = pass
    }
}
