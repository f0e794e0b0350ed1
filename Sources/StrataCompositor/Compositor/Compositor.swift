import Foundation
import CCairo
import CoreGraphics
import StrataGeometry
import StrataRender

/// Draws an evaluated layer tree into a cairo target: the render side's compositor. It sees only
/// a `RenderTreeSnapshot` and the presented states of its nodes, never CALayer objects.
///
/// A layer's own pixels (background, contents, border) and its shadow are drawn once into cached
/// rasters in the layer's space and reused while they look the same; each frame composites them
/// through the layers' transforms, via copies resampled in target pixels that are kept while a
/// layer keeps its map (a still layer then costs a pixel-aligned copy). Affine layers go through
/// cairo; layers seen in perspective through pixman's projective transform (with their sublayers
/// flattened into them first).
package final class Compositor {
    /// How the root layer is placed on the target.
    package enum RootPlacement {
        /// By its position, anchor point and transform, as a sublayer of the target (CARenderer).
        case inSuperlayer
        /// In its own coordinate space: bounds origin at the target origin (`render(in:)`).
        case ownSpace
    }

    /// Which of a layer's cached rasters.
    enum RasterPart {
        case body, border, shadow
    }

    /// What a cached raster was drawn from: it is reused while this stays equal.
    enum RasterKey: Hashable {
        case body(BodyRasterKey)
        case shadow(ShadowRasterKey)
        case maskedBody(MaskedBodyKey)

        /// True when this is `body`'s raster at `scale`, or at a scale up to a step sharper (kept
        /// rather than remade while a layer shrinks by less than a step).
        func drawsBody(_ body: LayerBody, flipped: Bool, scale: Double) -> Bool {
            guard case .body(let key) = self, key.flipped == flipped else { return false }
            let kept = key.scale
            guard kept == scale || (kept > scale && kept <= scale * Compositor.rasterScaleStep * (1 + 1e-9)) else {
                return false
            }
            return key.body == body
        }
    }

    /// A layer's kept raster. A class: every frame looks up every layer's, and a copy of the
    /// entry (its key holds the layer's whole look) cost more than the lookup.
    final class CachedRaster {
        let key: RasterKey
        let raster: Raster
        /// The last frame that drew it.
        var frame: UInt64

        init(key: RasterKey, raster: Raster, frame: UInt64) {
            self.key = key
            self.raster = raster
            self.frame = frame
        }
    }

    /// How frames are drawn (the A/B switches of tests and benchmarks; the defaults are what
    /// users get).
    @exclusivity(unchecked) package var options = CompositorOptions()

    @exclusivity(unchecked) var bodies: [UInt64: CachedRaster] = [:]
    /// Drawn layers' bodies by node, kept while their value serials hold (see `BodyMemo`).
    @exclusivity(unchecked) var bodyMemo = BodyMemo()
    /// Layer bodies described anew (not kept from the frame before) in the last frame drawn.
    @exclusivity(unchecked) package private(set) var bodiesMadeInLastFrame = 0
    /// How each layer's body is drawn, from its change history (raster, direct, cut, group).
    @exclusivity(unchecked) var policy = DrawPolicy()
    /// The scan converter's buffers, kept from frame to frame.
    let scanConverter = ScanConverter()
    /// Gradient colour tables by their stops, alpha and size (`gradientPaint`).
    @exclusivity(unchecked) var gradientTables: [GradientTableKey: [UInt32]] = [:]
    @exclusivity(unchecked) var lastGradientTable: (key: GradientTableKey, table: [UInt32])?
    /// Arc lengths of the paths whose strokes are trimmed (a spinner's path is measured once).
    let pathMeasures = PathMeasureCache()
    @exclusivity(unchecked) var borders: [UInt64: CachedRaster] = [:]
    @exclusivity(unchecked) var shadows: [UInt64: CachedRaster] = [:]
    /// Rasters resampled into target pixels, reused while their layer keeps its map.
    @exclusivity(unchecked) var placed: [PlacementKey: PlacedRaster] = [:]
    /// Placements whose copy was not kept in the last frame: seen again, it is.
    @exclusivity(unchecked) var placementsSeenLastFrame = Set<PlacementKey>()
    /// Placements whose copy was not kept in this frame (the last frame's from the next on; the
    /// two sets are swapped, not rebuilt: a frame of moving layers adds hundreds).
    @exclusivity(unchecked) var placementsSeenThisFrame = Set<PlacementKey>()
    /// Bytes held by placed copies.
    package internal(set) var placedByteCount = 0
    /// Where text may place glyphs: the destination context's subpixel switches
    /// (`CGContext.glyphPositioning`), set by `render(in:)` and `CARenderer`.
    @exclusivity(unchecked) package var glyphPositioning = GlyphPositioning.unspecified
    /// Kernel operations of the frame being drawn, waiting to be drawn together.
    let kernelBatch = KernelBatch()
    /// The kernel's view of the context drawn on, kept while its clip holds (`kernelTarget`).
    @exclusivity(unchecked) var keptKernelView: KeptKernelView?
    /// The walk's account of its target's clip state: a new serial for each clip or group, the
    /// saved one back at a restore (the kept kernel view holds while its serial is current).
    @exclusivity(unchecked) var clipSerial: UInt64 = 0
    @exclusivity(unchecked) var lastClipSerial: UInt64 = 0
    @exclusivity(unchecked) var savedClipSerials: [UInt64] = []
    /// The last walk's emptied stacks, for the next one.
    @exclusivity(unchecked) private var walkScratch = FrameWalk.Scratch()
    @exclusivity(unchecked) var frameNumber: UInt64 = 0
    @exclusivity(unchecked) var lastSweep: UInt64 = 0
    @exclusivity(unchecked) var nodesAtLastSweep = 0
    /// Set when a layer's matrix is not finite, so the warning is given once per compositor.
    @exclusivity(unchecked) var warnedNonFinite = false
    @exclusivity(unchecked) var warnedDepth = false
    @exclusivity(unchecked) var warnedInstances = false
    @exclusivity(unchecked) var warnedInstanceBudget = false
    @exclusivity(unchecked) var warnedParticles = false

    /// The rectangles (target pixels) a partial redraw repaints, and the target's own: nil when
    /// a frame is drawn whole. A layer within one rectangle is redrawn whole and may change how it
    /// is drawn; one cut by them keeps its last drawing (`DrawPolicy.bodyDrawing`).
    @exclusivity(unchecked) package var redrawnRegion: (parts: [CGRect], target: CGRect)?

    /// True when this frame redraws all of `box` (target pixels) that is on the target: the
    /// frame is drawn whole, or one rectangle of its partial redraw holds that part.
    func redrawsWhole(_ box: CGRect) -> Bool {
        guard let region = redrawnRegion else { return true }
        let shown = box.clipped(to: region.target)
        guard !shown.isNull else { return true }
        return region.parts.contains { $0.contains(shown) }
    }

    /// Rasters made in the last frame (tests use it to check that unchanged layers are reused).
    @exclusivity(unchecked) package private(set) var rastersMadeInLastFrame = 0
    @exclusivity(unchecked) var rastersMade = 0
    /// Layers drawn straight into the target in the last frame (`drawsChangingLayersDirectly`).
    @exclusivity(unchecked) package private(set) var directDrawsInLastFrame = 0
    @exclusivity(unchecked) var directDraws = 0
    /// Isolation groups opened in the last frame (group opacity, masks, blends, effects).
    @exclusivity(unchecked) package private(set) var groupsInLastFrame = 0
    @exclusivity(unchecked) var groups = 0
    /// Layers the last frame's walk placed with the maps its footprints worked out (not made again).
    @exclusivity(unchecked) package private(set) var workedMapsInLastFrame = 0
    @exclusivity(unchecked) var workedMapsTaken = 0
    /// Pixels of the rasters made in the last frame (what making them cleared and drew).
    @exclusivity(unchecked) package private(set) var rasterPixelsMadeInLastFrame = 0
    @exclusivity(unchecked) var rasterPixelsMade = 0
    /// Placed copies made in the last frame (tests use it to check when copies are made).
    @exclusivity(unchecked) package private(set) var placedMadeInLastFrame = 0
    @exclusivity(unchecked) var placedMade = 0
    /// Kernel views of the target made in the last frame's walk (the others were kept, `kernelTarget`).
    @exclusivity(unchecked) package private(set) var kernelViewsMadeInLastFrame = 0
    @exclusivity(unchecked) var kernelViewsMade = 0
    /// Layer rasters held (bodies, borders and shadows).
    package var cachedRasterCount: Int { bodies.count + borders.count + shadows.count }

    /// Bytes of pixels the cached rasters hold of their own (rasters sharing an image's pixels
    /// count nothing).
    package var cachedRasterBytes: Int {
        [bodies, borders, shadows].reduce(0) { total, cache in
            cache.values.reduce(total) { $0 + $1.raster.ownedByteCount }
        }
    }

    /// Isolation groups nest at most this deep; deeper ones draw their layers directly (opacity
    /// multiplied, masks ignored) with a warning, so memory stays bounded on very deep trees.
    package static let maxGroupDepth = 64

    /// The largest magnification (target pixels per local unit) a layer is drawn at.
    package static let maxStretch = 1e6

    /// One raster or solid fill put on the target (recorded for the benchmark's baseline).
    package struct RecordedComposite {
        package var raster: Raster?
        package var color: RGBA?
        /// For a fill: the local rectangle.
        package var rect: CGRect
        package var map: PlaneMap
        package var alpha: Double
        package var antialias: Bool
    }

    /// When set, every composite of the next frames is recorded in `recorded` (benchmarks
    /// replay them as the bare cairo/pixman calls that make the same pixels).
    @exclusivity(unchecked) package var recordsComposites = false
    @exclusivity(unchecked) package var recorded: [RecordedComposite] = []

    package init() {}

    /// Draws `snapshot`'s tree from node `root`, presented as `states` (one per node), into `cr`.
    ///
    /// - Parameters:
    ///   - base: the target's matrix from the root's superlayer space (or the root's own space)
    ///     to target pixels; y down is what windows and files show.
    ///   - clip: where drawing may land, in target pixels.
    ///   - evaluatesOtherTimes: true when the walk may evaluate `snapshot` at other times than
    ///     `time` (replicator instances with `instanceDelay` show the tree as it was then).
    ///   - footprints: the footprints of this same tree and states, placed the same way (a
    ///     renderer has them for its damage): leaves whose box misses the clip are skipped at once.
    ///   - afterClear: true when the caller has just cleared `cr` (`clear(_:)`) and changed
    ///     nothing of it since: the kernel's view taken there is still the target's.
    package func draw(
        _ snapshot: RenderTreeSnapshot, states: [RenderLayerState], root: Int = 0, placement: RootPlacement,
        into cr: OpaquePointer, base: CGAffineTransform, clip: CGRect, time: Double = 0,
        evaluatesOtherTimes: Bool = false, footprints: Footprints? = nil,
        lookSerials: [UInt64]? = nil, afterClear: Bool = false
    ) {
        frameNumber &+= 1
        // The context's clip was set by the caller: a view kept from before is not trusted.
        if !afterClear { resetClipSerials() }
        defer { resetClipSerials() }
        rastersMade = 0
        rasterPixelsMade = 0
        directDraws = 0
        groups = 0
        workedMapsTaken = 0
        placedMade = 0
        kernelViewsMade = 0
        bodyMemo.made = 0
        recorded.removeAll(keepingCapacity: true)
        guard root >= 0, root < snapshot.nodes.count, states.count == snapshot.nodes.count else { return }
        policy.begin(frame: frameNumber, topology: snapshot.topology, options: options)
        // The walk reads the states in place, for as long as they are lent here.
        states.withUnsafeBufferPointer { storage in
            // The scratch arrays move into the walk and back after it (held once, never copied).
            var scratch = FrameWalk.Scratch()
            swap(&scratch, &walkScratch)
            var walk = FrameWalk(
                compositor: self, nodes: snapshot.nodes, topology: snapshot.topology, states: states, storage: storage, target: cr,
                scratch: consume scratch, hasTransitions: snapshot.hasTransitions)
            walk.frameTime = time
            if evaluatesOtherTimes { walk.otherTimes = snapshot }
            if let lookSerials, lookSerials.count == snapshot.nodes.count {
                walk.lookSerials = lookSerials
                bodyMemo.resize(to: lookSerials.count)
            }
            if let footprints, footprints.placement == Footprints.Placement(root: root, rootPlacement: placement, base: base) {
                walk.footprints = footprints
                if let worked = footprints.worked {
                    walk.workedCache = worked.cache
                    walk.workedFrame = worked.frame
                }
            }
            walk.run(root: root, placement: placement, base: base, clip: clip)
            swap(&walkScratch.steps, &walk.steps)
            swap(&walkScratch.targets, &walk.targets)
            swap(&walkScratch.contexts, &walk.contexts)
            swap(&walkScratch.exits, &walk.exits)
        }
        walkScratch.steps.removeAll(keepingCapacity: true)
        walkScratch.targets.removeAll(keepingCapacity: true)
        walkScratch.contexts.removeAll(keepingCapacity: true)
        walkScratch.exits.removeAll(keepingCapacity: true)
        kernelBatch.flush()
        forgetPlacementsSeenBefore()
        if frameNumber &- lastSweep >= Self.sweepInterval || snapshot.nodes.count != nodesAtLastSweep {
            sweep(snapshot)
        }
        rastersMadeInLastFrame = rastersMade
        rasterPixelsMadeInLastFrame = rasterPixelsMade
        directDrawsInLastFrame = directDraws
        groupsInLastFrame = groups
        workedMapsInLastFrame = workedMapsTaken
        placedMadeInLastFrame = placedMade
        kernelViewsMadeInLastFrame = kernelViewsMade
        bodiesMadeInLastFrame = bodyMemo.made
    }

    /// Frames between sweeps of the caches.
    package static let sweepInterval: UInt64 = 60
    /// A raster not drawn for this many frames is freed even if its layer is still in the tree.
    package static let idleFrames: UInt64 = 600

    /// Frees the rasters of layers that left the tree, and those not drawn for `idleFrames`.
    /// A layer outside a frame's damage is not drawn, but keeps its rasters: it will be again.
    private func sweep(_ snapshot: RenderTreeSnapshot) {
        lastSweep = frameNumber
        nodesAtLastSweep = snapshot.nodes.count
        var live = Set<UInt64>(minimumCapacity: snapshot.nodes.count)
        for node in snapshot.nodes { live.insert(node.layerID) }
        let now = frameNumber
        func keep(_ entry: (key: UInt64, value: CachedRaster)) -> Bool {
            live.contains(entry.key) && now &- entry.value.frame < Self.idleFrames
        }
        bodies = bodies.filter(keep)
        borders = borders.filter(keep)
        shadows = shadows.filter(keep)
        policy.forgetIdle(idleFrames: Self.idleFrames)
        sweepPlacements()
    }

    /// The layer's `part` raster for `key`, made by `make` when missing or stale.
    func raster(_ part: RasterPart, id: UInt64, key: RasterKey, make: () -> Raster?) -> Raster? {
        switch part {
        case .body: return raster(in: &bodies, id: id, key: key, make: make)
        case .border: return raster(in: &borders, id: id, key: key, make: make)
        case .shadow: return raster(in: &shadows, id: id, key: key, make: make)
        }
    }

    private func raster(
        in cache: inout [UInt64: CachedRaster], id: UInt64, key: RasterKey, make: () -> Raster?
    ) -> Raster? {
        if let index = cache.index(forKey: id), cache.values[index].key == key {
            cache.values[index].frame = frameNumber
            return cache.values[index].raster
        }
        guard let raster = make() else {
            cache[id] = nil
            return nil
        }
        rastersMade += 1
        rasterPixelsMade += raster.width * raster.height
        cache[id] = CachedRaster(key: key, raster: raster, frame: frameNumber)
        return raster
    }

    /// The ratio of neighbouring raster scales (a quarter octave).
    static let rasterScaleStep = pow(2, 0.25)

    /// The layer's kept `part` raster when it draws `body` at `scale` or at the next sharper
    /// scale kept (what `cachedBodyScale` then `raster(_:id:key:make:)` find), with one lookup
    /// and no copy of the entry: every frame asks this of every layer.
    func keptBodyRaster(_ part: RasterPart, id: UInt64, body: LayerBody, flipped: Bool, scale: Double) -> Raster? {
        switch part {
        case .body: return keptBodyRaster(in: &bodies, id: id, body: body, flipped: flipped, scale: scale)
        case .border: return keptBodyRaster(in: &borders, id: id, body: body, flipped: flipped, scale: scale)
        case .shadow: return nil
        }
    }

    private func keptBodyRaster(
        in cache: inout [UInt64: CachedRaster], id: UInt64, body: LayerBody, flipped: Bool, scale: Double
    ) -> Raster? {
        guard let i = cache.index(forKey: id), cache.values[i].key.drawsBody(body, flipped: flipped, scale: scale)
        else { return nil }
        cache.values[i].frame = frameNumber
        return cache.values[i].raster
    }

    /// The scale of the layer's cached `part` raster when it draws `body` (nil: none cached).
    func cachedBodyScale(_ part: RasterPart, id: UInt64, body: LayerBody, flipped: Bool) -> Double? {
        let cache: [UInt64: CachedRaster]
        switch part {
        case .body: cache = bodies
        case .border: cache = borders
        case .shadow: return nil
        }
        guard let entry = cache[id], case .body(let key) = entry.key, key.flipped == flipped, key.body == body else { return nil }
        return key.scale
    }

    /// The raster scale for a layer whose local→target stretch is `stretch`: the next quarter
    /// octave up, so small changes of scale keep the cache, within [1/64, 64].
    package static func rasterScale(stretch: Double, extent: CGRect) -> Double {
        let s = stretch.isFinite && stretch > 0 ? Swift.min(Swift.max(stretch, 1.0 / 64), 64) : 1
        // A stretch a rounding above a bucket's scale (1 + 10⁻¹⁶ for a layer that only turns)
        // keeps that bucket: the raster is not remade frame to frame.
        var bucket = pow(2, (log2(s) * 4 - 1e-6).rounded(.up) / 4)
        // A whole stretch is its own scale: a layer drawn at 3 pixels a point (an iOS device's
        // scale) from a raster of the 3.36 bucket had soft edges and a translucent last column.
        let whole = s.rounded()
        if whole >= 1, abs(s - whole) <= 1e-9 * whole { bucket = whole }
        let side = Swift.max(extent.width, extent.height) * bucket
        if side > Double(Raster.maxSide) { bucket *= Double(Raster.maxSide - 1) / side }
        return bucket
    }
}
