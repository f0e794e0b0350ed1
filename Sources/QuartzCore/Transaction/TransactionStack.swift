import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The open transaction scopes of one thread, innermost last — the per-thread state of
/// `CATransaction`.
///
/// Apart from the media clock and the transaction lock (`TransactionLock`), this is the only
/// global mutable state of QuartzCore, and all of it is reached through this type.
///
/// **Which stack.** Each thread has its own, held in a pthread thread-specific slot (a Swift
/// `@TaskLocal` would follow tasks rather than threads, and `Thread.current.threadDictionary` is
/// not `Sendable` and costs a Foundation object per lookup). The main thread *and* the main
/// dispatch queue share one stack, because on Linux the main queue may be drained by a worker
/// thread (see `MainQueue`); both are serial, so that stack is never used concurrently.
/// Swift concurrency tasks hop threads at suspension points, so async code must not suspend
/// between `begin()` and `commit()`.
///
/// **Implicit transactions.** A layer change, a registration or a `CATransaction` setter on a
/// thread with no scope open opens an *implicit* scope. It always sits at the bottom of the stack;
/// explicit `begin()`/`commit()` pairs nest inside it. It is committed:
/// - on the main thread / main queue, at the next turn of the main queue (a block scheduled with
///   `DispatchQueue.main.async` when the scope opens — Linux Foundation has no public
///   run-loop observer, and the main run loop services the main queue each turn). A program that
///   never runs the main queue or run loop must call `CATransaction.flush()` (the renderer does,
///   per frame);
/// - on any other thread, by `flush()` or by the outermost explicit `commit()` on that thread
///   (there is no run loop whose turn could end it, and the end of a work item is not
///   observable). Background threads should therefore flush after changing layers outside an
///   explicit transaction, as Apple's documentation asks for threads without a run loop. As a last
///   resort, what a thread left open when it exits is committed (on another thread: see
///   `OrphanedTransactions`).
///
/// **Commit.** Only the outermost commit delivers: nested commits hand their participants and
/// completion groups to the enclosing scope and drop their keyed values (which is how nested
/// values revert). Delivering calls each participant's `commitTransaction(_:)` once per pass,
/// after the scope has been popped, without taking the transaction lock, then seals the
/// completion groups. On the main stack the outermost *explicit* commit leaves the implicit scope
/// under it to the main-queue turn (as on Apple platforms) unless `flush()` was called meanwhile.
package final class TransactionStack {
    /// Layers marked for layout or display on this thread since its last commit (a commit lays
    /// out and displays what its own thread marked: transactions are per thread).
    var pendingLayout: [CALayer] = []
    var pendingDisplay: [CALayer] = []
    /// Open scopes, outermost first. An implicit scope can only be at index 0.
    private var scopes: [Transaction] = [] {
        didSet { cachedSettings = nil }
    }
    /// `actionSettings()` as last worked out; nil once a scope opens, closes or sets a value.
    private var cachedSettings: ActionSettings?
    /// Non-nil while this thread is delivering a commit.
    private var round: CommitRound?
    /// `flush()` was called while explicit scopes were open: their outermost commit must also
    /// commit the implicit scope under them.
    private var flushRequested = false
    /// True for the stack shared by the main thread and the main queue.
    private let isMainStack: Bool
    private var nextSerial: UInt64 = 0
    /// Warnings issued by `CATransaction` on this thread (for tests; the messages go to stderr).
    private var warnings = 0

    /// More passes than this means commits keep causing changes (e.g. layout that never
    /// settles); the rest is left to the next transaction.
    package static let maximumPasses = 32

    fileprivate init(isMainStack: Bool) {
        self.isMainStack = isMainStack
    }

    // MARK: - Finding the calling thread's stack

    /// The stack of the calling thread (the main stack on the main thread or main queue).
    static var current: TransactionStack {
        if MainQueue.isCurrent { return MainStack.shared.stack }
        if let raw = pthread_getspecific(threadKey) {
            return Unmanaged<TransactionStack>.fromOpaque(raw).takeUnretainedValue()
        }
        let stack = TransactionStack(isMainStack: false)
        pthread_setspecific(threadKey, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// The thread-specific slot; its destructor runs when a thread exits.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            if let raw { TransactionStack.threadDidExit(raw) }
        }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    /// Called from the slot's destructor: hands what the thread left open to
    /// `OrphanedTransactions` (nothing else may run here: see there), else releases the stack.
    private static func threadDidExit(_ raw: UnsafeMutableRawPointer) {
        let stack = Unmanaged<TransactionStack>.fromOpaque(raw).takeRetainedValue()
        guard !stack.scopes.isEmpty, stack.round == nil else { return }
        OrphanedTransactions.shared.adopt(stack)
    }

    /// Commits everything an exited thread left open, on the calling thread (the orphans'
    /// thread), with this stack installed as its stack while layer code runs.
    func commitOrphaned() {
        let previous = pthread_getspecific(Self.threadKey)
        pthread_setspecific(Self.threadKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.threadKey, previous) }
        let explicit = scopes.filter { !$0.isImplicit }.count
        if explicit > 0 {
            warn("a thread exited with \(explicit) CATransaction.begin() without commit(); committing its changes")
        }
        // Layer code run by a commit may open a scope again: committed too, a few rounds at most
        // (as the C library calls a slot's destructor again while it is set).
        var rounds = 0
        while !scopes.isEmpty, round == nil, rounds < 4 {
            rounds += 1
            let all = makeScope(isImplicit: true)
            for scope in scopes { all.absorb(scope) }
            scopes.removeAll()
            deliver(all)
        }
    }

    // MARK: - Package API for the layer code

    /// Opens an implicit transaction if the calling thread has none open. Layer code calls this
    /// (through `register(_:)`) whenever a layer changes.
    package static func ensureTransaction() {
        current.ensureScope()
    }

    /// Adds `participant` to the calling thread's innermost transaction, opening an implicit one
    /// if none is open, so that it is committed (once) by the outermost commit. Registering during
    /// a commit on this thread adds it to that commit's next pass.
    package static func register(_ participant: any TransactionCommitting) {
        current.register(participant)
    }

    /// The completion group that an animation added now belongs to: that of the innermost scope
    /// that set a completion block (searching outwards), or nil when none did or the innermost such
    /// scope set it to nil.
    package static func currentCompletionGroup() -> CompletionGroup? {
        current.currentCompletionGroup()
    }

    /// Open scopes on the calling thread, the implicit one included.
    package static var depth: Int { current.scopes.count }

    /// True when the calling thread has an implicit transaction open.
    package static var hasImplicitTransaction: Bool { current.scopes.first?.isImplicit ?? false }

    /// True while the calling thread is delivering a commit.
    package static var isCommitting: Bool { current.round != nil }

    /// Warnings `CATransaction` has issued on the calling thread.
    package static var warningCount: Int { current.warnings }

    /// Reports misuse: to standard error, and counted per thread.
    static func warn(_ message: String) {
        current.warn(message)
    }

    private func warn(_ message: String) {
        warnings += 1
        Diagnostics.warn(message)
    }

    // MARK: - Operations behind CATransaction

    func begin() {
        scopes.append(makeScope(isImplicit: false))
    }

    func commit() {
        guard let top = scopes.last, !top.isImplicit else {
            warn("CATransaction.commit() with no transaction open; ignored")
            return
        }
        scopes.removeLast()
        guard let parent = scopes.last else {
            deliver(top)
            return
        }
        parent.absorb(top)
        // A nested commit only pops. The outermost explicit one also commits the implicit scope
        // beneath it, except on the main stack where that waits for the main-queue turn.
        guard parent.isImplicit, !isMainStack || flushRequested else { return }
        scopes.removeLast()
        deliver(parent)
    }

    func flush() {
        // A commit running on this thread picks up everything registered meanwhile.
        guard round == nil, let bottom = scopes.first else { return }
        if scopes.count == 1, bottom.isImplicit {
            scopes.removeLast()
            deliver(bottom)
        } else {
            flushRequested = true
        }
    }

    /// The value of the innermost scope that set `key`, or nil.
    func value(forKey key: String) -> Any? {
        for scope in scopes.reversed() {
            if case .some(let value) = scope.lookUp(key) { return value }
        }
        return nil
    }

    /// What a property change made now needs from the transaction, read once per change instead
    /// of one keyed search per value (a transaction may change thousands of layers).
    struct ActionSettings {
        var disableActions: Bool
        /// Seconds.
        var animationDuration: CFTimeInterval
        var animationTimingFunction: CAMediaTimingFunction?
        var completionGroup: CompletionGroup?
    }

    func actionSettings() -> ActionSettings {
        if let cachedSettings { return cachedSettings }
        let settings = ActionSettings(
            disableActions: value(forKey: kCATransactionDisableActions) as? Bool ?? false,
            animationDuration: value(forKey: kCATransactionAnimationDuration) as? CFTimeInterval
                ?? CATransaction.defaultAnimationDuration,
            animationTimingFunction: value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction,
            completionGroup: currentCompletionGroup())
        cachedSettings = settings
        return settings
    }

    /// Stores `value` in the innermost scope (opening an implicit one if none is open).
    func store(_ value: Any?, forKey key: String) {
        defer { cachedSettings = nil }
        ensureScope()
        scopes[scopes.count - 1].store(value, forKey: key)
    }

    func setCompletionBlock(_ block: (() -> Void)?) {
        defer { cachedSettings = nil }
        ensureScope()
        scopes[scopes.count - 1].setCompletionBlock(block)
    }

    /// Adds `participant` to this stack's innermost transaction (see the static form).
    func register(_ participant: any TransactionCommitting) {
        withInnermostParticipants { $0.append(participant) }
    }

    /// Adds `layer` to this stack's innermost transaction (the typed form of `register`).
    func register(_ layer: CALayer) {
        withInnermostParticipants { $0.append(layer) }
    }

    /// The participant list a registration goes to: the innermost scope's, the running commit's
    /// next pass, or a new implicit scope's.
    private func withInnermostParticipants(_ body: (inout ParticipantList) -> Void) {
        if let innermost = scopes.last {
            body(&innermost.participants)
        } else if let round {
            round.withPending(body)
        } else {
            ensureScope()
            body(&scopes[0].participants)
        }
    }

    private func currentCompletionGroup() -> CompletionGroup? {
        for scope in scopes.reversed() {
            if case .some = scope.lookUp(kCATransactionCompletionBlock) {
                return scope.currentCompletionGroup
            }
        }
        return nil
    }

    // MARK: - Implicit scopes

    private func makeScope(isImplicit: Bool) -> Transaction {
        nextSerial += 1
        return Transaction(isImplicit: isImplicit, openedDuringCommit: round != nil, serial: nextSerial)
    }

    private func ensureScope() {
        guard scopes.isEmpty else { return }
        let scope = makeScope(isImplicit: true)
        scopes.append(scope)
        if isMainStack {
            let serial = scope.serial
            MainQueue.async { TransactionStack.mainQueueTurnEnded(openedScope: serial) }
        }
    }

    /// Runs on the main queue one turn after an implicit scope opened on the main stack: commits
    /// it if it is still open, or asks the outermost explicit commit to do so if the turn left
    /// explicit scopes open (an unbalanced `begin()`).
    private static func mainQueueTurnEnded(openedScope serial: UInt64) {
        let stack = MainStack.shared.stack
        guard let bottom = stack.scopes.first, bottom.isImplicit, bottom.serial == serial,
              stack.round == nil else { return }
        if stack.scopes.count == 1 {
            stack.scopes.removeLast()
            stack.deliver(bottom)
        } else {
            stack.flushRequested = true
        }
    }

    // MARK: - Delivering a commit

    /// Commits `transaction`'s participants and seals its completion groups; folds into the
    /// running commit when called from inside one.
    private func deliver(_ transaction: Transaction) {
        if let round {
            round.absorb(transaction)
            return
        }
        flushRequested = false
        let round = CommitRound(transaction)
        self.round = round
        let commitTime = CACurrentMediaTime()
        var pass = 0
        var leftovers: [any TransactionCommitting] = []
        while true {
            var batch = round.takeNextPass()
            if batch.isEmpty {
                // Layer code run by this commit opened an implicit scope (a setter with no scope
                // open): its changes belong to this commit too.
                guard scopes.count == 1, scopes[0].isImplicit, scopes[0].openedDuringCommit else { break }
                round.absorb(scopes.removeLast())
                batch = round.takeNextPass()
                if batch.isEmpty { continue }
            }
            pass += 1
            guard pass <= Self.maximumPasses else {
                warn("CATransaction commit: changes still pending after \(Self.maximumPasses) passes; deferred to the next transaction")
                let rest = round.takeNextPass()
                leftovers = batch.layers + batch.others + rest.layers + rest.others
                break
            }
            let context = TransactionCommitContext(commitTime: commitTime, pass: pass)
            // Layers are committed in one batch (their layout, display and tree positions are
            // worked out once for all of them); other participants one by one.
            if !batch.layers.isEmpty { CALayer.commit(batch.layers, at: context.commitTime) }
            for participant in batch.others {
                participant.commitTransaction(context)
            }
        }
        self.round = nil
        if !leftovers.isEmpty {
            for participant in leftovers { register(participant) }
        }
        // Completion groups are sealed last: their blocks only ever run after the changes they
        // follow have been committed, and always later, on the main queue.
        for group in round.completionGroups {
            group.seal()
        }
    }
}

/// Owns the stack shared by the main thread and the main queue.
///
/// `@unchecked Sendable`: the stack is only touched from the main thread or from blocks on the
/// main queue (`TransactionStack.current` checks `MainQueue.isCurrent`), and those never run at
/// the same time — before `dispatchMain()` the main thread drains the main queue itself, after it
/// the main thread is gone.
private final class MainStack: @unchecked Sendable {
    static let shared = MainStack()
    let stack: TransactionStack

    private init() {
        stack = TransactionStack(isMainStack: true)
    }
}
