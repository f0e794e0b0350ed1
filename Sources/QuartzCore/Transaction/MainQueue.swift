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
        // The main thread first: a cached flag, cheaper than asking the queue.
        isMainThread || DispatchQueue.getSpecific(key: marker.key) == true
    }

    /// `Thread.isMainThread`, asked once per thread: on Linux it costs a system call, and it is
    /// asked on every layer change.
    private static var isMainThread: Bool {
        if let cached = pthread_getspecific(mainThreadFlag.key) { return Int(bitPattern: cached) == 1 }
        let main = Thread.isMainThread
        pthread_setspecific(mainThreadFlag.key, UnsafeRawPointer(bitPattern: main ? 1 : 2))
        return main
    }

    private static let mainThreadFlag = ThreadFlagKey()

    /// Runs `body` on a later turn of the main queue (the main run loop, when one runs it).
    package static func async(_ body: @escaping @Sendable () -> Void) {
        DispatchQueue.main.async(execute: body)
    }
}

/// Holds the main queue's marker key, which is created once and never mutated afterwards.
private final class DispatchSpecificKeyBox: @unchecked Sendable {
    let key = DispatchSpecificKey<Bool>()
}

/// A thread-specific slot holding a small flag (no destructor: nothing to free).
private final class ThreadFlagKey: @unchecked Sendable {
    let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }
}
