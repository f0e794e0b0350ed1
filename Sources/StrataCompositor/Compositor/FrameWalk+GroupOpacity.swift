import StrataRender

// Group opacity isolates a layer's subtree so that overlapping sublayers do not show through
// each other. When one layer of the subtree draws at all, there is nothing to overlap: its
// alpha times the group's is the group's composite, without a surface cleared, drawn into and
// painted back every frame (Lottie layers fading a single shape: a loader's eight sticks made
// eight groups a frame).
extension FrameWalk {
    /// Whether at most one layer of `node`'s subtree draws anything: a chain of layers with at
    /// most one shown sublayer each, none but the last drawing itself, none with a mask,
    /// shadow, effects, blend mode, transition, replicated or emitted content or shared depth.
    func drawsAtMostOneLayer(below node: Int) -> Bool {
        var n = node
        var drawing = 0
        for _ in 0..<Compositor.maxGroupDepth {
            guard plan[n].mask < 0, !plan[n].isTransformLayer, !(hasTransitions && plan[n].hasTransition)
            else { return false }
            let s = stateStorage.baseAddress! + n
            guard !(s.pointee.shadowOpacity > 0), s.pointee.effects.isEmpty, s.pointee.compositingBlend == .normal,
                s.pointee.tiles == nil
            else { return false }
            switch s.pointee.kind {
            case .plain:
                if s.pointee.backgroundColor != nil || s.pointee.contentsImage != nil || s.pointee.borderWidth > 0 { drawing += 1 }
            case .shape, .gradient, .text: drawing += 1
            case .replicator, .emitter: return false
            }
            var shown = -1
            for k in Int(plan[n].firstSublayer)..<Int(plan[n].endSublayer) where !stateStorage[Int(kids[k])].isHidden {
                guard shown < 0 else { return false }
                shown = Int(kids[k])
            }
            guard drawing <= 1 else { return false }
            guard shown >= 0 else { return true }
            n = shown
        }
        return false
    }
}
