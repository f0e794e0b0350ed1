import StrataAnimation
import StrataGeometry

// Evaluation through a snapshot's compact animation table (`RenderAnimationTable`): compact
// records are read from it in node order, the others from the node, in their place.

extension RenderEvaluator {
    /// Runs `body` with a frame of `box`'s table, or with nil when there is none. The frame is
    /// reached through a pointer: it is twelve buffers wide, and copied at each use otherwise.
    static func withFrame<R>(
        of box: TableBox?, _ body: (UnsafePointer<RenderAnimationTable.Frame>?) -> R
    ) -> R {
        guard let box else { return body(nil) }
        return box.withFrame(body)
    }

    /// Node `index`'s animations applied at its local time: through the table's frame when there
    /// is one (compact records from it, the others from the node), else from the node.
    static func apply(
        node: UnsafePointer<RenderNode>, index: Int, to state: inout RenderLayerState, at localTime: Double,
        frame: UnsafePointer<RenderAnimationTable.Frame>?, memo: inout TimingMemo
    ) {
        guard let frame else {
            apply(node.pointee.animations, to: &state, at: localTime, memo: &memo)
            return
        }
        var turn = 0.0
        // A shape layer's animated shape properties are written into one copy of its shape
        // state, put back once: each write through `state` copies it out of its box and boxes
        // it anew (a path, a colour and a width were three boxes a frame).
        var shape: ShapeState?
        if frame.pointee.masks[index] & ShapeState.animatedProperties != 0, case .shape(let s) = state.kind { shape = s }
        let entries = frame.pointee.entries
        for e in Int(frame.pointee.starts[index])..<Int(frame.pointee.starts[index + 1]) {
            let entry = entries[e]
            if entry.animation >= 0, let property = entry.property {
                applyCompact(
                    frame.pointee.animations.baseAddress! + Int(entry.animation), property, entry.component,
                    frame: frame, to: &state, shape: &shape, at: localTime, memo: &memo)
                continue
            }
            node.pointee.animations[Int(entry.group)].records.withUnsafeBufferPointer { records in
                apply(
                    records.baseAddress! + Int(entry.record), to: &state, shape: &shape, at: localTime, turn: &turn,
                    memo: &memo)
            }
        }
        if let shape { state.kind = .shape(shape) }
        if turn != 0 { state.transform = state.transform.turnedAboutZ(by: turn) }
    }

    /// One compact record of `property`'s `component` applied, as `AnimationRecord.evaluate`
    /// applies its record (the same values, tested).
    @inline(__always)
    private static func applyCompact(
        _ animation: UnsafePointer<NumericAnimation>, _ property: LayerProperty, _ component: KeyPathComponent,
        frame: UnsafePointer<RenderAnimationTable.Frame>, to state: inout RenderLayerState, shape: inout ShapeState?,
        at localTime: Double, memo: inout TimingMemo
    ) {
        let key = PropertyKey(base: .layer(property), component: component)
        let numericShape = animation.pointee.shape
        if case .transform(let c) = component, numericShape == .scalar, property == .transform || property == .sublayerTransform {
            applyTransformComponent(
                animation, c, key: key, isSublayerTransform: property == .sublayerTransform, frame: frame, to: &state,
                at: localTime, memo: &memo)
            return
        }
        guard let base = value(of: property, in: &state, shape: &shape) else { return }
        let underlying = animation.pointee.readsUnderlying ? numericShape.lanes(key.read(from: base)) ?? SIMD4() : SIMD4()
        var cursor = 0
        guard
            let lanes = NumericAnimation.evaluate(
                animation, in: frame.pointee.numeric, parentTime: localTime, underlying: underlying, cursor: &cursor)
        else { return }
        set(key.write(numericShape.value(lanes), into: base), property, in: &state, shape: &shape)
    }

    /// A compact record of one component of `transform` (or `sublayerTransform`) applied to the
    /// matrix in place, through the memo: an untransformed layer gets the matrix the memo made for
    /// the same value, if it did. A value that does not fit the component leaves the matrix.
    @inline(__always)
    private static func applyTransformComponent(
        _ animation: UnsafePointer<NumericAnimation>, _ component: TransformComponent, key: PropertyKey,
        isSublayerTransform: Bool, frame: UnsafePointer<RenderAnimationTable.Frame>, to state: inout RenderLayerState,
        at localTime: Double, memo: inout TimingMemo
    ) {
        let matrix = isSublayerTransform ? state.sublayerTransform : state.transform
        let underlying =
            animation.pointee.readsUnderlying
            ? animation.pointee.shape.lanes(key.read(from: .transform(matrix))) ?? SIMD4() : SIMD4()
        var cursor = 0
        guard
            let lanes = NumericAnimation.evaluate(
                animation, in: frame.pointee.numeric, parentTime: localTime, underlying: underlying, cursor: &cursor)
        else { return }
        var made = matrix
        guard memo.write(component, lanes.x, over: matrix, into: &made) else { return }
        if isSublayerTransform { state.sublayerTransform = made } else { state.transform = made }
    }
}
