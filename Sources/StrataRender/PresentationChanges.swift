import StrataAnimation

/// What a renderer keeps from frame to frame to know which layers changed: for each node, a
/// *value serial* that stays while the layer's presented state stays. A layer without
/// animations has its model state's serial; an animated one a serial of its own, renewed on the
/// frames its animated values change (a held keyframe, a finished animation that fills, a layer
/// under a hidden one keep theirs); 0: changes with time whatever its values (a transition, a
/// layer that redraws its contents), never kept.
package struct PresentationChanges {
    /// By node index of the last evaluated snapshot.
    package private(set) var serials: [UInt64] = []
    /// By node index: a serial that stays while what the layer draws itself (its look: bounds,
    /// colours, border, contents, a shape's path and paint, a gradient, text) stays, whatever
    /// places it (position, transform, opacity…): the value serial of a layer animating its look,
    /// its state's serial for one animating only its placement; 0: never kept.
    package private(set) var lookSerials: [UInt64] = []
    /// A fingerprint of each animated node's animated values (and which properties animate).
    private var fingerprints: [Int] = []
    /// By node index: the media times (lo, hi; bounds excluded) over which an animated node's
    /// presented state holds, worked out on a frame its values held; NaN when not known.
    private var spans: [SIMD2<Double>] = []
    /// How many entries of `spans` are known (none: a frame reads none of them).
    package private(set) var spanCount = 0
    /// Animated nodes the last evaluation kept as they were, inside their spans (tests).
    package internal(set) var heldInLastEvaluation = 0
    /// Animated nodes, shown, whose values the last evaluation changed.
    package internal(set) var changedInLastEvaluation = 0
    /// Value serials are handed out from the top half of the range, above any state serial.
    private var next: UInt64 = 1 << 63

    package init() {}

    /// Sized for `count` nodes; entries kept only when the nodes are the same indices as before.
    mutating func resize(to count: Int, keeping: Bool) {
        if keeping, serials.count == count { return }
        serials = [UInt64](repeating: 0, count: count)
        lookSerials = [UInt64](repeating: 0, count: count)
        fingerprints = [Int](repeating: 0, count: count)
        spans = [SIMD2<Double>](repeating: SIMD2(.nan, .nan), count: count)
        spanCount = 0
    }

    /// True when node `i`'s state, as last evaluated, holds at `mediaTime`.
    @inline(__always)
    func holds(_ i: Int, at mediaTime: Double) -> Bool {
        spanCount > 0 && spans[i].x < mediaTime && mediaTime < spans[i].y
    }

    /// Sets (or, with NaN, forgets) the span over which node `i`'s state holds.
    @inline(__always)
    mutating func setSpan(_ i: Int, _ span: SIMD2<Double>) {
        let known = !span.x.isNaN
        guard known || spanCount > 0 else { return }
        let was = !spans[i].x.isNaN
        spans[i] = span
        spanCount += (known ? 1 : 0) - (was ? 1 : 0)
    }

    /// Node `i`, not animated, kept its state (`serial`).
    @inline(__always)
    mutating func keep(_ i: Int, serial: UInt64) {
        serials[i] = serial
        lookSerials[i] = serial
    }

    /// The properties that place a layer or act on its composite without changing what it draws
    /// itself (its body): animating only these keeps its look.
    static let placement: UInt64 = {
        let properties: [LayerProperty] = [
            .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .sublayerTransform, .opacity, .hidden,
            .shadowColor, .shadowOpacity, .shadowOffset, .shadowRadius, .shadowPath, .doubleSided,
            .minificationFilterBias, .shouldRasterize, .rasterizationScale,
        ]
        return properties.reduce(0) { $0 | 1 << UInt64($1.bitIndex) }
    }()

    /// Records node `i`'s serial after its evaluation (`state`: its presented state).
    /// `sameLayer`: the node is the layer it was last frame, with the same model state. True
    /// when an animated node's values are last frame's (its serial kept).
    @inline(__always) @discardableResult
    mutating func note(
        _ i: Int, animated: Bool, mask: UInt64, sameLayer: Bool, hasContents: Bool, state: UnsafePointer<RenderLayerState>,
        serial: UInt64
    ) -> Bool {
        guard animated else {
            serials[i] = hasContents ? 0 : serial
            lookSerials[i] = serials[i]
            return false
        }
        guard mask & (RenderAnimationTable.transition | RenderAnimationTable.otherKey) == 0, !hasContents, serial != 0
        else {
            serials[i] = 0
            lookSerials[i] = 0
            return false
        }
        let placesOnly = mask & ~Self.placement == 0
        defer { lookSerials[i] = placesOnly ? serial : serials[i] }
        var h = Signature()
        h.combine(mask)
        var rest = mask
        while rest != 0 {
            let bit = rest.trailingZeroBitCount
            rest &= rest - 1
            RenderLayerState.combineValue(of: LayerProperty.atBit(bit), in: state, into: &h)
        }
        let fingerprint = h.finalize()
        if sameLayer, serials[i] >= 1 << 63, fingerprints[i] == fingerprint { return true }
        next &+= 1
        serials[i] = next
        fingerprints[i] = fingerprint
        return false
    }
}
