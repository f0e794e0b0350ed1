import CoreGraphics
import StrataAnimation

/// Evaluates snapshots at a given media time: pure, no clock, no locks.
package enum RenderEvaluator {
    /// Every node's presented state at `mediaTime` (seconds): committed values with the
    /// animations applied through the timing of the node's ancestors.
    package static func presentation(of snapshot: RenderTreeSnapshot, at mediaTime: Double) -> [RenderLayerState] {
        var states: [RenderLayerState] = []
        states.reserveCapacity(snapshot.nodes.count)
        let table = snapshot.evaluationCache.table(for: snapshot)
        withFrame(of: table) { frame in
            snapshot.nodes.withUnsafeBufferPointer { nodes in
                // No earlier frame: every state is made.
                var untracked = PresentationChanges()
                evaluate(nodes, reusingFrom: UnsafeBufferPointer(start: nil, count: 0), at: mediaTime, frame: frame,
                         into: &states, forDrawing: false, changes: &untracked, tracks: false)
            }
        }
        return states
    }

    /// `presentation(of:at:)` written over `states`, the presentation of `previous`: an entry
    /// whose node is the same layer in the same state (`stateSerial`) at the same index, with
    /// animations in neither snapshot, is kept as it is (a frame copies what changed).
    ///
    /// With `forDrawing`, the animations of layers below a hidden or transparent layer are not
    /// applied (their states keep their model values): nothing of them is drawn, and a Lottie
    /// file's layers outside their in and out points are most of its tree. Only renderers ask
    /// for this; a presentation layer is always evaluated whole.
    package static func presentation(
        of snapshot: RenderTreeSnapshot, at mediaTime: Double, reusing states: inout [RenderLayerState],
        from previous: RenderTreeSnapshot, forDrawing: Bool = false
    ) {
        var untracked = PresentationChanges()
        presentation(of: snapshot, at: mediaTime, reusing: &states, from: previous, forDrawing: forDrawing,
                     changes: &untracked, tracks: false)
    }

    /// `presentation(of:at:reusing:from:forDrawing:)` that also brings `changes` up to date: each
    /// node's value serial stays while its presented state stays (what renderers keep work by).
    /// Nodes set in `offCanvas` (by index, for drawing: layers the renderer knows never reach its
    /// target) are not evaluated and are presented hidden.
    package static func presentation(
        of snapshot: RenderTreeSnapshot, at mediaTime: Double, reusing states: inout [RenderLayerState],
        from previous: RenderTreeSnapshot?, forDrawing: Bool = false, changes: inout PresentationChanges,
        offCanvas: [Bool] = []
    ) {
        presentation(of: snapshot, at: mediaTime, reusing: &states, from: previous, forDrawing: forDrawing,
                     changes: &changes, tracks: true, offCanvas: offCanvas)
    }

    private static func presentation(
        of snapshot: RenderTreeSnapshot, at mediaTime: Double, reusing states: inout [RenderLayerState],
        from previous: RenderTreeSnapshot?, forDrawing: Bool, changes: inout PresentationChanges, tracks: Bool,
        offCanvas: [Bool] = []
    ) {
        let table = snapshot.evaluationCache.table(for: snapshot)
        guard let previous, states.count == previous.nodes.count else {
            states.removeAll(keepingCapacity: true)
            withFrame(of: table) { frame in
                snapshot.nodes.withUnsafeBufferPointer { nodes in
                    evaluate(nodes, reusingFrom: UnsafeBufferPointer(start: nil, count: 0), at: mediaTime, frame: frame,
                             into: &states, forDrawing: forDrawing, changes: &changes, tracks: tracks, offCanvas: offCanvas)
                }
            }
            return
        }
        withFrame(of: table) { frame in
            snapshot.nodes.withUnsafeBufferPointer { nodes in
                previous.nodes.withUnsafeBufferPointer { old in
                    evaluate(nodes, reusingFrom: old, at: mediaTime, frame: frame, into: &states, forDrawing: forDrawing,
                             changes: &changes, tracks: tracks, offCanvas: offCanvas)
                }
            }
        }
    }

    /// The loop of every `presentation` function: `states` written for `nodes`, entries of `old`
    /// (the nodes `states` was made for; none for a fresh presentation) kept where they still hold.
    /// An animated layer of the same snapshot as last frame has only its animated properties put
    /// back to the model's before its animations apply (not a whole state copied). With
    /// `tracks`, `changes` is brought up to date.
    private static func evaluate(
        _ nodes: UnsafeBufferPointer<RenderNode>, reusingFrom old: UnsafeBufferPointer<RenderNode>, at mediaTime: Double,
        frame: UnsafePointer<RenderAnimationTable.Frame>?, into states: inout [RenderLayerState], forDrawing: Bool,
        changes: inout PresentationChanges, tracks: Bool, offCanvas: [Bool] = []
    ) {
        if states.count > nodes.count { states.removeLast(states.count - nodes.count) }
        // Entries below `kept` are last frame's; the others start as the model's state (a fresh
        // entry is always the model's before its animations apply).
        let kept = states.count
        if kept < nodes.count {
            states.reserveCapacity(nodes.count)
            for i in kept..<nodes.count { states.append(nodes[i].state) }
        }
        if tracks { changes.resize(to: nodes.count, keeping: old.count == nodes.count) }
        let context = Pass(
            nodes: nodes, old: old, kept: kept, mediaTime: mediaTime, frame: frame, forDrawing: forDrawing, tracks: tracks,
            sameSnapshot: old.count == nodes.count && old.baseAddress == nodes.baseAddress)
        // Scratch of the pass, on the stack when small: each node's composed time map, and
        // (forDrawing) whether it is below a hidden or transparent layer.
        withUnsafeTemporaryAllocation(of: TimeMap.self, capacity: nodes.count) { maps in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: nodes.count) { unseen in
                states.withUnsafeMutableBufferPointer { states in
                    (forDrawing && offCanvas.count == nodes.count ? offCanvas : []).withUnsafeBufferPointer { off in
                        context.run(states: states, maps: maps, unseen: unseen, offCanvas: off, changes: &changes)
                    }
                }
            }
        }
    }

    /// One evaluation pass over a snapshot's nodes (see `evaluate`): what stays the same for
    /// every node, read once.
    private struct Pass {
        let nodes: UnsafeBufferPointer<RenderNode>
        let old: UnsafeBufferPointer<RenderNode>
        /// Entries of `states` made last frame (the rest are fresh model states).
        let kept: Int
        let mediaTime: Double
        let frame: UnsafePointer<RenderAnimationTable.Frame>?
        let forDrawing: Bool
        let tracks: Bool
        let sameSnapshot: Bool

        func run(
            states: UnsafeMutableBufferPointer<RenderLayerState>, maps: UnsafeMutableBufferPointer<TimeMap>,
            unseen: UnsafeMutableBufferPointer<Bool>, offCanvas: UnsafeBufferPointer<Bool>,
            changes: inout PresentationChanges
        ) {
            // Layers animated together share timings: each is sampled and eased once a frame.
            var memo = TimingMemo()
            var held = 0, changed = 0
            defer {
                if tracks {
                    changes.heldInLastEvaluation = held
                    changes.changedInLastEvaluation = changed
                }
            }
            let starts = frame?.pointee.starts
            let masks = frame?.pointee.masks
            for i in nodes.indices {
                let parent = Int(nodes[i].parent)
                // Fields, not `timeMap`: a getter on the element may copy the whole state.
                let own = TimeMap(
                    beginTime: nodes[i].state.beginTime, speed: Double(nodes[i].state.speed),
                    timeOffset: nodes[i].state.timeOffset)
                // Parents come before their sublayers and masks.
                let hasParent = parent >= 0 && parent < i
                let map = (hasParent ? maps[parent] : .identity).then(own)
                maps.initializeElement(at: i, to: map)
                // Through the table: whether a node has records, without reaching its animations.
                let animated = starts.map { $0[i + 1] > $0[i] } ?? !nodes[i].animations.isEmpty
                let off = i < offCanvas.count && offCanvas[i]
                let hiddenAbove = off || forDrawing && hasParent
                    && (unseen[parent] || states[parent].isHidden || !(states[parent].opacity > 0))
                unseen.initializeElement(at: i, to: hiddenAbove)
                let sameLayer = i < kept && nodes[i].stateSerial != 0
                    && old[i].stateSerial == nodes[i].stateSerial && old[i].layerID == nodes[i].layerID
                if sameLayer, !animated, old[i].animations.isEmpty {
                    if tracks { changes.keep(i, serial: nodes[i].stateSerial) }
                    continue
                }
                // Off the target and already presented hidden: nothing of it is looked at again.
                if off, sameSnapshot, sameLayer, states[i].isHidden { continue }
                // An animated layer inside the span its values were last seen to hold over keeps
                // last frame's state and serials (nothing is evaluated).
                if tracks, sameSnapshot, sameLayer, animated, !hiddenAbove, changes.holds(i, at: mediaTime) {
                    held += 1
                    continue
                }
                let node = nodes.baseAddress! + i
                let mask = !animated ? 0 : masks?[i] ?? RenderAnimationTable.mask(of: node)
                let contents = nodes[i].presentationContents
                if sameSnapshot, sameLayer, animated, mask & RenderAnimationTable.otherKey == 0, contents == nil {
                    RenderEvaluator.restore(mask, of: &states[i], from: node)
                } else if i < kept {
                    states[i] = nodes[i].state
                }
                if animated, !hiddenAbove {
                    RenderEvaluator.apply(node: node, index: i, to: &states[i], at: map.apply(mediaTime), frame: frame, memo: &memo)
                }
                // Never on the target: drawn as hidden (nothing placed, nothing walked).
                if off { states[i].isHidden = true }
                // A layer that redraws for a custom property it animates: its presentation copy's drawing.
                if !hiddenAbove, let contents, let image = contents.contents(atLocalTime: map.apply(mediaTime)) {
                    states[i].contentsImage = image
                }
                if tracks {
                    let held = changes.note(
                        i, animated: animated, mask: mask, sameLayer: sameLayer, hasContents: contents != nil,
                        state: states.baseAddress! + i, serial: nodes[i].stateSerial)
                    // Values that held since last frame may hold on: how long is asked once.
                    var span = SIMD2<Double>(.nan, .nan)
                    if animated, !held, !hiddenAbove { changed += 1 }
                    if held, sameSnapshot, !hiddenAbove {
                        let s = RenderEvaluator.nodeSpan(nodes, UnsafeBufferPointer(states), i, map: map, at: mediaTime)
                        if s.lo < mediaTime, mediaTime < s.hi { span = SIMD2(s.lo, s.hi) }
                    }
                    changes.setSpan(i, span)
                }
            }
        }
    }

    /// Puts the properties in `mask` of `state` back to `model`'s values.
    @inline(__always)
    private static func restore(_ mask: UInt64, of state: inout RenderLayerState, from node: UnsafePointer<RenderNode>) {
        var rest = mask & ~(RenderAnimationTable.otherKey | RenderAnimationTable.transition)
        // Subclass properties all live in the boxed `kind`: put it back once, not once a property
        // (a shape animating its path, colour and stroke end re-assigned the box three times).
        if rest & LayerProperty.subclassBits != 0 {
            state.kind = node.pointee.state.kind
            rest &= ~LayerProperty.subclassBits
        }
        while rest != 0 {
            let bit = rest.trailingZeroBitCount
            rest &= rest - 1
            state.restore(LayerProperty.atBit(bit), from: node)
        }
    }

    /// Applies `animations` in order at the layer's local time `localTime`; then the turn of
    /// path animations with a `rotationMode`, on top of whatever the transform became.
    package static func apply(_ animations: [CommittedAnimation], to state: inout RenderLayerState, at localTime: Double) {
        var memo = TimingMemo()
        apply(animations, to: &state, at: localTime, memo: &memo)
    }

    /// `apply(_:to:at:)` with the frame's memo of timings already sampled.
    package static func apply(
        _ animations: [CommittedAnimation], to state: inout RenderLayerState, at localTime: Double,
        memo: inout TimingMemo
    ) {
        var turn = 0.0
        for animation in animations {
            apply(animation.records, to: &state, at: localTime, turn: &turn, memo: &memo)
        }
        if turn != 0 { state.transform = state.transform.turnedAboutZ(by: turn) }
    }

    /// Applies `records` in order at the layer's local time `localTime`, adding the turns of path
    /// animations with a `rotationMode` to `turn` (radians).
    private static func apply(
        _ records: [AnimationRecord], to state: inout RenderLayerState, at localTime: Double, turn: inout Double,
        memo: inout TimingMemo
    ) {
        var shape: ShapeState?
        records.withUnsafeBufferPointer { records in
            for i in records.indices {
                apply(records.baseAddress! + i, to: &state, shape: &shape, at: localTime, turn: &turn, memo: &memo)
            }
        }
    }

    /// Applies one record (read in place). `shape`, when not nil, is the layer's shape state
    /// being written this frame: its properties are read from and written to it (see
    /// `apply(node:index:to:at:frame:memo:)`).
    static func apply(
        _ record: UnsafePointer<AnimationRecord>, to state: inout RenderLayerState, shape: inout ShapeState?,
        at localTime: Double, turn: inout Double, memo: inout TimingMemo
    ) {
        guard case .layer(let property) = record.pointee.key.base,
            let base = value(of: property, in: &state, shape: &shape)
        else {
            return
        }
        var cursor = 0
        if let value = AnimationRecord.evaluate(record, parentTime: localTime, base: base, cursor: &cursor, memo: &memo) {
            let kept: Bool
            if case .path(let storage) = value, case .keyframes(let track) = record.pointee.content,
                let object = track.keyframePath(sharing: storage, near: cursor)
            {
                kept = setPath(object, property, in: &state, shape: &shape)
            } else {
                kept = false
            }
            if !kept { set(value, property, in: &state, shape: &shape) }
        }
        if record.pointee.rotatesAlongPath, let angle = record.pointee.pathRotation(parentTime: localTime) {
            turn += angle
        }
    }

    /// The value of `property` of a layer being animated: from `shape` (its shape state being
    /// written this frame) for a shape property, else from `state`, read in place.
    @inline(__always)
    static func value(
        of property: LayerProperty, in state: inout RenderLayerState, shape: inout ShapeState?
    ) -> AnimatableValue? {
        if let value = shape?.animatableValue(property) { return value }
        return withUnsafePointer(to: &state) { RenderLayerState.animatableValue(property, of: $0) }
    }

    /// Stores keyframe path `path` as it is into `property` (`path` of the shape state being
    /// written, or `shadowPath`); false otherwise (the value is then stored as any other).
    static func setPath(_ path: CGPath, _ property: LayerProperty, in state: inout RenderLayerState, shape: inout ShapeState?) -> Bool {
        switch property {
        case .path where shape != nil:
            shape?.path = path
        case .shadowPath:
            state.shadowPath = path
        default:
            return false
        }
        return true
    }

    /// Stores `value` into `property` of a layer being animated: into `shape` for a shape
    /// property, else into `state`.
    @inline(__always)
    static func set(_ value: AnimatableValue, _ property: LayerProperty, in state: inout RenderLayerState, shape: inout ShapeState?) {
        if shape != nil, ShapeState.animatedProperties & 1 << UInt64(property.bitIndex) != 0 {
            _ = shape?.setAnimatableValue(value, property)
            return
        }
        state.setAnimatableValue(value, property)
    }
}
