import CStrataRaster
import CoreGraphics

/// Strata's own fill and stroke of paths in a solid colour or a gradient straight onto a kernel target: paths
/// flattened to polygons (`ScanConverter+Flatten`), strokes outlined (`ScanConverter+Stroke`),
/// polygons covered by exact pixel areas (`strata_scan_fill`). cairo's stroker and scan converter
/// were two thirds of a frame of 50 animated rings; cairo stays the reference in the tests
/// (`ScanConverterTests`). One per compositor: its buffers are reused frame after frame.
final class ScanConverter {
    /// Largest distance (device pixels) between a curve and the polygon drawn for it (cairo's
    /// default tolerance).
    static let tolerance = 0.1

    /// Flattened subpaths: x, y pairs (user space, or device space for fills).
    @exclusivity(unchecked) var points: [Double] = []
    /// Each subpath's first point (index into `points` / 2), point count and whether it closes.
    @exclusivity(unchecked) var contours: [(start: Int, count: Int, closed: Bool, drawn: Bool)] = []
    /// Polygon edges in device pixels: x0, y0, x1, y1 each.
    @exclusivity(unchecked) var edges: [Double] = []
    /// A perspective that stroke outlines are projected through instead of their affine map
    /// (`ScanConverter+Perspective`); nil otherwise.
    @exclusivity(unchecked) var projection: PlaneMap?
    /// The edges clipped to a half-plane (`clipEdges`), swapped with `edges`.
    @exclusivity(unchecked) var clippedEdges: [Double] = []
    /// One stroke outline contour being built (user space).
    @exclusivity(unchecked) var outline: [Double] = []
    /// The scan converter's cells and their touched bits, all zero between calls.
    @exclusivity(unchecked) var cells: [Float] = []
    @exclusivity(unchecked) var touched: [UInt64] = []
    /// One row's coverage bytes (gradient paints).
    @exclusivity(unchecked) var cover: [UInt8] = []
    /// A stroked contour's vertices, segment directions and lengths (kept between contours).
    @exclusivity(unchecked) var spareVertices: [(x: Double, y: Double)] = []
    @exclusivity(unchecked) var spareDirections: [(x: Double, y: Double)] = []
    @exclusivity(unchecked) var spareLengths: [Double] = []

    init() {
        points.reserveCapacity(1024)
        edges.reserveCapacity(4096)
        outline.reserveCapacity(1024)
    }

    /// The premultiplied ARGB32 pixel cairo makes of `color` at opacity `alpha` (each channel
    /// times alpha, rounded to 16 bits, high byte kept).
    static func pixel(_ color: RGBA, alpha: Double) -> UInt32? {
        func clamped(_ v: Double) -> Double { v >= 0 ? (v <= 1 ? v : 1) : 0 }
        guard color.r.isFinite, color.g.isFinite, color.b.isFinite, color.a.isFinite, alpha.isFinite else { return nil }
        let a = clamped(color.a) * clamped(alpha)
        func byte(_ v: Double) -> UInt32 { UInt32(UInt16(clamped(v) * 65535 + 0.5)) >> 8 }
        return byte(a) << 24 | byte(clamped(color.r) * a) << 16 | byte(clamped(color.g) * a) << 8 | byte(clamped(color.b) * a)
    }

    /// What covered pixels take: one premultiplied colour, or a gradient (device space) with its
    /// colour table (`GradientFill.colorTable`) and the kernel's code level.
    enum Paint {
        case solid(UInt32)
        case gradient(strata_gradient, table: [UInt32], simd: Int32)

        /// The solid paint of `color` at `alpha`; nil when nothing would show.
        static func solid(_ color: RGBA, alpha: Double) -> Paint? {
            guard let pixel = ScanConverter.pixel(color, alpha: alpha), pixel >> 24 != 0 else { return nil }
            return .solid(pixel)
        }
    }

    /// Fills `path` through `transform` (user → device) with `color` at `alpha`, within the
    /// device box `box` and the target's clip.
    func fill(
        _ path: PathStorage, transform: CGAffineTransform, evenOdd: Bool, color: RGBA, alpha: Double, box: CGRect,
        onto target: KernelTarget
    ) {
        guard let paint = Paint.solid(color, alpha: alpha) else { return }
        fill(path, transform: transform, evenOdd: evenOdd, paint: paint, box: box, onto: target)
    }

    /// Fills `path` through `transform` (user → device) with `paint`, within the device box
    /// `box` and the target's clip.
    func fill(
        _ path: PathStorage, transform: CGAffineTransform, evenOdd: Bool, paint: Paint, box: CGRect, onto target: KernelTarget
    ) {
        flatten(path, transform: transform, tolerance: Self.tolerance)
        edges.removeAll(keepingCapacity: true)
        for contour in contours where contour.count >= 2 {
            addPolygon(points, start: contour.start, count: contour.count)
        }
        scan(box: box, evenOdd: evenOdd, paint: paint, onto: target)
    }

    /// Adds the closed polygon of `count` points of `source` from point `start` (device space).
    func addPolygon(_ source: [Double], start: Int, count: Int) {
        guard count >= 2, start >= 0, 2 * (start + count) <= source.count else { return }
        // Written in place into room made once (an append checks capacity and uniqueness).
        let first = edges.count
        var end = first
        edges.append(contentsOf: repeatElement(0, count: 4 * count))
        source.withUnsafeBufferPointer { p in
            edges.withUnsafeMutableBufferPointer { e in
                var k = 2 * (start + count - 1)
                var x0 = p[k], y0 = p[k + 1]
                for i in 0..<count {
                    k = 2 * (start + i)
                    let x1 = p[k], y1 = p[k + 1]
                    if y0 != y1 {
                        e[end] = x0
                        e[end + 1] = y0
                        e[end + 2] = x1
                        e[end + 3] = y1
                        end += 4
                    }
                    x0 = x1
                    y0 = y1
                }
            }
        }
        edges.removeLast(edges.count - end)
    }

    /// The box `edges` outline when they are one upright rectangle (its two sides, the top and
    /// bottom being level): covered by overlap, without cells (`strata_fill_box`). Either
    /// winding rule gives such a box the same coverage.
    func uprightBox() -> CGRect? {
        guard edges.count == 8 else { return nil }
        return edges.withUnsafeBufferPointer { e in
            guard e[0] == e[2], e[4] == e[6], e[0] != e[4] else { return nil }
            let top = min(e[1], e[3]), bottom = max(e[1], e[3])
            guard top == min(e[5], e[7]), bottom == max(e[5], e[7]), (e[1] < e[3]) != (e[5] < e[7]) else { return nil }
            return CGRect(x: min(e[0], e[4]), y: top, width: abs(e[4] - e[0]), height: bottom - top)
        }
    }

    /// Covers `edges` within `box` (device pixels) and each of the target's clip rectangles.
    func scan(box: CGRect, evenOdd: Bool, paint: Paint, onto target: KernelTarget) {
        guard !edges.isEmpty, !box.isNull, box.width > 0, box.height > 0 else { return }
        if !target.planes.isEmpty {
            clipEdges(to: target.planes)
            guard !edges.isEmpty else { return }
        }
        // The polygons' own bounds: the caller's box allows for miters that most outlines lack.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        edges.withUnsafeBufferPointer { e in
            var k = 0
            while k < e.count {
                minX = min(minX, e[k], e[k + 2])
                maxX = max(maxX, e[k], e[k + 2])
                minY = min(minY, e[k + 1], e[k + 3])
                maxY = max(maxY, e[k + 1], e[k + 3])
                k += 4
            }
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return }
        let drawn = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).insetBy(dx: -1, dy: -1)
        let outer = box.clipped(to: drawn).integral
        guard !outer.isNull, !outer.isEmpty else { return }
        guard abs(outer.minX) < 1e8, abs(outer.minY) < 1e8, abs(outer.maxX) < 1e8, abs(outer.maxY) < 1e8 else { return }
        var buffer = target.buffer
        let solid: UInt32? = if case .solid(let pixel) = paint { pixel } else { nil }
        let box = solid == nil ? nil : uprightBox()
        for clip in target.clips {
            let x0 = max(Int(outer.minX), clip.0), y0 = max(Int(outer.minY), clip.1)
            let x1 = min(Int(outer.maxX), clip.2), y1 = min(Int(outer.maxY), clip.3)
            guard x0 < x1, y0 < y1 else { continue }
            if let box, let pixel = solid {
                strata_fill_box(
                    &buffer, box.minX, box.minY, box.maxX, box.maxY, Int32(x0), Int32(y0), Int32(x1), Int32(y1), pixel)
                continue
            }
            let needed = (x1 - x0 + 2) * (y1 - y0)
            if cells.count < needed { cells = [Float](repeating: 0, count: needed) }
            let words = (x1 - x0 + 2 + 63) / 64 * (y1 - y0)
            if touched.count < words { touched = [UInt64](repeating: 0, count: words) }
            let count = Int32(edges.count / 4)
            if cover.count < x1 - x0 { cover = [UInt8](repeating: 0, count: x1 - x0) }
            edges.withUnsafeBufferPointer { e in
                cells.withUnsafeMutableBufferPointer { c in
                    touched.withUnsafeMutableBufferPointer { t in
                        switch paint {
                        case .solid(let pixel):
                            strata_scan_fill(
                                e.baseAddress, count, &buffer, Int32(x0), Int32(y0), Int32(x1), Int32(y1), evenOdd ? 1 : 0,
                                pixel, c.baseAddress, t.baseAddress)
                        case .gradient(var g, let table, let simd):
                            table.withUnsafeBufferPointer { lut in
                                cover.withUnsafeMutableBufferPointer { row in
                                    strata_scan_gradient(
                                        e.baseAddress, count, &buffer, Int32(x0), Int32(y0), Int32(x1), Int32(y1),
                                        evenOdd ? 1 : 0, &g, lut.baseAddress, Int32(lut.count), c.baseAddress,
                                        t.baseAddress, row.baseAddress, simd)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
