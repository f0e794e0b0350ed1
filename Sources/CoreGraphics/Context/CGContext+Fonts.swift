// The font-rendering switches of a context (Apple's CGContext "text" settings). Strata draws
// text with Pango (CATextLayer, through `render(in:)` or a CARenderer drawing into the
// context); these settings decide where Pango may place glyphs.

/// Where a context lets glyphs sit: as the text engine places them by default, on whole pixels,
/// or anywhere (subpixel positions).
package enum GlyphPositioning: Hashable, Sendable {
    /// None of the subpixel switches was set: Pango's defaults (whole-pixel positions).
    case unspecified
    case wholePixels
    case subpixel
}

extension CGContext {
    /// Whether the context may place glyphs at subpixel positions (with
    /// `setShouldSubpixelPositionFonts`). Not part of the graphics state.
    public func setAllowsFontSubpixelPositioning(_ allowsFontSubpixelPositioning: Bool) {
        allowsFontSubpixel.positioning = allowsFontSubpixelPositioning
    }

    /// Whether the context may quantize subpixel glyph positions (with
    /// `setShouldSubpixelQuantizeFonts`). Not part of the graphics state. Pango places glyphs
    /// either on whole pixels or exactly (1/1024 point), never on quarter pixels: the setting
    /// is kept and read back, and changes no pixel.
    public func setAllowsFontSubpixelQuantization(_ allowsFontSubpixelQuantization: Bool) {
        allowsFontSubpixel.quantization = allowsFontSubpixelQuantization
    }

    /// Enables or disables subpixel glyph positions: when disabled, glyphs sit on whole
    /// pixels. Used when allowed and when text is antialiased. Part of the graphics state.
    public func setShouldSubpixelPositionFonts(_ shouldSubpixelPositionFonts: Bool) {
        state.shouldSubpixelPositionFonts = shouldSubpixelPositionFonts
    }

    /// Enables or disables quantized subpixel positions (kept; see
    /// `setAllowsFontSubpixelQuantization`). Part of the graphics state.
    public func setShouldSubpixelQuantizeFonts(_ shouldSubpixelQuantizeFonts: Bool) {
        state.shouldSubpixelQuantizeFonts = shouldSubpixelQuantizeFonts
    }

    /// Where text drawn into this context now may place glyphs: subpixel positions when
    /// allowed, enabled and antialiased (each defaulting to true once any switch was set),
    /// whole pixels otherwise; `.unspecified` while no switch was ever set.
    package var glyphPositioning: GlyphPositioning {
        let allows = allowsFontSubpixel.positioning, should = state.shouldSubpixelPositionFonts
        guard allows != nil || should != nil else { return .unspecified }
        let antialiased = state.shouldAntialias && state.allowsAntialiasing
        return (allows ?? true) && (should ?? true) && antialiased ? .subpixel : .wholePixels
    }

    /// Whether subpixel positions would be quantized (Apple's meaning; Pango does not quantize).
    package var quantizesGlyphPositions: Bool {
        glyphPositioning == .subpixel && (allowsFontSubpixel.quantization ?? true)
            && (state.shouldSubpixelQuantizeFonts ?? true)
    }
}
