import CCairo
import CStrataRaster

/// Kernel operations waiting to be drawn together onto one target, in order: the rows of a whole
/// run of layers are shared between the threads in bands, with no handoff per layer. The frame
/// walk draws them before anything else touches the target (`FrameWalk.cr`), when another
/// target is drawn on, and at the end of the frame.
final class KernelBatch {
    private var ops: [strata_composite_op] = []
    /// The rasters the operations read, held until they are drawn.
    private var held: [Raster] = []
    private var surface: OpaquePointer?
    private var buffer = strata_target()
    private var options = RasterKernelOptions(threads: 1)

    var isEmpty: Bool { ops.isEmpty }

    func add(_ op: strata_composite_op, holding raster: Raster, next: Raster?, onto target: KernelTarget, options: RasterKernelOptions) {
        if surface != target.surface || self.options != options { flush() }
        surface = target.surface
        buffer = target.buffer
        self.options = options
        ops.append(op)
        held.append(raster)
        if let next { held.append(next) }
    }

    /// Draws the operations waiting, in order.
    func flush() {
        guard !ops.isEmpty, let surface else { return }
        ops.withUnsafeBufferPointer { ops in
            strata_composite_batch(
                ops.baseAddress, Int32(ops.count), &buffer, Int32(clamping: options.threads), options.level)
        }
        cairo_surface_mark_dirty(surface)
        ops.removeAll(keepingCapacity: true)
        held.removeAll(keepingCapacity: true)
        self.surface = nil
    }
}
