import StrataRender

/// Layers whose look changes frame after frame (an animated path, stroke end, colour): a raster
/// made for one frame is thrown away at the next, so making it (clearing, drawing, scanning for
/// opaque pixels) and resampling it onto the target is all waste. Such a layer's shape is drawn
/// straight into the target through its transform instead; a layer that stops changing gets its
/// cached raster back at its next frame.
extension Compositor {
    /// When a layer's look last changed, to tell a layer that changes every frame from one that
    /// changed once. The look is kept as a hash: it only chooses how to draw, the raster caches
    /// compare whole keys.
    struct LookChange {
        var look: Int
        /// The frame of the last change.
        var lastChange: UInt64
        /// The last frame that drew the layer.
        var frame: UInt64
    }

    /// Which of a layer's looks is tracked.
    enum TrackedLook: Hashable {
        /// Its body (`drawBody`).
        case body
        /// Its body cut by its mask (`drawMaskedLeaf`).
        case maskedBody
        /// Where its body cut by its mask lands on the target (its map).
        case maskedPlacement
        /// Where its body lands on the target (its map).
        case placement
    }

    struct LookKey: Hashable {
        var id: UInt64
        var tracked: TrackedLook
    }

    /// Records that layer `id` shows `look` this frame; true when it changed in this frame and in
    /// one of the two frames before (it keeps changing: a raster made now would not be used again),
    /// or, with `firstSight`, when the layer was not drawn before: a raster pays only from its
    /// second frame, and drawn in place a still (a snapshot, a poster frame) has the exact edges
    /// of its sub-pixel position and scale instead of a resampled raster's.
    func keepsChanging(id: UInt64, _ tracked: TrackedLook, look: Int, firstSight: Bool = false) -> Bool {
        let key = LookKey(id: id, tracked: tracked)
        guard let index = lookChanges.index(forKey: key) else {
            lookChanges[key] = LookChange(look: look, lastChange: frameNumber, frame: frameNumber)
            return firstSight
        }
        lookChanges.values[index].frame = frameNumber
        guard lookChanges.values[index].look != look else { return false }
        let previous = lookChanges.values[index].lastChange
        lookChanges.values[index].lastChange = frameNumber
        lookChanges.values[index].look = look
        return frameNumber &- previous <= 2
    }

    /// `keepsChanging(id:_:look:firstSight: true)`, telling in `seenFirst` whether the layer was
    /// not drawn before (true returned for that reason alone).
    func keepsChanging(id: UInt64, _ tracked: TrackedLook, look: Int, seenFirst: inout Bool) -> Bool {
        seenFirst = lookChanges[LookKey(id: id, tracked: tracked)] == nil
        return keepsChanging(id: id, tracked, look: look, firstSight: true)
    }

    /// Forgets changes of layers that left the tree or were not drawn for `idleFrames`.
    func sweepLookChanges(live: Set<UInt64>) {
        let now = frameNumber
        lookChanges = lookChanges.filter { entry in
            live.contains(entry.key.id) && now &- entry.value.frame < Self.idleFrames
        }
    }
}
