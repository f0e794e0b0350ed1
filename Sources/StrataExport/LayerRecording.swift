import Foundation
import QuartzCore

/// A layer tree played on its own clock and rendered frame by frame: the offline host.
///
/// The tree is built by `build` on a manual clock at `settings.clockOrigin` (not 0: see there),
/// so animations added there start then; `at(_:_:)` schedules model changes (scripted clicks) at
/// given times from the start, which animate implicitly as in an app. Frame i is rendered at
/// i / fps seconds from the start (media time `clockOrigin + i / fps`). Callbacks
/// (`animationDidStop`, completion blocks) are delivered on the main queue between frames, as
/// on iOS.
public final class LayerRecording {
    public let settings: ExportSettings
    private let build: () -> CALayer
    /// What builds the tree (for a recording of the same tree with other settings).
    package var builder: () -> CALayer { build }
    private var events: [(time: Double, order: Int, action: () -> Void)] = []
    /// Actions a live host runs on a click.
    package var clickActions: [() -> Void] = []

    public init(settings: ExportSettings, build: @escaping () -> CALayer) {
        self.settings = settings
        self.build = build
    }

    /// What a scripted scene gets: a way to schedule its events while it builds its tree.
    public struct Script {
        let recording: LayerRecording

        /// Runs `action` when the recording reaches `time` seconds from its start (a scripted click).
        public func at(_ time: Double, _ action: @escaping () -> Void) {
            recording.at(time, action)
        }

        /// What a click does in a live window (offline recordings script their clicks with `at`).
        public func onClick(_ action: @escaping () -> Void) {
            recording.clickActions.append(action)
        }
    }

    /// A recording whose tree and events come from one closure (run at the start, on the clock).
    public convenience init(settings: ExportSettings, script: @escaping (Script) -> CALayer) {
        weak var me: LayerRecording?
        self.init(settings: settings, build: { script(Script(recording: me!)) })
        me = self
    }

    /// Runs `action` (model changes) when the recording reaches `time` seconds from its start.
    public func at(_ time: Double, _ action: @escaping () -> Void) {
        events.append((time, events.count, action))
    }

    /// Renders every frame in order (or those of `range`) and hands each to `body` with its index
    /// and its time in the recording (seconds from the start).
    ///
    /// A range's frames are the same, byte for byte, as the whole run's: the model still moves
    /// through every earlier frame time (scripted events, callbacks and commits happen as in a
    /// whole run), only their drawing is skipped. So separate processes can render parts of one
    /// recording and their frames can be joined.
    public func renderFrames(
        range: ClosedRange<Int>? = nil, _ body: (_ index: Int, _ time: Double, _ frame: CGImage) throws -> Void
    ) throws {
        try renderFrames(range: range) { index, time, context in
            guard let image = context.makeImage() else { throw ExportError("frame \(index) could not be read") }
            try body(index, time, image)
        }
    }

    /// Renders every frame in order (or those of `range`) into one bitmap context (premultiplied
    /// BGRA, row 0 on top) and hands it to `body` between frames (encoders read its bytes without
    /// a copy).
    ///
    /// - Parameter kernelThreads: threads the composite kernel may use (nil: its default, every
    ///   core up to two).
    func renderFrames(
        range: ClosedRange<Int>? = nil, kernelThreads: Int? = nil,
        _ body: (_ index: Int, _ time: Double, _ context: CGContext) throws -> Void
    ) throws {
        let wanted = try settings.frames(in: range)
        guard let context = CGContext(
            data: nil, width: settings.pixelWidth, height: settings.pixelHeight, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { throw ExportError("cannot make a \(settings.pixelWidth)x\(settings.pixelHeight) frame") }
        let clock = MediaClock.Manual(time: settings.clockOrigin)
        try MediaClock.withClock(clock) {
            let root = build()
            CATransaction.flush()
            let renderer = CARenderer(cgContext: context)
            renderer.layer = root
            renderer.bounds = CGRect(origin: .zero, size: settings.size)
            if let kernelThreads { renderer.kernelOptions.threads = kernelThreads }
            // Pixels from each frame alone (see `Compositor.forExport`): ranges equal the whole run.
            renderer.compositor.decidesFromFrameAlone = true
            var pending = sortedEvents[...]
            for index in 0...wanted.upperBound {
                let t = settings.time(ofFrame: index)
                let now = settings.mediaTime(ofFrame: index)
                Self.advance(root, clock: clock, to: now, origin: settings.clockOrigin, events: &pending)
                guard index >= wanted.lowerBound else { continue }
                renderer.beginFrame(atTime: now, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
                try body(index, t, context)
            }
        }
    }

    /// Moves the model to media time `t`: scripted events due by then (their times count from
    /// `origin`), animation callbacks, commits.
    static func advance(
        _ root: CALayer, clock: MediaClock.Manual, to t: Double, origin: Double,
        events pending: inout ArraySlice<(time: Double, order: Int, action: () -> Void)>
    ) {
        clock.time = t
        while let event = pending.first, origin + event.time <= t {
            pending.removeFirst()
            event.action()
            CATransaction.flush()
        }
        root.processAnimationEvents(at: t)
        drainMainQueue()
        CATransaction.flush()
    }

    /// The scripted events in the order they run.
    var sortedEvents: [(time: Double, order: Int, action: () -> Void)] {
        events.sorted { ($0.time, $0.order) < ($1.time, $1.order) }
    }

    /// Builds the tree (on whatever clock is current) and commits it.
    func buildForExport() -> CALayer {
        let root = build()
        CATransaction.flush()
        return root
    }

    /// Builds the tree on the real clock for a live host, and hands back the scripted events
    /// (times in seconds from now, in order) for the host to schedule.
    package func buildLive() -> (root: CALayer, events: [(time: Double, action: () -> Void)]) {
        let root = build()
        CATransaction.flush()
        let ordered = events.sorted { ($0.time, $0.order) < ($1.time, $1.order) }.map { (time: $0.time, action: $0.action) }
        return (root, ordered)
    }

    /// Lets the main queue run what is waiting (callbacks, implicit commits) when called on the
    /// main thread.
    static func drainMainQueue() {
        guard Thread.isMainThread else { return }
        RunLoop.current.run(until: Date())
    }
}
