/// The choices a `Compositor` draws with, in one value: each switch's default is what users
/// get; tests set the others to compare a path with its reference (cairo for the kernel, rasters
/// for direct drawing, copies for shared pixels) and benchmarks to measure one against the
/// other. Every choice draws the same picture within its tests' stated tolerance.
package struct CompositorOptions: Sendable, Equatable {
    /// When true (the default), a shape layer whose look changes frame after frame, and a
    /// gradient cut by a filled outline that changes or moves, are drawn straight into the
    /// target, not through rasters remade or resampled every frame; false: always through
    /// rasters (the reference the direct drawing's tests compare with).
    package var drawsChangingLayersDirectly = true
    /// When true, whether a layer is drawn directly is decided from the frame alone, not from
    /// the frames drawn before: every shape-only layer (and every gradient cut the gradient
    /// kernel can paint) is drawn straight into the target by the scan converter and the kernel.
    /// Exports set it, so that frames rendered in ranges equal a whole run's byte for byte and
    /// changing shapes still cost no raster a frame. False (the default, live renderers): a
    /// layer is drawn directly once it keeps changing, its first frames as a `CGContext` would.
    package var decidesFromFrameAlone = false
    /// When true (the default) and layers are drawn directly, a shape layer whose map onto the
    /// target changes frame after frame (it slides, turns or scales) is drawn straight into the
    /// target too, instead of resampling its raster; false keeps its raster (benchmarks' A/B).
    package var drawsMovingShapesDirectly = true
    /// When true (the default), shapes drawn straight into a kernel target are filled and
    /// stroked by Strata's scan converter; false: by cairo (the reference its tests compare with).
    package var scansShapes = true
    /// When true (the default), a layer showing a whole image at one image pixel a raster pixel
    /// keeps the image's own pixels as its raster (no copy); false: a copy is drawn (the
    /// reference its test compares with).
    package var sharesImagePixels = true
    /// Placed copies together hold at most this many bytes (192 MiB: four full 1080p screens
    /// and more); beyond it layers are resampled every frame, as they are while they move.
    package var placedByteBudget = 192 << 20
    /// When false, rasters are always resampled straight onto the target (no copies): what the
    /// benchmark's bare-call baseline for moving layers records.
    package var drawsThroughCopies = true
    /// When false, rasters go through cairo and pixman only (the reference the kernel's tests
    /// compare with, and the benchmarks' baselines).
    package var usesKernel = true
    /// Threads and code the composite kernel runs with (byte-identical results whatever they are):
    /// by default two where the process may use two cores, one (no worker thread) where it may
    /// use one (pinned with `taskset`, or a 1-CPU container).
    package var kernelOptions = RasterKernelOptions(threads: Swift.min(2, ProcessorBudget.usableCores))

    package init() {}
}
