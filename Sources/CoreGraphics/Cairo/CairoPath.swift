import CCairo

/// Copies paths between Strata's `PathStorage` and cairo's current path (in cairo's user space).
package enum CairoPath {
    /// Appends `storage` to `cr`'s current path. Quadratic curves become the equivalent cubics.
    package static func append(_ storage: PathStorage, to cr: OpaquePointer) {
        var current = CGPoint.zero
        var start = CGPoint.zero
        var moved = false
        storage.forEachElement { type, p in
            switch type {
            case .moveToPoint:
                moved = true
                let q = p[p.startIndex]
                cairo_move_to(cr, q.x, q.y)
                current = q
                start = q
            case .addLineToPoint:
                let q = p[p.startIndex]
                cairo_line_to(cr, q.x, q.y)
                current = q
            case .addQuadCurveToPoint:
                let c = p[p.startIndex]
                let e = p[p.startIndex + 1]
                // Before this path's first move, from cairo's current point: a curve continuing
                // a subpath begun by an earlier call (CGContext's addQuadCurve after a move)
                // starts there, not at (0, 0).
                if !moved, cairo_has_current_point(cr) != 0 {
                    var x = 0.0, y = 0.0
                    cairo_get_current_point(cr, &x, &y)
                    current = CGPoint(x: x, y: y)
                }
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: e.x + 2 / 3 * (c.x - e.x), y: e.y + 2 / 3 * (c.y - e.y))
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, e.x, e.y)
                current = e
            case .addCurveToPoint:
                let c1 = p[p.startIndex]
                let c2 = p[p.startIndex + 1]
                let e = p[p.startIndex + 2]
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, e.x, e.y)
                current = e
            case .closeSubpath:
                cairo_close_path(cr)
                current = start
            }
        }
    }

    /// `cr`'s current path in its current user space.
    package static func copy(from cr: OpaquePointer) -> PathStorage {
        var storage = PathStorage()
        guard let path = cairo_copy_path(cr) else { return storage }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return storage }
        var i = 0
        let count = Int(path.pointee.num_data)
        while i < count {
            let header = data[i].header
            func point(_ k: Int) -> CGPoint { CGPoint(x: data[i + k].point.x, y: data[i + k].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                storage.types.append(.moveToPoint)
                storage.points.append(point(1))
            case CAIRO_PATH_LINE_TO:
                storage.types.append(.addLineToPoint)
                storage.points.append(point(1))
            case CAIRO_PATH_CURVE_TO:
                storage.types.append(.addCurveToPoint)
                storage.points.append(contentsOf: [point(1), point(2), point(3)])
            default:
                storage.types.append(.closeSubpath)
            }
            i += Int(header.length)
        }
        // cairo follows every close with a move to the subpath start; Core Graphics does not list it.
        var cleaned = PathStorage()
        var index = 0
        var previous: CGPathElementType?
        for type in storage.types {
            let n = type.pointCount
            let pts = storage.points[index..<index + n]
            index += n
            let isLast = index >= storage.points.count && type == .moveToPoint
            if previous == .closeSubpath && type == .moveToPoint && isLast { continue }
            cleaned.types.append(type)
            cleaned.points.append(contentsOf: pts)
            previous = type
        }
        return cleaned
    }
}
