import CoreGraphics

// A plane seen in perspective maps straight lines to straight lines: a path flattened in its
// own space, finely enough for the largest stretch the view gives it, and its vertices
// projected, is the outline the eye sees. Filled so, a shape turning in 3-D costs its edges,
// not a raster resampled through the perspective.
extension ScanConverter {
    /// Fills `path` (layer space) seen through the perspective `map` with `color` at `alpha`,
    /// within the device box `box`; false (nothing drawn) when part of the path is behind the
    /// eye, or the map or the path is not finite.
    func fill(
        _ path: PathStorage, through map: PlaneMap, stretch: Double, evenOdd: Bool, color: RGBA, alpha: Double, box: CGRect,
        onto target: KernelTarget
    ) -> Bool {
        guard map.isFinite, stretch.isFinite, stretch > 0 else { return false }
        flatten(path, transform: .identity, tolerance: Self.tolerance, deviceScale: stretch)
        let projected = points.withUnsafeMutableBufferPointer { p -> Bool in
            var k = 0
            while k + 1 < p.count {
                let q = map.applyHomogeneous(p[k], p[k + 1])
                guard q.w > 1e-6, q.x.isFinite, q.y.isFinite, q.w.isFinite else { return false }
                p[k] = q.x / q.w
                p[k + 1] = q.y / q.w
                k += 2
            }
            return true
        }
        guard projected else { return false }
        guard let paint = Paint.solid(color, alpha: alpha) else { return true }
        edges.removeAll(keepingCapacity: true)
        for contour in contours where contour.count >= 2 {
            addPolygon(points, start: contour.start, count: contour.count)
        }
        scan(box: box, evenOdd: evenOdd, paint: paint, onto: target)
        return true
    }

    /// Strokes `path` (layer space) seen through the perspective `map` with `color` at `alpha`:
    /// the outline is built in layer space (the pen is round there) and its vertices projected.
    /// The caller makes sure the whole stroke is in front of the eye.
    func stroke(
        _ path: PathStorage, through map: PlaneMap, stretch: Double, style: StrokeStyle, color: RGBA, alpha: Double,
        box: CGRect, onto target: KernelTarget
    ) {
        guard map.isFinite, let paint = Paint.solid(color, alpha: alpha) else { return }
        projection = map
        defer { projection = nil }
        outline(path, transform: .identity, stretch: stretch, style: style)
        scan(box: box, evenOdd: false, paint: paint, onto: target)
    }
}
