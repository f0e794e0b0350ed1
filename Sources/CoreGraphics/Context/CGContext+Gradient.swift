import CCairo

// cairo gradients either stop at their ends (EXTEND_NONE) or pad both ends (EXTEND_PAD). Core
// Graphics can pad one end only, so padding is drawn by extending the gradient's geometry over the
// clip and adding a stop of the end colour: the same picture, for each option independently.
extension CGContext {
    /// Paints `gradient` along the line from `start` to `end` (user space) over the clip.
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
    ) {
        guard Self.finite([start, end], "CGContextDrawLinearGradient"), start != end else { return }
        let d = CGPoint(x: end.x - start.x, y: end.y - start.y)
        let lengthSquared = Double(d.x * d.x + d.y * d.y)
        let ts = clipCorners().map { Double(($0.x - start.x) * d.x + ($0.y - start.y) * d.y) / lengthSquared }
        let t0 = options.contains(.drawsBeforeStartLocation) ? min(0, ts.min() ?? 0) : 0
        let t1 = options.contains(.drawsAfterEndLocation) ? max(1, ts.max() ?? 1) : 1
        let p0 = CGPoint(x: start.x + d.x * t0, y: start.y + d.y * t0)
        let p1 = CGPoint(x: start.x + d.x * t1, y: start.y + d.y * t1)
        guard let pattern = cairo_pattern_create_linear(p0.x, p0.y, p1.x, p1.y) else { return }
        paintGradient(pattern, gradient, t0: t0, t1: t1)
    }

    /// Paints `gradient` between two circles (user space), as Core Graphics and PDF define radial shadings.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
        endRadius: CGFloat, options: CGGradientDrawingOptions
    ) {
        guard Self.finite([startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius],
            "CGContextDrawRadialGradient")
        else { return }
        let r0 = max(0, Double(startRadius))
        let r1 = max(0, Double(endRadius))
        let circle = { (t: Double) -> (CGPoint, Double) in
            (CGPoint(x: startCenter.x + (endCenter.x - startCenter.x) * t,
                     y: startCenter.y + (endCenter.y - startCenter.y) * t), r0 + (r1 - r0) * t)
        }
        let t0 = options.contains(.drawsBeforeStartLocation) ? extent(circle, direction: -1, r0: r0, r1: r1) : 0
        let t1 = options.contains(.drawsAfterEndLocation) ? extent(circle, direction: 1, r0: r0, r1: r1) : 1
        let (c0, rad0) = circle(t0)
        let (c1, rad1) = circle(t1)
        guard let pattern = cairo_pattern_create_radial(c0.x, c0.y, max(0, rad0), c1.x, c1.y, max(0, rad1)) else {
            return
        }
        paintGradient(pattern, gradient, t0: t0, t1: t1)
    }

    /// How far (in gradient parameter) the cone of circles must run to cover the clip, or to the
    /// cone's tip when it narrows that way.
    private func extent(_ circle: (Double) -> (CGPoint, Double), direction: Double, r0: Double, r1: Double) -> Double {
        let growth = (r1 - r0) * direction
        if growth < 0 {
            // The radius reaches 0 at the tip; nothing lies beyond it.
            return direction > 0 ? r0 / (r0 - r1) : -r0 / (r1 - r0)
        }
        let corners = clipCorners()
        var t = direction > 0 ? 2.0 : -1.0
        for _ in 0..<24 {
            let (c, r) = circle(t)
            if corners.allSatisfy({ Double(hypot($0.x - c.x, $0.y - c.y)) <= r }) { break }
            t *= 2
        }
        return t
    }

    private func paintGradient(_ pattern: OpaquePointer, _ gradient: CGGradient, t0: Double, t1: Double) {
        defer { cairo_pattern_destroy(pattern) }
        let span = t1 - t0
        if t0 < 0, let first = gradient.stops.first {
            addStop(pattern, 0, first.color)
        }
        for stop in gradient.stops {
            addStop(pattern, (stop.location - t0) / span, stop.color)
        }
        if t1 > 1, let last = gradient.stops.last {
            addStop(pattern, 1, last.color)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        paint {
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
        }
    }

    private func addStop(_ pattern: OpaquePointer, _ offset: Double, _ color: RGBA) {
        let c = color.clamped
        cairo_pattern_add_color_stop_rgba(pattern, min(1, max(0, offset)), c.r, c.g, c.b, c.a)
    }

    /// The four corners of the clip's bounding box in user space.
    private func clipCorners() -> [CGPoint] {
        let b = boundingBoxOfClipPath
        return [
            CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
            CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.maxY),
        ]
    }
}
