// Colour spaces for fill and stroke components, the rendering intent, and the text matrix.

extension CGContext {
    /// Sets the space `setFillColor(_:)` reads components in; the fill becomes that space's
    /// opaque black, as on Apple.
    public func setFillColorSpace(_ space: CGColorSpace) {
        state.fillColorSpace = space
        state.fillColor = CGColor(space: space, components: Self.black(in: space)).sRGBComponents
    }

    /// Sets the space `setStrokeColor(_:)` reads components in; the stroke becomes opaque black.
    public func setStrokeColorSpace(_ space: CGColorSpace) {
        state.strokeColorSpace = space
        state.strokeColor = CGColor(space: space, components: Self.black(in: space)).sRGBComponents
    }

    /// Sets the fill from components in the fill colour space (its components, then alpha).
    public func setFillColor(_ components: UnsafePointer<CGFloat>) {
        let n = state.fillColorSpace.numberOfComponents
        guard n > 0 else { return }
        let values = Array(UnsafeBufferPointer(start: components, count: n + 1))
        state.fillColor = CGColor(space: state.fillColorSpace, components: values).sRGBComponents
    }

    /// Sets the stroke from components in the stroke colour space (its components, then alpha).
    public func setStrokeColor(_ components: UnsafePointer<CGFloat>) {
        let n = state.strokeColorSpace.numberOfComponents
        guard n > 0 else { return }
        let values = Array(UnsafeBufferPointer(start: components, count: n + 1))
        state.strokeColor = CGColor(space: state.strokeColorSpace, components: values).sRGBComponents
    }

    /// Kept in the graphics state; Strata draws in sRGB whatever the intent (documented).
    public func setRenderingIntent(_ intent: CGColorRenderingIntent) {
        state.renderingIntent = intent
    }

    /// Maps text space to user space for text drawing (not part of the graphics state: save and
    /// restore leave it alone, as on Apple). Its translation is the text position.
    public var textMatrix: CGAffineTransform {
        get { textState }
        set { textState = newValue }
    }

    /// Where the next text is drawn, in user space: the text matrix's translation (setting one
    /// sets the other, as in Quartz).
    public var textPosition: CGPoint {
        get { CGPoint(x: textState.tx, y: textState.ty) }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            textState.tx = newValue.x
            textState.ty = newValue.y
        }
    }

    /// Opaque black in `space`: 0 for gray and RGB components, (0, 0, 0, 1) for CMYK.
    private static func black(in space: CGColorSpace) -> [CGFloat] {
        var components = [CGFloat](repeating: 0, count: space.numberOfComponents)
        if space.model == .cmyk, !components.isEmpty { components[components.count - 1] = 1 }
        return components + [1]
    }
}
