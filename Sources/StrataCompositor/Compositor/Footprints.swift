import CoreGraphics
import StrataAnimation
import StrataGeometry
import StrataRender

/// Where each layer of a frame lands on the target and a fingerprint of everything that decides
/// its pixels (its own look, its placement, and what its ancestors do to it). Comparing two
/// frames' footprints gives the damaged region: the old and new boxes of every layer whose
/// fingerprint changed, appeared or went away.
package struct Footprints: Equatable {
    package struct Entry: Equatable {
        /// Target pixels the layer may touch (shadow included).
        package var box: CGRect
        package var signature: Int
    }

    package var entries: [UInt64: Entry] = [:]
    /// How the tree was placed: a frame drawn the same way may skip layers by their boxes.
    package private(set) var placement: Placement?

    package struct Placement: Equatable {
        var root: Int
        var rootPlacement: Compositor.RootPlacement
        var base: CGAffineTransform
    }

    package init() {}

    /// The footprints of `snapshot`'s tree below `root`, presented as `states`, placed as the
    /// compositor places it.
    package init(
        _ snapshot: RenderTreeSnapshot, states: [RenderLayerState], root: Int = 0,
        placement: Compositor.RootPlacement, base: CGAffineTransform, time: Double = 0
    ) {
        let nodes = snapshot.nodes
        guard root >= 0, root < nodes.count, states.count == nodes.count else { return }
        self.placement = Placement(root: root, rootPlacement: placement, base: base)
        entries.reserveCapacity(nodes.count)
        // The time map of the root's superlayer (media time to its local time).
        var rootMap = TimeMap.identity
        var up = Int(nodes[root].parent)
        var ancestors: [Int] = []
        while up >= 0 {
            ancestors.append(up)
            up = Int(nodes[up].parent)
        }
        for a in ancestors.reversed() { rootMap = rootMap.then(states[a].timeMap) }
        // (node, parent, toTarget of the parent, toPlane of the parent, parent's chain, isMask, parent's time map)
        var stack: [(Int, Int, CATransform3D, CATransform3D, Int, Bool, TimeMap)] = [
            (root, placement == .ownSpace ? -2 : -1, CATransform3DMakeAffineTransform(base), CATransform3DIdentity, 0, false,
                rootMap)
        ]
        while let (node, parent, parentTarget, parentPlane, parentChain, isMask, parentTime) = stack.popLast() {
            let s = states[node]
            if s.isHidden || !(s.opacity > 0) { continue }
            let local: CATransform3D
            switch parent {
            case -2: local = LayerMatrix.ownSpace(s)
            case -1: local = LayerMatrix.toParent(s, sublayerOf: nil)
            default: local = LayerMatrix.toParent(
                    s,
                    parentPivot: isMask ? nil : LayerMatrix.pivot(
                        bounds: states[parent].bounds, anchorPoint: states[parent].anchorPoint,
                        anchorPointZ: states[parent].anchorPointZ),
                    parentSublayerTransform: isMask ? nil : states[parent].sublayerTransform)
            }
            let inTransformLayer = parent >= 0 && !isMask && nodes[parent].isTransformLayer
            let toTarget = (inTransformLayer ? local : LayerMatrix.flattened(local)).concatenating(parentTarget)
            let toPlane = inTransformLayer ? local.concatenating(parentPlane) : local
            guard LayerMatrix.isFinite(toTarget) else { continue }
            let map = PlaneMap(toTarget)
            var h = Hasher()
            h.combine(parentChain)
            h.combine(isMask)
            Self.combine(s, into: &h)
            h.combine(map)
            // Sublayer order depends on the plane (transform layers sort by depth).
            if inTransformLayer { h.combine(toPlane.m43) }
            if case .replicator(let r) = s.kind {
                Self.combine(r, into: &h)
                // Delayed instances show the tree at other times: redraw while it animates.
                if r.instanceDelay != 0, nodes[node].sublayers.contains(where: { !nodes[Int($0)].animations.isEmpty }) {
                    h.combine(time)
                }
            }
            let timeMap = parentTime.then(s.timeMap)
            if case .emitter(let emitter) = s.kind, emitter.cells.contains(where: { $0.isEnabled && $0.birthRate > 0 }) {
                // Particles move every frame and may fly anywhere.
                h.combine(time)
                entries[nodes[node].layerID] = Entry(box: CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7), signature: h.finalize())
                continue
            }
            // A running transition changes the picture every frame.
            for animation in nodes[node].animations {
                if let transition = animation.transition, let p = transition.progress(at: timeMap.apply(time)) {
                    h.combine(p)
                }
            }
            let signature = h.finalize()
            if !nodes[node].isTransformLayer {
                let entry = Entry(box: Self.box(s, map: map), signature: signature)
                // A layer drawn several times (replicator instances) covers all its places.
                if let earlier = entries[nodes[node].layerID] {
                    entries[nodes[node].layerID] = Entry(
                        box: earlier.box.union(entry.box), signature: earlier.signature &* 31 &+ entry.signature)
                } else {
                    entries[nodes[node].layerID] = entry
                }
            }
            if case .replicator(let r) = s.kind {
                let count = min(max(r.instanceCount, 0), 10_000)
                var power = CATransform3DIdentity
                let c = (s.bounds.midX, s.bounds.midY)
                for _ in 0..<count {
                    let instance = CATransform3DMakeTranslation(-c.0, -c.1, 0).concatenating(power)
                        .concatenating(CATransform3DMakeTranslation(c.0, c.1, 0))
                    for (k, child) in nodes[node].sublayers.enumerated() {
                        stack.append(
                            (Int(child), node, instance.concatenating(toTarget), instance.concatenating(toPlane),
                                signature &+ k &* 0x9E37_79B9, false, timeMap))
                    }
                    power = power.concatenating(r.instanceTransform)
                }
            } else {
                // One instance, the identity (no array made per layer: this runs every frame).
                for (k, child) in nodes[node].sublayers.enumerated() {
                    // The place among siblings is part of the look (drawing order).
                    stack.append((Int(child), node, toTarget, toPlane, signature &+ k &* 0x9E37_79B9, false, timeMap))
                }
            }
            if nodes[node].mask >= 0 {
                stack.append((Int(nodes[node].mask), node, toTarget, toPlane, signature, true, timeMap))
            }
        }
    }

    /// The region (target pixels) that differs between `previous` and `self`; nil when nothing does.
    package func damage(since previous: Footprints) -> CGRect? {
        var region = CGRect.null
        for (id, entry) in entries {
            if let old = previous.entries[id] {
                if old != entry { region = region.union(old.box).union(entry.box) }
            } else {
                region = region.union(entry.box)
            }
        }
        for (id, old) in previous.entries where entries[id] == nil {
            region = region.union(old.box)
        }
        guard !region.isNull else { return nil }
        // Whole pixels, one of slack for filtering and antialiasing.
        return region.insetBy(dx: -1, dy: -1).integral
    }

    static func box(_ s: RenderLayerState, map: PlaneMap) -> CGRect {
        var extent = s.bounds
        // A shape layer's path (and stroke) may lie anywhere, often around zero-size bounds.
        if !s.masksToBounds, case .shape(let shape) = s.kind, let key = ShapeKey(shape) {
            extent = extent.union(key.extent)
        }
        if s.contentsImage != nil, !s.masksToBounds {
            // Contents may overflow the bounds (gravity); cover the largest placement.
            let image = s.contentsImage!
            let scale = s.contentsScale > 0 && s.contentsScale.isFinite ? s.contentsScale : 1
            let w = Double(image.width) * Swift.max(1, s.contentsRect.width) / scale
            let h = Double(image.height) * Swift.max(1, s.contentsRect.height) / scale
            extent = extent.union(
                CGRect(x: s.bounds.midX - w, y: s.bounds.midY - h, width: 2 * w, height: 2 * h))
        }
        if s.shadowOpacity > 0, s.shadowRadius.isFinite {
            let pad = 3 * Swift.min(Swift.max(0, s.shadowRadius), 1000) + 1
            let source = s.shadowPath?.boundingBoxOfPath ?? extent
            extent = extent.union(
                source.offsetBy(dx: s.shadowOffset.width, dy: s.shadowOffset.height).insetBy(dx: -pad, dy: -pad))
        }
        guard extent.width.isFinite, extent.height.isFinite else { return .null }
        return map.boundingBox(of: extent)
    }

    /// Everything about a layer's own look.
    static func combine(_ s: RenderLayerState, into h: inout Hasher) {
        combine(s.bounds, into: &h)
        h.combine(s.cornerRadius)
        h.combine(s.borderWidth)
        h.combine(s.shadowRadius)
        h.combine(s.shadowOffset.width)
        h.combine(s.shadowOffset.height)
        h.combine(s.contentsScale)
        if s.contentsImage != nil {
            combine(s.contentsRect, into: &h)
            combine(s.contentsCenter, into: &h)
        }
        h.combine(s.opacity)
        h.combine(s.shadowOpacity)
        h.combine(s.backgroundColor?.sRGBComponents)
        h.combine(s.borderColor?.sRGBComponents)
        h.combine(s.shadowColor?.sRGBComponents)
        h.combine(s.shadowPath.map(ObjectIdentifier.init))
        h.combine(s.maskedCornersRaw)
        h.combine(s.isCornerCurveContinuous)
        h.combine(s.masksToBounds)
        h.combine(s.isDoubleSided)
        h.combine(s.isGeometryFlipped)
        if let image = s.contentsImage {
            // Names matter only with contents (and strings are slow to hash).
            h.combine(ObjectIdentifier(image))
            h.combine(s.contentsGravityName)
            h.combine(s.minificationFilterName)
            h.combine(s.magnificationFilterName)
        }
        h.combine(s.allowsGroupOpacity)
        h.combine(s.allowsEdgeAntialiasing)
        h.combine(s.compositingBlend)
        h.combine(s.tiles.map(ObjectIdentifier.init))
        h.combine(s.zPosition)
        switch s.kind {
        case .shape(let shape): h.combine(ShapeKey(shape))
        case .gradient(let gradient): h.combine(GradientKey(gradient))
        case .text(let text): h.combine(TextKey(text))
        default: break
        }
    }

    static func combine(_ r: CGRect, into h: inout Hasher) {
        h.combine(r.origin.x)
        h.combine(r.origin.y)
        h.combine(r.size.width)
        h.combine(r.size.height)
    }

    static func combine(_ r: ReplicatorState, into h: inout Hasher) {
        h.combine(r.instanceCount)
        h.combine(r.instanceDelay)
        h.combine(r.instanceColor?.sRGBComponents)
        for v in [r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset] {
            h.combine(v)
        }
        let t = r.instanceTransform
        for v in [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44] {
            h.combine(v)
        }
    }
}
