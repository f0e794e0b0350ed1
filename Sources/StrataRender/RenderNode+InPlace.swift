extension RenderNode {
    /// Byte offsets of the stored properties, for `initialize(_:…)`.
    private static let offsets = (
        layerID: MemoryLayout<RenderNode>.offset(of: \.layerID) ?? 0,
        stateSerial: MemoryLayout<RenderNode>.offset(of: \.stateSerial) ?? 0,
        isTransformLayer: MemoryLayout<RenderNode>.offset(of: \.isTransformLayer) ?? 0,
        state: MemoryLayout<RenderNode>.offset(of: \.state) ?? 0,
        parent: MemoryLayout<RenderNode>.offset(of: \.parent) ?? 0,
        sublayers: MemoryLayout<RenderNode>.offset(of: \.sublayers) ?? 0,
        mask: MemoryLayout<RenderNode>.offset(of: \.mask) ?? 0,
        isMask: MemoryLayout<RenderNode>.offset(of: \.isMask) ?? 0,
        animations: MemoryLayout<RenderNode>.offset(of: \.animations) ?? 0,
        presentationContents: MemoryLayout<RenderNode>.offset(of: \.presentationContents) ?? 0)

    /// The number of stored properties `initialize(_:…)` sets (a test checks it against the type).
    package static let fieldsInitializedInPlace = 10

    /// Initializes the uninitialized memory at `node` field by field, the state copied straight
    /// from `state` (a commit makes thousands of nodes: built aside and moved in, each cost three
    /// copies of its 700 bytes). Every stored property is set.
    package static func initialize(
        _ node: UnsafeMutablePointer<RenderNode>, layerID: UInt64, stateSerial: UInt64, isTransformLayer: Bool,
        state: UnsafePointer<RenderLayerState>, parent: Int32, sublayers: [Int32], mask: Int32, isMask: Bool,
        animations: [CommittedAnimation], presentationContents: PresentationContents? = nil
    ) {
        let raw = UnsafeMutableRawPointer(node), o = offsets
        (raw + o.layerID).initializeMemory(as: UInt64.self, to: layerID)
        (raw + o.stateSerial).initializeMemory(as: UInt64.self, to: stateSerial)
        (raw + o.isTransformLayer).initializeMemory(as: Bool.self, to: isTransformLayer)
        (raw + o.state).assumingMemoryBound(to: RenderLayerState.self).initialize(from: state, count: 1)
        (raw + o.parent).initializeMemory(as: Int32.self, to: parent)
        (raw + o.sublayers).initializeMemory(as: [Int32].self, to: sublayers)
        (raw + o.mask).initializeMemory(as: Int32.self, to: mask)
        (raw + o.isMask).initializeMemory(as: Bool.self, to: isMask)
        (raw + o.animations).initializeMemory(as: [CommittedAnimation].self, to: animations)
        (raw + o.presentationContents).initializeMemory(as: PresentationContents?.self, to: presentationContents)
    }
}
