import StrataRender

extension CALayer {
    /// How `mask` cuts this layer: its alpha (Core Animation's behaviour, the default), the alpha
    /// inverted, or its luminance (inverted or not). Strata's own, for Lottie's track mattes.
    package var strataMaskMode: MaskMode {
        get { read(\.visual.maskMode) }
        set { updateFilters("maskMode") { $0.visual.maskMode = newValue } }
    }

    /// Effects on the layer's composite, applied in order before it is composited (Strata's own,
    /// for Lottie's Fill, Tint, Tritone and Gaussian Blur effects).
    package var strataEffects: [LayerEffect] {
        get { read(\.visual.effects) }
        set { updateFilters("effects") { $0.visual.effects = newValue } }
    }
}

extension CATextLayer {
    /// Whether glyphs sit at their exact positions with unhinted metrics (Strata's own, for
    /// Lottie text, which After Effects and Lottie players set so).
    package var strataExactGlyphPositions: Bool {
        get { read(\.visual.text.exactGlyphPositions) }
        set { updateFilters("textStyle") { $0.visual.text.exactGlyphPositions = newValue } }
    }

    /// Points between one line's baseline and the next, 0 for the font's own spacing (Strata's
    /// own, for Lottie text's `lh`).
    package var strataLineHeight: CGFloat {
        get { read(\.visual.text.lineHeight) }
        set { updateFilters("textStyle") { $0.visual.text.lineHeight = newValue } }
    }

    /// The glyphs' outline stroke (colour, width in points, over or under the fill) and extra
    /// space between letters in points (Strata's own, for Lottie text documents).
    package func setStrataTextStyle(
        strokeColor: CGColor?, strokeWidth: CGFloat, strokeOverFill: Bool, letterSpacing: CGFloat, strokeOnly: Bool = false
    ) {
        updateFilters("textStyle") {
            $0.visual.text.strokeOnly = strokeOnly
            $0.visual.text.strokeColor = strokeColor
            $0.visual.text.strokeWidth = strokeWidth
            $0.visual.text.strokeOverFill = strokeOverFill
            $0.visual.text.letterSpacing = letterSpacing
        }
    }
}
