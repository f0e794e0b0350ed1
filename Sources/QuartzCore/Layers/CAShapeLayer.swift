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
        set { update("path", \.visual.shape.path, newValue?.copy()) }
    }

    /// Opaque black by default; nil fills nothing.
    open var fillColor: CGColor? {
        get { read(\.visual.shape.fillColor) }
        set { update("fillColor", \.visual.shape.fillColor, newValue) }
    }

    open var fillRule: CAShapeLayerFillRule {
        get { CAShapeLayerFillRule(rawValue: read(\.visual.shape.fillRule)) }
        set { update("fillRule", \.visual.shape.fillRule, newValue.rawValue) }
    }

    /// nil by default: no stroke.
    open var strokeColor: CGColor? {
        get { read(\.visual.shape.strokeColor) }
        set { update("strokeColor", \.visual.shape.strokeColor, newValue) }
    }

    /// Fraction of the path's length where the stroke starts (0 by default).
    open var strokeStart: CGFloat {
        get { read(\.visual.shape.strokeStart) }
        set { update("strokeStart", \.visual.shape.strokeStart, newValue) }
    }

    /// Fraction of the path's length where the stroke ends (1 by default).
    open var strokeEnd: CGFloat {
        get { read(\.visual.shape.strokeEnd) }
        set { update("strokeEnd", \.visual.shape.strokeEnd, newValue) }
    }

    /// Points (1 by default).
    open var lineWidth: CGFloat {
        get { read(\.visual.shape.lineWidth) }
        set { update("lineWidth", \.visual.shape.lineWidth, newValue) }
    }

    open var miterLimit: CGFloat {
        get { read(\.visual.shape.miterLimit) }
        set { update("miterLimit", \.visual.shape.miterLimit, newValue) }
    }

    open var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: read(\.visual.shape.lineCap)) }
        set { update("lineCap", \.visual.shape.lineCap, newValue.rawValue) }
    }

    open var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: read(\.visual.shape.lineJoin)) }
        set { update("lineJoin", \.visual.shape.lineJoin, newValue.rawValue) }
    }

    open var lineDashPhase: CGFloat {
        get { read(\.visual.shape.lineDashPhase) }
        set { update("lineDashPhase", \.visual.shape.lineDashPhase, newValue) }
    }

    /// Dash and gap lengths in points, alternating; nil: a solid line.
    open var lineDashPattern: [NSNumber]? {
        get { read(\.visual.shape.lineDashPattern)?.map { NSNumber(value: $0) } }
        set { update("lineDashPattern", \.visual.shape.lineDashPattern, newValue?.map(\.doubleValue)) }
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
            ArchivedProperty("fillColor", \CAShapeLayer.fillColor),
            ArchivedProperty("fillRule", \CAShapeLayer.fillRule),
            ArchivedProperty("strokeColor", \CAShapeLayer.strokeColor),
            ArchivedProperty("strokeStart", \CAShapeLayer.strokeStart),
            ArchivedProperty("strokeEnd", \CAShapeLayer.strokeEnd),
            ArchivedProperty("lineWidth", \CAShapeLayer.lineWidth),
            ArchivedProperty("miterLimit", \CAShapeLayer.miterLimit),
            ArchivedProperty("lineCap", \CAShapeLayer.lineCap),
            ArchivedProperty("lineJoin", \CAShapeLayer.lineJoin),
            ArchivedProperty("lineDashPhase", \CAShapeLayer.lineDashPhase),
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
