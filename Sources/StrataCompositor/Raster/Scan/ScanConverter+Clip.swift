import CoreGraphics

// Clipping a polygon to a half-plane without changing its winding inside: each edge's part
// outside is projected onto the boundary line. The polygon stays closed (an outside run leaves
// and comes back on the line), a point inside sees the same edges along a ray parallel to the
// line, and a point outside sees none: the region kept is exactly the polygon's inside the
// half-plane, so pixels on a turned or fractional clip edge take the exact area within it.
extension ScanConverter {
    /// Replaces `edges` by the polygon's parts within every half-plane of `planes`.
    func clipEdges(to planes: [ExactClip.HalfPlane]) {
        for plane in planes {
            clippedEdges.removeAll(keepingCapacity: true)
            let norm = plane.a * plane.a + plane.b * plane.b
            guard norm > 0, norm.isFinite else { continue }
            edges.withUnsafeBufferPointer { e in
                var k = 0
                while k + 3 < e.count {
                    clip(e[k], e[k + 1], e[k + 2], e[k + 3], plane, norm: norm)
                    k += 4
                }
            }
            swap(&edges, &clippedEdges)
        }
    }

    private func clip(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ h: ExactClip.HalfPlane, norm: Double) {
        let d0 = h.a * x0 + h.b * y0 - h.c, d1 = h.a * x1 + h.b * y1 - h.c
        func projected(_ x: Double, _ y: Double, _ d: Double) -> (Double, Double) {
            d > 0 ? (x - d * h.a / norm, y - d * h.b / norm) : (x, y)
        }
        if (d0 <= 0) == (d1 <= 0) {
            let p = projected(x0, y0, d0), q = projected(x1, y1, d1)
            append(p.0, p.1, q.0, q.1)
            return
        }
        // It crosses the line at m: the part from the outside end is projected onto it.
        let t = d0 / (d0 - d1)
        let m = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        let p = projected(x0, y0, d0), q = projected(x1, y1, d1)
        append(p.0, p.1, m.0, m.1)
        append(m.0, m.1, q.0, q.1)
    }

    private func append(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1 else { return }
        clippedEdges.append(x0)
        clippedEdges.append(y0)
        clippedEdges.append(x1)
        clippedEdges.append(y1)
    }
}
