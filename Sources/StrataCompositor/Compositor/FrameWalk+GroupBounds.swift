import CoreGraphics
import StrataRender

// Isolation groups (group opacity, masks, blend modes) are drawn into a surface of their own,
// which cairo sizes to the clip: without a tighter clip, every masked layer of a Lottie file
// cleared and composited a surface the size of the whole frame, twice (contents and mask).
extension FrameWalk {
    /// Target pixels that `node`'s group can touch: the union of the frame's footprint boxes of
    /// the layer and everything below it, cut to its mask's when it has one (not inverted); nil when the
    /// footprints do not describe what is drawn here (no footprints, an offscreen, a transition,
    /// states of another time).
    mutating func groupBox(_ node: Int, hasMask: Bool, _ context: Context) -> CGRect? {
        guard let footprints, drawsFrameStates, targets.count == 1, context.transitionNode < 0 else { return nil }
        if subtreeBoxes.isEmpty { subtreeBoxes = Self.subtreeBoxes(nodes, states, footprints) }
        guard node < subtreeBoxes.count else { return nil }
        var box = subtreeBoxes[node]
        let mask = Int(nodes[node].mask)
        // An inverted mask shows the layer where the mask draws nothing: it cuts nothing away.
        let inverted = states[node].maskMode == .invertedAlpha || states[node].maskMode == .invertedLuminance
        if hasMask, !inverted, mask >= 0, mask < subtreeBoxes.count { box = box.intersection(subtreeBoxes[mask]) }
        return box.isNull ? .zero : box
    }

    /// The target pixels a group over `box` (its layers' pixels) may cover: two pixels of room;
    /// with a shadow of the group's composite, also where that shadow falls (offset, and three
    /// deviations of its blur), so that its surface, and the blur over it, cover only that much
    /// rather than the whole frame.
    static func groupLimit(_ box: CGRect, compositeShadow shadow: (color: RGBA, radius: Double)?, _ s: RenderLayerState, map: PlaneMap) -> CGRect {
        guard let shadow else { return box.insetBy(dx: -2, dy: -2) }
        let placed = compositeShadowPlacement(shadow, s, map: map)
        let sigma = Swift.min(placed.sigma, GaussianBlur.maxSigma)
        let reach = box.union(box.offsetBy(dx: placed.offset.x, dy: placed.offset.y))
        let room = 3 * (sigma.isFinite ? sigma : GaussianBlur.maxSigma) + 2
        return reach.insetBy(dx: -room, dy: -room)
    }

    /// Each node's subtree box: its own footprint box united with its sublayers' (not its mask's,
    /// which cuts rather than adds). Worked out once a frame, children before parents.
    static func subtreeBoxes(_ nodes: [RenderNode], _ states: [RenderLayerState], _ footprints: Footprints) -> [CGRect] {
        var boxes = [CGRect](repeating: .null, count: nodes.count)
        var order: [Int] = []
        order.reserveCapacity(nodes.count)
        var stack = nodes.indices.filter { nodes[$0].parent < 0 }
        var seen = [Bool](repeating: false, count: nodes.count)
        while let node = stack.popLast() {
            guard !seen[node] else { continue }  // a malformed tree cannot loop here
            seen[node] = true
            order.append(node)
            for child in nodes[node].sublayers where Int(child) < nodes.count { stack.append(Int(child)) }
            let mask = Int(nodes[node].mask)
            if mask >= 0, mask < nodes.count { stack.append(mask) }
        }
        for node in order.reversed() {
            var box = footprints.entry(node: node, layerID: nodes[node].layerID)?.box ?? .null
            for child in nodes[node].sublayers where Int(child) < nodes.count { box = box.union(boxes[Int(child)]) }
            boxes[node] = box
        }
        return boxes
    }
}
