import CCairo
import CStrataRaster
import CoreGraphics

/// Gradient colour tables kept between frames: a Lottie gradient stroke whose trim moves keeps
/// its colours, and its table (hundreds of entries interpolated stop by stop) was remade every
/// frame.
extension Compositor {
    /// What a table is made from: the stops (colours and locations), the alpha they are drawn
    /// at and the number of entries. The geometry is not in it (the same table serves a moving
    /// gradient).
    struct GradientTableKey: Hashable {
        var colors: [RGBA]
        var locations: [Double]
        var alpha: Double
        var size: Int
    }

    /// Tables kept at most (a file rarely has more distinct gradients; beyond, all are dropped).
    static let gradientTableLimit = 64

    /// The scan converter's paint for `gradient` over `bounds` (layer space) at `alpha`, drawn
    /// through `map` (layer space → device pixels); nil where the gradient kernel does not draw
    /// it (conic, a degenerate line, a focal radial).
    func gradientPaint(_ gradient: GradientKey, over bounds: CGRect, alpha: Double, map: CGAffineTransform)
        -> ScanConverter.Paint?
    {
        guard let pattern = gradient.pattern(over: bounds, alpha: alpha) else { return nil }
        defer { cairo_pattern_destroy(pattern) }
        let ctm = cairo_matrix_t(xx: map.a, yx: map.b, xy: map.c, yy: map.d, x0: map.tx, y0: map.ty)
        guard let (device, length) = GradientFill.kernelGradient(pattern, ctm: ctm) else { return nil }
        let size = GradientFill.tableSize(forLength: length, gap: GradientFill.closestStops(pattern))
        let key = GradientTableKey(colors: gradient.colors, locations: gradient.locations, alpha: alpha, size: size)
        let table: [UInt32]
        if let last = lastGradientTable, last.key == key {
            // The commonest case (one gradient drawn by several layers, or one layer frame after
            // frame): compared, not hashed.
            table = last.table
        } else if let kept = gradientTables[key] {
            table = kept
            lastGradientTable = (key, kept)
        } else {
            table = GradientFill.colorTable(pattern, size: size)
            if gradientTables.count >= Self.gradientTableLimit { gradientTables.removeAll(keepingCapacity: true) }
            gradientTables[key] = table
            lastGradientTable = (key, table)
        }
        guard table.count >= 2 else { return nil }
        return .gradient(device, table: table, simd: options.kernelOptions.level)
    }
}
