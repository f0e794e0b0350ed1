import Dispatch
import Foundation

/// Where "the main thread" of Core Animation lives on Linux: the main thread itself, or whichever
/// thread is currently draining the main dispatch queue.
///
/// The distinction matters on Linux: once a program calls `dispatchMain()` (as the Swift
/// concurrency runtime does for an `async` `main`, and so under `swift test`), the main thread
/// exits and libdispatch drains the main queue on a worker thread, where `Thread.isMainThread` is
/// false. Main-queue work is still serial and still "the main thread" in Apple's sense, so it
/// shares one transaction stack and receives completion blocks.
package enum MainQueue {
    /// Marks the main queue so that code can ask whether it is running on it.
    private static let marker: DispatchSpecificKeyBox = {
        let box = DispatchSpecificKeyBox()
        DispatchQueue.main.setSpecific(key: box.key, value: true)
        return box
    }()

    /// True on the main thread and inside blocks running on the main queue.
    package static var isCurrent: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: marker.key) == true
    }

    /// Runs `body` on a later turn of the main queue (the main run loop, when one runs it).
    package static func async(_ body: @escaping @Sendable () -> Void) {
        DispatchQueue.main.async(execute: body)
    }
}

/// Holds the main queue's marker key, which is created once and never mutated afterwards.
private final class DispatchSpecificKeyBox: @unchecked Sendable {
    let key = DispatchSpecificKey<Bool>()
}
