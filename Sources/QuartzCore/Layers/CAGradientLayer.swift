import StrataAnimation
import StrataRender

/// A layer that draws a colour gradient over its background, in the unit coordinates of its
/// bounds: axial (along startPoint → endPoint), radial (centred on startPoint, reaching
/// endPoint) or conic (around startPoint, starting towards endPoint).
open class CAGradientLayer: CALayer {
    override package class var engineLayerClass: LayerClass { .gradientLayer }

    /// CGColors (anything else is refused with a warning).
    open var colors: [Any]? {
        get { read(\.visual.gradient.colors) }
        set {
            guard let newValue else {
                update("colors", \.visual.gradient.colors, nil)
                return
            }
            let colors = newValue.compactMap { $0 as? CGColor }
            guard colors.count == newValue.count else {
                Diagnostics.warn("CAGradientLayer.colors: every element must be a CGColor; refused")
                return
            }
            update("colors", \.visual.gradient.colors, colors)
        }
    }

    /// Stop positions in 0...1, one per colour; nil spreads them evenly.
    open var locations: [NSNumber]? {
        get { read(\.visual.gradient.locations)?.map { NSNumber(value: $0) } }
        set { update("locations", \.visual.gradient.locations, newValue?.map(\.doubleValue)) }
    }

    /// Unit coordinates of the bounds ((0.5, 0) by default: the top edge's middle, iOS).
    @_LayerStored("startPoint", \.visual.gradient.startPoint) open var startPoint: CGPoint

    /// Unit coordinates of the bounds ((0.5, 1) by default).
    @_LayerStored("endPoint", \.visual.gradient.endPoint) open var endPoint: CGPoint

    @_LayerStoredName("type", \.visual.gradient.type) open var type: CAGradientLayerType

    /// The space the stops are mixed in: Display P3 by default, as iOS's wide-colour devices draw
    /// it; sRGB for Lottie files (After Effects' mix). Not Apple API, so it posts no change event.
    package var interpolation: GradientInterpolation {
        get { read(\.visual.gradient.interpolation) }
        set {
            withLock {
                guard state.visual.gradient.interpolation != newValue else { return }
                state.visual.gradient.interpolation = newValue
                if !flags.isPresentation { TransactionStack.current.register(self) }
            }
        }
    }

    public override init() {
        super.init()
        withLock { prepareKind() }
    }

    override func prepareKind() {
        state.visual.kind = .gradient(GradientState())
    }

    override package class var archivedProperties: [ArchivedProperty] {
        super.archivedProperties + [
            ArchivedProperty("colors", \CAGradientLayer.colors),
            ArchivedProperty("locations", \CAGradientLayer.locations),
        ]
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
