import Foundation

/// A range of frame rates a display link or an animation asks for (frames a second); 0 means
/// no preference. Apple's C struct holds three floats; its Swift overlay shows `preferred` as an
/// optional (nil for the stored 0), as here.
public struct CAFrameRateRange: Hashable, Sendable {
    public var minimum: Float
    public var maximum: Float
    /// The C struct's field: 0 when no rate within the range is preferred.
    private var preferredRate: Float

    /// The rate wanted within the range; nil when none is.
    public var preferred: Float? {
        get { preferredRate == 0 ? nil : preferredRate }
        set { preferredRate = newValue ?? 0 }
    }

    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferredRate = preferred ?? 0
    }

    /// All zero, as the C struct's default initialiser.
    public init() {
        self.init(minimum: 0, maximum: 0, preferred: 0)
    }

    /// No preference: the display's own rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    /// Whether the two ranges are the same.
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }

    /// The rate a host should run at for this range: `preferred`, else `maximum`, else nil.
    package var wantedRate: Float? {
        preferredRate > 0 ? preferredRate : maximum > 0 ? maximum : nil
    }
}

/// Calls a block once a frame, in step with the display (a window host) or, with none, at the
/// preferred rate (60 a second by default), on the run loop it was added to.
///
/// Linux has no Objective-C selectors, so Apple's `init(target:selector:)` becomes
/// `init(handler:)`: the block receives the link, as the selector would.
open class CADisplayLink: NSObject, @unchecked Sendable {
    private let handler: (CADisplayLink) -> Void
    private var timers: [(RunLoop, RunLoop.Mode, Timer)] = []
    private let lock = NSLock()

    /// The media time (seconds) of the last frame shown.
    open private(set) var timestamp: CFTimeInterval = 0
    /// The media time of the next frame: what the handler should draw for.
    open private(set) var targetTimestamp: CFTimeInterval = 0
    /// Seconds between frames.
    open var duration: CFTimeInterval { 1 / frameRate }
    /// While true the handler is not called (the link stays on its run loops).
    open var isPaused = false
    open var preferredFrameRateRange = CAFrameRateRange.default {
        didSet { reschedule() }
    }
    /// Apple's older form of `preferredFrameRateRange` (0: the display's rate).
    open var preferredFramesPerSecond = 0 {
        didSet { reschedule() }
    }
    /// Apple's oldest form (deprecated in iOS 10): the handler runs every `frameInterval`-th
    /// display frame (1 by default; values below 1 count as 1). Used when no rate is preferred.
    open var frameInterval = 1 {
        didSet { reschedule() }
    }

    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
        super.init()
    }

    /// Frames a second actually used: the preference clamped to 1...240, else 60 divided by
    /// `frameInterval`.
    var frameRate: Double {
        let asked = preferredFrameRateRange.wantedRate.map(Double.init) ?? Double(preferredFramesPerSecond)
        guard asked.isFinite, asked > 0 else { return 60 / Double(max(frameInterval, 1)) }
        return min(max(asked, 1), 240)
    }

    /// Starts calling the handler from `runLoop` in `mode`.
    open func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        let timer = makeTimer()
        runLoop.add(timer, forMode: mode)
        lock.withLock { timers.append((runLoop, mode, timer)) }
    }

    /// Stops calling the handler from `runLoop` in `mode`.
    open func remove(from runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        lock.withLock {
            timers.removeAll { entry in
                guard entry.0 === runLoop, entry.1 == mode else { return false }
                entry.2.invalidate()
                return true
            }
        }
    }

    /// Removes the link from every run loop; the handler is not called again.
    open func invalidate() {
        lock.withLock {
            for entry in timers { entry.2.invalidate() }
            timers.removeAll()
        }
    }

    /// True while the link is on a run loop.
    var isScheduled: Bool { lock.withLock { !timers.isEmpty } }

    /// One frame: called by the timer (or by a host that knows the display's frame times).
    func fire(now: CFTimeInterval) {
        guard !isPaused else { return }
        timestamp = now
        targetTimestamp = now + duration
        handler(self)
    }

    private func makeTimer() -> Timer {
        Timer(timeInterval: 1 / frameRate, repeats: true) { [weak self] _ in
            self?.fire(now: CACurrentMediaTime())
        }
    }

    private func reschedule() {
        let entries = lock.withLock { timers }
        guard !entries.isEmpty else { return }
        invalidate()
        for (runLoop, mode, _) in entries { add(to: runLoop, forMode: mode) }
    }
}
