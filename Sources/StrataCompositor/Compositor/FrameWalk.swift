import CCairo
import CoreGraphics
import StrataGeometry
import StrataRender

/// One frame's walk over a layer tree: iterative (a tree 10,000 levels deep cannot overflow the
/// stack), back to front, with isolation groups, clips, masks and perspective offscreens.
struct FrameWalk: ~Copyable {
    /// The compositor drawing this frame, which makes the walk and outlives it (`Compositor.draw`).
    /// Held strongly: a field of the walk is read borrowed, where an `unowned` one (checked or not)
    /// was retained and released at each use.
    let compositor: Compositor
    let nodes: [RenderNode]
    /// What the walk reads of every node, as flat arrays (`RenderTopology`): a node's own record
    /// is about 780 bytes and its sublayer list another allocation.
    let plan: [RenderTopology.Node]
    let kids: [Int32]
    /// False when no node of the tree runs a transition (none is looked for per layer).
    let hasTransitions: Bool
    /// The presented states in use: the frame's, or a delayed replicator instance's.
    private(set) var states: [RenderLayerState]
    /// `states`' elements, read in place: `let s = states[i]` copies a 700-byte state and
    /// retains its ten references, a per-layer cost that dominated small files' frames. The
    /// frame's states are lent by the caller for the walk (`Compositor.draw` runs it inside
    /// their `withUnsafeBufferPointer`); a delayed instance's are copied into a `StateBuffer`
    /// the walk keeps.
    private(set) var stateStorage: UnsafeBufferPointer<RenderLayerState>
    /// The frame's presented states, and their elements lent for the walk.
    let frameStates: [RenderLayerState]
    let frameStorage: UnsafeBufferPointer<RenderLayerState>
    /// The snapshot drawn, when the walk may evaluate it at other times (replicator instances
    /// with instanceDelay). A snapshot, not a closure: a closure capturing it was allocated a frame.
    var otherTimes: RenderTreeSnapshot?
    var frameTime: Double = 0
    var delayedStates: [Double: StateBuffer] = [:]
    /// The frame's footprints, when the caller has them: a leaf whose box misses the clip is
    /// skipped before any matrix is made (most layers of a small damaged region's redraw).
    var footprints: Footprints?
    /// Where the frame's footprints were worked out, and their frame there (`Footprints.worked`):
    /// each layer's maps to the target, read instead of made again.
    var workedCache: FootprintCache?
    var workedFrame: UInt64 = 0
    /// Each node's footprint united with its subtree's, made when a group first asks (see `groupBox`).
    var subtreeBoxes: [CGRect] = []
    /// Each node's subtree box for culling (`Footprints.subtreeEdges`), made when a layer below
    /// the root with sublayers is first tested.
    var cullingEdges: [Double] = []
    /// False while a replicator's delayed instance draws from states of another time (the
    /// footprints do not describe those).
    var drawsFrameStates = true
    /// The frame's look serials by node (`PresentationChanges.lookSerials`), when the caller has
    /// them: bodies of layers whose look holds are kept from the last frame.
    var lookSerials: [UInt64] = []
    /// Each replicator's instance matrices, made when its instances are pushed.
    var instanceMatrices: [Int: [CATransform3D]] = [:]
    /// Replicator instances drawn so far this frame, nested ones counted once per outer
    /// instance (see `maxInstancesPerFrame`).
    var instancesThisFrame = 0
    /// The cairo contexts drawn into: the frame's target, then any perspective offscreens.
    var targets: [OpaquePointer]
    /// Popped group contents waiting for their mask to be drawn.
    var pendingContents: [OpaquePointer] = []
    var steps: [Step] = []
    /// The contexts steps refer to, appended as the frame goes (cleared with the frame).
    var contexts: [Context] = []
    /// What layers opened and their exit steps close, appended as the frame goes (cleared with it).
    var exits: [Exit] = []
    /// The walk's accounts of clips cairo cannot list, that contexts refer to (`Context.exactClip`).
    var exactClips: [ExactClip] = []

    /// A walk over `states`, whose elements `storage` lends (valid for the walk's whole life).
    init(
        compositor: Compositor, nodes: [RenderNode], topology: RenderTopology, states: [RenderLayerState],
        storage: UnsafeBufferPointer<RenderLayerState>, target: OpaquePointer, scratch: consuming Scratch = Scratch(),
        hasTransitions: Bool = true
    ) {
        self.compositor = compositor
        self.nodes = nodes
        self.plan = topology.nodes
        self.kids = topology.sublayers
        self.hasTransitions = hasTransitions
        self.states = states
        self.stateStorage = storage
        self.frameStates = states
        self.frameStorage = storage
        // Moved, not copied: an array held twice is copied whole at its first append.
        self.targets = []
        self.steps = []
        self.contexts = []
        self.exits = []
        swap(&targets, &scratch.targets)
        swap(&steps, &scratch.steps)
        swap(&contexts, &scratch.contexts)
        swap(&exits, &scratch.exits)
        targets.append(target)
    }

    /// The walk's stacks, emptied with their capacity kept, handed from one frame's walk to the
    /// next (a frame allocates none).
    struct Scratch {
        var steps: [Step] = []
        var targets: [OpaquePointer] = []
        var contexts: [Context] = []
        var exits: [Exit] = []
    }

    /// Draws from `states` (elements at `storage`, valid for the rest of the walk) from here on.
    mutating func use(_ states: [RenderLayerState], _ storage: UnsafeBufferPointer<RenderLayerState>) {
        self.states = states
        stateStorage = storage
    }

    /// Keeps `context` for steps to refer to; its index in `contexts`.
    mutating func keep(_ context: Context) -> Int {
        contexts.append(context)
        return contexts.count - 1
    }

    /// Where and how a layer is drawn, handed from a layer to its sublayers.
    struct Context {
        /// Local 3D → target pixels (then divide by w).
        var toTarget: CATransform3D
        /// Local → the 3D space of the nearest flattening ancestor (depth order in transform layers).
        var toPlane: CATransform3D
        /// Opacity not yet applied by a group.
        var alpha: Double
        /// contentsAreFlipped of the parent.
        var flipped: Bool
        /// Where drawing can land, in target pixels.
        var clip: CGRect
        /// +1, or −1 when the target is mirrored relative to the screen (back-face culling).
        var orientation: Double
        /// Isolation groups open above.
        var groupDepth: Int
        /// The node whose transition is being drawn (it is drawn plainly inside it).
        var transitionNode = -1
        /// The node drawn into a perspective offscreen: its blend mode applies where the
        /// offscreen is warped onto the target, not inside.
        var blendRoot = -1
        /// The walk's account of a clip cairo cannot list (in `exactClips`), or −1.
        var exactClip: Int32 = -1
        /// Inside a replicator's instance: the layers below are drawn several times a frame.
        var isInstance = false
    }

    enum Step {
        /// Draw `node` (a sublayer of `parent`, or its mask when `isMask`) and push its sublayers;
        /// `context` indexes `contexts` (siblings share one: a step is a few words, not a context).
        case enter(node: Int, parent: Int, isMask: Bool, context: Int, opacityApplied: Bool, instance: Int = 0)
        /// Presented states from here on: the frame's shifted back by `delay` seconds.
        case useStates(delay: Double)
        /// Composites a layer's transition once its new picture is drawn.
        /// (Rare steps with large payloads are boxed: every step is as large as the largest case.)
        indirect case endTransition(TransitionDraw)
        /// Opens the group an instance's colour multiplies.
        case beginTint
        /// Multiplies what was drawn since the matching group push by a colour (replicators).
        case endTint(RGBA)
        /// Closes what a layer opened (`exits[exit]`): a step stays a few words, not an exit's 130 bytes.
        case afterSublayers(exit: Int)
        case afterMask(exit: Int)
        indirect case endOffscreen(Offscreen)
    }

    /// What `enter` opened and its exit must close.
    struct Exit {
        var node: Int
        var map: PlaneMap
        /// The layer's context, in `contexts`.
        var context: Int
        var drawAlpha: Double
        var clipped: Bool
        var grouped: Bool
        var groupAlpha: Double
        var compositeShadow: Bool
        var hasMask: Bool
        /// A clip to the group's box was saved before the group was pushed (restored after it).
        var groupLimited = false
        /// The border drawn at the exit, over the sublayers: made on entry (a delayed replicator
        /// instance's states may be gone by the exit), boxed (inline, it made every step a
        /// kilobyte to copy).
        var separateBorder: SeparateBorder?
    }

    /// A layer's border body, drawn after its sublayers.
    final class SeparateBorder {
        let body: LayerBody
        init(_ body: LayerBody) { self.body = body }
    }

    struct Offscreen {
        var node: Int
        var raster: Raster
        var map: PlaneMap
        var clip: CGRect
        var alpha: Double
        var antialias: Bool
        var blend: CompositingBlend
    }

    /// The context drawn into. Kernel operations waiting for it are drawn first, so whatever is
    /// drawn through it comes after them.
    var cr: OpaquePointer {
        compositor.kernelBatch.flush()
        return targets[targets.count - 1]
    }

    /// The context drawn into, without drawing the kernel operations waiting (for adding more).
    var currentTarget: OpaquePointer { targets[targets.count - 1] }

    // MARK: - Walk

    mutating func run(root: Int, placement: Compositor.RootPlacement, base: CGAffineTransform, clip: CGRect) {
        let baseMatrix = CATransform3DMakeAffineTransform(base)
        let det = base.a * base.d - base.b * base.c
        let context = Context(
            toTarget: baseMatrix, toPlane: CATransform3DIdentity, alpha: 1, flipped: false, clip: clip,
            orientation: det < 0 ? -1 : 1, groupDepth: 0)
        steps.append(
            .enter(node: root, parent: placement == .ownSpace ? -2 : -1, isMask: false, context: keep(context),
                opacityApplied: false))
        drain()
    }

    /// What the frame's footprints tell of a leaf against the clip: it misses it, it meets it,
    /// or they cannot tell.
    enum ClipTest { case outside, inside, unknown }

    /// Whether the frame's footprints show that `node`, a leaf drawn straight onto the frame's
    /// target, lands outside the clip (then nothing of it is made). Footprint boxes cover every
    /// place a layer is drawn at (replicator instances included); offscreens, transitions and
    /// delayed states are excluded because they draw in other coordinates or at other times.
    mutating func clipTest(_ node: Int, isMask: Bool, clip: CGRect, transitionNode: Int) -> ClipTest {
        // `footprints?.entry` reads in place; `guard let footprints` (and `!= nil`) copied the
        // footprints, retaining their arrays, for every layer entered.
        guard drawsFrameStates, !isMask, targets.count == 1, transitionNode < 0 else { return .unknown }
        guard !plan[node].hasSublayers, plan[node].mask < 0 else {
            // A subtree wholly outside the clip is skipped (its layers would each be tested);
            // not the root's, which holds everything (a flat tree makes no boxes).
            guard plan[node].parent >= 0, footprints?.describes(node: node, layerID: plan[node].layerID) == true
            else { return .unknown }
            if cullingEdges.isEmpty { cullingEdges = footprints?.subtreeEdges(plan, states) ?? [] }
            return Footprints.subtreeBox(in: cullingEdges, node: node).meets(clip) ? .unknown : .outside
        }
        guard !(hasTransitions && plan[node].hasTransition),
            let entry = footprints?.entry(node: node, layerID: plan[node].layerID)
        else { return .unknown }
        return entry.box.meets(clip) ? .inside : .outside
    }

    /// Sets `context`'s maps to those the frame's footprints worked out for `node` (a sublayer or
    /// mask, not an instance), when the walk draws it where they placed it: onto the frame's
    /// target, from the frame's states, outside a transition, and placed once. False otherwise.
    /// Inlined: called from the walk's mutating steps, a call copied the whole walk (360 bytes).
    @inline(__always)
    func takeWorkedMaps(_ node: Int, transitionNode: Int, into context: inout Context) -> Bool {
        guard let cache = workedCache, drawsFrameStates, targets.count == 1, transitionNode < 0,
            node < cache.slots.count, cache.slots[node].frame == workedFrame, cache.slots[node].placedOnce,
            cache.slots[node].layerID == plan[node].layerID
        else { return false }
        context.toTarget = cache.slots[node].maps.toTarget
        context.toPlane = cache.slots[node].maps.toPlane
        compositor.workedMapsTaken += 1
        return true
    }

    /// The map from `node`'s space into its parent's 3D space. `parent` −1: the root placed as
    /// a sublayer of the target; −2: the root in its own space.
    func localMatrix(_ node: Int, parent: Int, isMask: Bool) -> CATransform3D {
        switch parent {
        case -3: return CATransform3DIdentity
        case -2: return LayerMatrix.ownSpace(stateStorage[node])
        case -1: return LayerMatrix.toParent(stateStorage.baseAddress! + node, parentPivot: nil, parentSublayerTransform: nil)
        default: return LayerMatrix.toParent(
                    stateStorage.baseAddress! + node,
                    parentPivot: isMask ? nil : LayerMatrix.pivot(
                        bounds: stateStorage[parent].bounds, anchorPoint: stateStorage[parent].anchorPoint,
                        anchorPointZ: stateStorage[parent].anchorPointZ),
                    parentSublayerTransform: isMask ? nil : stateStorage[parent].sublayerTransform)
        }
    }

    /// Enters `node` in the context at `contextIndex` in `contexts`, copied once here: passed
    /// whole (about 340 bytes), it was copied several times for every layer entered.
    mutating func enter(_ node: Int, parent: Int, isMask: Bool, context contextIndex: Int, opacityApplied: Bool, instance: Int = 0) {
        let test = clipTest(node, isMask: isMask, clip: contexts[contextIndex].clip, transitionNode: contexts[contextIndex].transitionNode)
        if test == .outside { return }
        enter(
            node, stateStorage.baseAddress! + node, parent: parent, isMask: isMask, contextIndex,
            opacityApplied: opacityApplied, instance: instance, boxMeetsClip: test == .inside)
    }

    /// `enter` with the layer's presented state at `s` (in `stateStorage`), read field by field:
    /// a state passed whole is copied (700 bytes, ten references) for every layer entered.
    private mutating func enter(
        _ node: Int, _ s: UnsafePointer<RenderLayerState>, parent: Int, isMask: Bool, _ contextIndex: Int,
        opacityApplied: Bool, instance: Int, boxMeetsClip: Bool
    ) {
        guard !s.pointee.isHidden else { return }
        // The outer context, to be made this layer's: its maps are replaced below.
        var context = contexts[contextIndex]
        let outerFlipped = context.flipped
        if parent < 0 || instance > 0 || !takeWorkedMaps(node, transitionNode: context.transitionNode, into: &context) {
            var local = localMatrix(node, parent: parent, isMask: isMask)
            if instance > 0 { local = local.concatenating(instanceMatrix(of: parent, instance)) }
            if parent >= 0 && !isMask && sharesDepth(parent) {
                context.toTarget = local.concatenating(context.toTarget)
                context.toPlane = local.concatenating(context.toPlane)
            } else {
                context.toTarget = LayerMatrix.flattened(local).concatenating(context.toTarget)
                context.toPlane = local
            }
        }
        guard LayerMatrix.isFinite(context.toTarget) else {
            if !compositor.warnedNonFinite {
                compositor.warnedNonFinite = true
                Diagnostics.warn("CALayer rendering: a layer's geometry is not finite (NaN or infinite); not drawn")
            }
            return
        }
        let opacity = Double(s.pointee.opacity)
        guard opacity.isFinite else { return }
        if !opacityApplied { context.alpha *= Swift.min(Swift.max(opacity, 0), 1) }
        guard context.alpha > 0 else { return }
        let flippedHere = outerFlipped != s.pointee.isGeometryFlipped
        context.flipped = flippedHere

        if plan[node].isTransformLayer {
            pushSublayers(of: node, context: context, depthSorted: true)
            return
        }
        let map = PlaneMap(context.toTarget)
        let center = CGPoint(x: s.pointee.bounds.midX, y: s.pointee.bounds.midY)
        // cairo and pixman work in fixed point: a layer magnified more than a million times
        // (or with a non-finite one) cannot be drawn faithfully, so it is not drawn at all.
        guard map.stretches(atMost: Compositor.maxStretch, at: center) else {
            if !compositor.warnedNonFinite {
                compositor.warnedNonFinite = true
                Diagnostics.warn(
                    "CALayer rendering: a layer is scaled by \(map.scale(at: center)) on the target (more than 10⁶); not drawn")
            }
            return
        }
        let det = map.determinant
        guard det.isFinite, abs(det) > 1e-12 else { return }  // seen edge-on: nothing shows
        let wCenter = map.applyHomogeneous(center.x, center.y).w
        if !s.pointee.isDoubleSided, det * context.orientation * (wCenter < 0 ? -1 : 1) < 0 { return }

        // The flag first: the optional record asked for was copied about four times a layer.
        if hasTransitions, plan[node].hasTransition, context.transitionNode != node,
            let (transition, progress) = activeTransition(node)
        {
            beginTransition(
                node, parent: parent, isMask: isMask, instance: instance, outer: contexts[contextIndex], context: context, map: map,
                transition: transition, progress: progress)
            return
        }
        let hasSublayers = hasShownSublayers(node)
        let hasMask = plan[node].mask >= 0 && context.groupDepth < Compositor.maxGroupDepth
        if !hasMask, Self.onlyHoldsSublayers(s) {
            // What `drawLayer` would do for it, without building its (empty) body.
            if hasSublayers, !context.clip.isEmpty { pushSublayers(of: node, context: context, depthSorted: false) }
            return
        }
        // A leaf entirely outside the region being drawn costs nothing more (partial redraws).
        if !hasSublayers, !hasMask, !boxMeetsClip, !Footprints.box(s, map: map).meets(context.clip) { return }
        if !map.isAffine, hasSublayers || hasMask {
            beginOffscreen(node, map: map, context: context)
            return
        }
        drawLayer(node, s, map: map, context: &context, hasSublayers: hasSublayers, hasMask: hasMask)
    }

    /// True when one of `node`'s sublayers is not hidden. (Inlined, as `takeWorkedMaps`.)
    @inline(__always)
    func hasShownSublayers(_ node: Int) -> Bool {
        for k in Int(plan[node].firstSublayer)..<Int(plan[node].endSublayer) where !stateStorage[Int(kids[k])].isHidden {
            return true
        }
        return false
    }

    /// True when a layer draws nothing of its own and opens nothing around its sublayers (no
    /// background, contents, border, shadow, effects, blend, clip or group opacity): most
    /// containers of a tree, which the walk passes straight through.
    static func onlyHoldsSublayers(_ s: UnsafePointer<RenderLayerState>) -> Bool {
        guard case .plain = s.pointee.kind else { return false }
        return s.pointee.backgroundColor == nil && s.pointee.contentsImage == nil && s.pointee.tiles == nil
            && !(s.pointee.borderWidth > 0) && !(s.pointee.shadowOpacity > 0) && s.pointee.effects.isEmpty
            && s.pointee.compositingBlend == .normal && !s.pointee.masksToBounds
            && !(s.pointee.opacity < 1 && s.pointee.allowsGroupOpacity)
    }

    /// Draws a layer, presented as `s`, through an affine map (or, without sublayers, through a
    /// perspective one). `context` is the layer's, made its group's here (lent, not copied: it
    /// is about 360 bytes, and the caller is done with it).
    mutating func drawLayer(
        _ node: Int, _ s: UnsafePointer<RenderLayerState>, map: PlaneMap, context: inout Context, hasSublayers: Bool, hasMask: Bool
    ) {
        if hasMask, let leaf = maskedLeaf(node, s, map: map, context: context, hasSublayers: hasSublayers),
            drawMaskedLeaf(node, s, map: map, context: context, leaf: leaf)
        {
            return
        }
        let shadow = s.pointee.shadowOpacity > 0 ? visibleShadow(s.pointee) : nil
        let compositeShadow = shadow != nil && s.pointee.shadowPath == nil && hasSublayers
        let groupOpacity = s.pointee.opacity < 1 && s.pointee.allowsGroupOpacity && hasSublayers && !drawsAtMostOneLayer(below: node)
        // A blend mode other than normal combines the layer's whole composite with the backdrop
        // (not when the layer is the root of a perspective offscreen: that blends at its warp).
        let blends = s.pointee.compositingBlend != .normal && context.blendRoot != node
        var grouped = groupOpacity || hasMask || compositeShadow || blends || !s.pointee.effects.isEmpty
        if grouped, context.groupDepth >= Compositor.maxGroupDepth {
            grouped = false
            if !compositor.warnedDepth {
                compositor.warnedDepth = true
                Diagnostics.warn(
                    "CALayer rendering: more than \(Compositor.maxGroupDepth) nested groups (opacity, masks); "
                        + "deeper layers are drawn without isolation")
            }
        }
        // The border goes over everything of the layer: drawn apart when sublayers or tiles come
        // between it and the body.
        let borderApart = hasSublayers || s.pointee.tiles != nil
        let body = body(node, s, withBorder: !borderApart, flipped: context.flipped)

        // The shadow (from the body or shadowPath) goes under everything of the layer. A mask or
        // masksToBounds cuts it too, as on Apple (a shadowed layer that clips needs a container
        // to show its shadow): masksToBounds in the shadow's raster, a mask with the group.
        // A group's surface covers only what its layers can touch (cairo sizes it to the clip):
        // a masked layer of a few pixels on a 1080p frame no longer clears and composites it all.
        var groupLimited = false
        if grouped, s.pointee.effects.isEmpty, let box = groupBox(node, hasMask: hasMask, context) {
            let limit = Self.groupLimit(box, compositeShadow: compositeShadow ? shadow : nil, s.pointee, map: map)
                .integral.clipped(to: context.clip)
            guard !limit.isNull, !limit.isEmpty else { return }
            context.clip = limit
            context.exactClip = exactClip(context, cutByWhole: limit)
            groupLimited = true
        }
        let groupAlpha = context.alpha
        if let shadow, !compositeShadow, !(grouped && hasMask) {
            drawShadow(node, shadow, body: body, map: map, alpha: context.alpha, context: context)
        }
        if groupLimited {
            compositor.save(cr)
            cairo_identity_matrix(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, context.clip.minX, context.clip.minY, context.clip.width, context.clip.height)
            compositor.clip(cr)
        }
        if grouped {
            compositor.pushGroup(cr)
            compositor.groups += 1
            context.alpha = 1
            context.groupDepth += 1
        }
        if let shadow, !compositeShadow, grouped && hasMask {
            drawShadow(node, shadow, body: body, map: map, alpha: 1, context: context)
        }
        drawBody(node, s, body, map: map, alpha: context.alpha, context: context)
        if case .emitter(let emitter) = s.pointee.kind {
            // Particles above the background (and the border, which is in the body when there
            // are no sublayers), below the sublayers.
            drawParticles(node, emitter, map: map, alpha: context.alpha, context: context)
        }
        if let tiles = s.pointee.tiles {
            drawTiles(node, tiles, map: map, alpha: context.alpha, context: context)
        }

        var clipped = false
        // The sublayers' clip and its exact account (their context is made from the layer's
        // when they are pushed: a leaf copies no context).
        var sublayerClip = context.clip, sublayerExactClip = context.exactClip
        if s.pointee.masksToBounds, hasSublayers {
            sublayerClip = context.clip.clipped(to: map.boundingBox(of: s.pointee.bounds))
        }
        // A clip the sublayers stay inside changes no pixel: it is not applied.
        if s.pointee.masksToBounds, hasSublayers,
            !sublayersStayInside(node, bounds: s.pointee.bounds, corners: body.corners, map: map, context)
        {
            sublayerExactClip = boundsClip(s.pointee.bounds, corners: body.corners, map: map, context)
            compositor.save(cr)
            var m = Self.cairoMatrix(map.affine)
            cairo_set_matrix(cr, &m)
            cairo_new_path(cr)
            body.corners.addPath(s.pointee.bounds, to: cr)
            cairo_identity_matrix(cr)
            compositor.clip(cr)
            clipped = true
        }
        // The context is kept only for an exit that is pushed (most leaves push none).
        var exit = Exit(
            node: node, map: map, context: -1, drawAlpha: context.alpha, clipped: clipped, grouped: grouped,
            groupAlpha: groupAlpha, compositeShadow: compositeShadow, hasMask: grouped && hasMask, groupLimited: groupLimited,
            separateBorder: borderApart && s.pointee.borderWidth > 0
                ? SeparateBorder(LayerBody(s.pointee, withBorder: true, withFill: false, flipped: context.flipped)) : nil)
        if exit.clipped || exit.grouped || exit.separateBorder != nil { exit.context = keep(context) }
        if exit.hasMask {
            exits.append(exit)
            steps.append(.afterMask(exit: exits.count - 1))
            var maskContext = context
            maskContext.alpha = 1
            maskContext.clip = context.clip
            steps.append(
                .enter(node: Int(nodes[node].mask), parent: node, isMask: true, context: keep(maskContext),
                    opacityApplied: false))
        }
        // A leaf that opened nothing (no clip, group or border apart) has nothing to close: no
        // step (a frame of many layers pushes and pops hundreds of these).
        if exit.clipped || exit.grouped || exit.separateBorder != nil {
            exits.append(exit)
            steps.append(.afterSublayers(exit: exits.count - 1))
        }
        if hasSublayers, !sublayerClip.isEmpty {
            var sublayerContext = context
            sublayerContext.clip = sublayerClip
            sublayerContext.exactClip = sublayerExactClip
            pushSublayers(of: node, context: sublayerContext, depthSorted: false)
        }
    }

    /// Pushes `node`'s sublayers so they pop back to front: by zPosition (stable), or for a
    /// transform layer by depth in its 3D space.
    mutating func pushSublayers(of node: Int, context: Context, depthSorted: Bool) {
        let first = Int(plan[node].firstSublayer), end = Int(plan[node].endSublayer)
        guard first < end else { return }
        let sublayers = kids[first..<end]
        let instanced = if plan[node].multiplies, case .replicator = stateStorage[node].kind { true } else { false }
        if !instanced, !depthSorted, Self.shareOneDepth(sublayers, stateStorage) {
            // Drawn in the order they are listed (the sort below would keep it): pushed back to
            // front without a per-container array.
            let kept = keep(context)
            var k = end
            while k > first {
                k -= 1
                let c = Int(kids[k])
                if clipTest(c, isMask: false, clip: context.clip, transitionNode: context.transitionNode) == .outside { continue }
                steps.append(.enter(node: c, parent: node, isMask: false, context: kept, opacityApplied: false))
            }
            return
        }
        var order: [(key: Double, index: Int, node: Int)] = []
        order.reserveCapacity(sublayers.count)
        for (k, child) in sublayers.enumerated() {
            let c = Int(child)
            // A leaf the footprints put outside the clip is not even pushed (a small damaged
            // region's redraw skips most of a wide tree here).
            if !instanced, clipTest(c, isMask: false, clip: context.clip, transitionNode: context.transitionNode) == .outside { continue }
            var key = Double(states[c].zPosition)
            if depthSorted {
                let m = localMatrix(c, parent: node, isMask: false).concatenating(context.toPlane)
                let b = states[c].bounds
                let x = b.midX, y = b.midY
                let z = x * m.m13 + y * m.m23 + m.m43
                let w = x * m.m14 + y * m.m24 + m.m44
                key = w != 0 ? z / w : 0
            }
            order.append((key.isFinite ? key : 0, k, c))
        }
        order.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
        if case .replicator(let replicator) = states[node].kind {
            pushInstances(of: node, replicator, order: order.map(\.node), context: context)
            return
        }
        let kept = keep(context)
        for entry in order.reversed() {
            steps.append(.enter(node: entry.node, parent: node, isMask: false, context: kept, opacityApplied: false))
        }
    }

    /// Whether every sublayer has the same finite `zPosition` (the common case: none set).
    private static func shareOneDepth(_ sublayers: ArraySlice<Int32>, _ states: UnsafeBufferPointer<RenderLayerState>) -> Bool {
        guard let firstChild = sublayers.first else { return true }
        let first = states[Int(firstChild)].zPosition
        guard first.isFinite else { return false }
        for child in sublayers where states[Int(child)].zPosition != first { return false }
        return true
    }

    mutating func afterSublayers(_ exit: Exit) {
        if exit.clipped { compositor.restore(cr) }
        if let border = exit.separateBorder?.body, border.border != nil {
            drawBody(
                exit.node, stateStorage.baseAddress! + exit.node, border, map: exit.map, alpha: exit.drawAlpha, context: contexts[exit.context],
                part: .border)
        }
        guard exit.grouped, let content = compositor.popGroup(cr) else {
            if exit.groupLimited { compositor.restore(cr) }
            return
        }
        if exit.hasMask {
            pendingContents.append(content)
            compositor.pushGroup(cr)
            return
        }
        finishGroup(exit, content: content, mask: nil)
        if exit.groupLimited { compositor.restore(cr) }
    }

    mutating func afterMask(_ exit: Exit) {
        defer { if exit.groupLimited { compositor.restore(cr) } }
        guard let mask = compositor.popGroup(cr) else { return }
        defer { cairo_pattern_destroy(mask) }
        if states[exit.node].maskMode != .alpha { Self.convertMask(mask, states[exit.node].maskMode) }
        guard let content = pendingContents.popLast() else { return }
        finishGroup(exit, content: content, mask: mask)
    }

    /// Composites an isolated layer: its composite shadow, then its content through its mask at
    /// its opacity.
    mutating func finishGroup(_ exit: Exit, content: OpaquePointer, mask: OpaquePointer?) {
        let s = states[exit.node]
        var content = content, mask = mask
        if !s.effects.isEmpty {
            // Effects work on the masked picture (After Effects applies masks first: a stroke
            // style rings the mask's outline, a blur softens its edge).
            if let cut = mask {
                compositor.pushGroup(cr)
                cairo_set_source(cr, content)
                cairo_mask(cr, cut)
                if let masked = compositor.popGroup(cr) {
                    cairo_pattern_destroy(content)
                    content = masked
                    mask = nil
                }
            }
            LayerEffects.apply(s.effects, to: content, transform: exit.map.affine)
        }
        if exit.compositeShadow, let shadow = visibleShadow(s) {
            // With a mask, the shadow is drawn with the content and cut by the mask too.
            if mask != nil { compositor.pushGroup(cr) }
            withBoundsClip(s, map: exit.map, body: LayerBody(s, withBorder: false, withFill: false, flipped: false)) {
                $0.drawCompositeShadow(content, shadow: shadow, s: s, map: exit.map, alpha: mask == nil ? exit.groupAlpha : 1)
            }
            if mask != nil {
                cairo_set_source(cr, content)
                cairo_paint(cr)
                if let combined = compositor.popGroup(cr) {
                    cairo_pattern_destroy(content)
                    content = combined
                }
            }
        }
        defer { cairo_pattern_destroy(content) }
        let blend = contexts[exit.context].blendRoot == exit.node ? CompositingBlend.normal : s.compositingBlend
        cairo_set_operator(cr, blend.cairoOperator)
        defer { cairo_set_operator(cr, CAIRO_OPERATOR_OVER) }
        cairo_set_source(cr, content)
        if let mask {
            if exit.groupAlpha < 1 {
                compositor.pushGroup(cr)
                cairo_mask(cr, mask)
                compositor.popGroupToSource(cr)
                cairo_paint_with_alpha(cr, exit.groupAlpha)
            } else {
                cairo_mask(cr, mask)
            }
        } else {
            cairo_paint_with_alpha(cr, exit.groupAlpha)
        }
    }

    /// Runs `body` clipped to the layer's (rounded) bounds when it masks to bounds.
    mutating func withBoundsClip(_ s: RenderLayerState, map: PlaneMap, body: LayerBody, _ draw: (inout FrameWalk) -> Void) {
        guard s.masksToBounds, map.isAffine else {
            draw(&self)
            return
        }
        compositor.save(cr)
        var m = Self.cairoMatrix(map.affine)
        cairo_set_matrix(cr, &m)
        cairo_new_path(cr)
        body.corners.addPath(s.bounds, to: cr)
        cairo_identity_matrix(cr)
        compositor.clip(cr)
        draw(&self)
        compositor.restore(cr)
    }

    /// Whether `node`'s sublayers share its 3D space: a CATransformLayer, or a replicator with
    /// preservesDepth (its instances are then not flattened; they are drawn in instance order).
    @inline(__always)
    func sharesDepth(_ node: Int) -> Bool {
        if plan[node].isTransformLayer { return true }
        if case .replicator(let r) = states[node].kind { return r.preservesDepth }
        return false
    }
}

extension FrameWalk {
    /// Node `node`'s body (presented as `s`), kept from the last frame while its look serial
    /// holds and the walk draws the frame's own states.
    func body(_ node: Int, _ s: UnsafePointer<RenderLayerState>, withBorder: Bool, flipped: Bool) -> LayerBody {
        let serial = drawsFrameStates && node < lookSerials.count ? lookSerials[node] : 0
        return compositor.bodyMemo.body(
            node: node, layerID: plan[node].layerID, serial: serial, s, withBorder: withBorder, flipped: flipped,
            glyphPositioning: compositor.glyphPositioning)
    }
}
