import CCairo

extension CGContext {
    /// Pushes a copy of the graphics state (CTM, colours, clip, line attributes, alpha, shadow...).
    public func saveGState() {
        savedStates.append(state)
        cairo_save(cr)
    }

    /// Restores the state saved by the matching `saveGState`; an unmatched call is ignored with a warning.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else {
            Diagnostics.warn("CGContextRestoreGState: no matching save; ignored")
            return
        }
        state = saved
        cairo_restore(cr)
        applyCTM()
    }

    // MARK: - Current transformation matrix

    /// The current transformation matrix, user space to base space (y up).
    public var ctm: CGAffineTransform { state.ctm }

    /// User space to device pixels (row 0 at the top): the CTM followed by the bitmap's y flip.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform {
        state.ctm.concatenating(deviceFlip)
    }

    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        guard Self.finite([tx, ty], "CGContextTranslateCTM") else { return }
        setCTM(state.ctm.translatedBy(x: tx, y: ty))
    }

    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        guard Self.finite([sx, sy], "CGContextScaleCTM") else { return }
        setCTM(state.ctm.scaledBy(x: sx, y: sy))
    }

    /// Rotates user space by `angle` radians (counter-clockwise in the y-up space).
    public func rotate(by angle: CGFloat) {
        guard Self.finite([angle], "CGContextRotateCTM") else { return }
        setCTM(state.ctm.rotated(by: angle))
    }

    /// Applies `transform` before the current CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        let t = transform
        guard Self.finite([t.a, t.b, t.c, t.d, t.tx, t.ty], "CGContextConcatCTM") else { return }
        setCTM(t.concatenating(state.ctm))
    }

    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(userSpaceToDeviceSpaceTransform) }

    public func convertToUserSpace(_ point: CGPoint) -> CGPoint {
        point.applying(userSpaceToDeviceSpaceTransform.inverted())
    }

    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(userSpaceToDeviceSpaceTransform) }

    public func convertToUserSpace(_ rect: CGRect) -> CGRect {
        rect.applying(userSpaceToDeviceSpaceTransform.inverted())
    }

    // MARK: - Colour and compositing

    public func setFillColor(_ color: CGColor) {
        state.fillColor = color.sRGBComponents
        if let pattern = color.pattern, let components = color.components {
            state.fillPattern = PatternPaint(pattern: pattern, color: Self.patternPaintColor(pattern, components, color.colorSpace))
        }
    }

    public func setStrokeColor(_ color: CGColor) {
        state.strokeColor = color.sRGBComponents
        if let pattern = color.pattern, let components = color.components {
            state.strokePattern = PatternPaint(pattern: pattern, color: Self.patternPaintColor(pattern, components, color.colorSpace))
        }
    }

    /// The colour of a pattern colour's paint: its alpha for a coloured pattern, its stencil colour
    /// in the pattern space's base space otherwise.
    static func patternPaintColor(_ pattern: CGPattern, _ components: [CGFloat], _ space: CGColorSpace?) -> RGBA? {
        if pattern.isColored { return RGBA(r: 1, g: 1, b: 1, a: Double(components.first ?? 1)) }
        let base = space?.patternBase ?? CGColorSpaceCreateDeviceRGB()
        guard components.count == base.numberOfComponents + 1 else { return nil }
        return CGColor(space: base, components: components).sRGBComponents
    }

    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }

    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }

    /// Global alpha for everything drawn, clamped to 0...1 (NaN ignored).
    public func setAlpha(_ alpha: CGFloat) {
        guard Self.finite([alpha], "CGContextSetAlpha") else { return }
        state.alpha = min(1, max(0, alpha))
    }

    public func setBlendMode(_ mode: CGBlendMode) {
        if mode == .plusDarker {
            Diagnostics.warn("CGContextSetBlendMode: plusDarker is not supported by cairo; drawn as normal")
        }
        state.blendMode = mode
    }

    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }

    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) { state.allowsAntialiasing = allowsAntialiasing }

    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Flatness is cairo's tolerance; accepted for compatibility.
    public func setFlatness(_ flatness: CGFloat) {
        guard flatness.isFinite, flatness > 0 else { return }
        cairo_set_tolerance(cr, Double(min(flatness, 10)) * 0.1)
    }

    // MARK: - Line attributes

    /// The stroke width in user-space points; negative or non-finite values are ignored with a warning.
    /// Width 0 strokes the thinnest visible line (one device pixel), as PDF and Core Graphics define.
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else {
            Diagnostics.warn("CGContextSetLineWidth: invalid width \(width); ignored")
            return
        }
        state.lineWidth = width
    }

    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }

    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }

    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite else { return }
        state.miterLimit = max(1, limit)
    }

    /// Dashes strokes with `lengths` (on, off, on...) starting `phase` points into the pattern.
    /// Empty lengths mean a solid line; negative, non-finite or all-zero lengths are refused (solid,
    /// with a warning).
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let valid = lengths.allSatisfy { $0.isFinite && $0 >= 0 } && phase.isFinite
        guard lengths.isEmpty || (valid && lengths.contains { $0 > 0 }) else {
            Diagnostics.warn("CGContextSetLineDash: invalid lengths \(lengths); drawing solid lines")
            state.dashLengths = []
            return
        }
        state.dashPhase = phase
        state.dashLengths = lengths
    }

    // MARK: - Shadow

    /// Draws everything after this with a shadow offset by `offset` (base space, y up, unaffected by
    /// the CTM), blurred by a Gaussian of standard deviation `blur / 2`, in `color` (nil: no shadow).
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0 else {
            state.shadow = nil
            return
        }
        guard Self.finite([offset.width, offset.height, blur], "CGContextSetShadowWithColor") else { return }
        state.shadow = GState.Shadow(offset: offset, blur: max(0, blur), color: color.sRGBComponents)
    }

    /// A shadow in black at one third alpha, Apple's default shadow colour.
    /// Moves where patterns start by `phase` (base space: device units, y up). Part of the
    /// graphics state.
    public func setPatternPhase(_ phase: CGSize) {
        guard Self.finite([phase.width, phase.height], "CGContextSetPatternPhase") else { return }
        state.patternPhase = phase
    }

    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    // MARK: - Internal

    /// The flip from base space (y up) to device space (y down from the page's top: a bitmap's
    /// pixels, a PDF page's points).
    var deviceFlip: CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: -pageBox.minX, ty: pageBox.maxY)
    }

    /// False while the CTM is singular: nothing drawn then could be seen, and cairo refuses such matrices.
    var isCTMInvertible: Bool {
        let det = state.ctm.determinant
        return det != 0 && det.isFinite
    }

    func setCTM(_ t: CGAffineTransform) {
        state.ctm = t
        applyCTM()
    }

    /// Pushes `state.ctm` (with the y flip) to cairo when it is invertible.
    func applyCTM() {
        guard isCTMInvertible else { return }
        let m = userSpaceToDeviceSpaceTransform
        var matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
        cairo_set_matrix(cr, &matrix)
    }

    /// True when every value is finite; otherwise warns that `function`'s call was ignored.
    static func finite(_ values: [CGFloat], _ function: String) -> Bool {
        guard values.allSatisfy(\.isFinite) else {
            Diagnostics.warn("\(function): non-finite argument \(values); ignored")
            return false
        }
        return true
    }

    static func finite(_ points: [CGPoint], _ function: String) -> Bool {
        finite(points.flatMap { [$0.x, $0.y] }, function)
    }
}
