import CCairo
import CStrataRaster

/// Kernel operations waiting to be drawn together onto one target, in order. The frame walk
/// draws them before anything else touches the target (`FrameWalk.cr`), when another target is
/// drawn on, and at the end of the frame.
///
/// They wait so that the kernel knows every later operation when it draws one: pixels that a
/// later layer covers with opaque pixels are not drawn (`RasterKernelOptions.culls`; the frame is
/// the same). Runs of layers that read their rasters row by row share the target's rows between
/// the threads in bands; turned layers are split in halves.
final class KernelBatch {
    @exclusivity(unchecked) private var ops: [strata_composite_op] = []
    /// The rasters the operations read, held until they are drawn.
    @exclusivity(unchecked) private var held: [Raster] = []
    @exclusivity(unchecked) private var surface: OpaquePointer?
    @exclusivity(unchecked) private var buffer = strata_target()
    @exclusivity(unchecked) private var options = RasterKernelOptions(threads: 1)
    /// Pixels skipped as hidden since the batch was made (for tests and benchmarks).
    @exclusivity(unchecked) private(set) var hiddenPixels: Int64 = 0

    func add(_ op: strata_composite_op, holding raster: Raster, next: Raster?, onto target: KernelTarget, options: RasterKernelOptions) {
        if surface != target.surface || self.options != options { flush() }
        surface = target.surface
        buffer = target.buffer
        self.options = options
        held.append(raster)
        if let next { held.append(next) }
        var op = op
        // Only an affine operation at full opacity can hide what is under it.
        if options.culls, op.alpha >= 255, op.wx == 0, op.wy == 0, op.w0 == 1 {
            let r = raster.opaqueRect
            (op.opaqueX0, op.opaqueY0, op.opaqueX1, op.opaqueY1) = (r.x0, r.y0, r.x1, r.y1)
        }
        ops.append(op)
    }

    /// Draws the operations waiting, in order.
    func flush() {
        guard let surface else { return }
        if !ops.isEmpty {
            let hidden = ops.withUnsafeBufferPointer { ops in
                strata_composite_batch(
                    ops.baseAddress, Int32(ops.count), &buffer, Int32(clamping: options.threads), options.level,
                    options.culls ? 1 : 0)
            }
            hiddenPixels += hidden
        }
        cairo_surface_mark_dirty(surface)
        ops.removeAll(keepingCapacity: true)
        held.removeAll(keepingCapacity: true)
        self.surface = nil
    }
}
