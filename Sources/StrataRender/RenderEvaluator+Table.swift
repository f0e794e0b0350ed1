import StrataAnimation

// Evaluation through a snapshot's compact animation table (`RenderAnimationTable`): compact
// records are read from it in node order, the others from the node, in their place.

extension RenderEvaluator {
    /// Runs `body` with a frame of `table`, or with nil when there is none.
    static func withFrame<R>(of table: RenderAnimationTable?, _ body: (RenderAnimationTable.Frame?) -> R) -> R {
        guard let table else { return body(nil) }
        return table.withFrame { body($0) }
    }

    /// Node `index`'s animations applied at its local time: through the table's frame when there
    /// is one (compact records from it, the others from the node), else from the node.
    static func apply(
        node: UnsafePointer<RenderNode>, index: Int, to state: inout RenderLayerState, at localTime: Double,
        frame: RenderAnimationTable.Frame?, memo: inout TimingMemo
    ) {
        guard let frame else {
            apply(node.pointee.animations, to: &state, at: localTime, memo: &memo)
            return
        }
        var turn = 0.0
        for e in Int(frame.starts[index])..<Int(frame.starts[index + 1]) {
            let entry = frame.entries[e]
            if entry.animation >= 0, let property = entry.property {
                applyCompact(
                    frame.animations.baseAddress! + Int(entry.animation), property, entry.component, frame: frame.numeric,
                    to: &state, at: localTime, memo: &memo)
                continue
            }
            node.pointee.animations[Int(entry.group)].records.withUnsafeBufferPointer { records in
                apply(records.baseAddress! + Int(entry.record), to: &state, at: localTime, turn: &turn, memo: &memo)
            }
        }
        if turn != 0 { state.transform = state.transform.turnedAboutZ(by: turn) }
    }

    /// One compact record of `property`'s `component` applied, as `AnimationRecord.evaluate`
    /// applies its record (the same values, tested).
    @inline(__always)
    private static func applyCompact(
        _ animation: UnsafePointer<NumericAnimation>, _ property: LayerProperty, _ component: KeyPathComponent,
        frame: NumericAnimationTable.Frame, to state: inout RenderLayerState, at localTime: Double,
        memo: inout TimingMemo
    ) {
        guard let base = state.animatableValue(property) else { return }
        let key = PropertyKey(base: .layer(property), component: component)
        let shape = animation.pointee.shape
        let underlying = animation.pointee.readsUnderlying ? shape.lanes(key.read(from: base)) ?? SIMD4() : SIMD4()
        var cursor = 0
        guard
            let lanes = NumericAnimation.evaluate(
                animation, in: frame, parentTime: localTime, underlying: underlying, cursor: &cursor)
        else { return }
        // A transform component of an untransformed layer: the matrix the memo made for the same
        // value, if it did (`key.write` would make it again).
        if case .transform(let c) = component, case .transform(let matrix) = base, shape == .scalar {
            state.setAnimatableValue(memo.transform(c, lanes.x, replacingIn: matrix).map(AnimatableValue.transform) ?? base, property)
            return
        }
        state.setAnimatableValue(key.write(shape.value(lanes), into: base), property)
    }
}
