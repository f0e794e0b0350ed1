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
        if subtreeBoxes.isEmpty { subtreeBoxes = Self.subtreeBoxes((plan, kids), footprints) }
        guard node < subtreeBoxes.count else { return nil }
        var box = subtreeBoxes[node]
        let mask = Int(plan[node].mask)
        // An inverted mask shows the layer where the mask draws nothing: it cuts nothing away.
        let inverted = states[node].maskMode == .invertedAlpha || states[node].maskMode == .invertedLuminance
        if hasMask, !inverted, mask >= 0, mask < subtreeBoxes.count { box = box.clipped(to: subtreeBoxes[mask]) }
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
    static func subtreeBoxes(_ topology: (nodes: [RenderTopology.Node], sublayers: [Int32]), _ footprints: Footprints) -> [CGRect] {
        let (nodes, kids) = topology
        var boxes = [CGRect](repeating: .null, count: nodes.count)
        var order: [Int] = []
        order.reserveCapacity(nodes.count)
        var stack = nodes.indices.filter { nodes[$0].parent < 0 }
        var seen = [Bool](repeating: false, count: nodes.count)
        while let node = stack.popLast() {
            guard !seen[node] else { continue }  // a malformed tree cannot loop here
            seen[node] = true
            order.append(node)
            for k in Int(nodes[node].firstSublayer)..<Int(nodes[node].endSublayer) where Int(kids[k]) < nodes.count {
                stack.append(Int(kids[k]))
            }
            let mask = Int(nodes[node].mask)
            if mask >= 0, mask < nodes.count { stack.append(mask) }
        }
        for node in order.reversed() {
            var box = footprints.entry(node: node, layerID: nodes[node].layerID)?.box ?? .null
            for k in Int(nodes[node].firstSublayer)..<Int(nodes[node].endSublayer) where Int(kids[k]) < nodes.count {
                box = box.union(boxes[Int(kids[k])])
            }
            boxes[node] = box
        }
        return boxes
    }
}

// A precomposition clips to its bounds, and most draw well inside them: cairo then made a clip
// mask for every layer under a turned or fractionally placed clip (and the kernel, which takes
// whole-pixel clips only, handed those layers back to cairo).
extension FrameWalk {
    /// Whether everything `node`'s sublayers draw lies, in whole pixels, inside its (rounded)
    /// bounds mapped by `map`: clipping to them would change no pixel. False when the frame's
    /// footprints cannot tell (see `clipTest`).
    mutating func sublayersStayInside(_ node: Int, bounds: CGRect, corners: CornerShape, map: PlaneMap, _ context: Context) -> Bool {
        guard map.isAffine, drawsFrameStates, targets.count == 1, context.transitionNode < 0,
            footprints?.describes(node: node, layerID: plan[node].layerID) == true
        else { return false }
        if cullingEdges.isEmpty { cullingEdges = footprints?.subtreeEdges(plan, states) ?? [] }
        var drawn = CGRect.null
        for k in Int(plan[node].firstSublayer)..<Int(plan[node].endSublayer) {
            drawn = drawn.union(Footprints.subtreeBox(in: cullingEdges, node: Int(kids[k])))
        }
        if drawn.isNull { return true }
        guard !drawn.isInfinite, abs(drawn.minX) < 1e9, abs(drawn.minY) < 1e9, abs(drawn.maxX) < 1e9, abs(drawn.maxY) < 1e9
        else { return false }
        let t = map.affine
        let det = t.a * t.d - t.b * t.c
        guard det.isFinite, abs(det) > 1e-12 else { return false }
        let inverse = t.inverted()
        // Points inside the bounds less the corner radius on both axes are inside the rounded
        // shape; the shape is convex, so the pixels' whole box is inside when its corners are.
        let r = corners.isRounded ? corners.radius * CornerShape.continuousExtent : 0
        let inner = bounds.standardized.insetBy(dx: r, dy: r)
        guard !inner.isNull else { return false }
        let pixels = drawn.integral
        let slack = 1e-9 * Swift.max(1, Swift.max(abs(inner.minX), abs(inner.maxX), abs(inner.minY), abs(inner.maxY)))
        for (x, y) in [(pixels.minX, pixels.minY), (pixels.maxX, pixels.minY), (pixels.maxX, pixels.maxY), (pixels.minX, pixels.maxY)] {
            let p = CGPoint(x: x, y: y).applying(inverse)
            guard p.x >= inner.minX - slack, p.x <= inner.maxX + slack, p.y >= inner.minY - slack, p.y <= inner.maxY + slack
            else { return false }
        }
        return true
    }
}

// cairo cannot list a clip with fractional or turned edges, and the kernel needs to know its
// clip: the walk keeps its own account where the clip is layer bounds without rounded corners
// (a scaled or turned precomposition), for the scan converter, which draws within it exactly.
extension FrameWalk {
    /// The account of the clip after cutting `context`'s by the whole-pixel rectangle `rect`
    /// (a group's limit), or −1 when there is none to keep (cairo lists such a clip itself).
    mutating func exactClip(_ context: Context, cutByWhole rect: CGRect) -> Int32 {
        guard context.exactClip >= 0, let cut = exactClips[Int(context.exactClip)].cut(byWhole: rect) else { return -1 }
        exactClips.append(cut)
        return Int32(exactClips.count - 1)
    }

    /// The account of the clip once `context`'s is cut to a layer's `bounds` through `map`:
    /// kept when they land as a quadrilateral without rounded corners, else −1.
    mutating func boundsClip(_ bounds: CGRect, corners: CornerShape, map: PlaneMap, _ context: Context) -> Int32 {
        guard map.isAffine, !corners.isRounded else { return -1 }
        let t = map.affine
        let r = bounds.standardized
        let quad = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
            .map { $0.applying(t) }
        let upright = (t.b == 0 && t.c == 0) || (t.a == 0 && t.d == 0)
        let box = map.boundingBox(of: r)
        if upright, [box.minX, box.minY, box.maxX, box.maxY].allSatisfy({ $0 == $0.rounded() }) {
            return exactClip(context, cutByWhole: box)
        }
        let cut: ExactClip?
        if context.exactClip >= 0 {
            cut = exactClips[Int(context.exactClip)].cut(by: quad)
        } else if let listed = compositor.kernelTarget(currentTarget), listed.planes.isEmpty {
            cut = ExactClip(whole: listed.clips, corners: quad)
        } else {
            cut = nil
        }
        guard let cut else { return -1 }
        exactClips.append(cut)
        return Int32(exactClips.count - 1)
    }

    /// What the walk knows of `context`'s clip when cairo cannot list it.
    func exactClip(_ context: Context) -> ExactClip? {
        context.exactClip >= 0 && Int(context.exactClip) < exactClips.count ? exactClips[Int(context.exactClip)] : nil
    }
}
