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
    /// Builds the tree; a script's events (`Script.at`) go to the recording passed in, which is
    /// the one being rendered (so a copy with other settings keeps them).
    private let build: (LayerRecording) -> CALayer
    private var events: [(time: Double, order: Int, action: () -> Void)] = []
    /// Events a script scheduled while building the tree: made afresh at each build, so that a
    /// recording rendered twice (two passes of a GIF) runs each event once a pass.
    private var scriptEvents: [(time: Double, order: Int, action: () -> Void)] = []
    /// Actions a live host runs on a click.
    package var clickActions: [() -> Void] = []

    public init(settings: ExportSettings, build: @escaping () -> CALayer) {
        self.settings = settings
        self.build = { _ in build() }
    }

    private init(settings: ExportSettings, buildingWith build: @escaping (LayerRecording) -> CALayer) {
        self.settings = settings
        self.build = build
    }

    /// The same tree and events with other settings (another rate, size or length).
    public func with(settings: ExportSettings) -> LayerRecording {
        wrapping(settings: settings) { $0 }
    }

    /// The same events, with the tree `wrap` makes of this recording's root (a background
    /// behind it), and `settings`.
    public func wrapping(settings: ExportSettings, _ wrap: @escaping (CALayer) -> CALayer) -> LayerRecording {
        let build = self.build
        let copy = LayerRecording(settings: settings, buildingWith: { wrap(build($0)) })
        copy.events = events
        copy.clickActions = clickActions
        return copy
    }

    /// Builds the tree (with a script's events scheduled on this recording), on the current clock.
    private func buildTree() -> CALayer {
        scriptEvents.removeAll()
        return build(self)
    }

    /// What a scripted scene gets: a way to schedule its events while it builds its tree.
    public struct Script {
        let recording: LayerRecording

        /// Runs `action` when the recording reaches `time` seconds from its start (a scripted click).
        public func at(_ time: Double, _ action: @escaping () -> Void) {
            recording.scriptEvents.append((time, recording.scriptEvents.count, action))
        }

        /// What a click does in a live window (offline recordings script their clicks with `at`).
        public func onClick(_ action: @escaping () -> Void) {
            recording.clickActions.append(action)
        }
    }

    /// A recording whose tree and events come from one closure (run at the start, on the clock).
    public convenience init(settings: ExportSettings, script: @escaping (Script) -> CALayer) {
        self.init(settings: settings, buildingWith: { script(Script(recording: $0)) })
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
    /// - Parameter kernelThreads: threads the composite kernel may use (nil: `settings.threads`
    ///   up to two, or the kernel's default: every core up to two).
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
            let root = buildForExport()
            let renderer = CARenderer(cgContext: context)
            renderer.layer = root
            renderer.bounds = CGRect(origin: .zero, size: settings.size)
            if let threads = kernelThreads ?? (settings.threads.map { min(max($0, 1), 2) }) {
                renderer.compositorOptions.kernelOptions.threads = threads
            }
            // Pixels from each frame alone (see `Compositor.forExport`): ranges equal the whole run.
            renderer.compositorOptions.decidesFromFrameAlone = true
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
        // Scheduled before the build first, then the script's, each in the order given.
        let all = events.map { ($0.time, 0, $0.order, $0.action) } + scriptEvents.map { ($0.time, 1, $0.order, $0.action) }
        return all.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.enumerated().map { (time: $0.element.0, order: $0.offset, action: $0.element.3) }
    }

    /// Builds the tree (on whatever clock is current) and commits it.
    func buildForExport() -> CALayer {
        let root = buildTree()
        CATransaction.flush()
        return root
    }

    /// Builds the tree on the real clock for a live host, and hands back the scripted events
    /// (times in seconds from now, in order) for the host to schedule.
    package func buildLive() -> (root: CALayer, events: [(time: Double, action: () -> Void)]) {
        let root = buildForExport()
        let ordered = sortedEvents.map { (time: $0.time, action: $0.action) }
        return (root, ordered)
    }

    /// Lets the main queue run what is waiting (callbacks, implicit commits) when called on the
    /// main thread.
    static func drainMainQueue() {
        guard Thread.isMainThread else { return }
        RunLoop.current.run(until: Date())
    }
}
