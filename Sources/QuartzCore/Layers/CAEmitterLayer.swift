import StrataAnimation
import StrataRender

public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable, _LayerStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable, _LayerStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable, _LayerStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A particle system: each cell emits particles from the emitter's shape; they move, grow, spin
/// and change colour over their life, above the layer's background and border. The particles
/// at a time are computed from that time and `seed` (never integrated frame by frame): any
/// frame can be rendered on its own, and the same seed gives the same particles. Emission starts
/// at the commit that first shows the layer, or that sets its `emitterCells` (not before the
/// layer's own time 0): an emitter starts empty and fills over time, as on iOS.
open class CAEmitterLayer: CALayer {
    override package class var engineLayerClass: LayerClass { .emitterLayer }

    /// The particle kinds, read when set (set again after changing a cell).
    open var emitterCells: [CAEmitterCell]? {
        get { withLock { cellObjects } }
        set {
            withLock { cellObjects = newValue }
            update("emitterCells", \.visual.emitter.cellCount, newValue?.count ?? 0)
            withLock {
                state.visual.emitter.cells = (newValue ?? []).map(\.frozen)
                // New cells emit from the commit that shows them (nothing pre-spread).
                flags.startsEmission = true
                joinTransaction()
            }
        }
    }

    private final var cellObjects: [CAEmitterCell]?

    @_LayerStoredFloat("birthRate", \.visual.emitter.birthRate) open var birthRate: Float

    @_LayerStoredFloat("lifetime", \.visual.emitter.lifetime) open var lifetime: Float

    @_LayerStored("emitterPosition", \.visual.emitter.emitterPosition) open var emitterPosition: CGPoint

    @_LayerStored("emitterZPosition", \.emitterZPosition) open var emitterZPosition: CGFloat

    @_LayerStored("emitterDepth", \.emitterDepth) open var emitterDepth: CGFloat

    @_LayerStored("emitterSize", \.visual.emitter.emitterSize) open var emitterSize: CGSize

    @_LayerStoredName("emitterShape", \.visual.emitter.emitterShape) open var emitterShape: CAEmitterLayerEmitterShape

    @_LayerStoredName("emitterMode", \.visual.emitter.emitterMode) open var emitterMode: CAEmitterLayerEmitterMode

    @_LayerStoredName("renderMode", \.visual.emitter.renderMode) open var renderMode: CAEmitterLayerRenderMode

    @_LayerStored("preservesDepth", \.preservesDepth) open var preservesDepth: Bool

    @_LayerStoredFloat("velocity", \.visual.emitter.velocity) open var velocity: Float

    @_LayerStoredFloat("scale", \.visual.emitter.scale) open var scale: Float

    @_LayerStoredFloat("spin", \.visual.emitter.spin) open var spin: Float

    @_LayerStored("seed", \.visual.emitter.seed) open var seed: UInt32

    public override init() {
        super.init()
        withLock { prepareKind() }
    }

    override func prepareKind() {
        state.visual.kind = .emitter(EmitterState())
        flags.startsEmission = true
    }

    override package class var archivedProperties: [ArchivedProperty] {
        super.archivedProperties + [
            ArchivedProperty("emitterCells", \CAEmitterLayer.emitterCells),
        ]
    }

    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAEmitterLayer { cellObjects = other.withLock { other.cellObjects } }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
