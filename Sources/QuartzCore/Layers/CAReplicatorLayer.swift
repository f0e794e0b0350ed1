import StrataAnimation
import StrataRender

/// A layer that draws its sublayers `instanceCount` times: each instance is the previous one
/// moved by `instanceTransform` (about the layer's centre), its animations delayed by
/// `instanceDelay`, its colour multiplied by `instanceColor` plus k × the offsets.
open class CAReplicatorLayer: CALayer {
    override package class var engineLayerClass: LayerClass { .replicatorLayer }

    /// Instances drawn (1 by default; at most 10,000 are drawn, with a warning).
    open var instanceCount: Int {
        get { read(\.visual.replicator.instanceCount) }
        set { update("instanceCount", \.visual.replicator.instanceCount, newValue) }
    }

    open var preservesDepth: Bool {
        get { read(\.visual.replicator.preservesDepth) }
        set { update("preservesDepth", \.visual.replicator.preservesDepth, newValue) }
    }

    /// Seconds by which each instance's animations lag the previous instance's.
    open var instanceDelay: CFTimeInterval {
        get { read(\.visual.replicator.instanceDelay) }
        set { update("instanceDelay", \.visual.replicator.instanceDelay, newValue) }
    }

    open var instanceTransform: CATransform3D {
        get { read(\.visual.replicator.instanceTransform) }
        set { update("instanceTransform", \.visual.replicator.instanceTransform, newValue) }
    }

    /// Multiplies the first instance's colours (opaque white by default: no change).
    open var instanceColor: CGColor? {
        get { read(\.visual.replicator.instanceColor) }
        set { update("instanceColor", \.visual.replicator.instanceColor, newValue) }
    }

    open var instanceRedOffset: Float {
        get { read(\.visual.replicator.instanceRedOffset) }
        set { update("instanceRedOffset", \.visual.replicator.instanceRedOffset, newValue) }
    }

    open var instanceGreenOffset: Float {
        get { read(\.visual.replicator.instanceGreenOffset) }
        set { update("instanceGreenOffset", \.visual.replicator.instanceGreenOffset, newValue) }
    }

    open var instanceBlueOffset: Float {
        get { read(\.visual.replicator.instanceBlueOffset) }
        set { update("instanceBlueOffset", \.visual.replicator.instanceBlueOffset, newValue) }
    }

    open var instanceAlphaOffset: Float {
        get { read(\.visual.replicator.instanceAlphaOffset) }
        set { update("instanceAlphaOffset", \.visual.replicator.instanceAlphaOffset, newValue) }
    }

    public override init() {
        super.init()
        withLock { prepareKind() }
    }

    override func prepareKind() {
        state.visual.kind = .replicator(ReplicatorState())
    }

    override package class var archivedProperties: [ArchivedProperty] {
        super.archivedProperties + [
            ArchivedProperty("instanceCount", \CAReplicatorLayer.instanceCount),
            ArchivedProperty("preservesDepth", \CAReplicatorLayer.preservesDepth),
            ArchivedProperty("instanceDelay", \CAReplicatorLayer.instanceDelay),
            ArchivedProperty("instanceTransform", \CAReplicatorLayer.instanceTransform),
            ArchivedProperty("instanceColor", \CAReplicatorLayer.instanceColor),
            ArchivedProperty("instanceRedOffset", \CAReplicatorLayer.instanceRedOffset),
            ArchivedProperty("instanceGreenOffset", \CAReplicatorLayer.instanceGreenOffset),
            ArchivedProperty("instanceBlueOffset", \CAReplicatorLayer.instanceBlueOffset),
            ArchivedProperty("instanceAlphaOffset", \CAReplicatorLayer.instanceAlphaOffset),
        ]
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
