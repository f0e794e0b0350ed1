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
        /// The frame that first drew the layer.
        var firstFrame: UInt64
        /// The answer given in `frame`: a layer drawn again in the same frame with the same look
        /// (a replicator's instances) is drawn the same way each time.
        var answer: Bool
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
        var seenFirst = false
        return keepsChanging(id: id, tracked, look: look, firstSight: firstSight, seenFirst: &seenFirst)
    }

    /// `keepsChanging(id:_:look:firstSight: true)`, telling in `seenFirst` whether the layer was
    /// not drawn before (true returned for that reason alone).
    func keepsChanging(id: UInt64, _ tracked: TrackedLook, look: Int, seenFirst: inout Bool) -> Bool {
        keepsChanging(id: id, tracked, look: look, firstSight: true, seenFirst: &seenFirst)
    }

    /// Both answers from one lookup (a dictionary probe hashes its key: two a layer a frame showed).
    private func keepsChanging(id: UInt64, _ tracked: TrackedLook, look: Int, firstSight: Bool, seenFirst: inout Bool) -> Bool {
        let key = LookKey(id: id, tracked: tracked)
        guard let index = lookChanges.index(forKey: key) else {
            seenFirst = true
            lookChanges[key] = LookChange(
                look: look, lastChange: frameNumber, frame: frameNumber, firstFrame: frameNumber, answer: firstSight)
            return firstSight
        }
        let entry = lookChanges.values[index]
        seenFirst = entry.firstFrame == frameNumber
        if entry.frame == frameNumber, entry.look == look { return entry.answer }
        lookChanges.values[index].frame = frameNumber
        guard entry.look != look else {
            lookChanges.values[index].answer = false
            return false
        }
        lookChanges.values[index].lastChange = frameNumber
        lookChanges.values[index].look = look
        let answer = frameNumber &- entry.lastChange <= 2
        lookChanges.values[index].answer = answer
        return answer
    }

    /// Forgets changes of layers that left the tree or were not drawn for `idleFrames`.
    func sweepLookChanges(live: Set<UInt64>) {
        let now = frameNumber
        lookChanges = lookChanges.filter { entry in
            live.contains(entry.key.id) && now &- entry.value.frame < Self.idleFrames
        }
    }
}
