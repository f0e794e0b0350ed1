import CCairo

// The current path lives in cairo, which, like Core Graphics, stores it in device space as it is
// built, so a later CTM change does not move it. Shapes are built with CGMutablePath so that context
// and path produce the same elements.
extension CGContext {
    /// Discards the current path.
    public func beginPath() {
        cairo_new_path(cr)
    }

    public func move(to point: CGPoint) {
        guard canBuildPath, Self.finite([point], "CGContextMoveToPoint") else { return }
        cairo_move_to(cr, point.x, point.y)
    }

    public func addLine(to point: CGPoint) {
        guard canBuildPath, Self.finite([point], "CGContextAddLineToPoint"), hasCurrentPoint("AddLineToPoint")
        else { return }
        cairo_line_to(cr, point.x, point.y)
    }

    public func addLines(between points: [CGPoint]) {
        guard canBuildPath, Self.finite(points, "CGContextAddLines"), let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard canBuildPath, Self.finite([end, control1, control2], "CGContextAddCurveToPoint"),
            hasCurrentPoint("AddCurveToPoint")
        else { return }
        cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard canBuildPath, Self.finite([end, control], "CGContextAddQuadCurveToPoint"),
            hasCurrentPoint("AddQuadCurveToPoint")
        else { return }
        appendContinuing { $0.addQuadCurve(to: end, control: control) }
    }

    /// Adds an arc; `clockwise` as seen in the y-up user space (angles decreasing).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        guard canBuildPath, Self.finite([center.x, center.y, radius, startAngle, endAngle], "CGContextAddArc")
        else { return }
        appendContinuing {
            $0.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        }
    }

    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard canBuildPath, Self.finite([tangent1End.x, tangent1End.y, tangent2End.x, tangent2End.y, radius],
            "CGContextAddArcToPoint")
        else { return }
        appendContinuing { $0.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius) }
    }

    public func addRect(_ rect: CGRect) {
        guard canBuildPath, Self.finite([rect.origin.x, rect.origin.y, rect.width, rect.height], "CGContextAddRect")
        else { return }
        appendNew { $0.addRect(rect) }
    }

    public func addRects(_ rects: [CGRect]) {
        for r in rects { addRect(r) }
    }

    public func addEllipse(in rect: CGRect) {
        guard canBuildPath,
            Self.finite([rect.origin.x, rect.origin.y, rect.width, rect.height], "CGContextAddEllipseInRect")
        else { return }
        appendNew { $0.addEllipse(in: rect) }
    }

    /// Appends `path` (in user space) to the current path.
    public func addPath(_ path: CGPath) {
        guard canBuildPath else { return }
        CairoPath.append(path.storage, to: cr)
    }

    public func closePath() {
        cairo_close_path(cr)
    }

    /// True when the current path has no elements.
    public var isPathEmpty: Bool { !(cairo_has_current_point(cr) != 0) }

    /// The current point in user space; `.zero` when the path is empty.
    public var currentPointOfPath: CGPoint {
        guard (cairo_has_current_point(cr) != 0) else { return .zero }
        var x = 0.0
        var y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// A copy of the current path in user space, or nil when it is empty.
    public var path: CGPath? {
        guard !isPathEmpty else { return nil }
        return CGPath(storage: CairoPath.copy(from: cr))
    }

    /// The bounding box of the current path in user space, control points included (`.null` when empty).
    public var boundingBoxOfPath: CGRect {
        path?.boundingBox ?? .null
    }

    /// True when `point` (user space) is inside the current path under `mode`'s fill rule.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        guard let path else { return false }
        switch mode {
        case .stroke:
            return path.copy(
                strokingWithWidth: state.lineWidth, lineCap: state.lineCap, lineJoin: state.lineJoin,
                miterLimit: state.miterLimit
            ).contains(point)
        case .eoFill, .eoFillStroke:
            return path.contains(point, using: .evenOdd)
        case .fill, .fillStroke:
            return path.contains(point, using: .winding)
        }
    }

    /// Replaces the current path by the outline its stroke would cover (dashes included).
    public func replacePathWithStrokedPath() {
        guard let current = path else { return }
        var source: CGPath = current
        if !state.dashLengths.isEmpty {
            source = current.copy(dashingWithPhase: state.dashPhase, lengths: state.dashLengths)
        }
        let outline = source.copy(
            strokingWithWidth: state.lineWidth, lineCap: state.lineCap, lineJoin: state.lineJoin,
            miterLimit: state.miterLimit)
        cairo_new_path(cr)
        CairoPath.append(outline.storage, to: cr)
    }

    // MARK: - Internal

    /// False while the CTM is singular: path points cannot be placed in device space.
    var canBuildPath: Bool {
        guard isCTMInvertible else {
            Diagnostics.warn("CGContext: the CTM is not invertible; path element ignored")
            return false
        }
        return true
    }

    private func hasCurrentPoint(_ function: String) -> Bool {
        guard (cairo_has_current_point(cr) != 0) else {
            Diagnostics.warn("CGContext\(function): no current point")
            return false
        }
        return true
    }

    /// Builds a shape that continues from the current point (arcs, curves) and appends it.
    private func appendContinuing(_ build: (CGMutablePath) -> Void) {
        let shape = CGMutablePath()
        let continuing = (cairo_has_current_point(cr) != 0)
        if continuing { shape.move(to: currentPointOfPath) }
        build(shape)
        var storage = shape.storage
        if continuing, storage.types.first == .moveToPoint {
            storage.types.removeFirst()
            storage.points.removeFirst()
        }
        CairoPath.append(storage, to: cr)
    }

    /// Builds a shape that starts its own subpaths (rects, ellipses) and appends it.
    private func appendNew(_ build: (CGMutablePath) -> Void) {
        let shape = CGMutablePath()
        build(shape)
        CairoPath.append(shape.storage, to: cr)
    }
}
