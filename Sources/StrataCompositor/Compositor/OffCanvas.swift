import CoreGraphics
import StrataAnimation
import StrataGeometry
import StrataRender

/// The layers of a tree that can never touch a target: shape layers whose producer said where
/// they draw (`ShapeState.reach`), placed by layers none of which moves, whose reach lands
/// outside the target. A renderer works them out once per snapshot, placement and target size,
/// and its evaluation presents them hidden from then on: nothing evaluated, placed or walked
/// for them (TwitterHeartButton's fourteen sparks, trimmed strokes that stay outside its 60 × 60
/// view, were half of its busiest frames).
package enum OffCanvas {
    /// What a culled layer may animate: its path, trim, width, colours and visibility (its reach
    /// covers the paths, trims and widths its producer animates), never where it is.
    static let ownProperties: Set<LayerProperty> = [
        .path, .strokeStart, .strokeEnd, .lineWidth, .strokeColor, .fillColor, .opacity, .hidden, .lineDashPhase,
    ]
    /// What the layers placing it may not animate: anything that moves, turns or scales them.
    static let placingProperties: Set<LayerProperty> = [
        .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .sublayerTransform,
    ]

    static func bits(_ properties: Set<LayerProperty>) -> UInt64 {
        properties.reduce(0) { $0 | 1 << UInt64($1.bitIndex) }
    }

    static let ownBits = bits(ownProperties)
    static let placingBits = bits(placingProperties) | RenderAnimationTable.otherKey | RenderAnimationTable.transition

    /// By node index, true for the layers of `snapshot`'s tree below `root` that never meet
    /// `canvas` (target pixels) when the tree is placed as the compositor places it; empty when
    /// there are none.
    package static func layers(
        of snapshot: RenderTreeSnapshot, root: Int, placement: Compositor.RootPlacement, base: CGAffineTransform,
        canvas: CGRect
    ) -> [Bool] {
        let count = snapshot.nodes.count
        guard root >= 0, root < count, !snapshot.hasTransitions, !canvas.isNull else { return [] }
        // Only worth a walk where some layer has a reach.
        let hasReach = snapshot.nodes.contains { if case .shape(let s) = $0.state.kind { s.reach != nil } else { false } }
        guard hasReach else { return [] }
        var off = [Bool](repeating: false, count: count)
        var any = false
        snapshot.nodes.withUnsafeBufferPointer { nodes in
            // Nodes placed by layers that do not move, with their maps to the target.
            var stack: [(node: Int, parent: Int, toTarget: CATransform3D)] = []
            var ancestors = Int(nodes[root].parent)
            // A root below a moving or spreading ancestor: its pixels follow that ancestor's.
            while ancestors >= 0 {
                if moves(nodes.baseAddress! + ancestors) { return }
                ancestors = Int(nodes[ancestors].parent)
            }
            stack.append((root, placement == .ownSpace ? -2 : -1, CATransform3DMakeAffineTransform(base)))
            while let (node, parent, parentMap) = stack.popLast() {
                let n = nodes.baseAddress! + node
                let local: CATransform3D
                switch parent {
                case -2: local = LayerMatrix.ownSpace(n.pointee.state)
                case -1: local = LayerMatrix.toParent(n.pointee.state, sublayerOf: nil)
                default:
                    let p = nodes[parent].state
                    local = LayerMatrix.toParent(
                        n.pointee.state,
                        parentPivot: LayerMatrix.pivot(bounds: p.bounds, anchorPoint: p.anchorPoint, anchorPointZ: p.anchorPointZ),
                        parentSublayerTransform: p.sublayerTransform)
                }
                let toTarget = LayerMatrix.flattened(local).concatenating(parentMap)
                guard LayerMatrix.isFinite(toTarget) else { continue }
                if n.pointee.sublayers.isEmpty, n.pointee.mask < 0 {
                    if isCandidate(n), let reach = reach(of: n), !reaches(reach, toTarget, canvas) {
                        off[node] = true
                        any = true
                    }
                    continue
                }
                // Sublayers of a layer that moves, spreads (shadow, effects, blend, replicator,
                // emitter) or is a transform layer are left alone; masks are never culled.
                if moves(n) || n.pointee.isTransformLayer { continue }
                for child in n.pointee.sublayers { stack.append((Int(child), node, toTarget)) }
            }
        }
        return any ? off : []
    }

    /// True when layer `n` moves its sublayers (a placing property animates) or draws them
    /// beyond where they are (a shadow, effects, a blend, instances, particles).
    static func moves(_ n: UnsafePointer<RenderNode>) -> Bool {
        if !n.pointee.animations.isEmpty, RenderAnimationTable.mask(of: n) & placingBits != 0 { return true }
        let s = n.pointee.state
        if s.shadowOpacity > 0 || !s.effects.isEmpty || s.compositingBlend != .normal { return true }
        switch s.kind {
        case .replicator, .emitter: return true
        default: return false
        }
    }

    /// A leaf shape layer that animates only what its reach covers, casting no shadow.
    static func isCandidate(_ n: UnsafePointer<RenderNode>) -> Bool {
        guard !n.pointee.animations.isEmpty, case .shape = n.pointee.state.kind else { return false }
        let s = n.pointee.state
        guard !(s.shadowOpacity > 0), s.effects.isEmpty, s.contentsImage == nil, s.backgroundColor == nil,
            !(s.borderWidth > 0)
        else { return false }
        return RenderAnimationTable.mask(of: n) & ~ownBits == 0
    }

    static func reach(of n: UnsafePointer<RenderNode>) -> ShapeReach? {
        guard case .shape(let shape) = n.pointee.state.kind, let r = shape.reach, r.radius.isFinite, r.radius >= 0,
            r.hull.allSatisfy({ $0.x.isFinite && $0.y.isFinite })
        else { return nil }
        return r
    }

    /// Whether `reach` (layer space) through `toTarget` may come within antialiasing distance of
    /// `target`; true for a map that is not affine (not worked out here).
    static func reaches(_ reach: ShapeReach, _ toTarget: CATransform3D, _ target: CGRect) -> Bool {
        let map = PlaneMap(toTarget)
        guard map.isAffine else { return true }
        let t = map.affine
        guard !reach.hull.isEmpty else { return false }
        let points = reach.hull.map { $0.applying(t) }
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return true }
        // Half a pixel of antialiasing, and room for the scan converter's flattening.
        let radius = reach.radius * ScanConverter.largestStretch(t) + 1
        guard radius.isFinite else { return true }
        return distance(points, target) <= radius
    }

    /// The distance between convex polygon `p` (its points in order around it; one or two
    /// points: a point or a segment) and rectangle `r`; 0 where they meet.
    package static func distance(_ p: [CGPoint], _ r: CGRect) -> CGFloat {
        let corners = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY),
            CGPoint(x: r.minX, y: r.maxY),
        ]
        if r.contains(p[0]) || (p.count > 2 && contains(p, CGPoint(x: r.midX, y: r.midY))) { return 0 }
        var best = CGFloat.infinity
        let edges = p.count == 1 ? [(p[0], p[0])] : p.count == 2 ? [(p[0], p[1])] : p.indices.map { (p[$0], p[($0 + 1) % p.count]) }
        for (a, b) in edges {
            for k in 0..<4 { best = min(best, segmentDistance(a, b, corners[k], corners[(k + 1) % 4])) }
        }
        return best
    }

    /// True when `q` is inside convex polygon `p` (either winding).
    static func contains(_ p: [CGPoint], _ q: CGPoint) -> Bool {
        var sign: CGFloat = 0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            let c = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
            if c == 0 { continue }
            if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
        }
        return true
    }

    /// The distance between segments ab and cd; 0 where they cross.
    static func segmentDistance(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> CGFloat {
        func cross(_ o: CGPoint, _ u: CGPoint, _ v: CGPoint) -> CGFloat { (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x) }
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return 0 }
        return min(pointDistance(a, c, d), pointDistance(b, c, d), pointDistance(c, a, b), pointDistance(d, a, b))
    }

    /// The distance from `q` to segment ab.
    static func pointDistance(_ q: CGPoint, _ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy
        var t = l2 > 0 ? ((q.x - a.x) * dx + (q.y - a.y) * dy) / l2 : 0
        t = min(max(t, 0), 1)
        let x = a.x + t * dx - q.x, y = a.y + t * dy - q.y
        return (x * x + y * y).squareRoot()
    }
}
