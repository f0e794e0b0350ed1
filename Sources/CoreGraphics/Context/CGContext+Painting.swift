import CCairo

extension CGContext {
    /// Fills the current path with the fill colour, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        paint { fillCurrentPath(rule: rule, preserve: false) }
    }

    /// Strokes the current path with the stroke colour and line attributes, then clears the path.
    public func strokePath() {
        paint { strokeCurrentPath() }
    }

    /// Paints the current path as `mode` says, as one object (a shadow falls from fill and stroke together).
    public func drawPath(using mode: CGPathDrawingMode) {
        paint {
            switch mode {
            case .fill: fillCurrentPath(rule: .winding, preserve: false)
            case .eoFill: fillCurrentPath(rule: .evenOdd, preserve: false)
            case .stroke: strokeCurrentPath()
            case .fillStroke:
                fillCurrentPath(rule: .winding, preserve: true)
                strokeCurrentPath()
            case .eoFillStroke:
                fillCurrentPath(rule: .evenOdd, preserve: true)
                strokeCurrentPath()
            }
        }
    }

    /// Fills `rect` (user space). Like the other shape calls, it replaces the current path.
    public func fill(_ rect: CGRect) {
        fill([rect])
    }

    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes independent segments: points 0–1, 2–3, and so on.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i])
            addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }

    /// Makes `rect` fully transparent (inside the clip), whatever the blend mode and alpha.
    public func clear(_ rect: CGRect) {
        guard isCTMInvertible else { return }
        backing?.pull()
        defer { backing?.push() }
        beginPath()
        addRect(rect)
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    // MARK: - The paint pipeline

    /// Runs `draw` (which paints through cairo) honouring global alpha, blend mode, shadow and mask.
    ///
    /// Plain drawing goes straight to the surface with the blend mode's operator. With alpha below 1,
    /// a shadow or a mask, the object is first drawn alone into a transparent group, which is then
    /// composited: its shadow first, then itself, each through the mask and at the global alpha.
    func paint(_ draw: () -> Void) {
        guard isCTMInvertible else {
            cairo_new_path(cr)
            return
        }
        backing?.pull()
        defer {
            backing?.push()
            checkStatus()
        }
        cairo_set_antialias(
            cr, state.shouldAntialias && state.allowsAntialiasing ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        guard state.alpha < 1 || state.shadow != nil || state.mask != nil else {
            cairo_set_operator(cr, state.blendMode.cairoOperator)
            draw()
            return
        }
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        draw()
        guard let group = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(group) }
        // From here on everything is composited in device space.
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        cairo_pattern_set_matrix(group, &identity)
        if let shadow = state.shadow, let shadowPattern = makeShadow(of: group, shadow) {
            composite(shadowPattern)
            cairo_pattern_destroy(shadowPattern)
        }
        composite(group)
    }

    /// Composites a device-space pattern through the mask, at the global alpha, with the blend mode.
    private func composite(_ source: OpaquePointer) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, state.blendMode.cairoOperator)
        let alpha = Double(state.alpha)
        if let mask = state.mask {
            if alpha < 1 {
                cairo_push_group(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                cairo_set_source(cr, source)
                cairo_mask_surface(cr, mask.surface, 0, 0)
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, alpha)
            } else {
                cairo_set_source(cr, source)
                cairo_mask_surface(cr, mask.surface, 0, 0)
            }
        } else {
            cairo_set_source(cr, source)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    private func fillCurrentPath(rule: CGPathFillRule, preserve: Bool) {
        let c = state.fillColor.clamped
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
        if let pattern = state.fillPattern, !setPatternSource(pattern) { cairo_set_source_rgba(cr, 0, 0, 0, 0) }
        cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        if preserve { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
    }

    private func strokeCurrentPath() {
        let c = state.strokeColor.clamped
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
        if let pattern = state.strokePattern, !setPatternSource(pattern) { cairo_set_source_rgba(cr, 0, 0, 0, 0) }
        var width = Double(state.lineWidth)
        if width == 0 {
            // A zero width means the thinnest visible line: one device pixel.
            width = 1 / max(1e-12, abs(Double(state.ctm.determinant)).squareRoot())
        }
        cairo_set_line_width(cr, min(width, coveringLineWidth()))
        cairo_set_line_cap(cr, cairo_line_cap_t(rawValue: UInt32(state.lineCap.rawValue)))
        cairo_set_line_join(cr, cairo_line_join_t(rawValue: UInt32(state.lineJoin.rawValue)))
        cairo_set_miter_limit(cr, Double(state.miterLimit))
        let dashes = state.dashLengths.map(Double.init)
        cairo_set_dash(cr, dashes, Int32(dashes.count), Double(state.dashPhase))
        cairo_stroke(cr)
    }

    /// A line width (user space) past which a stroke of the current path covers the clip as it
    /// does at this width: a pen whose radius is 64 times the farthest any clip point lies from
    /// any path point. cairo
    /// builds round joins and caps as polygons with more sides the wider the pen, so a text
    /// outline stroked 10⁶ wide took seconds; beyond this width only a bevel join turning by more
    /// than 178° could reach further into the clip.
    private func coveringLineWidth() -> Double {
        var cx0 = 0.0, cy0 = 0.0, cx1 = 0.0, cy1 = 0.0
        var px0 = 0.0, py0 = 0.0, px1 = 0.0, py1 = 0.0
        cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1)
        // Every path point lies at least half the clip's diagonal from some clip point: below
        // 64 diagonals no width is cut, and the path is not walked for its extents.
        let diagonal = ((cx1 - cx0) * (cx1 - cx0) + (cy1 - cy0) * (cy1 - cy0)).squareRoot()
        guard diagonal.isFinite, Double(state.lineWidth) > 64 * diagonal else { return .infinity }
        cairo_path_extents(cr, &px0, &py0, &px1, &py1)
        let dx = max(abs(cx1 - px0), abs(px1 - cx0)), dy = max(abs(cy1 - py0), abs(py1 - cy0))
        let reach = (dx * dx + dy * dy).squareRoot()
        guard reach.isFinite, reach > 0 else { return .infinity }
        return 128 * reach + 4
    }

    /// cairo's errors are sticky; Strata validates inputs so that none should occur. Report any that does.
    func checkStatus() {
        let status = cairo_status(cr)
        guard status != CAIRO_STATUS_SUCCESS else { return }
        Diagnostics.warn("CGContext: cairo error: \(String(cString: cairo_status_to_string(status)))")
    }
}
