import StrataRender
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The source of `CACurrentMediaTime()`: the system's monotonic clock, or a clock the caller
/// controls (tests, offline rendering).
///
/// The clock is the one piece of global state besides the per-thread transaction stack. A clock
/// installed with `withClock(_:_:)` applies to the current task and the tasks it creates; one
/// installed with `install(_:)` applies everywhere that has no task-local clock.
public enum MediaClock {
    /// A manually advanced clock; reads return exactly the time it was set to.
    public final class Manual: Sendable {
        private let seconds: Locked<CFTimeInterval>

        public init(time: CFTimeInterval = 0) {
            seconds = Locked(time)
        }

        /// The current time, in seconds.
        public var time: CFTimeInterval {
            get { seconds.withLock { $0 } }
            set { seconds.withLock { $0 = newValue } }
        }

        /// Moves the clock forward by `delta` seconds (negative deltas are refused: media time is
        /// monotonic).
        public func advance(by delta: CFTimeInterval) {
            guard delta.isFinite, delta >= 0 else {
                Diagnostics.warn("MediaClock.Manual.advance(by: \(delta)): media time only moves forward; ignored")
                return
            }
            seconds.withLock { $0 += delta }
        }
    }

    @TaskLocal private static var taskClock: Manual?
    private static let globalClock = Locked<Manual?>(nil)

    /// Runs `body` with `clock` as the media clock of this task and its child tasks.
    public static func withClock<R>(_ clock: Manual, _ body: () throws -> R) rethrows -> R {
        try $taskClock.withValue(clock, operation: body)
    }

    /// Makes `clock` the media clock of every thread without a task-local clock; nil restores the
    /// system clock.
    public static func install(_ clock: Manual?) {
        globalClock.withLock { $0 = clock }
    }

    /// True when no manual clock is in force for the caller: media time is the system's.
    package static var isSystemClock: Bool {
        taskClock == nil && globalClock.withLock({ $0 }) == nil
    }

    /// The current media time in seconds.
    public static var now: CFTimeInterval {
        if let clock = taskClock { return clock.time }
        if let clock = globalClock.withLock({ $0 }) { return clock.time }
        return systemTime()
    }

    /// Seconds of the system's monotonic clock (since boot, as Mach time on Apple).
    public static func systemTime() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) / 1e9
    }
}

/// The current media time in seconds: monotonic, as on Apple platforms, unless a manual
/// `MediaClock` is in force.
public func CACurrentMediaTime() -> CFTimeInterval {
    MediaClock.now
}
