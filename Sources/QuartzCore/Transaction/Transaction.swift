/// One transaction scope on a thread's `TransactionStack`: opened by `CATransaction.begin()`
/// (explicit) or by the first layer change on a thread with no scope open (implicit).
///
/// A scope holds the keyed values set while it was innermost, the participants (changed layers)
/// registered while it was innermost or handed down by nested scopes that have been popped, and
/// the completion groups created in it or in those nested scopes. Confined to its thread's stack;
/// never shared.
final class Transaction {
    /// True for a scope opened automatically by a layer change or a setter with no scope open.
    let isImplicit: Bool
    /// True for an implicit scope opened while this thread was committing (by layout or display
    /// code); the running commit takes its contents instead of leaving it open.
    let openedDuringCommit: Bool
    /// Distinguishes scopes for the main queue's deferred commit, which must not capture the
    /// (thread-confined) scope itself.
    let serial: UInt64

    /// Values set with `setValue(_:forKey:)` or the typed setters in this scope. A key present with
    /// a nil value was explicitly set to nil, which shadows enclosing scopes.
    private var values: [String: Any?] = [:]
    /// Changed objects to commit, in first-registration order.
    var participants = ParticipantList()
    /// Completion groups to seal when the changes of this scope are committed: those created here
    /// (one per completion block set) and those of popped nested scopes, in creation order.
    var completionGroups: [CompletionGroup] = []
    /// The group that animations added while this scope's completion block is in force join; nil
    /// when the block set here is nil or none was set.
    var currentCompletionGroup: CompletionGroup?

    init(isImplicit: Bool, openedDuringCommit: Bool, serial: UInt64) {
        self.isImplicit = isImplicit
        self.openedDuringCommit = openedDuringCommit
        self.serial = serial
    }

    /// `.some(value)` when this scope set `key` (value possibly nil), `.none` when it did not.
    func lookUp(_ key: String) -> Any?? {
        values[key]
    }

    /// Records `value` for `key` in this scope (nil included: it shadows enclosing scopes).
    func store(_ value: Any?, forKey key: String) {
        values.updateValue(value, forKey: key)
    }

    /// Installs a new completion block. The previous block of this scope (if any) keeps its own
    /// group: it waits only for the animations added while it was in force, as Apple documents
    /// ("animations subsequently added"). A nil block ends tracking without cancelling anything.
    func setCompletionBlock(_ block: (() -> Void)?) {
        store(block, forKey: kCATransactionCompletionBlock)
        if let block {
            let group = CompletionGroup(block: block)
            completionGroups.append(group)
            currentCompletionGroup = group
        } else {
            currentCompletionGroup = nil
        }
    }

    /// Moves the participants and completion groups of `nested` (a scope just popped from above
    /// this one) into this scope, so they are committed with it. Keyed values are not merged:
    /// that is how nested values revert.
    func absorb(_ nested: Transaction) {
        participants.append(contentsOf: nested.participants)
        completionGroups.append(contentsOf: nested.completionGroups)
    }
}
