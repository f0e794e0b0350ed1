import CCairo
import StrataAnimation
import StrataCompositor
import StrataRender

/// Renders a layer tree offscreen, frame by frame, into a bitmap the caller reads: Apple's
/// CARenderer, with a CGContext (bitmap) as the destination in place of a Metal texture.
///
/// A frame: `beginFrame(atTime:timeStamp:)` (commits pending changes and evaluates the tree at
/// that media time), `updateBounds()` (what changed), `addUpdate(_:)` (more to redraw),
/// `render()` (redraws only the changed region), `endFrame()` (delivers the animation callbacks
/// due by the frame's time, on the main queue). `nextFrameTime()` says when
/// something will next change (infinity when nothing animates), so an idle host can sleep.
///
/// The destination shows the rectangle `bounds` of the layer's superlayer space (default: the
/// destination's size in pixels), origin at the top left, y down: as iOS shows layers. For
/// macOS's orientation (y up), set `isGeometryFlipped` on a root layer that holds the tree.
open class CARenderer: NSObject {
    /// The root of what is rendered. Rendering reads its committed snapshots only.
    open var layer: CALayer? {
        didSet { previous = Footprints(); forceFull = true; events = nil; steady = nil }
    }

    /// The part of the layer's superlayer space that fills the destination.
    open var bounds: CGRect {
        didSet { forceFull = true }
    }

    @exclusivity(unchecked) private var destination: CGContext
    /// Draws the frames (package: tests compare its kernel with cairo).
    package let compositor = Compositor()
    @exclusivity(unchecked) private var frameTime: Double?
    /// The time of the last frame ended, for `nextFrameTime()` between frames.
    @exclusivity(unchecked) private var lastFrameTime: Double?
    @exclusivity(unchecked) private var frame: (snapshot: RenderTreeSnapshot, index: Int, states: [RenderLayerState])?
    @exclusivity(unchecked) private var previous = Footprints()
    @exclusivity(unchecked) private var current = Footprints()
    /// Which layers' presented states changed from frame to frame (value serials).
    @exclusivity(unchecked) private var changes = PresentationChanges()
    /// Footprints of unchanged layers, kept from frame to frame.
    private let footprintCache = FootprintCache()
    @exclusivity(unchecked) private var updates = CGRect.null
    /// The last frame's update region; its buffers are reused by the next.
    @exclusivity(unchecked) private var damage = DamageRegion()
    /// For the snapshot (by version) whose model tree was last walked for animation events: the
    /// next media time one is due, and the time of that walk.
    @exclusivity(unchecked) private var events: (version: UInt64, next: Double, walkedAt: Double)?
    /// Walks of the model tree for animation events so far (tests check frames skip it).
    @exclusivity(unchecked) package private(set) var eventWalkCount = 0
    @exclusivity(unchecked) private var forceFull = true
    /// The media times (seconds, bounds excluded) over which the last frame evaluated holds, and
    /// the placement its footprints were made with: a frame in there keeps them.
    @exclusivity(unchecked) private var steady: (lo: Double, hi: Double, base: CGAffineTransform)?
    /// Layers of the drawn snapshot that never reach the destination (`OffCanvas`), and what they
    /// were worked out for: worked out on a snapshot's second frame (a tree committed every frame
    /// never pays for it).
    @exclusivity(unchecked) private var offCanvas:
        (snapshot: RenderTreeSnapshot, index: Int, base: CGAffineTransform, size: CGSize, layers: [Bool])?
    /// The node that ended the last steady span (asked first next time).
    @exclusivity(unchecked) private var steadyHint = -1
    /// Animated layers whose state the last evaluation kept, their values holding (tests).
    package var layersHeldInLastFrame: Int { changes.heldInLastEvaluation }
    /// Layers of the drawn tree found never to reach the destination (`OffCanvas`; tests).
    package var layersOffCanvas: Int { offCanvas?.layers.filter { $0 }.count ?? 0 }
    /// Animated layers the last evaluation found changed (benchmarks' debug lines).
    package var layersChangedInLastFrame: Int { changes.changedInLastEvaluation }
    /// Frames begun that kept the last frame's states and footprints (tests check holds cost nothing).
    @exclusivity(unchecked) package private(set) var framesKept = 0

    /// A renderer drawing into the pixels of the bitmap context `cgContext` (its CTM is not used).
    /// `options[kCARendererColorSpace]` (a `CGColorSpace`) is the space the pixels are written
    /// in: Strata draws in sRGB and converts each redrawn region (linear sRGB, Display P3, gray).
    public init(cgContext: CGContext, options: [AnyHashable: Any]? = nil) {
        destination = cgContext
        bounds = CGRect(x: 0, y: 0, width: cgContext.width, height: cgContext.height)
        if let value = options?[kCARendererColorSpace] {
            if let space = value as? CGColorSpace, space.model == .rgb || space.model == .monochrome {
                outputSpace = space
            } else {
                Diagnostics.warn("CARenderer: kCARendererColorSpace must be an RGB or gray CGColorSpace; drawing in sRGB")
            }
        }
        super.init()
    }

    /// The space the destination's pixels are written in (nil: sRGB).
    @exclusivity(unchecked) private var outputSpace: CGColorSpace?

    /// Draws into `cgContext` from the next frame on (everything is redrawn).
    open func setDestination(_ cgContext: CGContext) {
        destination = cgContext
        forceFull = true
    }

    /// Starts a frame at media time `t` (seconds): commits this thread's pending transaction and
    /// evaluates the layer tree at `t`. `ts` is accepted for source compatibility and unused.
    open func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        guard t.isFinite else {
            Diagnostics.warn("CARenderer.beginFrame: time \(t) is not finite; frame skipped")
            frameTime = nil
            return
        }
        CATransaction.flush()
        frameTime = t
        updates = .null
        guard let layer, let committed = layer.committedSnapshot ?? layer.uncommittedSnapshot() else {
            frame = nil
            current = Footprints()
            return
        }
        // Where every animation shown holds still, this frame is the last one evaluated.
        if let frame, frame.snapshot.isSame(as: committed.snapshot), frame.index == committed.index,
            let steady, steady.lo < t, t < steady.hi, steady.base == baseTransform
        {
            framesKept += 1
            return
        }
        // The last frame's states, held once (so written in place): unchanged layers keep theirs.
        var states = frame?.states ?? []
        let previousSnapshot = frame?.snapshot
        frame = nil
        RenderEvaluator.presentation(
            of: committed.snapshot, at: t, reusing: &states, from: previousSnapshot, forDrawing: true,
            changes: &changes, offCanvas: layersOffCanvas(committed, previous: previousSnapshot))
        frame = (committed.snapshot, committed.index, states)
        current = Footprints(
            committed.snapshot, states: states, root: committed.index, placement: .inSuperlayer, base: baseTransform,
            time: t, cache: footprintCache, serials: changes.serials, lookSerials: changes.lookSerials)
        // Asked only of a snapshot drawn before, on a frame whose animated values all held (a
        // tree committed anew every frame, or moving, would pay for a span it never uses).
        steady = nil
        if previousSnapshot?.isSame(as: committed.snapshot) == true, !current.dependsOnTime,
            changes.changedInLastEvaluation == 0
        {
            let span = RenderEvaluator.steadySpan(of: committed.snapshot, states: states, at: t, hint: &steadyHint)
            if span.lo < t, t < span.hi { steady = (span.lo, span.hi, baseTransform) }
        }
    }

    /// The layers of `committed` that never reach the destination, kept while the snapshot, the
    /// base transform and the destination's size hold; none on a snapshot's first frame.
    private func layersOffCanvas(
        _ committed: (snapshot: RenderTreeSnapshot, index: Int), previous: RenderTreeSnapshot?
    ) -> [Bool] {
        let size = CGSize(width: destination.width, height: destination.height)
        if let kept = offCanvas, kept.snapshot.isSame(as: committed.snapshot), kept.index == committed.index,
            kept.base == baseTransform, kept.size == size
        {
            return kept.layers
        }
        offCanvas = nil
        guard previous?.isSame(as: committed.snapshot) == true else { return [] }
        let layers = OffCanvas.layers(
            of: committed.snapshot, root: committed.index, placement: .inSuperlayer, base: baseTransform,
            canvas: CGRect(origin: .zero, size: size))
        offCanvas = (committed.snapshot, committed.index, baseTransform, size, layers)
        return layers
    }

    /// The region of the destination (pixels) that this frame changes: layers that moved,
    /// changed, appeared or went away since the last rendered frame, plus `addUpdate` rectangles.
    open func updateBounds() -> CGRect {
        let canvas = CGRect(x: 0, y: 0, width: destination.width, height: destination.height)
        if forceFull { return canvas }
        let changed = current.damage(since: previous) ?? .null
        return changed.union(updates).clipped(to: canvas)
    }

    /// Adds `r` (destination pixels) to what the next `render()` redraws.
    open func addUpdate(_ r: CGRect) {
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        updates = updates.union(r.standardized)
    }

    /// The update region as a few rectangles (destination pixels, whole): two small changes far
    /// apart are two small rectangles, not their bounding box (`updateBounds`).
    package func updateRegion() -> [CGRect] {
        let canvas = CGRect(x: 0, y: 0, width: destination.width, height: destination.height)
        if forceFull {
            damage.rectangles.removeAll(keepingCapacity: true)
            damage.rectangles.append(canvas)
            return damage.rectangles
        }
        Self.damageRegion(of: &current, since: &previous, within: canvas, into: &damage)
        if !updates.isNull {
            damage.rectangles.append(updates.integral)
            damage.merge()
        }
        damage.clip(to: canvas, integral: true)
        return damage.rectangles
    }

    /// `current.damageRegion(since: previous, …)` with both footprints lent in place: read from
    /// the renderer's properties they were copied, retaining their arrays, every frame.
    private static func damageRegion(
        of current: inout Footprints, since previous: inout Footprints, within canvas: CGRect, into damage: inout DamageRegion
    ) {
        current.damageRegion(since: previous, within: canvas, into: &damage)
    }

    /// Draws the frame: clears and redraws the update region only.
    open func render() {
        guard frameTime != nil else { return }
        guard !updateRegion().isEmpty else { return }
        compositor.glyphPositioning = destination.glyphPositioning
        destination.withCairo { cr, _, clip in
            // The region's own buffer, cut to the destination's clip (no array made a frame).
            damage.clip(to: clip)
            let parts = damage.rectangles
            guard let first = parts.first else { return }
            let area = parts.dropFirst().reduce(first) { $0.union($1) }
            cairo_save(cr)
            for part in parts { cairo_rectangle(cr, part.minX, part.minY, part.width, part.height) }
            cairo_clip(cr)
            // Nothing to clear under a root that repaints the whole region opaquely.
            let repainted =
                frame.map {
                    Compositor.rootPaintsOpaquely(
                        area, snapshot: $0.snapshot, states: $0.states, root: $0.index, base: baseTransform)
                } ?? false
            if !repainted { compositor.clear(cr) }
            if let frame, let time = frameTime {
                compositor.redrawnRegion = (parts, CGRect(x: 0, y: 0, width: destination.width, height: destination.height))
                defer { compositor.redrawnRegion = nil }
                compositor.draw(
                    frame.snapshot, states: frame.states, root: frame.index, placement: .inSuperlayer, into: cr,
                    base: baseTransform, clip: area, time: time,
                    evaluatesOtherTimes: true, footprints: current,
                    lookSerials: changes.lookSerials, afterClear: !repainted)
            }
            cairo_restore(cr)
            if let space = outputSpace, space.differsFromSRGB {
                for part in parts { convert(part, of: cr, to: space) }
            }
        }
        // The frame before last's arrays go to the cache, for the next footprints to fill.
        previous.retire(into: footprintCache)
        previous = current
        forceFull = false
        updates = .null
    }

    /// The media time at which the rendered picture next changes: the frame's time while an
    /// animation moves, the end of a stretch where every animation shown holds (or the next
    /// animation event, if sooner), the start of the next one that is waiting, infinity when
    /// nothing animates.
    /// Between frames it answers for the last frame begun (what a host asks before sleeping).
    open func nextFrameTime() -> CFTimeInterval {
        guard let t = frameTime ?? lastFrameTime, let frame else { return .infinity }
        let next = RenderEvaluator.nextChange(of: frame.snapshot, after: t)
        // Where every animation shown holds, the picture next changes where that ends, or an
        // animation event is due first (a host sleeps through a held stretch).
        if next <= t, let steady, steady.lo < t, t < steady.hi {
            let event = events.map { $0.version == frame.snapshot.version && $0.walkedAt <= t ? $0.next : t } ?? t
            return Swift.max(t, Swift.min(steady.hi, event))
        }
        return next
    }

    /// The frames a second the animations running in this frame want (`preferredFrameRateRange`:
    /// the highest any prefers, 60 when one has none); nil when nothing animates. Hosts pace
    /// their frames by it. (Strata addition.)
    public func preferredFrameRate() -> Double? {
        guard let t = frameTime ?? lastFrameTime, let frame else { return nil }
        return RenderEvaluator.preferredFrameRate(of: frame.snapshot, at: t, defaultRate: 60)
    }

    /// Layer rasters drawn in the last rendered frame (Strata addition: unchanged layers reuse
    /// theirs, so an idle frame draws none).
    public var rastersMadeInLastFrame: Int { compositor.rastersMadeInLastFrame }
    /// Pixels of the layer rasters made in the last frame (Strata addition: the work of remaking them).
    public var rasterPixelsMadeInLastFrame: Int { compositor.rasterPixelsMadeInLastFrame }
    /// Layer bodies (what a layer draws itself) described anew in the last frame; the others
    /// were kept from the frame before, their layers' presented states unchanged.
    package var bodiesMadeInLastFrame: Int { compositor.bodiesMadeInLastFrame }

    /// The threads a frame's pixels may be drawn with, 1 or 2 (Strata addition; the same pixels
    /// either way). Default: 2 where the process may use two cores or more, else 1 — a process
    /// pinned to one core (`taskset`) or a 1-CPU container gets no worker thread. Values outside
    /// 1...2 are clamped.
    public var renderingThreads: Int {
        get { compositor.options.kernelOptions.threads }
        set { compositor.options.kernelOptions.threads = Swift.min(Swift.max(newValue, 1), 2) }
    }

    /// How the renderer's compositor draws (tests and benchmarks compare paths with it).
    package var compositorOptions: CompositorOptions {
        get { compositor.options }
        set { compositor.options = newValue }
    }

    /// Converts the drawn pixels of `area` from sRGB to `space`.
    private func convert(_ area: CGRect, of cr: OpaquePointer, to space: CGColorSpace) {
        guard let surface = cairo_get_target(cr) else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let x0 = max(0, Int(area.minX)), x1 = min(Int(cairo_image_surface_get_width(surface)), Int(area.maxX))
        let y0 = max(0, Int(area.minY)), y1 = min(Int(cairo_image_surface_get_height(surface)), Int(area.maxY))
        guard x1 > x0 else { return }
        for y in y0..<max(y0, y1) {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            space.convertFromSRGB(row + x0, count: x1 - x0)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Ends the frame, and delivers what happened in the layer tree by the time rendered:
    /// animations that started or finished by then get `animationDidStart(_:)` and
    /// `animationDidStop(_:finished:)`, and their transactions' completion blocks run, on the
    /// main queue (as Core Animation delivers them on the main run loop); finished animations
    /// with `isRemovedOnCompletion` are removed. So a program that drives a renderer on its own
    /// clock (a game loop, a test harness, a server) gets the same callbacks as a live app, at
    /// the times it renders. (A loop on the main thread lets the main queue run once a frame,
    /// e.g. `RunLoop.main.run(until: Date())`.) Events already delivered are not repeated.
    open func endFrame() {
        if let t = frameTime, let layer, eventsMayBeDue(at: t) {
            layer.processAnimationEvents(at: t)
            eventWalkCount += 1
            if let snapshot = frame?.snapshot {
                events = (snapshot.version, RenderEvaluator.nextEvent(of: snapshot, after: t), t)
            }
        }
        lastFrameTime = frameTime ?? lastFrameTime
        frameTime = nil
    }

    /// Whether a frame at `t` may have animation events to deliver, which only a walk of the model
    /// tree finds: a tree committed without animations has none; for the snapshot the last walk
    /// was made for, none before the next start or end of one of its animations (worked out from
    /// the snapshot then). A little early is harmless; time going backwards walks.
    private func eventsMayBeDue(at t: Double) -> Bool {
        guard let snapshot = frame?.snapshot else { return true }
        guard snapshot.hasAnimations else { return false }
        guard let events, events.version == snapshot.version, t >= events.walkedAt else { return true }
        return t >= events.next - 1e-9 * Swift.max(1, abs(events.next))
    }

    /// Superlayer space → destination pixels.
    private var baseTransform: CGAffineTransform {
        let b = bounds
        guard b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite else { return .identity }
        let sx = Double(destination.width) / b.width, sy = Double(destination.height) / b.height
        return CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: -b.minX * sx, ty: -b.minY * sy)
    }
}

extension CALayer {
    /// A snapshot of a tree that was never committed, with this layer as its root (so a
    /// renderer has something to draw before the first commit).
    package final func uncommittedSnapshot() -> (snapshot: RenderTreeSnapshot, index: Int)? {
        (withLock { makeSnapshot(commitTime: 0) }, 0)
    }
}

/// `CARenderer`'s option: the `CGColorSpace` its destination's pixels are written in.
public let kCARendererColorSpace: String = "kCARendererColorSpace"
