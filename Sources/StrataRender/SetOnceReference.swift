import Synchronization

/// An object set at most once and then read by any thread without a lock: the first stored is
/// kept. What `AtomicLazyReference` does, in a concrete type the optimiser can see through (its
/// `load` cost a generic metadata look-up, about 700 instructions, four times a frame).
package final class SetOnceReference<Object: AnyObject & Sendable>: Sendable {
    /// The object's address, retained once by this reference; 0 until stored.
    private let address = Atomic<UInt>(0)

    package init() {}

    deinit {
        if let stored = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) {
            Unmanaged<Object>.fromOpaque(stored).release()
        }
    }

    /// The object, if one has been stored.
    @inline(__always)
    package func load() -> Object? {
        guard let stored = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<Object>.fromOpaque(stored).takeUnretainedValue()
    }

    /// Stores `object` unless one is stored already; the one kept either way.
    package func storeIfNil(_ object: Object) -> Object {
        let candidate = Unmanaged.passRetained(object)
        let (stored, original) = address.compareExchange(
            expected: 0, desired: UInt(bitPattern: candidate.toOpaque()), ordering: .acquiringAndReleasing)
        if stored { return object }
        candidate.release()
        // Not stored: another thread's object is there (never 0), kept for the reference's lifetime.
        guard let kept = UnsafeRawPointer(bitPattern: original) else { return object }
        return Unmanaged<Object>.fromOpaque(kept).takeUnretainedValue()
    }
}
