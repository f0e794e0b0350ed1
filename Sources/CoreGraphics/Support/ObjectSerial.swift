import Synchronization

/// Numbers for objects that caches compare by identity (paths, images). An object's address is
/// no identity across frames: a path freed at the end of one frame leaves its address to the
/// next frame's path, and a cache keyed by addresses then takes the new path for the old one.
/// A serial is never given out twice.
package enum ObjectSerial {
    private static let counter = Atomic<UInt64>(0)

    /// A number no object had before.
    package static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
