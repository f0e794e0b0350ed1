import StrataAnimation
import StrataRender

public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
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
/// frame can be rendered on its own, and the same seed gives the same particles.
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
                joinTransaction()
            }
        }
    }

    private final var cellObjects: [CAEmitterCell]?

    open var birthRate: Float {
        get { Float(read(\.visual.emitter.birthRate)) }
        set { update("birthRate", \.visual.emitter.birthRate, Double(newValue)) }
    }

    open var lifetime: Float {
        get { Float(read(\.visual.emitter.lifetime)) }
        set { update("lifetime", \.visual.emitter.lifetime, Double(newValue)) }
    }

    open var emitterPosition: CGPoint {
        get { read(\.visual.emitter.emitterPosition) }
        set { update("emitterPosition", \.visual.emitter.emitterPosition, newValue) }
    }

    open var emitterZPosition: CGFloat {
        get { read(\.emitterZPosition) }
        set { update("emitterZPosition", \.emitterZPosition, newValue) }
    }

    open var emitterDepth: CGFloat {
        get { read(\.emitterDepth) }
        set { update("emitterDepth", \.emitterDepth, newValue) }
    }

    open var emitterSize: CGSize {
        get { read(\.visual.emitter.emitterSize) }
        set { update("emitterSize", \.visual.emitter.emitterSize, newValue) }
    }

    open var emitterShape: CAEmitterLayerEmitterShape {
        get { CAEmitterLayerEmitterShape(rawValue: read(\.visual.emitter.emitterShape)) }
        set { update("emitterShape", \.visual.emitter.emitterShape, newValue.rawValue) }
    }

    open var emitterMode: CAEmitterLayerEmitterMode {
        get { CAEmitterLayerEmitterMode(rawValue: read(\.visual.emitter.emitterMode)) }
        set { update("emitterMode", \.visual.emitter.emitterMode, newValue.rawValue) }
    }

    open var renderMode: CAEmitterLayerRenderMode {
        get { CAEmitterLayerRenderMode(rawValue: read(\.visual.emitter.renderMode)) }
        set { update("renderMode", \.visual.emitter.renderMode, newValue.rawValue) }
    }

    open var preservesDepth: Bool {
        get { read(\.preservesDepth) }
        set { update("preservesDepth", \.preservesDepth, newValue) }
    }

    open var velocity: Float {
        get { Float(read(\.visual.emitter.velocity)) }
        set { update("velocity", \.visual.emitter.velocity, Double(newValue)) }
    }

    open var scale: Float {
        get { Float(read(\.visual.emitter.scale)) }
        set { update("scale", \.visual.emitter.scale, Double(newValue)) }
    }

    open var spin: Float {
        get { Float(read(\.visual.emitter.spin)) }
        set { update("spin", \.visual.emitter.spin, Double(newValue)) }
    }

    open var seed: UInt32 {
        get { read(\.visual.emitter.seed) }
        set { update("seed", \.visual.emitter.seed, newValue) }
    }

    public override init() {
        super.init()
        withLock { prepareKind() }
    }

    override func prepareKind() {
        state.visual.kind = .emitter(EmitterState())
    }

    override package class var archivedProperties: [ArchivedProperty] {
        super.archivedProperties + [
            ArchivedProperty("emitterCells", \CAEmitterLayer.emitterCells),
            ArchivedProperty("birthRate", \CAEmitterLayer.birthRate),
            ArchivedProperty("lifetime", \CAEmitterLayer.lifetime),
            ArchivedProperty("emitterPosition", \CAEmitterLayer.emitterPosition),
            ArchivedProperty("emitterZPosition", \CAEmitterLayer.emitterZPosition),
            ArchivedProperty("emitterSize", \CAEmitterLayer.emitterSize),
            ArchivedProperty("emitterDepth", \CAEmitterLayer.emitterDepth),
            ArchivedProperty("emitterShape", \CAEmitterLayer.emitterShape),
            ArchivedProperty("emitterMode", \CAEmitterLayer.emitterMode),
            ArchivedProperty("renderMode", \CAEmitterLayer.renderMode),
            ArchivedProperty("preservesDepth", \CAEmitterLayer.preservesDepth),
            ArchivedProperty("velocity", \CAEmitterLayer.velocity),
            ArchivedProperty("scale", \CAEmitterLayer.scale),
            ArchivedProperty("spin", \CAEmitterLayer.spin),
            ArchivedProperty("seed", \CAEmitterLayer.seed),
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
