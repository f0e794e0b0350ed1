import CoreGraphics
import StrataAnimation
import StrataGeometry
import StrataRender

/// Where each layer of a frame lands on the target and a fingerprint of everything that decides
/// its pixels (its own look, its placement, and what its ancestors do to it). Comparing two
/// frames' footprints gives the damaged region: the old and new boxes of every layer whose
/// fingerprint changed, appeared or went away.
package struct Footprints: Equatable {
    package struct Entry: Equatable {
        /// Target pixels the layer may touch (shadow included).
        package var box: CGRect
        package var signature: Int
    }

    /// By snapshot node index: nil for a layer not drawn (hidden, transparent, outside the
    /// subtree, a transform layer). Indexed, not keyed by layer, so a frame looks nothing up.
    package private(set) var byNode: [Entry?] = []
    /// The layer at each node index (what entries are matched by across snapshots).
    package private(set) var layerIDs: [UInt64] = []

    /// The entries by layer.
    package var entries: [UInt64: Entry] {
        var entries: [UInt64: Entry] = [:]
        for (i, entry) in byNode.enumerated() { if let entry { entries[layerIDs[i]] = entry } }
        return entries
    }

    /// The box of everything node `node`'s subtree draws, from `edges` (`subtreeEdges`): `.null`
    /// when it draws nothing, `.infinite` when it cannot be bounded.
    package static func subtreeBox(in edges: [Double], node: Int) -> CGRect {
        let k = 4 * node
        guard node >= 0, k + 3 < edges.count else { return .infinite }
        let x0 = edges[k], y0 = edges[k + 1], x1 = edges[k + 2], y1 = edges[k + 3]
        guard x0 <= x1, y0 <= y1 else { return .null }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return .infinite }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when these footprints were made for a tree with layer `layerID` at node `node`.
    package func describes(node: Int, layerID: UInt64) -> Bool {
        node >= 0 && node < layerIDs.count && layerIDs[node] == layerID
    }

    /// The entry of node `node` of the snapshot these footprints were made from.
    package func entry(node: Int, layerID: UInt64) -> Entry? {
        guard node >= 0, node < byNode.count, layerIDs[node] == layerID else { return nil }
        return byNode[node]
    }

    /// How the tree was placed: a frame drawn the same way may skip layers by their boxes.
    package private(set) var placement: Placement?

    /// The cache these footprints were worked out in and their frame there: the walk of the same
    /// states takes each layer's map to the target from it (one derivation a frame).
    package private(set) var worked: Worked?

    package struct Worked {
        let cache: FootprintCache
        let frame: UInt64
    }

    /// Equal footprints say the same of every layer, wherever they were worked out.
    package static func == (l: Footprints, r: Footprints) -> Bool {
        l.byNode == r.byNode && l.layerIDs == r.layerIDs && l.placement == r.placement
            && l.dependsOnTime == r.dependsOnTime && l.hasTransitions == r.hasTransitions
    }

    package struct Placement: Equatable {
        var root: Int
        var rootPlacement: Compositor.RootPlacement
        var base: CGAffineTransform
    }

    /// True when the footprints would differ at another time with the same states: particles,
    /// delayed replicator instances, transitions, or a tree over the instance budget (whose
    /// every frame counts as changed).
    package private(set) var dependsOnTime = false
    /// False when the tree runs no transition (none is looked for per layer).
    private var hasTransitions = true

    package init() {}

    /// The footprints of `snapshot`'s tree below `root`, presented as `states`, placed as the
    /// compositor places it. With a `cache`, a layer whose state, parent and placement are those
    /// of an earlier frame takes its footprint from there (a frame costs what changed). With
    /// `serials` (`PresentationChanges.serials` of `states`), animated layers are kept too while
    /// their values hold; without, only layers without animations are. With `lookSerials`, a
    /// placed layer's look is named by its serial instead of hashed whole.
    package init(
        _ snapshot: RenderTreeSnapshot, states: [RenderLayerState], root: Int = 0,
        placement: Compositor.RootPlacement, base: CGAffineTransform, time: Double = 0,
        cache: FootprintCache? = nil, serials: [UInt64]? = nil, lookSerials: [UInt64]? = nil
    ) {
        let nodes = snapshot.nodes
        guard root >= 0, root < nodes.count, states.count == nodes.count else { return }
        self.placement = Placement(root: root, rootPlacement: placement, base: base)
        hasTransitions = snapshot.hasTransitions
        let cache = cache ?? FootprintCache()
        cache.frame &+= 1
        let frame = cache.frame
        // The cache's arrays are moved out for the walk (held once: written in place, without
        // exclusivity checks), and back after.
        var slots: [FootprintCache.Slot] = []
        var handed: [FootprintCache.Handed] = []
        swap(&slots, &cache.slots)
        swap(&handed, &cache.handed)
        if slots.count > nodes.count { slots.removeLast(slots.count - nodes.count) }
        while slots.count < nodes.count { slots.append(FootprintCache.Slot()) }
        handed.removeAll(keepingCapacity: true)
        if cache.base?.transform != base { cache.base = (base, cache.nextMapsSerial()) }
        var mapsSerials = cache.mapsSerials
        handed.append(
            FootprintCache.Handed(
                maps: FootprintCache.Maps(toTarget: CATransform3DMakeAffineTransform(base), toPlane: CATransform3DIdentity),
                serial: cache.base?.serial ?? 0))
        // Through buffer pointers: reading a field of an array's state or node copied it whole
        // (with a retain of every object it holds).
        var placed = 0
        // A retired frame's arrays are filled again (no allocation a frame).
        swap(&layerIDs, &cache.spareLayerIDs)
        layerIDs.removeAll(keepingCapacity: true)
        // From the topology's flat records: iterating the nodes copies each whole (780 bytes).
        let plan = snapshot.topology.nodes
        for i in plan.indices { layerIDs.append(plan[i].layerID) }
        var entries: [Entry?] = []
        var stack: [Pending] = []
        swap(&entries, &cache.spareEntries)
        swap(&stack, &cache.pending)
        if entries.capacity >= nodes.count, layerIDs.capacity >= nodes.count { cache.framesFilledRetiredArrays += 1 }
        entries.removeAll(keepingCapacity: true)
        for _ in 0..<nodes.count { entries.append(nil) }
        let serials = serials.flatMap { $0.count == nodes.count ? $0 : nil }
        var timed = false
        nodes.withUnsafeBufferPointer { nodes in
            states.withUnsafeBufferPointer { states in
                slots.withUnsafeMutableBufferPointer { slots in
                    (serials ?? []).withUnsafeBufferPointer { serials in
                        Self.walk(
                            nodes, snapshot.topology, states, slots, &handed, &entries, &stack, placed: &placed,
                            dependsOnTime: &timed,
                            transitions: snapshot.hasTransitions, root: root, placement: placement,
                            time: time, frame: frame, mapsSerials: &mapsSerials, serials: serials,
                            lookSerials: lookSerials.flatMap { $0.count == nodes.count ? $0 : nil } ?? [])
                    }
                }
            }
        }
        swap(&byNode, &entries)
        dependsOnTime = timed
        worked = Worked(cache: cache, frame: frame)
        cache.placedInLastFrame = placed
        cache.mapsSerials = mapsSerials
        swap(&slots, &cache.slots)
        swap(&handed, &cache.handed)
        stack.removeAll(keepingCapacity: true)
        swap(&stack, &cache.pending)
    }

    /// Hands this frame's arrays to `cache` for a later frame's footprints to fill (call when
    /// these footprints are no longer needed; they are left empty).
    package mutating func retire(into cache: FootprintCache) {
        if cache.spareEntries.capacity < byNode.capacity { swap(&byNode, &cache.spareEntries) }
        if cache.spareLayerIDs.capacity < layerIDs.capacity { swap(&layerIDs, &cache.spareLayerIDs) }
        byNode = []
        layerIDs = []
        placement = nil
        worked = nil
    }

    /// Fills `entries` (one nil a node on entry) with the tree below `root` (see `init`), the
    /// slots of its layers brought up to date; `stack` is scratch, empty on entry and exit.
    private static func walk(
        _ nodes: UnsafeBufferPointer<RenderNode>, _ topology: RenderTopology, _ states: UnsafeBufferPointer<RenderLayerState>,
        _ slots: UnsafeMutableBufferPointer<FootprintCache.Slot>, _ handed: inout [FootprintCache.Handed],
        _ entries: inout [Entry?], _ stack: inout [Pending],
        placed: inout Int, dependsOnTime: inout Bool, transitions: Bool, root: Int,
        placement: Compositor.RootPlacement, time: Double, frame: UInt64, mapsSerials: inout UInt64,
        serials: UnsafeBufferPointer<UInt64>, lookSerials: [UInt64]
    ) {
        // Value serials name a presented state, animated or not; state serials only a model's.
        let valueSerials = serials.count == nodes.count
        // What is read of every node, from flat arrays (the nodes' records are read only to place one).
        let plan = topology.nodes, kids = topology.sublayers
        // Replicator instances visited, nested ones once per outer instance: bounded as frames
        // bound what they draw (nested replicators multiply).
        var instances = 0
        var overBudget = false
        // The time map of the root's superlayer (media time to its local time).
        var rootMap = TimeMap.identity
        var up = Int(nodes[root].parent)
        var ancestors: [Int] = []
        while up >= 0 {
            ancestors.append(up)
            up = Int(nodes[up].parent)
        }
        for a in ancestors.reversed() { rootMap = rootMap.then(states[a].timeMap) }
        // One allocation (kept from frame to frame), not one per doubling while the walk fills it.
        stack.reserveCapacity(Swift.min(nodes.count, 256))
        stack.append(
            Pending(
                node: root, parent: placement == .ownSpace ? -2 : -1, handed: 0, parentChain: 0, isMask: false,
                parentTime: rootMap, parentKey: placement == .ownSpace ? .ownSpace : .superlayerSpace))
        while let item = stack.popLast() {
            let node = item.node
            // Fields read in place: copying a state retains every object it holds.
            if states[node].isHidden || !(states[node].opacity > 0) { continue }
            let hasTransition = transitions && plan[node].hasTransition
            if hasTransition { dependsOnTime = true }
            let layerID = plan[node].layerID
            // Fields, not `timeMap`: calling a getter on the element copied the whole state.
            let timeMap = item.parentTime.then(
                TimeMap(
                    beginTime: states[node].beginTime, speed: Double(states[node].speed),
                    timeOffset: states[node].timeOffset))
            let serial = valueSerials ? serials[node] : plan[node].stateSerial
            // Kept: a layer whose presented state is known by its serial (without value serials,
            // a layer without animations) whose parent hands it a placement that can be
            // compared (an animated parent's state is in the chain of signatures it hands down).
            let cacheable = serial != 0 && item.parentKey != .none
                && (valueSerials || !plan[node].hasAnimations) && !plan[node].multiplies
            let kept = cacheable && slots[node].serial == serial && slots[node].layerID == layerID
                && slots[node].parent == item.parentKey && slots[node].parentChain == item.parentChain
                && slots[node].isMask == item.isMask && handed[item.handed].serial != 0
                && slots[node].parentMapsSerial == handed[item.handed].serial
            if !kept {
                placed += 1
                if Self.place(
                    nodes, states, item, handed[item.handed], time: time, timeMap: timeMap, hasTransition: hasTransition,
                    lookSerial: node < lookSerials.count ? lookSerials[node] : 0, mapsSerials: &mapsSerials,
                    into: &slots[node])
                {
                    dependsOnTime = true
                }
                slots[node].serial = cacheable ? serial : 0
                if slots[node].isFinite, plan[node].multiplies, Self.emits(states[node].kind) {
                    // Particles move every frame and may fly anywhere.
                    dependsOnTime = true
                    var h = Signature()
                    h.combine(slots[node].signature)
                    h.combine(time)
                    entries[node] = Entry(box: CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7), signature: h.finalize())
                    continue
                }
            }
            if slots[node].frame == frame {
                slots[node].placedOnce = false
            } else {
                slots[node].frame = frame
                slots[node].placedOnce = !item.instanced
            }
            guard slots[node].isFinite else { continue }
            let signature = slots[node].signature
            if let box = slots[node].box {
                // A layer drawn several times (replicator instances) covers all its places.
                if let earlier = entries[node] {
                    entries[node] = Entry(box: earlier.box.union(box), signature: earlier.signature &* 31 &+ signature)
                } else {
                    entries[node] = Entry(box: box, signature: signature)
                }
            }
            let first = Int(plan[node].firstSublayer), end = Int(plan[node].endSublayer), mask = Int(plan[node].mask)
            guard first < end || mask >= 0 else { continue }
            // A parent that is not kept because it animates still hands its sublayers a key: its
            // identity (its state, whatever the frame made of it, is in `parentChain`, which
            // holds its signature). Replicators and emitters hand none (instances, time).
            let childKey: FootprintCache.ParentKey =
                cacheable ? FootprintCache.ParentKey(id: layerID, serial: serial)
                : serial != 0 && item.parentKey != .none && !plan[node].multiplies
                    ? .animated(layerID) : .none
            if plan[node].multiplies, case .replicator(let r) = states[node].kind {
                let asked = min(max(r.instanceCount, 0), FrameWalk.maxInstances)
                let count = min(asked, max(0, FrameWalk.maxInstancesPerFrame - instances))
                instances += count
                if count < asked { overBudget = true }
                var power = CATransform3DIdentity
                let c = (states[node].bounds.midX, states[node].bounds.midY)
                for _ in 0..<count {
                    let instance = CATransform3DMakeTranslation(-c.0, -c.1, 0).concatenating(power)
                        .concatenating(CATransform3DMakeTranslation(c.0, c.1, 0))
                    handed.append(
                        FootprintCache.Handed(
                            maps: FootprintCache.Maps(
                                toTarget: instance.concatenating(slots[node].maps.toTarget),
                                toPlane: instance.concatenating(slots[node].maps.toPlane)),
                            serial: 0))
                    for k in 0..<(end - first) {
                        stack.append(
                            Pending(
                                node: Int(kids[first + k]), parent: node, handed: handed.count - 1,
                                parentChain: signature &+ k &* 0x9E37_79B9, isMask: false, parentTime: timeMap,
                                parentKey: .none, instanced: true))
                    }
                    power = power.concatenating(r.instanceTransform)
                }
            } else if first < end {
                handed.append(FootprintCache.Handed(maps: slots[node].maps, serial: slots[node].mapsSerial))
                let chain = childKey.serial == .max ? Self.placingChain(signature, states.baseAddress! + node) : signature
                // One instance, the identity (no array made per layer: this runs every frame).
                for k in 0..<(end - first) {
                    // The place among siblings is part of the look (drawing order).
                    stack.append(
                        Pending(
                            node: Int(kids[first + k]), parent: node, handed: handed.count - 1,
                            parentChain: chain &+ k &* 0x9E37_79B9, isMask: false, parentTime: timeMap,
                            parentKey: childKey))
                }
            }
            if mask >= 0 {
                handed.append(FootprintCache.Handed(maps: slots[node].maps, serial: slots[node].mapsSerial))
                stack.append(
                    Pending(
                        node: mask, parent: node, handed: handed.count - 1, parentChain: signature, isMask: true,
                        parentTime: timeMap, parentKey: childKey))
            }
        }
        if overBudget {
            dependsOnTime = true
            // Which instances a frame draws within the budget is not tracked here: every layer
            // counts as everywhere and changed (the whole target is redrawn, nothing culled).
            for i in entries.indices {
                var h = Signature()
                h.combine(time)
                h.combine(i)
                entries[i] = Entry(box: CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7), signature: h.finalize())
            }
        }
    }

    /// By node index, four numbers each (min x, min y, max x, max y; empty: min above max): the
    /// box of everything the node's subtree draws (its entry united with its sublayers' and
    /// mask's), to skip whole subtrees outside a frame's damage; infinite where that cannot be
    /// bounded (a group's shadow, effects or blend, replicators, emitters, transitions). Worked
    /// out from the last node up (parents come before their sublayers); all infinite if that
    /// order is broken. A leaf's own shadow is in its entry.
    package func subtreeEdges(_ nodes: [RenderNode], _ states: [RenderLayerState]) -> [Double] {
        subtreeEdges(RenderTopology(nodes).nodes, states)
    }

    /// `subtreeEdges` from the tree's flat topology (`RenderTopology.nodes`).
    package func subtreeEdges(_ nodes: [RenderTopology.Node], _ states: [RenderLayerState]) -> [Double] {
        let entries = byNode
        // Footprints of another tree describe nothing here (no edges: nothing is culled).
        guard nodes.count == entries.count, states.count == entries.count else { return [] }
        let n = nodes.count
        var edges = [Double](unsafeUninitializedCapacity: 4 * n) { e, count in
            for i in 0..<n {
                e.initializeElement(at: 4 * i, to: .infinity)
                e.initializeElement(at: 4 * i + 1, to: .infinity)
                e.initializeElement(at: 4 * i + 2, to: -.infinity)
                e.initializeElement(at: 4 * i + 3, to: -.infinity)
            }
            count = 4 * n
        }
        var ordered = true
        nodes.withUnsafeBufferPointer { nodes in
            states.withUnsafeBufferPointer { states in
                entries.withUnsafeBufferPointer { entries in
                    edges.withUnsafeMutableBufferPointer { e in
                        for i in stride(from: n - 1, through: 0, by: -1) {
                            let k = 4 * i
                            if let box = entries[i]?.box, !box.isNull {
                                e[k] = min(e[k], box.minX)
                                e[k + 1] = min(e[k + 1], box.minY)
                                e[k + 2] = max(e[k + 2], box.maxX)
                                e[k + 3] = max(e[k + 3], box.maxY)
                            }
                            let group = nodes[i].hasSublayers || nodes[i].mask >= 0
                            let shown = !states[i].isHidden && states[i].opacity > 0
                            if shown, (group && Self.spreads(states.baseAddress! + i))
                                || (hasTransitions && nodes[i].hasTransition)
                            {
                                e[k] = -.infinity
                                e[k + 1] = -.infinity
                                e[k + 2] = .infinity
                                e[k + 3] = .infinity
                            }
                            let parent = Int(nodes[i].parent)
                            guard parent >= 0 else { continue }
                            guard parent < i else {
                                ordered = false
                                break
                            }
                            let p = 4 * parent
                            e[p] = min(e[p], e[k])
                            e[p + 1] = min(e[p + 1], e[k + 1])
                            e[p + 2] = max(e[p + 2], e[k + 2])
                            e[p + 3] = max(e[p + 3], e[k + 3])
                        }
                    }
                }
            }
        }
        guard ordered else {
            return (0..<4 * n).map { $0 % 4 < 2 ? -Double.infinity : .infinity }
        }
        return edges
    }

    /// True when a layer draws beyond its sublayers' boxes (a shadow or effects of its composite),
    /// or changes pixels they do not cover (a blend), or draws its sublayers elsewhere.
    private static func spreads(_ s: UnsafePointer<RenderLayerState>) -> Bool {
        if s.pointee.shadowOpacity > 0 || !s.pointee.effects.isEmpty || s.pointee.compositingBlend != .normal { return true }
        switch s.pointee.kind {
        case .replicator, .emitter: return true
        default: return false
        }
    }

    /// What an animating layer hands its sublayers to compare: its signature (its look and map)
    /// and what places them besides its map (its anchor point and sublayer transform), which a
    /// state serial covers for a layer that does not animate.
    private static func placingChain(_ signature: Int, _ s: UnsafePointer<RenderLayerState>) -> Int {
        var h = Signature()
        h.combine(signature)
        h.combine(s.pointee.anchorPoint.x)
        h.combine(s.pointee.anchorPoint.y)
        h.combine(s.pointee.anchorPointZ)
        h.combine(s.pointee.sublayerTransform)
        return h.finalize()
    }

    /// A layer waiting to be placed, with what its superlayer (or masked layer) hands down.
    struct Pending {
        var node: Int
        /// The superlayer's index (or the masked layer's); −1: the root in its superlayer's space,
        /// −2: the root in its own space.
        var parent: Int
        /// Where the parent's maps are in the frame's `handed` list.
        var handed: Int
        var parentChain: Int
        var isMask: Bool
        var parentTime: TimeMap
        var parentKey: FootprintCache.ParentKey
        /// A replicator's instance (placed with its instance transform).
        var instanced = false
    }

    /// True for an emitter with a cell that makes particles.
    private static func emits(_ kind: LayerKindState) -> Bool {
        guard case .emitter(let emitter) = kind else { return false }
        return emitter.cells.contains(where: { $0.isEnabled && $0.birthRate > 0 })
    }

    /// Works out where one layer lands and its fingerprint from its state, into `slot`; true when
    /// the fingerprint holds the time (delayed replicator instances, a running transition). Never
    /// inlined: the copy of the state it makes would be made on every layer's path.
    @inline(never)
    private static func place(
        _ nodes: UnsafeBufferPointer<RenderNode>, _ states: UnsafeBufferPointer<RenderLayerState>, _ item: Pending,
        _ handed: FootprintCache.Handed, time: Double, timeMap: TimeMap, hasTransition: Bool, lookSerial: UInt64,
        mapsSerials: inout UInt64, into slot: inout FootprintCache.Slot
    ) -> Bool {
        var timed = false
        let node = item.node, parent = item.parent, isMask = item.isMask
        // Read in place: a copy of the state retains every object it holds.
        let s = states.baseAddress! + node
        let sameLayer = slot.layerID == nodes[node].layerID
        slot.layerID = nodes[node].layerID
        slot.parent = item.parentKey
        slot.parentChain = item.parentChain
        slot.isMask = isMask
        slot.parentMapsSerial = handed.serial
        let parentMaps = handed.maps
        let local: CATransform3D
        switch parent {
        case -2: local = LayerMatrix.ownSpace(s.pointee)
        case -1: local = LayerMatrix.toParent(s.pointee, sublayerOf: nil)
        default: local = LayerMatrix.toParent(
                s,
                parentPivot: isMask ? nil : LayerMatrix.pivot(
                    bounds: states[parent].bounds, anchorPoint: states[parent].anchorPoint,
                    anchorPointZ: states[parent].anchorPointZ),
                parentSublayerTransform: isMask ? nil : states[parent].sublayerTransform)
        }
        let inTransformLayer = parent >= 0 && !isMask && nodes[parent].isTransformLayer
        let toTarget = (inTransformLayer ? local : LayerMatrix.flattened(local)).concatenating(parentMaps.toTarget)
        let toPlane = inTransformLayer ? local.concatenating(parentMaps.toPlane) : local
        if !(sameLayer && slot.mapsSerial != 0 && slot.maps.toTarget == toTarget && slot.maps.toPlane == toPlane) {
            mapsSerials &+= 1
            slot.mapsSerial = mapsSerials
        }
        slot.maps = FootprintCache.Maps(toTarget: toTarget, toPlane: toPlane)
        slot.isFinite = LayerMatrix.isFinite(toTarget)
        guard slot.isFinite else { return false }
        let map = PlaneMap(toTarget)
        var h = Signature()
        h.combine(item.parentChain)
        h.combine(isMask)
        if lookSerial != 0 {
            // The look is named by its serial (a layer that only moves is not hashed whole).
            h.combine(lookSerial)
            Self.combinePlacement(s, into: &h)
        } else {
            var look = Hasher()
            Self.combine(s, into: &look)
            h.combine(look.finalize())
        }
        h.combine(map)
        // Sublayer order depends on the plane (transform layers sort by depth).
        if inTransformLayer { h.combine(toPlane.m43) }
        if case .replicator(let r) = s.pointee.kind {
            var replicator = Hasher()
            Self.combine(r, into: &replicator)
            h.combine(replicator.finalize())
            // Delayed instances show the tree at other times: redraw while it animates.
            if r.instanceDelay != 0, nodes[node].sublayers.contains(where: { !nodes[Int($0)].animations.isEmpty }) {
                h.combine(time)
                timed = true
            }
        }
        // A running transition changes the picture every frame.
        if hasTransition {
            timed = true
            for animation in nodes[node].animations {
                if let transition = animation.transition, let p = transition.progress(at: timeMap.apply(time)) {
                    h.combine(p)
                }
            }
        }
        slot.signature = h.finalize()
        if nodes[node].isTransformLayer {
            slot.box = nil
        } else {
            if lookSerial == 0 || !sameLayer || slot.lookExtentSerial != lookSerial {
                slot.lookExtent = Self.lookExtent(s)
                slot.lookExtentSerial = lookSerial
            }
            slot.box = Self.box(slot.lookExtent, s, map: map)
        }
        return timed
    }

    /// The region (target pixels) that differs between `previous` and `self`; nil when nothing does.
    package func damage(since previous: Footprints) -> CGRect? {
        let boxes = changedBoxes(since: previous)
        guard let first = boxes.first else { return nil }
        return boxes.dropFirst().reduce(first) { $0.union($1) }
    }

    /// The region that differs between `previous` and `self` as a few rectangles (target
    /// pixels, whole, not overlapping much): the changed layers' old and new boxes, neighbours
    /// merged while that adds little area; one rectangle when they cover most of their union.
    /// Empty when nothing differs.
    /// With `canvas`, boxes are cut to it first (layers reaching past a small target do not make
    /// it split and merge boxes nobody sees).
    package func damageRegion(since previous: Footprints, within canvas: CGRect? = nil) -> [CGRect] {
        var region = DamageRegion()
        damageRegion(since: previous, within: canvas, into: &region)
        return region.rectangles
    }

    /// `damageRegion(since:within:)` written into `region`, whose buffers are reused (a
    /// renderer keeps one: no allocation a frame).
    package func damageRegion(since previous: Footprints, within canvas: CGRect?, into region: inout DamageRegion) {
        region.rectangles.removeAll(keepingCapacity: true)
        changedBoxes(since: previous, into: &region.rectangles)
        if let canvas { region.clip(to: canvas) }
        region.merge()
    }

    /// The boxes of every layer that differs, before and after (whole pixels, one of slack for
    /// filtering and antialiasing).
    package func changedBoxes(since previous: Footprints) -> [CGRect] {
        var boxes: [CGRect] = []
        // One allocation for a frame's usual few changes, not one per doubling.
        boxes.reserveCapacity(16)
        changedBoxes(since: previous, into: &boxes)
        return boxes
    }

    /// `changedBoxes(since:)` appended to `boxes`.
    func changedBoxes(since previous: Footprints, into boxes: inout [CGRect]) {
        func add(_ box: CGRect) {
            guard !box.isNull else { return }
            boxes.append(box.insetBy(dx: -1, dy: -1).integral)
        }
        // Layers at the same index in both are compared there; the others (the tree changed
        // shape) by layer.
        var moved: [UInt64: Entry] = [:], movedBefore: [UInt64: Entry] = [:]
        for i in 0..<Swift.max(byNode.count, previous.byNode.count) {
            let id = i < layerIDs.count ? layerIDs[i] : nil
            let idBefore = i < previous.layerIDs.count ? previous.layerIDs[i] : nil
            let entry = i < byNode.count ? byNode[i] : nil
            let old = i < previous.byNode.count ? previous.byNode[i] : nil
            if let id, id == idBefore {
                if entry != old {
                    if let entry { add(entry.box) }
                    if let old { add(old.box) }
                }
                continue
            }
            if let id, let entry { moved[id] = entry }
            if let idBefore, let old { movedBefore[idBefore] = old }
        }
        for (id, entry) in moved {
            if let old = movedBefore[id] {
                if old != entry {
                    add(old.box)
                    add(entry.box)
                }
            } else {
                add(entry.box)
            }
        }
        for (id, old) in movedBefore where moved[id] == nil { add(old.box) }
    }

    /// Target pixels the layer draws itself (not its sublayers): null for a container that
    /// paints nothing. A Lottie layer is a container the size of its composition; counting its
    /// bounds made every frame's damage the whole frame.
    static func box(_ s: UnsafePointer<RenderLayerState>, map: PlaneMap) -> CGRect {
        box(lookExtent(s), s, map: map)
    }

    /// The local rectangle what the layer draws itself covers (bounds, outline, overflowing
    /// contents), before its shadow: a function of its look alone, so kept while its look
    /// serial holds (a stroked outline's joins are not measured again as it moves).
    static func lookExtent(_ s: UnsafePointer<RenderLayerState>) -> CGRect {
        var extent = paintsBounds(s, countingShadow: false) ? s.pointee.bounds : .null
        // A shape layer's path (and stroke) may lie anywhere, often around zero-size bounds.
        if case .shape(let shape) = s.pointee.kind, let drawn = ShapeKey.drawnExtent(of: shape) {
            extent = extent.union(s.pointee.masksToBounds ? drawn.clipped(to: s.pointee.bounds) : drawn)
        }
        guard !extent.isNull else { return .null }
        if s.pointee.contentsImage != nil, !s.pointee.masksToBounds {
            // Contents may overflow the bounds (gravity); cover the largest placement.
            let image = s.pointee.contentsImage!
            let scale = s.pointee.contentsScale > 0 && s.pointee.contentsScale.isFinite ? s.pointee.contentsScale : 1
            let w = Double(image.width) * Swift.max(1, s.pointee.contentsRect.width) / scale
            let h = Double(image.height) * Swift.max(1, s.pointee.contentsRect.height) / scale
            extent = extent.union(
                CGRect(x: s.pointee.bounds.midX - w, y: s.pointee.bounds.midY - h, width: 2 * w, height: 2 * h))
        }
        return extent
    }

    /// `box` from the layer's `lookExtent`: its shadow added (a shadow paints the bounds too).
    static func box(_ look: CGRect, _ s: UnsafePointer<RenderLayerState>, map: PlaneMap) -> CGRect {
        var extent = look
        if s.pointee.shadowOpacity > 0 { extent = extent.union(s.pointee.bounds) }
        guard !extent.isNull else { return .null }
        if s.pointee.shadowOpacity > 0, s.pointee.shadowRadius.isFinite {
            let pad = 3 * Swift.min(Swift.max(0, s.pointee.shadowRadius), 1000) + 1
            let source = s.pointee.shadowPath?.boundingBoxOfPath ?? extent
            extent = extent.union(
                source.offsetBy(dx: s.pointee.shadowOffset.width, dy: s.pointee.shadowOffset.height).insetBy(dx: -pad, dy: -pad))
        }
        guard extent.width.isFinite, extent.height.isFinite else { return .null }
        return map.boundingBox(of: extent)
    }

    /// True when the layer paints (or may paint) anywhere in its bounds: a background, a border,
    /// contents, tiles, a gradient, text, particles; effects and shadows, which spread what is
    /// under them, count too.
    static func paintsBounds(_ s: UnsafePointer<RenderLayerState>, countingShadow: Bool = true) -> Bool {
        switch s.pointee.kind {
        case .gradient, .text, .emitter: return true
        case .plain, .shape, .replicator: break
        }
        if s.pointee.contentsImage != nil || s.pointee.tiles != nil || !s.pointee.effects.isEmpty { return true }
        if countingShadow, s.pointee.shadowOpacity > 0 { return true }
        if let background = s.pointee.backgroundColor, background.alpha > 0 { return true }
        if s.pointee.borderWidth > 0, let border = s.pointee.borderColor, border.alpha > 0 { return true }
        return false
    }

    /// Everything about a layer's own look.
    static func combine(_ s: UnsafePointer<RenderLayerState>, into h: inout Hasher) {
        combine(s.pointee.bounds, into: &h)
        h.combine(s.pointee.cornerRadius)
        h.combine(s.pointee.borderWidth)
        h.combine(s.pointee.shadowRadius)
        h.combine(s.pointee.shadowOffset.width)
        h.combine(s.pointee.shadowOffset.height)
        h.combine(s.pointee.contentsScale)
        if s.pointee.contentsImage != nil {
            combine(s.pointee.contentsRect, into: &h)
            combine(s.pointee.contentsCenter, into: &h)
        }
        h.combine(s.pointee.opacity)
        h.combine(s.pointee.shadowOpacity)
        h.combine(s.pointee.backgroundColor?.sRGBComponents)
        h.combine(s.pointee.borderColor?.sRGBComponents)
        h.combine(s.pointee.shadowColor?.sRGBComponents)
        h.combine(s.pointee.shadowPath?.serial)
        h.combine(s.pointee.maskedCornersRaw)
        h.combine(s.pointee.isCornerCurveContinuous)
        h.combine(s.pointee.masksToBounds)
        h.combine(s.pointee.isDoubleSided)
        h.combine(s.pointee.isGeometryFlipped)
        if let image = s.pointee.contentsImage {
            // These matter only with contents.
            h.combine(image.serial)
            h.combine(Int(s.pointee.contentsGravity.ordinal))
            h.combine(Int(s.pointee.minificationFilter.ordinal) << 8 | Int(s.pointee.magnificationFilter.ordinal))
        }
        h.combine(s.pointee.allowsGroupOpacity)
        h.combine(s.pointee.allowsEdgeAntialiasing)
        h.combine(s.pointee.compositingBlend)
        h.combine(s.pointee.effects)
        h.combine(s.pointee.tiles.map(ObjectIdentifier.init))
        h.combine(s.pointee.zPosition)
        switch s.pointee.kind {
        case .shape(let shape): h.combine(ShapeKey(shape))
        case .gradient(let gradient): h.combine(GradientKey(gradient, mixed: false))
        case .text(let text): h.combine(TextKey(text))
        default: break
        }
    }

    /// What `combine(_:into:)` hashes of the properties that place a layer or act on its
    /// composite (`PresentationChanges.placement`), for a layer whose look is named by a serial.
    static func combinePlacement(_ s: UnsafePointer<RenderLayerState>, into h: inout Signature) {
        h.combine(s.pointee.opacity)
        h.combine(s.pointee.shadowOpacity)
        // A shadow of opacity 0 is not drawn: its colour, blur and offset change no pixel.
        if s.pointee.shadowOpacity != 0 {
            h.combine(s.pointee.shadowRadius)
            h.combine(s.pointee.shadowOffset.width)
            h.combine(s.pointee.shadowOffset.height)
            h.combine(s.pointee.shadowColor?.sRGBComponents)
            h.combine(s.pointee.shadowPath?.serial)
        }
        h.combine(s.pointee.isDoubleSided)
        h.combine(s.pointee.zPosition)
    }

    static func combine(_ r: CGRect, into h: inout Hasher) {
        h.combine(r.origin.x)
        h.combine(r.origin.y)
        h.combine(r.size.width)
        h.combine(r.size.height)
    }

    static func combine(_ r: ReplicatorState, into h: inout Hasher) {
        h.combine(r.instanceCount)
        h.combine(r.instanceDelay)
        h.combine(r.instanceColor?.sRGBComponents)
        for v in [r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset] {
            h.combine(v)
        }
        let t = r.instanceTransform
        for v in [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44] {
            h.combine(v)
        }
    }
}
