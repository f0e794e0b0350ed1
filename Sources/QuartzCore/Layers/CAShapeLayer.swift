import StrataAnimation
import StrataRender

/// A layer that draws a path: filled with `fillColor`, then stroked with `strokeColor`, between its
/// contents and its first sublayer. `strokeStart`/`strokeEnd` trim the stroke by arc length, so
/// animating them draws the path progressively; `path` animates when both paths have the same
/// elements.
open class CAShapeLayer: CALayer {
    override package class var engineLayerClass: LayerClass { .shapeLayer }

    /// Copied on assignment, as Apple's.
    open var path: CGPath? {
        get { read(\.visual.shape.path) }
        set {
            update("path", \.visual.shape.path, newValue?.copy())
            if read(\.visual.shape.reach) != nil { withLock { state.visual.shape.reach = nil } }
        }
    }

    /// Opaque black by default; nil fills nothing.
    @_LayerStored("fillColor", \.visual.shape.fillColor) open var fillColor: CGColor?

    @_LayerStoredName("fillRule", \.visual.shape.fillRule) open var fillRule: CAShapeLayerFillRule

    /// nil by default: no stroke.
    @_LayerStored("strokeColor", \.visual.shape.strokeColor) open var strokeColor: CGColor?

    /// Fraction of the path's length where the stroke starts (0 by default).
    @_LayerStored("strokeStart", \.visual.shape.strokeStart) open var strokeStart: CGFloat

    /// Fraction of the path's length where the stroke ends (1 by default).
    @_LayerStored("strokeEnd", \.visual.shape.strokeEnd) open var strokeEnd: CGFloat

    /// Points (1 by default).
    @_LayerStored("lineWidth", \.visual.shape.lineWidth) open var lineWidth: CGFloat

    @_LayerStored("miterLimit", \.visual.shape.miterLimit) open var miterLimit: CGFloat

    @_LayerStoredName("lineCap", \.visual.shape.lineCap) open var lineCap: CAShapeLayerLineCap

    @_LayerStoredName("lineJoin", \.visual.shape.lineJoin) open var lineJoin: CAShapeLayerLineJoin

    @_LayerStored("lineDashPhase", \.visual.shape.lineDashPhase) open var lineDashPhase: CGFloat

    /// Dash and gap lengths in points, alternating; nil: a solid line.
    open var lineDashPattern: [NSNumber]? {
        get { read(\.visual.shape.lineDashPattern)?.map { NSNumber(value: $0) } }
        set { update("lineDashPattern", \.visual.shape.lineDashPattern, newValue?.map(\.doubleValue)) }
    }

    /// (Strata) A box in the layer's space that its drawing never leaves, whatever the animations
    /// its producer adds do; nil (the default): not known. Set by StrataLottie for trimmed strokes,
    /// so that renderers skip those that never reach their target. Setting `path` clears it.
    package var drawnReach: ShapeReach? {
        get { read(\.visual.shape.reach) }
        set { withLock { state.visual.shape.reach = newValue } }
    }

    public override init() {
        super.init()
        withLock { prepareKind() }
    }

    override func prepareKind() {
        state.visual.kind = .shape(ShapeState())
    }

    override package class var archivedProperties: [ArchivedProperty] {
        super.archivedProperties + [
            ArchivedProperty("path", \CAShapeLayer.path),
            ArchivedProperty("lineDashPattern", \CAShapeLayer.lineDashPattern),
        ]
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
