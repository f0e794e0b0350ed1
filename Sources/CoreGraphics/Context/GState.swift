import CCairo

/// The part of a context's graphics state that Strata keeps itself (cairo keeps the clip path, and
/// is re-synced from this at every save/restore).
struct GState {
    /// User space to the context's base space (origin bottom-left, y up).
    var ctm: CGAffineTransform = .identity
    /// Setting a plain colour ends a pattern fill or stroke.
    var fillColor = RGBA.black {
        didSet { fillPattern = nil }
    }
    var strokeColor = RGBA.black {
        didSet { strokePattern = nil }
    }
    var fillPattern: PatternPaint?
    /// Where patterns start, in base space (`setPatternPhase`).
    var patternPhase = CGSize.zero
    var strokePattern: PatternPaint?
    /// Global alpha, 0...1, applied to everything drawn.
    var alpha: CGFloat = 1
    var blendMode: CGBlendMode = .normal
    var shadow: Shadow?
    /// Device-space alpha mask from `clip(to:mask:)`, intersected with earlier ones.
    var mask: DeviceMask?
    var lineWidth: CGFloat = 1
    var lineCap: CGLineCap = .butt
    var lineJoin: CGLineJoin = .miter
    var miterLimit: CGFloat = 10
    var dashPhase: CGFloat = 0
    var dashLengths: [CGFloat] = []
    var interpolationQuality: CGInterpolationQuality = .default
    var shouldAntialias = true
    var allowsAntialiasing = true
    /// `setShouldSubpixelPositionFonts` / `setShouldSubpixelQuantizeFonts` (nil: never set).
    /// The font, size (points), spacing (points) and drawing mode of `showGlyphs`.
    var font: CGFont?
    var fontSize: CGFloat = 12
    var characterSpacing: CGFloat = 0
    var textDrawingMode: CGTextDrawingMode = .fill
    var shouldSubpixelPositionFonts: Bool?
    var shouldSubpixelQuantizeFonts: Bool?
    /// The spaces `setFillColor(_: UnsafePointer<CGFloat>)` and its stroke twin read components
    /// in (device gray by default, as on Apple).
    var fillColorSpace: CGColorSpace = .deviceGray
    var strokeColorSpace: CGColorSpace = .deviceGray
    /// Kept for `setRenderingIntent`; Strata draws in sRGB whatever the intent.
    var renderingIntent: CGColorRenderingIntent = .defaultIntent

    /// A shadow set with `setShadow`: base-space offset (points, y up), blur and colour.
    struct Shadow {
        var offset: CGSize
        var blur: CGFloat
        var color: RGBA
    }
}

/// An 8-bit alpha surface the size of the context, in device space (row 0 at the top).
final class DeviceMask {
    let surface: OpaquePointer

    init(surface: OpaquePointer) {
        self.surface = surface
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
