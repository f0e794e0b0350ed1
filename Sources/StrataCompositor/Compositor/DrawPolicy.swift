import StrataRender

/// The one place that decides, per node per frame, how a layer's body goes on the target:
/// through its cached raster, straight into the target (direct drawing), as a masked leaf cut
/// whole, or through an isolation group (a cut that keeps changing and that no kernel paints
/// whole). It decides from the frame's facts (the walk hands them in) and from each node's
/// change history, which it keeps in flat arrays by node; the walk carries out the decision.
///
/// A raster pays only from its second frame, and a look that changes frame after frame would
/// remake it at each: such layers are drawn directly. A layer seen for the first time is drawn in
/// place by cairo, as a `CGContext` draws a path (a still has the exact edges of its sub-pixel
/// position and scale), unless the frame alone decides (exports: `decidesFromFrameAlone`).
struct DrawPolicy {
    /// What one node's history tracks of it.
    enum Tracked {
        /// Its body (what `LayerBody` draws: path, paint, contents…).
        case body
        /// Where its body lands on the target (its map).
        case placement
        /// Its body cut by its mask.
        case maskedBody
        /// Where its body cut by its mask lands on the target.
        case maskedPlacement
    }

    /// When a tracked look of a node last changed: a layer that changes every frame is told from
    /// one that changed once. Looks are kept as hashes: they only choose how to draw, the raster
    /// caches compare whole keys.
    struct History {
        var look = 0
        /// The frame of the last change.
        var lastChange: UInt64 = 0
        /// The last frame that drew the node; 0: never (no history).
        var frame: UInt64 = 0
        /// The frame that first drew the node.
        var firstFrame: UInt64 = 0
        /// The answer given in `frame`: a layer drawn again in the same frame with the same look
        /// (a replicator's instances) is drawn the same way each time.
        var answer = false
    }

    /// How a node's body (or its cut) was last drawn, and what it showed where: pixels outside a
    /// frame's damage keep that drawing, so a node redrawn unchanged is drawn the same way again.
    struct Drawn<Drawing: Equatable> {
        /// The frame it was drawn in; 0: never.
        var frame: UInt64 = 0
        var look = 0
        var placement = 0
        /// How it was drawn; nil: through its raster.
        var drawing: Drawing?
    }

    /// How a layer's body is drawn this frame.
    enum BodyDrawing: Equatable {
        /// Through its raster (cached while its body holds), resampled or copied onto the target.
        case raster
        /// Straight into the target through its map: by the scan converter, or by cairo at the
        /// layer's first sight (`scans` false). `dropsRaster`: its look keeps changing, so a
        /// raster kept for it is stale (one of a layer that only moves is what it shows again
        /// when it stops).
        case direct(scans: Bool, dropsRaster: Bool)

        /// Drawn straight into the target by the scan converter.
        var isScanned: Bool {
            if case .direct(true, _) = self { return true }
            return false
        }
    }

    /// How a body cut by a leaf mask is drawn this frame.
    enum CutDrawing: Equatable {
        /// Through the cut's raster (body and mask drawn together once, cached).
        case raster
        /// A gradient painted straight through the mask's outline.
        case direct
        /// The cut keeps changing and no kernel paints it whole: an isolation group, each part
        /// cached or drawn directly on its own.
        case group
    }

    /// The switches tests and benchmarks set (`Compositor.options`), read at each frame's start.
    var options = CompositorOptions()
    /// The frame being drawn (`Compositor.frameNumber`).
    private(set) var frame: UInt64 = 0
    /// The snapshot topology the node indices below belong to.
    private var topology: RenderTopology?
    /// Each node's layer, for carrying histories to a new snapshot's indices.
    private var layerIDs: [UInt64] = []
    /// Histories by node, one array per tracked look (empty until a node of the tree uses it).
    private var body: [History] = []
    private var placement: [History] = []
    private var maskedBody: [History] = []
    private var maskedPlacement: [History] = []
    /// Each node's last body drawing and last cut drawing (`Drawn`), by node.
    private var drawn: [Drawn<BodyDrawing>] = []
    private var cutDrawn: [Drawn<CutDrawing>] = []

    /// Starts frame `frame` of a tree with `topology`: histories move with their layers to a
    /// new snapshot's indices (layers that left the tree lose theirs).
    mutating func begin(frame: UInt64, topology: RenderTopology, options: CompositorOptions) {
        self.frame = frame
        self.options = options
        guard topology !== self.topology else { return }
        self.topology = topology
        let ids = topology.nodes.map(\.layerID)
        guard ids != layerIDs else { return }
        var oldIndex: [UInt64: Int]?
        func carried<Record>(_ histories: [Record], empty: Record) -> [Record] {
            guard !histories.isEmpty else { return [] }
            var moved = [Record](repeating: empty, count: ids.count)
            for (i, id) in ids.enumerated() {
                if i < layerIDs.count, layerIDs[i] == id {
                    moved[i] = histories[i]
                    continue
                }
                if oldIndex == nil {
                    oldIndex = Dictionary(layerIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                }
                if let j = oldIndex?[id] { moved[i] = histories[j] }
            }
            return moved
        }
        body = carried(body, empty: History())
        placement = carried(placement, empty: History())
        maskedBody = carried(maskedBody, empty: History())
        maskedPlacement = carried(maskedPlacement, empty: History())
        drawn = carried(drawn, empty: Drawn())
        cutDrawn = carried(cutDrawn, empty: Drawn())
        layerIDs = ids
    }

    /// Forgets the histories of nodes not drawn for `idleFrames` frames (at their next sight,
    /// they are first seen again).
    mutating func forgetIdle(idleFrames: UInt64) {
        let now = frame
        func forget(_ histories: inout [History]) {
            for i in histories.indices where histories[i].frame != 0 && now &- histories[i].frame >= idleFrames {
                histories[i] = History()
            }
        }
        forget(&body)
        forget(&placement)
        forget(&maskedBody)
        forget(&maskedPlacement)
        for i in drawn.indices where drawn[i].frame != 0 && now &- drawn[i].frame >= idleFrames { drawn[i] = Drawn() }
        for i in cutDrawn.indices where cutDrawn[i].frame != 0 && now &- cutDrawn[i].frame >= idleFrames {
            cutDrawn[i] = Drawn()
        }
    }

    /// How node `node`'s body is drawn: `look` is its body's hash, `placement` its map's;
    /// `eligible` when it is a shape-only body seen through an affine map (a path to draw
    /// directly), `movesCheaply` when a move alone is worth drawing directly (no stroke, a stroke
    /// whose outline is a few straight edges, or in a replicator's instances a thin one whose
    /// raster is mostly empty). The placement is recorded only on frames whose
    /// look holds, the frames where it decides. `holds`: a node drawn once a frame (not a
    /// replicator's instance), which keeps its scanned drawing while it is redrawn unchanged;
    /// `whole`: this frame redraws all of it.
    mutating func bodyDrawing(
        node: Int, look: Int, placement: () -> Int, eligible: Bool, movesCheaply: Bool, holds: Bool = true,
        whole: () -> Bool = { true }
    ) -> BodyDrawing {
        guard eligible, options.drawsChangingLayersDirectly else { return .raster }
        if options.decidesFromFrameAlone { return .direct(scans: true, dropsRaster: true) }
        guard holds else { return changeDrawing(node: node, look: look, placement: placement, movesCheaply: movesCheaply) }
        let placed = placement()
        let answer = changeDrawing(node: node, look: look, placement: { placed }, movesCheaply: movesCheaply)
        return heldDrawing(answer, node: node, look: look, placement: placed, whole: whole)
    }

    /// A node redrawn with the look and placement it was last drawn with has not changed: only
    /// a neighbour's damage reaches it, and the pixels outside that damage keep its last
    /// drawing. Scanned then, it is scanned again where the damage cuts it (its raster,
    /// resampled, would differ inside the damage alone: a seam, a frame showing its history). A
    /// node that changes is damaged whole, so it may change how it is drawn (its raster comes
    /// back at its next change, or when a frame redraws all of it).
    private mutating func heldDrawing(
        _ answer: BodyDrawing, node: Int, look: Int, placement: Int, whole: () -> Bool
    ) -> BodyDrawing {
        let held = Self.held(
            answer == .raster ? nil : answer, in: &drawn, node: node, count: topology?.nodes.count, frame: frame,
            look: look, placement: placement, whole: whole)
        guard let held else { return .raster }
        // Drawn again as before, its raster (made since for a neighbour's frame, or kept) stays.
        return held == answer ? answer : .direct(scans: held.isScanned, dropsRaster: false)
    }

    /// The held rule for one kind of drawing (nil: through the raster): `answer` unless the node
    /// was last drawn otherwise, with this look and placement, and this frame redraws only part
    /// of it; records what it returns.
    private static func held<Drawing>(
        _ answer: Drawing?, in drawn: inout [Drawn<Drawing>], node: Int, count: Int?, frame: UInt64, look: Int,
        placement: Int, whole: () -> Bool
    ) -> Drawing? {
        guard let count, node >= 0, node < count else { return answer }
        if drawn.count != count { drawn = [Drawn](repeating: Drawn(), count: count) }
        let last = drawn[node]
        guard last.frame != frame else { return answer }
        var answer = answer
        if answer == nil, let before = last.drawing, last.look == look, last.placement == placement, !whole() {
            answer = before
        }
        drawn[node] = Drawn(frame: frame, look: look, placement: placement, drawing: answer)
        return answer
    }

    /// `bodyDrawing` from the node's changes alone: scanned while its look or placement keeps
    /// changing, drawn in place by cairo at first sight, through its raster otherwise.
    private mutating func changeDrawing(
        node: Int, look: Int, placement: () -> Int, movesCheaply: Bool
    ) -> BodyDrawing {
        let (changes, firstSight) = record(.body, node: node, look: look, firstSight: true)
        if changes { return .direct(scans: !firstSight, dropsRaster: true) }
        // Scanned, a moving filled shape of any size costs less than its raster resampled
        // (200 shapes of a 512² Lottie file 6.5 → 6.2 ms a frame, TwitterHeartButton's scaling
        // heart 45 → 43 µs) and keeps its exact edges; a stroke only when its outline is a few
        // straight edges (step_loader's sliding lines 82 → 66 µs; the 200 shapes' round-joined
        // outlines took 6.2 → 8.8 ms).
        if options.drawsMovingShapesDirectly, movesCheaply, record(.placement, node: node, look: placement()).changes {
            return .direct(scans: true, dropsRaster: false)
        }
        return .raster
    }

    /// How node `node`'s body cut by its leaf mask is drawn: `look` hashes the cut (body, mask,
    /// the mask's matrix and opacity), `placement` the cut's map; `paintsWhole` when a gradient
    /// kernel can paint it through the mask's outline, `unclipped` when nothing else clips it
    /// (rounded corners, bounds inside the outline), `animated` when the layer, its mask or an
    /// ancestor animates: a gradient cut first seen under animation is drawn directly from the
    /// start (its raster would be dropped a frame later, after holding the peak memory of a
    /// file of animated cuts: `gradient_shapes` 8 MiB). `whole`: this frame redraws all of it.
    mutating func cutDrawing(
        node: Int, look: Int, placement: () -> Int, paintsWhole: Bool, unclipped: () -> Bool, animated: Bool,
        whole: () -> Bool = { true }
    ) -> CutDrawing {
        let placed = placement()
        let answer = changeCutDrawing(
            node: node, look: look, placement: { placed }, paintsWhole: paintsWhole, unclipped: unclipped,
            animated: animated)
        guard !options.decidesFromFrameAlone else { return answer }
        // As `heldDrawing`: a cut redrawn unchanged where a neighbour's damage reaches it is drawn
        // as it was last drawn (its raster inside the damage alone would leave a seam).
        let held = Self.held(
            answer == .raster ? nil : answer, in: &cutDrawn, node: node, count: topology?.nodes.count, frame: frame,
            look: look, placement: placed, whole: whole)
        return held ?? .raster
    }

    /// `cutDrawing` from the node's changes alone.
    private mutating func changeCutDrawing(
        node: Int, look: Int, placement: () -> Int, paintsWhole: Bool, unclipped: () -> Bool, animated: Bool
    ) -> CutDrawing {
        let paintsWhole = paintsWhole && options.drawsChangingLayersDirectly
        let changes = options.decidesFromFrameAlone
            ? paintsWhole
            : record(.maskedBody, node: node, look: look, firstSight: paintsWhole && animated).changes
        if changes { return paintsWhole ? .direct : .group }
        // A still cut keeps its raster (put on as a copy); a moving one that the gradient kernel
        // paints whole costs less drawn than its raster resampled.
        guard paintsWhole, unclipped(), record(.maskedPlacement, node: node, look: placement(), firstSight: animated).changes
        else { return .raster }
        return .direct
    }

    /// Records that node `node` shows `look` this frame. `changes`: it changed in this frame and
    /// in one of the two before, or in the last frame it was drawn in while it kept changing (it
    /// keeps changing: a raster made now would not be used again), or, with `firstSight`, the
    /// node was not drawn before. `firstSight` (out): the node was
    /// first drawn in this frame.
    private mutating func record(
        _ tracked: Tracked, node: Int, look: Int, firstSight: Bool = false
    ) -> (changes: Bool, firstSight: Bool) {
        guard let count = topology?.nodes.count, node >= 0, node < count else { return (firstSight, true) }
        switch tracked {
        case .body: return Self.record(&body, count: count, node: node, look: look, frame: frame, firstSight: firstSight)
        case .placement:
            return Self.record(&placement, count: count, node: node, look: look, frame: frame, firstSight: firstSight)
        case .maskedBody:
            return Self.record(&maskedBody, count: count, node: node, look: look, frame: frame, firstSight: firstSight)
        case .maskedPlacement:
            return Self.record(&maskedPlacement, count: count, node: node, look: look, frame: frame, firstSight: firstSight)
        }
    }

    private static func record(
        _ histories: inout [History], count: Int, node: Int, look: Int, frame: UInt64, firstSight: Bool
    ) -> (changes: Bool, firstSight: Bool) {
        if histories.count != count { histories = [History](repeating: History(), count: count) }
        let entry = histories[node]
        guard entry.frame != 0 else {
            histories[node] = History(look: look, lastChange: frame, frame: frame, firstFrame: frame, answer: firstSight)
            return (firstSight, true)
        }
        let seenFirst = entry.firstFrame == frame
        if entry.frame == frame, entry.look == look { return (entry.answer, seenFirst) }
        histories[node].frame = frame
        guard entry.look != look else {
            histories[node].answer = false
            return (false, seenFirst)
        }
        histories[node].lastChange = frame
        histories[node].look = look
        // Frames in which the node was not drawn do not count: a layer that was changing when
        // last drawn and comes back changed keeps changing (TwitterHeartButton's burst ring,
        // hidden between loops, made a 95×95 raster for one frame each loop).
        let answer = frame &- entry.lastChange <= 2 || (entry.answer && entry.lastChange == entry.frame)
        histories[node].answer = answer
        return (answer, seenFirst)
    }
}
