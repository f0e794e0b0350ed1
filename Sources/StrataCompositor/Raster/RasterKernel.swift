import CCairo
import CStrataRaster
import CoreGraphics

/// How the kernel runs: on how many threads, and which of its SIMD code may (tests compare them).
package struct RasterKernelOptions: Sendable, Equatable {
    package var threads: Int
    /// SSSE3 code, where the processor has it.
    package var simd: Bool
    /// AVX2 code as well, where the processor has it.
    package var avx2: Bool
    /// Whether a batch skips the pixels a later operation covers with opaque ones (the same pixels).
    package var culls: Bool
    package init(threads: Int, simd: Bool = true, avx2: Bool = true, culls: Bool = true) {
        self.threads = threads
        self.simd = simd
        self.avx2 = avx2
        self.culls = culls
    }

    /// The kernel's code level: 0 portable, 1 SSSE3, 2 AVX2.
    var level: Int32 { simd ? (avx2 ? 2 : 1) : 0 }
}

enum RasterKernel {
    /// Draws `raster` through `map` (its local space → device pixels) onto `target` at `alpha`,
    /// within `crop` (device pixels) and the target's clip. False when the map is one the kernel
    /// does not draw (a perspective that puts part of the raster behind the eye): nothing was drawn.
    ///
    /// The operation's coordinates are device pixels less `frame` (whole pixels): a layer's copy
    /// made for one place and the same layer drawn straight at another place whole pixels away
    /// then compute every pixel from the same numbers.
    @discardableResult
    static func composite(
        _ raster: Raster, map: PlaneMap, frame: (x: Int, y: Int) = (0, 0), bilinear: Bool, alpha: Double,
        antialias: Bool, crop: CGRect? = nil, onto target: KernelTarget, options: RasterKernelOptions,
        next: Raster? = nil, batch: KernelBatch? = nil
    ) -> Bool {
        guard alpha > 0 else { return true }
        guard let made = operation(raster, map: map, frame: frame, bilinear: bilinear, alpha: alpha, antialias: antialias)
        else { return false }
        guard var op = made else { return true }
        if let next, next !== raster, let data = cairo_image_surface_get_data(next.surface) {
            op.next = UnsafeRawPointer(data)
            op.nextBytes = Int64(cairo_image_surface_get_stride(next.surface)) * Int64(next.height)
        }
        var cropBox = (-(1 << 40), -(1 << 40), 1 << 40, 1 << 40)
        if let crop {
            guard !crop.isNull, crop.width > 0, crop.height > 0, abs(crop.minX) < 1e9, abs(crop.minY) < 1e9,
                abs(crop.maxX) < 1e9, abs(crop.maxY) < 1e9
            else { return true }
            cropBox = (Int(crop.minX.rounded(.down)), Int(crop.minY.rounded(.down)), Int(crop.maxX.rounded(.up)), Int(crop.maxY.rounded(.up)))
        }
        guard abs(frame.x) < 1 << 30, abs(frame.y) < 1 << 30 else { return true }
        op.frameX = Int32(frame.x)
        op.frameY = Int32(frame.y)
        var buffer = target.buffer
        var drewNow = false
        for clip in target.clips {
            var rectOp = op
            let x0 = Swift.max(clip.0, cropBox.0) - frame.x, y0 = Swift.max(clip.1, cropBox.1) - frame.y
            let x1 = Swift.min(clip.2, cropBox.2) - frame.x, y1 = Swift.min(clip.3, cropBox.3) - frame.y
            rectOp.x0 = Int32(clamping: Swift.max(Int(op.x0), x0))
            rectOp.y0 = Int32(clamping: Swift.max(Int(op.y0), y0))
            rectOp.x1 = Int32(clamping: Swift.min(Int(op.x1), x1))
            rectOp.y1 = Int32(clamping: Swift.min(Int(op.y1), y1))
            guard rectOp.x0 < rectOp.x1, rectOp.y0 < rectOp.y1 else { continue }
            if let batch {
                batch.add(rectOp, holding: raster, next: next, onto: target, options: options)
            } else {
                strata_composite(&rectOp, &buffer, Int32(clamping: options.threads), options.level)
                drewNow = true
            }
        }
        if drewNow { cairo_surface_mark_dirty(target.surface) }
        return true
    }

    /// Whether the kernel draws `map`: affine, or a perspective with the whole raster in front of
    /// the eye.
    static func takes(_ raster: Raster, map: PlaneMap) -> Bool {
        if map.isAffine { return true }
        let e = raster.extent
        return [(e.minX, e.minY), (e.maxX, e.minY), (e.maxX, e.maxY), (e.minX, e.maxY)].allSatisfy {
            let w = map.applyHomogeneous($0.0, $0.1).w
            return w.isFinite && w > 1e-9
        }
    }

    /// The kernel's operation for `raster` through `map` less the whole-pixel `frame` offset: nil
    /// when the kernel does not take the map, an empty operation when nothing shows (a singular
    /// or non-finite map).
    static func operation(
        _ raster: Raster, map: PlaneMap, frame: (x: Int, y: Int), bilinear: Bool, alpha: Double, antialias: Bool
    ) -> strata_composite_op?? {
        guard let pixels = cairo_image_surface_get_data(raster.surface) else { return .some(nil) }
        let shifted = map.then(.translation(-Double(frame.x), -Double(frame.y)))
        var op = strata_composite_op()
        op.src = UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt32.self)
        op.srcWidth = Int32(raster.width)
        op.srcHeight = Int32(raster.height)
        op.srcStride = cairo_image_surface_get_stride(raster.surface) / 4
        op.filter = bilinear ? 1 : 0
        op.antialias = antialias ? 1 : 0
        op.alpha = Int32((Swift.min(Swift.max(alpha, 0), 1) * 255).rounded())
        let w = Double(raster.width), h = Double(raster.height)
        // The raster's box on the frame, from its four corners (no array: one call a raster drawn).
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ x: Double, _ y: Double) {
            minX = Swift.min(minX, x)
            maxX = Swift.max(maxX, x)
            minY = Swift.min(minY, y)
            maxY = Swift.max(maxY, y)
        }
        if shifted.isAffine {
            let t = shifted.affine
            let s = raster.scale
            // Raster pixel p → frame: A·p + T.
            let a11 = t.a / s, a12 = t.c / s, a21 = t.b / s, a22 = t.d / s
            let tx = t.a * raster.origin.x + t.c * raster.origin.y + t.tx
            let ty = t.b * raster.origin.x + t.d * raster.origin.y + t.ty
            let det = a11 * a22 - a12 * a21
            guard det.isFinite, abs(det) > 1e-12, tx.isFinite, ty.isFinite else { return .some(nil) }
            op.ux = a22 / det
            op.uy = -a12 / det
            op.vx = -a21 / det
            op.vy = a11 / det
            op.u0 = -(op.ux * tx + op.uy * ty)
            op.v0 = -(op.vx * tx + op.vy * ty)
            op.w0 = 1
            add(tx, ty)
            add(a11 * w + tx, a21 * w + ty)
            add(a11 * w + a12 * h + tx, a21 * w + a22 * h + ty)
            add(a12 * h + tx, a22 * h + ty)
        } else {
            guard takes(raster, map: map) else { return nil }
            let s = raster.scale
            let toLocal = PlaneMap(a: 1 / s, b: 0, c: 0, d: 0, e: 1 / s, f: 0, g: raster.origin.x, h: raster.origin.y, i: 1)
            let forward = toLocal.then(shifted)
            guard let g = forward.inverse else { return .some(nil) }
            (op.ux, op.uy, op.u0) = (g.a, g.d, g.g)
            (op.vx, op.vy, op.v0) = (g.b, g.e, g.h)
            (op.wx, op.wy, op.w0) = (g.c, g.f, g.i)
            for (px, py) in [(0.0, 0.0), (w, 0), (w, h), (0, h)] {
                guard let p = forward.apply(CGPoint(x: px, y: py)) else { return nil }
                add(p.x, p.y)
            }
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return .some(nil) }
        let limit = 1e9
        func whole(_ v: Double) -> Int32 { Int32(clamping: Int(Swift.min(Swift.max(v, -limit), limit))) }
        op.x0 = whole(minX.rounded(.down) - 1)
        op.y0 = whole(minY.rounded(.down) - 1)
        op.x1 = whole(maxX.rounded(.up) + 1)
        op.y1 = whole(maxY.rounded(.up) + 1)
        return .some(op)
    }
}
