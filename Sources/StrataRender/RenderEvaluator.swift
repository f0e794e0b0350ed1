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
                evaluate(nodes, reusingFrom: UnsafeBufferPointer(start: nil, count: 0), at: mediaTime, frame: frame, into: &states)
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
        guard states.count == previous.nodes.count else {
            states = presentation(of: snapshot, at: mediaTime)
            return
        }
        let table = snapshot.evaluationCache.table(for: snapshot)
        withFrame(of: table) { frame in
            snapshot.nodes.withUnsafeBufferPointer { nodes in
                previous.nodes.withUnsafeBufferPointer { old in
                    evaluate(nodes, reusingFrom: old, at: mediaTime, frame: frame, into: &states, forDrawing: forDrawing)
                }
            }
        }
    }

    /// The loop of both `presentation` functions: `states` written for `nodes`, entries of `old`
    /// (the nodes `states` was made for; none for a fresh presentation) kept where they still hold.
    private static func evaluate(
        _ nodes: UnsafeBufferPointer<RenderNode>, reusingFrom old: UnsafeBufferPointer<RenderNode>, at mediaTime: Double,
        frame: RenderAnimationTable.Frame?, into states: inout [RenderLayerState], forDrawing: Bool = false
    ) {
        if states.count > nodes.count { states.removeLast(states.count - nodes.count) }
        states.reserveCapacity(nodes.count)
        var maps: [TimeMap] = []
        maps.reserveCapacity(nodes.count)
        // forDrawing: whether each node is below a hidden or transparent layer (parents come
        // before their sublayers and masks).
        var unseen: [Bool] = []
        if forDrawing { unseen.reserveCapacity(nodes.count) }
        // Layers animated together share timings: each is sampled and eased once a frame.
        var memo = TimingMemo()
        for i in nodes.indices {
            let parent = Int(nodes[i].parent)
            let map = (parent >= 0 ? maps[parent] : .identity).then(nodes[i].state.timeMap)
            maps.append(map)
            // Through the table: whether a node has records, without reaching its animations.
            let animated = frame?.isAnimated(i) ?? !nodes[i].animations.isEmpty
            let hiddenAbove = forDrawing && parent >= 0 && parent < i
                && (unseen[parent] || states[parent].isHidden || !(states[parent].opacity > 0))
            if forDrawing { unseen.append(hiddenAbove) }
            if i < old.count, !animated, old[i].animations.isEmpty, nodes[i].stateSerial != 0,
                old[i].stateSerial == nodes[i].stateSerial, old[i].layerID == nodes[i].layerID
            {
                continue
            }
            // Copied once, then animated in place.
            if i < states.count { states[i] = nodes[i].state } else { states.append(nodes[i].state) }
            if hiddenAbove { continue }
            if animated {
                apply(node: nodes.baseAddress! + i, index: i, to: &states[i], at: map.apply(mediaTime), frame: frame, memo: &memo)
            }
            // A layer that redraws for a custom property it animates: its presentation copy's drawing.
            if let drawing = nodes[i].presentationContents, let image = drawing.contents(atLocalTime: map.apply(mediaTime)) {
                states[i].contentsImage = image
            }
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
        records.withUnsafeBufferPointer { records in
            for i in records.indices {
                apply(records.baseAddress! + i, to: &state, at: localTime, turn: &turn, memo: &memo)
            }
        }
    }

    /// Applies one record (read in place).
    static func apply(
        _ record: UnsafePointer<AnimationRecord>, to state: inout RenderLayerState, at localTime: Double,
        turn: inout Double, memo: inout TimingMemo
    ) {
        guard case .layer(let property) = record.pointee.key.base, let base = state.animatableValue(property) else {
            return
        }
        var cursor = 0
        if let value = AnimationRecord.evaluate(record, parentTime: localTime, base: base, cursor: &cursor, memo: &memo) {
            state.setAnimatableValue(value, property)
        }
        if record.pointee.rotatesAlongPath, let angle = record.pointee.pathRotation(parentTime: localTime) {
            turn += angle
        }
    }
}
