import StrataAnimation
import StrataRender

/// Presented states of another time (a replicator's delayed instances), kept for the rest of a
/// frame's walk with their elements in a buffer this object owns, so the walk reads them in place.
final class StateBuffer {
    let states: [RenderLayerState]
    let storage: UnsafeBufferPointer<RenderLayerState>

    init(_ states: [RenderLayerState]) {
        self.states = states
        storage = OwnedBuffers.copy(states)
    }

    deinit { OwnedBuffers.release(storage) }
}
