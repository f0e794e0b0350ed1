import Synchronization

/// Hands out layer identities for the render side: unique for the process's life, so a render
/// cache keyed by one can never confuse a new layer with a freed one.
enum LayerIdentity {
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}
