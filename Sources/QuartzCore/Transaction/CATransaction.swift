import Foundation

/// Key of the animation duration (seconds, a `CFTimeInterval`) of a transaction.
public let kCATransactionAnimationDuration: String = "animationDuration"
/// Key of the flag that suppresses implicit animations (a `Bool`).
public let kCATransactionDisableActions: String = "disableActions"
/// Key of the timing function given to implicit animations (a `CAMediaTimingFunction`).
public let kCATransactionAnimationTimingFunction: String = "animationTimingFunction"
/// Key of the completion block (a `() -> Void`).
public let kCATransactionCompletionBlock: String = "completionBlock"

/// Groups layer-tree changes into atomic updates of what is rendered.
///
/// Every layer change belongs to a transaction. `begin()`/`commit()` open and close an explicit
/// one; a change made with none open opens an implicit one, committed at the next turn of the
/// main queue on the main thread and by `flush()` (or the outermost explicit `commit()`) on other
/// threads — see `TransactionStack` for the full rules. Transactions nest per thread: only the
/// outermost commit pushes the changes; values set in a nested transaction apply until it
/// commits, then the enclosing ones apply again.
///
/// Every method may be called from any thread; the state is per thread (the main thread and the
/// main queue share one). Swift concurrency tasks can change threads at an `await`, so async code
/// must not suspend between `begin()` and `commit()`. Misuse that Apple's framework raises an exception for (an unbalanced
/// `commit()`, a value of the wrong type) is reported on standard error and ignored.
open class CATransaction: NSObject {
    /// The implicit-animation duration used when no transaction sets one: a quarter second.
    static let defaultAnimationDuration: CFTimeInterval = 0.25

    // MARK: Scopes

    /// Opens a transaction scope on the calling thread.
    open class func begin() {
        TransactionStack.current.begin()
    }

    /// Closes the innermost scope opened by `begin()`. The outermost one commits the changes made
    /// in it (and in nested scopes); a nested one only reverts its values. With no scope open a
    /// warning is printed and nothing happens (Apple raises an exception).
    open class func commit() {
        TransactionStack.current.commit()
    }

    /// Commits the calling thread's implicit transaction now. If explicit transactions are open,
    /// it is committed when the outermost of them commits.
    open class func flush() {
        TransactionStack.current.flush()
    }

    // MARK: Lock

    /// Takes the global, recursive transaction lock that guards layer state. Every `lock()` needs
    /// an `unlock()` on the same thread; hold it briefly.
    open class func lock() {
        TransactionLock.shared.lock()
    }

    /// Releases one level of the transaction lock. An `unlock()` by a thread that does not hold
    /// the lock is ignored with a warning.
    open class func unlock() {
        if !TransactionLock.shared.unlock() {
            TransactionStack.warn("CATransaction.unlock() without a matching lock() on this thread; ignored")
        }
    }

    // MARK: Typed values

    /// Duration, in seconds, of the implicit animations of the current transaction; 0.25 unless a
    /// scope set it.
    open class func animationDuration() -> CFTimeInterval {
        TransactionStack.current.value(forKey: kCATransactionAnimationDuration) as? CFTimeInterval
            ?? defaultAnimationDuration
    }

    /// Sets the implicit-animation duration, in seconds, for the innermost scope. A negative or
    /// non-finite duration is ignored with a warning.
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        guard dur.isFinite, dur >= 0 else {
            TransactionStack.warn("CATransaction.setAnimationDuration(\(dur)): not a finite, non-negative number of seconds; ignored")
            return
        }
        TransactionStack.current.store(dur, forKey: kCATransactionAnimationDuration)
    }

    /// Timing function of the implicit animations of the current transaction; nil (the action's
    /// own default) unless a scope set one.
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        TransactionStack.current.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the implicit-animation timing function for the innermost scope.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        TransactionStack.current.store(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// True when property changes in the current transaction do not look up actions (no implicit
    /// animations); false unless a scope set it.
    open class func disableActions() -> Bool {
        TransactionStack.current.value(forKey: kCATransactionDisableActions) as? Bool ?? false
    }

    /// Enables or suppresses implicit animations for the innermost scope.
    open class func setDisableActions(_ flag: Bool) {
        TransactionStack.current.store(flag, forKey: kCATransactionDisableActions)
    }

    /// The completion block in force: the one set by the innermost scope that set one.
    open class func completionBlock() -> (() -> Void)? {
        TransactionStack.current.value(forKey: kCATransactionCompletionBlock) as? () -> Void
    }

    /// Sets the block to run, on the main queue, once this transaction has committed and every
    /// animation added from now on in it (or in nested transactions that set no block of their
    /// own) has finished or been removed — at the first main-queue turn after the commit if there
    /// are none.
    ///
    /// Setting another block (or nil) does not cancel the previous one: Apple guarantees it is
    /// called, so it still runs, waiting only for the animations added while it was in force.
    /// Both run; with no animations, in the order they were set.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        TransactionStack.current.setCompletionBlock(block)
    }

    // MARK: Keyed values

    /// The value of the innermost scope that set `key` (searching outwards); nil when none did.
    /// The four `kCATransaction…` keys read what the typed setters stored (nil when unset: the
    /// typed getters supply the defaults).
    open class func value(forKey key: String) -> Any? {
        TransactionStack.current.value(forKey: key)
    }

    /// Stores `anObject` for `key` in the innermost scope (opening an implicit one if none is
    /// open); nil is stored too, hiding enclosing values. For the four `kCATransaction…` keys the
    /// value goes through the typed setter; a value of the wrong type is ignored with a warning.
    open class func setValue(_ anObject: Any?, forKey key: String) {
        let stack = TransactionStack.current
        switch key {
        case kCATransactionAnimationDuration:
            guard let anObject else { return stack.store(nil, forKey: key) }
            guard let seconds = Self.number(anObject) else { return Self.warnWrongType(anObject, key, "a number of seconds") }
            setAnimationDuration(seconds)
        case kCATransactionDisableActions:
            guard let anObject else { return stack.store(nil, forKey: key) }
            guard let flag = Self.flag(anObject) else { return Self.warnWrongType(anObject, key, "a Bool") }
            setDisableActions(flag)
        case kCATransactionAnimationTimingFunction:
            guard let anObject else { return stack.store(nil, forKey: key) }
            guard let function = anObject as? CAMediaTimingFunction else {
                return Self.warnWrongType(anObject, key, "a CAMediaTimingFunction")
            }
            setAnimationTimingFunction(function)
        case kCATransactionCompletionBlock:
            guard let anObject else { return setCompletionBlock(nil) }
            guard let block = anObject as? () -> Void else { return Self.warnWrongType(anObject, key, "a () -> Void block") }
            setCompletionBlock(block)
        default:
            stack.store(anObject, forKey: key)
        }
    }

    /// Numbers as Swift and Objective-C code pass them (NSNumber, Double, CGFloat, Float, Int).
    private static func number(_ value: Any) -> Double? {
        switch value {
        case let value as Double: value
        case let value as CGFloat: Double(value)
        case let value as Float: Double(value)
        case let value as Int: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
    }

    private static func flag(_ value: Any) -> Bool? {
        switch value {
        case let value as Bool: value
        case let value as NSNumber: value.boolValue
        default: nil
        }
    }

    private static func warnWrongType(_ value: Any, _ key: String, _ expected: String) {
        TransactionStack.warn("CATransaction.setValue(_:forKey: \"\(key)\"): expected \(expected), got \(type(of: value)); ignored")
    }
}
