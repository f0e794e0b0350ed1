import Foundation
import QuartzCore
import StrataCompositor
import StrataRender

extension LayerRecording {
    /// Renders every frame using every core, handing frames to `body` in order. The model still
    /// advances in order on this thread (events, callbacks and commits happen exactly as in
    /// `renderFrames`); what each frame shows depends only on its committed snapshot and its time,
    /// so the frames of a batch are drawn at once, each on its own thread. The pictures are the
    /// same, byte for byte, as `renderFrames` gives (what a compositor has cached never changes
    /// the pixels it draws). With `only`, just those frames of the range are drawn (a contact
    /// sheet's cells); the model still passes through every frame.
    public func renderFramesInParallel(
        range: ClosedRange<Int>? = nil, batch: Int? = nil, only: Set<Int>? = nil,
        _ body: (_ index: Int, _ time: Double, _ frame: CGImage) throws -> Void
    ) throws {
        let wanted = try settings.frames(in: range)
        let settings = self.settings
        // Two frames a core the process may use (its affinity and CPU quota, not the machine's).
        let workers = settings.usableThreads
        let batch = batch ?? 2 * workers
        // One thread: no worker anywhere (the kernel's included).
        let pool = CompositorPool(kernelThreads: workers == 1 ? 1 : nil)
        let clock = MediaClock.Manual(time: settings.clockOrigin)
        try MediaClock.withClock(clock) {
            let root = buildForExport()
            var pending = sortedEvents[...]
            var index = 0
            while index <= wanted.upperBound {
                var jobs: [FrameJob] = []
                while jobs.count < max(1, batch), index <= wanted.upperBound {
                    let t = settings.mediaTime(ofFrame: index)
                    Self.advance(root, clock: clock, to: t, origin: settings.clockOrigin, events: &pending)
                    // Frames before the range: the model moves on, nothing is drawn.
                    guard index >= wanted.lowerBound, only?.contains(index) ?? true else {
                        index += 1
                        continue
                    }
                    guard let committed = root.committedSnapshot ?? root.uncommittedSnapshot() else {
                        throw ExportError("frame \(index): the layer tree has no snapshot")
                    }
                    jobs.append(FrameJob(index: index, time: t, snapshot: committed.snapshot, node: committed.index))
                    index += 1
                }
                let results = FrameResults(count: jobs.count)
                let work = jobs
                // At most `workers` frames drawn at once, each worker taking every workers-th job.
                let lanes = min(workers, work.count)
                @Sendable func lane(_ w: Int) {
                    let compositor = pool.take()
                    for k in stride(from: w, to: work.count, by: lanes) {
                        results.store(k, Self.draw(work[k], settings: settings, compositor: compositor))
                    }
                    pool.give(compositor)
                }
                if lanes <= 1 { lane(0) } else { DispatchQueue.concurrentPerform(iterations: lanes, execute: lane) }
                for (k, job) in jobs.enumerated() {
                    guard let image = results.image(k) else { throw ExportError("frame \(job.index) could not be drawn") }
                    try body(job.index, settings.time(ofFrame: job.index), image)
                }
            }
        }
    }

    /// One frame from its snapshot alone, as `CARenderer` draws a first frame.
    static func draw(_ job: FrameJob, settings: ExportSettings, compositor: Compositor) -> CGImage? {
        guard let context = CGContext(
            data: nil, width: settings.pixelWidth, height: settings.pixelHeight, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        let snapshot = job.snapshot
        let states = RenderEvaluator.presentation(of: snapshot, at: job.time)
        let sx = Double(settings.pixelWidth) / settings.size.width, sy = Double(settings.pixelHeight) / settings.size.height
        context.withCairo { cr, _, clip in
            compositor.draw(
                snapshot, states: states, root: job.node, placement: .inSuperlayer, into: cr,
                base: CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0), clip: clip.integral, time: job.time,
                evaluatesOtherTimes: true)
        }
        return context.makeImage()
    }
}

/// What one frame needs: immutable, so any thread can draw it.
struct FrameJob: Sendable {
    var index: Int
    /// The media time the frame shows.
    var time: Double
    var snapshot: RenderTreeSnapshot
    var node: Int
}

/// Compositors (with their raster caches) handed out one per drawing thread.
final class CompositorPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Compositor] = []
    /// The kernel threads of the compositors made (nil: their default).
    private let kernelThreads: Int?

    init(kernelThreads: Int? = nil) { self.kernelThreads = kernelThreads }

    func take() -> Compositor {
        if let compositor = lock.withLock({ idle.popLast() }) { return compositor }
        let compositor = Compositor.forExport()
        if let kernelThreads { compositor.options.kernelOptions.threads = kernelThreads }
        return compositor
    }
    func give(_ compositor: Compositor) { lock.withLock { idle.append(compositor) } }
}

/// Frames of a batch, each written by one thread into its own slot.
final class FrameResults: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [CGImage?]

    init(count: Int) { images = Array(repeating: nil, count: count) }
    func store(_ k: Int, _ image: CGImage?) { lock.withLock { images[k] = image } }
    func image(_ k: Int) -> CGImage? { lock.withLock { images[k] } }
}

extension Compositor {
    /// A compositor whose pixels depend on each frame alone, not on the frames it drew before
    /// (`decidesFromFrameAlone`: a live renderer's switch to direct drawing after a few changes
    /// would make the first frames of a range differ from the same frames in a whole run).
    /// Frames rendered in ranges, on one machine or several, then equal the whole run's.
    static func forExport() -> Compositor {
        let compositor = Compositor()
        compositor.options.decidesFromFrameAlone = true
        return compositor
    }
}
