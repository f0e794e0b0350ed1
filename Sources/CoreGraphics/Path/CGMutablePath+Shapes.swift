// Whole shapes appended to a mutable path: polylines, rectangles, rounded rectangles, ellipses and
// other paths. All sizes and coordinates are in points of the path's user space; `transform`
// maps every generated point (control points included) before it is stored, as Apple's do.

/// The control-point distance, as a fraction of the radius, of a cubic Bézier approximating a
/// quarter circle: 4/3·(√2 − 1). Apple uses this rounded value for ellipses and rounded rects.
package let quarterArcKappa: CGFloat = 0.5522847498

extension CGMutablePath {
    /// Appends a move to the first point and lines through the rest (CGPathAddLines).
    /// An empty array adds nothing; a single point adds just the move.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        // Validated up front so a bad point cannot leave a half-built polyline behind.
        guard Self.isValidShape(points, transform: transform, in: "addLines(between:)") else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// Appends `rect` as its own closed subpath: move to (minX, minY), lines to (maxX, minY),
    /// (maxX, maxY), (minX, maxY), close — counter-clockwise in y-up space, as Apple's.
    ///
    /// The rect is standardized first. A zero-size rect still adds its (coincident) five
    /// elements, as Apple does; a null, infinite (`CGRect.infinite`) or non-finite rect is
    /// ignored with a warning.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard let r = Self.validRect(rect, transform: transform, in: "addRect(_:)") else { return }
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Appends each rect in order, as `addRect` does.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Appends the ellipse inscribed in `rect` as a closed subpath of four cubic quarter arcs:
    /// move to (maxX, midY), then through (midX, maxY), (minX, midY), (midX, minY) back to the
    /// start (increasing angle in y-up space), close. Control points sit `kappa`·radius from the
    /// on-curve points, kappa = 0.5522847498.
    ///
    /// A zero-size rect adds the same six elements collapsed on one point (as Apple does); a null,
    /// infinite or non-finite rect is ignored with a warning.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard let r = Self.validRect(rect, transform: transform, in: "addEllipse(in:)") else { return }
        let cx = r.midX, cy = r.midY
        let rx = r.width / 2, ry = r.height / 2
        let kx = rx * quarterArcKappa, ky = ry * quarterArcKappa
        move(to: CGPoint(x: cx + rx, y: cy), transform: transform)
        addCurve(
            to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky),
            control2: CGPoint(x: cx + kx, y: cy + ry), transform: transform)
        addCurve(
            to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry),
            control2: CGPoint(x: cx - rx, y: cy + ky), transform: transform)
        addCurve(
            to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky),
            control2: CGPoint(x: cx - kx, y: cy - ry), transform: transform)
        addCurve(
            to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry),
            control2: CGPoint(x: cx + rx, y: cy - ky), transform: transform)
        closeSubpath()
    }

    /// Appends a rectangle with quarter-ellipse corners of radii `cornerWidth` × `cornerHeight`
    /// points, as a closed subpath in the same direction as `addRect`:
    /// move to (minX + cw, minY), then line, corner curve, alternately, counter-clockwise
    /// (y-up) around the rect, close — 10 elements; lines are kept even when zero long.
    ///
    /// Corner sizes larger than half the rect are clamped to half of it (Apple asserts instead).
    /// A zero corner width or height adds a plain `addRect`. Negative or non-finite corner sizes
    /// and null rects are ignored with a warning (Apple asserts).
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        let name = "addRoundedRect(in:cornerWidth:cornerHeight:)"
        guard cornerWidth >= 0, cornerHeight >= 0, cornerWidth.isFinite, cornerHeight.isFinite else {
            Diagnostics.warn("CGMutablePath.\(name): invalid corner size \(cornerWidth) × \(cornerHeight); ignored")
            return
        }
        guard let r = Self.validRect(rect, transform: transform, in: name) else { return }
        let cw = Swift.min(cornerWidth, r.width / 2)
        let ch = Swift.min(cornerHeight, r.height / 2)
        guard cw > 0, ch > 0 else {
            addRect(r, transform: transform)
            return
        }
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        let kx = cw * quarterArcKappa, ky = ch * quarterArcKappa
        move(to: CGPoint(x: x0 + cw, y: y0), transform: transform)
        addLine(to: CGPoint(x: x1 - cw, y: y0), transform: transform)
        addCurve(
            to: CGPoint(x: x1, y: y0 + ch), control1: CGPoint(x: x1 - cw + kx, y: y0),
            control2: CGPoint(x: x1, y: y0 + ch - ky), transform: transform)
        addLine(to: CGPoint(x: x1, y: y1 - ch), transform: transform)
        addCurve(
            to: CGPoint(x: x1 - cw, y: y1), control1: CGPoint(x: x1, y: y1 - ch + ky),
            control2: CGPoint(x: x1 - cw + kx, y: y1), transform: transform)
        addLine(to: CGPoint(x: x0 + cw, y: y1), transform: transform)
        addCurve(
            to: CGPoint(x: x0, y: y1 - ch), control1: CGPoint(x: x0 + cw - kx, y: y1),
            control2: CGPoint(x: x0, y: y1 - ch + ky), transform: transform)
        addLine(to: CGPoint(x: x0, y: y0 + ch), transform: transform)
        addCurve(
            to: CGPoint(x: x0 + cw, y: y0), control1: CGPoint(x: x0, y: y0 + ch - ky),
            control2: CGPoint(x: x0 + cw - kx, y: y0), transform: transform)
        closeSubpath()
    }

    /// Appends every element of `path`, each point mapped by `transform` (CGPathAddPath).
    /// Its first move starts a new subpath here.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        // Copied first: `path` may be `self`, whose storage changes as we append.
        let source = path.storage
        guard Self.isValidShape(source.points, transform: transform, in: "addPath(_:)") else { return }
        source.forEachElement { type, points in
            let p = Array(points)
            switch type {
            case .moveToPoint: move(to: p[0], transform: transform)
            case .addLineToPoint: addLine(to: p[0], transform: transform)
            case .addQuadCurveToPoint: addQuadCurve(to: p[1], control: p[0], transform: transform)
            case .addCurveToPoint: addCurve(to: p[2], control1: p[0], control2: p[1], transform: transform)
            case .closeSubpath: closeSubpath()
            }
        }
    }

    /// The standardized rect, or nil (with a warning) when it is null, infinite or not finite.
    package static func validRect(_ rect: CGRect, transform: CGAffineTransform, in function: String) -> CGRect? {
        let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        // CGRect.infinite has finite but meaningless fields (±1.8e308): not a drawable shape.
        guard !rect.isNull, !rect.isInfinite, values.allSatisfy(\.isFinite) else {
            Diagnostics.warn("CGMutablePath.\(function): invalid rect \(rect); ignored")
            return nil
        }
        let r = rect.standardized
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY)]
        guard isValidShape(corners, transform: transform, in: function) else { return nil }
        return r
    }

    /// True when every point, before and after `transform`, is finite; else warns. Whole shapes
    /// are checked before any element is added so a bad value never leaves half a shape.
    package static func isValidShape(_ points: [CGPoint], transform: CGAffineTransform, in function: String) -> Bool {
        let t = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        guard t.allSatisfy(\.isFinite) else {
            Diagnostics.warn("CGMutablePath.\(function): non-finite transform \(transform); ignored")
            return false
        }
        for p in points {
            let q = p.applying(transform)
            if !p.x.isFinite || !p.y.isFinite || !q.x.isFinite || !q.y.isFinite {
                Diagnostics.warn("CGMutablePath.\(function): non-finite point \(p); ignored")
                return false
            }
        }
        return true
    }
}
