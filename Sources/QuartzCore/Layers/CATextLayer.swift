import StrataAnimation
import StrataRender

/// How CATextLayer shortens text that does not fit.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable, _LayerStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How CATextLayer aligns its lines.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable, _LayerStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// A layer that draws a string, laid out by Pango (HarfBuzz shaping, fontconfig fonts) from the
/// top left of its bounds, clipped to them. Apple's defaults: Helvetica 36 points (fontconfig
/// picks the closest installed face: DejaVu Sans on a Debian machine with fonts-dejavu-core),
/// opaque white, not wrapped, not truncated.
open class CATextLayer: CALayer {
    override package class var engineLayerClass: LayerClass { .textLayer }

    /// What was assigned to `string` (a String or an NSAttributedString), returned as is.
    private final var assignedString: Any?

    /// A String, or an NSAttributedString drawn with its Core Text attributes (font, foreground
    /// colour, kerning, underline: see `textRuns(of:)`) instead of the layer's font and colour.
    open var string: Any? {
        get { withLock { assignedString } }
        set {
            let text: String?
            var runs: [TextRun] = []
            switch newValue {
            case nil: text = nil
            case let s as String: text = s
            case let s as NSAttributedString:
                text = s.string
                runs = Self.textRuns(of: s)
            case let s as NSString: text = String(s)
            default:
                Diagnostics.warn("CATextLayer.string: expected a String or an NSAttributedString; refused")
                return
            }
            let sameText = withLock {
                assignedString = newValue
                return state.visual.text.string == text
            }
            if sameText {
                update("string", \.visual.text.runs, runs)
            } else {
                withLock { state.visual.text.runs = runs }
                update("string", \.visual.text.string, text)
            }
        }
    }

    /// The font: a CTFont, a CGFont or a font name (`"Helvetica" as CFTypeRef`, an NSString). The
    /// size comes from `fontSize` (a CTFont's own size is not used, as on Apple). Reads back what
    /// was set, or the default name ("Helvetica") as an NSString.
    open var font: CFTypeRef? {
        get { withLock { state.fontObject ?? NSString(string: state.visual.text.fontName) } }
        set {
            guard let object = newValue else {
                withLock { state.fontObject = nil }
                return update("font", \.visual.text.fontName, TextState().fontName)
            }
            guard let name = (object as? TextLayerFont)?.textLayerFontName ?? object as? String ?? (object as? NSString).map(String.init) else {
                Diagnostics.warn("CATextLayer.font: expected a CTFont, a CGFont or a font name, got \(type(of: object)); refused")
                return
            }
            withLock { state.fontObject = object }
            update("font", \.visual.text.fontName, name)
        }
    }

    /// Points (36 by default). Animatable.
    @_LayerStored("fontSize", \.visual.text.fontSize) open var fontSize: CGFloat

    /// Opaque white by default. Animatable.
    @_LayerStored("foregroundColor", \.visual.text.foregroundColor) open var foregroundColor: CGColor?

    @_LayerStored("wrapped", \.visual.text.isWrapped) open var isWrapped: Bool

    @_LayerStoredName("truncationMode", \.visual.text.truncationMode) open var truncationMode: CATextLayerTruncationMode

    @_LayerStoredName("alignmentMode", \.visual.text.alignmentMode) open var alignmentMode: CATextLayerAlignmentMode

    /// Accepted for source compatibility; Pango positions glyphs itself.
    @_LayerStored("allowsFontSubpixelQuantization", \.allowsFontSubpixelQuantization) open var allowsFontSubpixelQuantization: Bool

    public override init() {
        super.init()
        withLock { prepareKind() }
    }

    override func prepareKind() {
        state.visual.kind = .text(TextState())
    }

    /// The keys whose change redraws a text layer (and marks it for display, as on Apple).
    static let textDisplayKeys: Set<String> = [
        "string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode", "alignmentMode",
        "allowsFontSubpixelQuantization", "contentsScale", "style",
    ]

    /// True for the text keys (`string`, `font`, `fontSize`, `foregroundColor`, `wrapped`,
    /// `truncationMode`, `alignmentMode`, `allowsFontSubpixelQuantization`, `contentsScale`,
    /// `style`), so that changing one marks the layer for display.
    open override class func needsDisplay(forKey key: String) -> Bool {
        textDisplayKeys.contains(key) || super.needsDisplay(forKey: key)
    }

    /// Set by `setNeedsDisplay()`: someone asked for `draw(in:)`, not only a text property.
    private final var displayRequested = false

    open override func setNeedsDisplay() {
        withLock { displayRequested = true }
        super.setNeedsDisplay()
    }

    open override func setNeedsDisplay(_ r: CGRect) {
        withLock { displayRequested = true }
        super.setNeedsDisplay(r)
    }

    /// The text itself is drawn by the renderer from the layer's text properties at every
    /// frame (so animated `fontSize` or colours show), not into `contents`: a display caused by
    /// a text property only clears the mark. After `setNeedsDisplay()`, the delegate's
    /// `display(_:)` or `draw(in:)` runs as for any layer.
    open override func display() {
        let requested = withLock {
            defer { displayRequested = false }
            return displayRequested
        }
        if requested { super.display() }
    }

    override package class var archivedProperties: [ArchivedProperty] {
        super.archivedProperties + [
            ArchivedProperty("string", \CATextLayer.string),
            ArchivedProperty("font", \CATextLayer.font),
        ]
    }

    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATextLayer { assignedString = other.withLock { other.assignedString } }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
