import CCairo
import CStrataRaster

/// Kernel operations waiting to be drawn together onto one target, in order: the rows of a whole
/// run of layers are shared between the threads in bands, with no handoff per layer. The frame
/// walk draws them before anything else touches the target (`FrameWalk.cr`), when another
/// target is drawn on, and at the end of the frame.
///
/// With two threads the operations are streamed: the worker draws each as soon as it is added,
/// while the walk works out the next layers, and the caller joins in at `flush()` (the same
/// pixels: every band applies the operations in order).
final class KernelBatch {
    private var ops: [strata_composite_op] = []
    /// The rasters the operations read, held until they are drawn.
    private var held: [Raster] = []
    private var surface: OpaquePointer?
    private var buffer = strata_target()
    private var options = RasterKernelOptions(threads: 1)
    /// True while the operations go to an open stream (not to `ops`).
    private(set) var streaming = false

    var isEmpty: Bool { ops.isEmpty && !streaming }

    func add(_ op: strata_composite_op, holding raster: Raster, next: Raster?, onto target: KernelTarget, options: RasterKernelOptions) {
        if surface != target.surface || self.options != options { flush() }
        surface = target.surface
        buffer = target.buffer
        self.options = options
        held.append(raster)
        if let next { held.append(next) }
        var op = op
        if !streaming, ops.isEmpty, options.threads >= 2 {
            streaming = strata_stream_begin(&buffer, options.level) != 0
        }
        if streaming {
            if strata_stream_add(&op) != 0 { return }
            // Full: what was added is drawn, and a new stream takes this one.
            strata_stream_end()
            streaming = strata_stream_begin(&buffer, options.level) != 0
            if streaming, strata_stream_add(&op) != 0 { return }
            if streaming {
                strata_stream_end()
                streaming = false
            }
        }
        ops.append(op)
    }

    /// Draws the operations waiting, in order.
    func flush() {
        guard let surface else { return }
        if streaming {
            strata_stream_end()
            streaming = false
        }
        if !ops.isEmpty {
            ops.withUnsafeBufferPointer { ops in
                strata_composite_batch(
                    ops.baseAddress, Int32(ops.count), &buffer, Int32(clamping: options.threads), options.level)
            }
        }
        cairo_surface_mark_dirty(surface)
        ops.removeAll(keepingCapacity: true)
        held.removeAll(keepingCapacity: true)
        self.surface = nil
    }
}
