import Foundation

/// A value behind a pthread mutex (Foundation's NSLock). Used instead of the standard library's
/// `Mutex`, whose futex-based lock ThreadSanitizer cannot see on Linux (every access under it was
/// reported as a race): with this lock, TSan runs check what they should.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
