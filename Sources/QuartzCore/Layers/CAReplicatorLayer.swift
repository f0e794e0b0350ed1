import StrataAnimation
import StrataRender

/// A layer that draws its sublayers `instanceCount` times: each instance is the previous one
/// moved by `instanceTransform` (about the layer's centre), its animations delayed by
/// `instanceDelay`, its colour multiplied by `instanceColor` plus k × the offsets.
open class CAReplicatorLayer: CALayer {
    override package class var engineLayerClass: LayerClass { .replicatorLayer }

    /// Instances drawn (1 by default; at most 10,000 are drawn, with a warning).
    @_LayerStored("instanceCount", \.visual.replicator.instanceCount) open var instanceCount: Int

    @_LayerStored("preservesDepth", \.visual.replicator.preservesDepth) open var preservesDepth: Bool

    /// Seconds by which each instance's animations lag the previous instance's.
    @_LayerStored("instanceDelay", \.visual.replicator.instanceDelay) open var instanceDelay: CFTimeInterval

    @_LayerStored("instanceTransform", \.visual.replicator.instanceTransform) open var instanceTransform: CATransform3D

    /// Multiplies the first instance's colours (opaque white by default: no change).
    @_LayerStored("instanceColor", \.visual.replicator.instanceColor) open var instanceColor: CGColor?

    @_LayerStored("instanceRedOffset", \.visual.replicator.instanceRedOffset) open var instanceRedOffset: Float

    @_LayerStored("instanceGreenOffset", \.visual.replicator.instanceGreenOffset) open var instanceGreenOffset: Float

    @_LayerStored("instanceBlueOffset", \.visual.replicator.instanceBlueOffset) open var instanceBlueOffset: Float

    @_LayerStored("instanceAlphaOffset", \.visual.replicator.instanceAlphaOffset) open var instanceAlphaOffset: Float

    public override init() {
        super.init()
        withLock { prepareKind() }
    }

    override func prepareKind() {
        state.visual.kind = .replicator(ReplicatorState())
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
