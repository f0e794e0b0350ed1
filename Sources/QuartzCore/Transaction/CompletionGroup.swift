import StrataRender
import Synchronization

/// The animations a transaction's completion block waits for.
///
/// Created when a completion block is set in a transaction scope (one group per block set). The
/// layer code asks `TransactionStack.currentCompletionGroup()` when it adds an animation and calls
/// `enter()`; it calls `leave()` when that animation finishes or is removed, from any thread.
///
/// The block runs exactly once, on the main queue, when both hold:
/// - the transaction that owns the group has committed (`seal()`, called by the commit), and
/// - every `enter()` has been matched by a `leave()`.
/// With no animation entered, that is the first main-queue turn after the commit.
///
/// Blocks are never run synchronously inside `commit()` or `leave()`: always through
/// `MainQueue.async`, so they run outside the transaction lock and outside any transaction
/// scope of the thread that committed (inside the block, `CATransaction` getters read the main
/// thread's current values — normally the defaults).
package final class CompletionGroup: Sendable {
    private struct State {
        /// Animations entered and not yet left.
        var outstanding = 0
        /// The owning transaction has committed.
        var sealed = false
        /// The block has been handed to the main queue (or dropped); later calls change nothing.
        var delivered = false
        var block: CompletionBlock?
    }

    private let state: Locked<State>

    /// A group that will run `block` (nil: a group that only counts, e.g. for tests).
    package init(block: (() -> Void)?) {
        state = Locked(State(block: block.map(CompletionBlock.init)))
    }

    /// Counts one more animation the block must wait for. Ignored once the block has been
    /// delivered (an animation added to a finished group cannot delay what already ran).
    package func enter() {
        state.withLock { s in
            guard !s.delivered else { return }
            s.outstanding += 1
        }
    }

    /// Marks one entered animation as finished or removed. An unmatched `leave()` is ignored with
    /// a warning.
    package func leave() {
        let block: CompletionBlock?? = state.withLock { s in
            guard s.outstanding > 0 else { return .none }
            s.outstanding -= 1
            return .some(Self.takeIfComplete(&s))
        }
        guard let block else {
            Diagnostics.warn("CompletionGroup.leave() without a matching enter(); ignored")
            return
        }
        Self.deliver(block)
    }

    /// Called once by the commit of the owning transaction: from now on the block runs as soon as
    /// no entered animation is outstanding.
    package func seal() {
        let block = state.withLock { s in
            s.sealed = true
            return Self.takeIfComplete(&s)
        }
        Self.deliver(block)
    }

    /// True once the block has been handed to the main queue.
    package var isDelivered: Bool { state.withLock { $0.delivered } }

    /// Animations entered and not yet left.
    package var outstandingCount: Int { state.withLock { $0.outstanding } }

    /// When the group has just become complete, marks it delivered and hands out its block;
    /// otherwise nil.
    private static func takeIfComplete(_ s: inout State) -> CompletionBlock? {
        guard s.sealed, s.outstanding == 0, !s.delivered else { return nil }
        s.delivered = true
        defer { s.block = nil }
        return s.block
    }

    private static func deliver(_ block: CompletionBlock?) {
        guard let block else { return }
        MainQueue.async { block.body() }
    }
}

/// A user's completion block in transit to the main queue.
///
/// `@unchecked Sendable` because Apple's API takes a plain `() -> Void`: the contract (as on Apple
/// platforms) is that the block is called once, on the main thread; it is stored under the
/// group's mutex and invoked by exactly one main-queue turn.
private struct CompletionBlock: @unchecked Sendable {
    let body: () -> Void
}
