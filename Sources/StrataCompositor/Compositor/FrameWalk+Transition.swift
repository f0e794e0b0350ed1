import CCairo
import CoreGraphics
import StrataAnimation
import StrataGeometry
import StrataRender

// CATransition: the layer's subtree as it is now ("after") and as it was when the transition was
// added ("before", kept in the transition's record) are drawn into two groups, then combined by
// the transition's type at its progress: fade cross-dissolves; moveIn slides the new picture in
// over the old; push slides both; reveal slides the old one away. Moving pictures are cut to
// the layer's bounds.

struct TransitionDraw {
    var node: Int
    var transition: TransitionRecord
    var progress: Double
    var map: PlaneMap
    var toTarget: CATransform3D
    var context: FrameWalk.Context
}

extension FrameWalk {
    /// The layer's transition and its progress now, when one is showing.
    func activeTransition(_ node: Int) -> (TransitionRecord, Double)? {
        // The topology's flag first: reading it of the node's own record copied the record.
        guard hasTransitions, plan[node].hasTransition, otherTimes != nil || frameTime != 0 else { return nil }
        for animation in nodes[node].animations.reversed() where animation.hasTransition {
            guard let transition = animation.transition else { continue }
            if let p = transition.progress(at: localTime(of: node)) { return (transition, p) }
        }
        return nil
    }

    /// The frame time in `node`'s own time (through every ancestor's timing).
    func localTime(of node: Int) -> Double {
        var chain: [Int] = []
        var i = node
        while i >= 0 {
            chain.append(i)
            i = Int(nodes[i].parent)
        }
        var map = TimeMap.identity
        for k in chain.reversed() { map = map.then(states[k].timeMap) }
        return map.apply(frameTime)
    }

    mutating func beginTransition(
        _ node: Int, parent: Int, isMask: Bool, instance: Int, outer: Context, context: Context, map: PlaneMap,
        transition: TransitionRecord, progress: Double
    ) {
        compositor.pushGroup(cr)
        steps.append(
            .endTransition(
                TransitionDraw(
                    node: node, transition: transition, progress: progress, map: map, toTarget: context.toTarget,
                    context: context)))
        var plain = outer
        plain.alpha = 1
        plain.groupDepth += 1
        plain.transitionNode = node
        steps.append(
            .enter(node: node, parent: parent, isMask: isMask, context: keep(plain), opacityApplied: true, instance: instance))
    }

    mutating func endTransition(_ draw: TransitionDraw) {
        guard let after = compositor.popGroup(cr) else { return }
        defer { cairo_pattern_destroy(after) }
        compositor.pushGroup(cr)
        if let before = draw.transition.before, !before.nodes.isEmpty {
            let states = before.nodes.map(\.state)
            states.withUnsafeBufferPointer { storage in
                var nested = FrameWalk(
                    compositor: compositor, nodes: before.nodes, topology: before.topology, states: states, storage: storage, target: cr)
                var context = draw.context
                context.alpha = 1
                context.toTarget = draw.toTarget
                context.groupDepth += 1
                nested.steps.append(.enter(node: 0, parent: -3, isMask: false, context: nested.keep(context), opacityApplied: true))
                nested.drain()
            }
        }
        guard let before = compositor.popGroup(cr) else { return }
        defer { cairo_pattern_destroy(before) }
        combine(before: before, after: after, draw)
    }

    /// Runs the queued steps to the end (a nested walk).
    mutating func drain() {
        while let step = steps.popLast() {
            switch step {
            case .enter(let node, let parent, let isMask, let context, let opacityApplied, let instance):
                enter(node, parent: parent, isMask: isMask, context: context, opacityApplied: opacityApplied, instance: instance)
            case .afterSublayers(let exit): afterSublayers(exits[exit])
            case .afterMask(let exit): afterMask(exits[exit])
            case .endOffscreen(let offscreen): endOffscreen(offscreen)
            case .useStates(let delay): useStates(delay: delay)
            case .endTransition(let draw): endTransition(draw)
            case .beginTint: beginTint()
            case .endTint(let color): endTint(color)
            }
        }
    }

    func combine(before: OpaquePointer, after: OpaquePointer, _ draw: TransitionDraw) {
        let s = states[draw.node]
        let p = draw.progress
        let t = draw.map.affine
        // The direction the new picture comes from, in target pixels (a full bounds' width or height).
        let w = s.bounds.width, h = s.bounds.height
        let local: (Double, Double)
        switch draw.transition.direction {
        case .fromRight: local = (w, 0)
        case .fromTop: local = (0, -h)
        case .fromBottom: local = (0, h)
        case .fromLeft: local = (-w, 0)
        }
        let d = (local.0 * t.a + local.1 * t.c, local.0 * t.b + local.1 * t.d)
        let polygon = draw.map.projectedPolygon(of: s.bounds)
        compositor.pushGroup(cr)
        func paint(_ pattern: OpaquePointer, shift: Double, alpha: Double = 1, clipped: Bool = true) {
            compositor.save(cr)
            if clipped, polygon.count >= 3 {
                cairo_new_path(cr)
                cairo_move_to(cr, polygon[0].x, polygon[0].y)
                for q in polygon.dropFirst() { cairo_line_to(cr, q.x, q.y) }
                cairo_close_path(cr)
                compositor.clip(cr)
            }
            cairo_translate(cr, d.0 * shift, d.1 * shift)
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, alpha)
            compositor.restore(cr)
        }
        switch draw.transition.effect {
        case .cube, .flip:
            compositor.popGroupToSource(cr)
            cairo_paint(cr)  // an empty group: the 3D effects draw straight onto the target
            drawTurn(before: before, after: after, draw, cube: draw.transition.effect == .cube)
            return
        case .moveIn:
            paint(before, shift: 0, clipped: false)
            paint(after, shift: 1 - p)
        case .push:
            paint(before, shift: -p)
            paint(after, shift: 1 - p)
        case .reveal:
            paint(after, shift: 0, clipped: false)
            paint(before, shift: -p)
        case .fade:
            // An exact cross-dissolve (unknown types too, as Apple).
            paint(before, shift: 0, alpha: 1 - p, clipped: false)
            cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
            paint(after, shift: 0, alpha: p, clipped: false)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        compositor.popGroupToSource(cr)
        cairo_paint_with_alpha(cr, draw.context.alpha)
    }

    /// The private 3D types users of `CATransition` ask for: "cube" turns both pictures as two
    /// faces of a cube; "oglFlip" turns the old picture away about the middle, then the new one
    /// in. Both are drawn in perspective (eye at 3 × the larger side), through pixman.
    func drawTurn(before: OpaquePointer, after: OpaquePointer, _ draw: TransitionDraw, cube: Bool) {
        let s = states[draw.node]
        let b = s.bounds
        let p = draw.progress
        let vertical = draw.transition.direction.isVertical
        // +1: the new picture comes from the right (or the bottom).
        let sign: Double = draw.transition.direction == .fromRight || draw.transition.direction == .fromBottom ? 1 : -1
        let depth = (vertical ? b.height : b.width) / 2
        let eye = 3 * max(b.width, b.height)
        func face(_ angle: Double, offset: Double) -> PlaneMap {
            // Turn about an axis through the centre, `offset` behind the picture, then perspective.
            var m = CATransform3DMakeTranslation(-b.midX, -b.midY, offset)
            m = m.concatenating(
                vertical ? CATransform3DMakeRotation(-angle, 1, 0, 0) : CATransform3DMakeRotation(angle, 0, 1, 0))
            m = m.concatenating(CATransform3DMakeTranslation(0, 0, -offset))
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / eye
            m = m.concatenating(perspective).concatenating(CATransform3DMakeTranslation(b.midX, b.midY, 0))
            return PlaneMap(m)
        }
        let quarter = Double.pi / 2
        var faces: [(OpaquePointer, PlaneMap)] = []
        if cube {
            let old = (before, face(-sign * quarter * p, offset: depth))
            let new = (after, face(sign * quarter * (1 - p), offset: depth))
            faces = p < 0.5 ? [new, old] : [old, new]  // the farther face first
        } else if p < 0.5 {
            faces = [(before, face(-sign * .pi * p, offset: 0))]
        } else {
            faces = [(after, face(sign * .pi * (1 - p), offset: 0))]
        }
        let l = draw.map
        guard let inverse = l.inverse else { return }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let clip = CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
        for (pattern, faceMap) in faces {
            var surface: OpaquePointer?
            guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface else { continue }
            cairo_surface_flush(surface)
            var dx = 0.0, dy = 0.0
            cairo_surface_get_device_offset(surface, &dx, &dy)
            guard let raster = Raster(borrowing: surface, origin: CGPoint(x: -dx, y: -dy)) else { continue }
            // Target → layer → turned layer → target.
            let h = inverse.then(faceMap).then(l)
            ProjectiveWarp.draw(raster, through: h, onto: cr, clip: clip, alpha: draw.context.alpha, antialias: true)
        }
    }
}
