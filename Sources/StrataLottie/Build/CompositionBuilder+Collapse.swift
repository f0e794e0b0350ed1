import CoreGraphics
import Foundation
import QuartzCore
import StrataRender

// Layers the builder leaves out: a container whose only part is to place (move, turn, scale,
// fade or show) its one layer goes onto that layer, which then draws the same pixels.

extension CompositionBuilder {
    /// The one layer `container` holds, carrying the container's placement, opacity and
    /// visibility, when the container does nothing else (most shape layers: one group); else
    /// `container`. The container's position, opacity and transform may animate (a particle
    /// flying and fading, a loader's square turning): the child takes those animations over,
    /// its own transform carrying the rest of the container's still placement, or, when the
    /// container turns or scales, its anchor point moved onto the container's. Layers and their
    /// time bases are otherwise as built.
    func collapse(_ container: CALayer) -> CALayer {
        guard type(of: container) == CALayer.self, let child = container.sublayers?.first, container.sublayers?.count == 1,
            Self.onlyPlaces(container, opacity: false), Self.hasPlainTime(container), Self.hasPlainTime(child), !child.isHidden
        else { return container }
        let keys = container.animationKeys() ?? []
        var moves = false, fades = container.opacity != 1, turns = false, hides = container.isHidden
        for key in keys {
            guard let path = (container.animation(forKey: key) as? CAPropertyAnimation)?.keyPath else { return container }
            switch path {
            case "hidden": hides = true
            case "position", "position.x", "position.y": moves = true
            case "opacity": fades = true
            case "transform", "transform.rotation", "transform.rotation.z", "transform.scale", "transform.scale.xy": turns = true
            default: return container
            }
        }
        for key in child.animationKeys() ?? [] {
            let path = (child.animation(forKey: key) as? CAPropertyAnimation)?.keyPath ?? ""
            if (hides && path == "hidden") || (fades && path == "opacity") { return container }
        }
        // A masked child keeps a container that fades it: on intelia_logo_animation that collapse
        // moved its masked gradients, for a reason not yet found.
        if fades, child.opacity != 1 || child.mask != nil { return container }
        // Placement first: it checks the child's own animations before anything is changed. A
        // moving container's position stays out of the folded transform: the child's position
        // is the container's, animated as it was.
        let hidden = container.isHidden, position = container.position, opacity = container.opacity
        let moved = keys.compactMap { key in container.animation(forKey: key).map { (key, $0) } }
        if turns {
            // The container's transform animates: the child takes it whole, turning about the
            // container's anchor (its own anchor point moved there).
            guard child.mask == nil, Self.pivot(of: container, onto: child) else { return container }
            child.removeFromSuperlayer()
            child.transform = container.transform
            child.position = position
        } else {
            child.removeFromSuperlayer()
            if moves { container.position = .zero }
            guard Self.fold(container, into: child) || (keys.isEmpty && Self.offset(container, into: child)) else {
                container.position = position
                container.addSublayer(child)
                return container
            }
        }
        if moves && !turns { child.position = position }
        if fades { child.opacity = opacity }
        child.isHidden = hidden
        for (key, animation) in moved {
            container.removeAnimation(forKey: key)
            child.add(animation, forKey: key)
        }
        emitter.moveAnimations(from: container, to: child)
        return child
    }

    /// Puts a still parent's shift onto `node`, when the parent only shifts its sublayers (its
    /// transform a translation, if any): added to the node's position when that is still,
    /// else (the node moves but does not turn) its anchor point moved against the shift
    /// through its still transform. False, and nothing changed, when the node both moves and
    /// turns, or resizes, or either is 3D.
    static func offset(_ parent: CALayer, into node: CALayer) -> Bool {
        guard let m = translation(parent.transform), parent.zPosition == 0, parent.anchorPointZ == 0,
            CATransform3DIsIdentity(parent.sublayerTransform), node.zPosition == 0, node.anchorPointZ == 0
        else { return false }
        var moves = false, turns = false
        for key in node.animationKeys() ?? [] {
            guard let path = (node.animation(forKey: key) as? CAPropertyAnimation)?.keyPath else { return false }
            if path.hasPrefix("anchorPoint") || path.hasPrefix("bounds") { return false }
            if path.hasPrefix("position") { moves = true }
            if path.hasPrefix("transform") { turns = true }
        }
        // The parent puts its sublayers' space at position + m - its pivot.
        let pb = parent.bounds
        let q = CGPoint(x: pb.minX + parent.anchorPoint.x * pb.width, y: pb.minY + parent.anchorPoint.y * pb.height)
        let d = CGPoint(x: parent.position.x + m.x - q.x, y: parent.position.y + m.y - q.y)
        guard d.x.isFinite, d.y.isFinite else { return false }
        if !moves {
            node.position = CGPoint(x: node.position.x + d.x, y: node.position.y + d.y)
            return true
        }
        // position + L(x - p) + d = position + L(x - (p - L⁻¹d)), L the node's still transform.
        let t = node.transform, b = node.bounds
        guard !turns, CATransform3DIsAffine(t), b.width > 0, b.height > 0 else { return false }
        let det = t.m11 * t.m22 - t.m12 * t.m21
        guard det != 0, det.isFinite else { return false }
        let back = CGPoint(x: (t.m22 * d.x - t.m21 * d.y) / det, y: (-t.m12 * d.x + t.m11 * d.y) / det)
        let p = CGPoint(x: b.minX + node.anchorPoint.x * b.width, y: b.minY + node.anchorPoint.y * b.height)
        let anchor = CGPoint(x: (p.x - back.x - b.minX) / b.width, y: (p.y - back.y - b.minY) / b.height)
        guard anchor.x.isFinite, anchor.y.isFinite else { return false }
        node.anchorPoint = anchor
        return true
    }

    /// Moves `node`'s anchor point onto its superlayer `parent`'s, so that `node`, given the
    /// parent's position and transform in place of its own shift, lands where the parent put it:
    /// only for a still node whose transform only shifts it, or a still shape's that also scales
    /// it uniformly (that scale goes into its geometry first: `bakeUniformScale`), its look
    /// animated or not but not its placement or size, both flat, the parent's transform affine
    /// and its sublayer transform the identity. False otherwise.
    static func pivot(of parent: CALayer, onto node: CALayer) -> Bool {
        guard parent.zPosition == 0, parent.anchorPointZ == 0, node.zPosition == 0, node.anchorPointZ == 0,
            CATransform3DIsAffine(parent.transform), CATransform3DIsIdentity(parent.sublayerTransform),
            node.bounds.width > 0, node.bounds.height > 0
        else { return false }
        for key in node.animationKeys() ?? [] {
            guard let path = (node.animation(forKey: key) as? CAPropertyAnimation)?.keyPath else { return false }
            if ["position", "transform", "anchorPoint", "bounds"].contains(where: { path.hasPrefix($0) }) { return false }
        }
        guard let shift = Self.translation(node.transform) ?? Self.bakeUniformScale(node) else { return false }
        let b = node.bounds
        // A point x of the node lands at parent.position + T(node.position + m + (x - p) - q), p
        // and q the node's and the parent's pivots, m its own shift: the node's pivot becomes
        // p - node.position - m + q.
        let pb = parent.bounds
        let q = CGPoint(x: pb.minX + parent.anchorPoint.x * pb.width, y: pb.minY + parent.anchorPoint.y * pb.height)
        let p = CGPoint(x: b.minX + node.anchorPoint.x * b.width, y: b.minY + node.anchorPoint.y * b.height)
        let pivot = CGPoint(x: p.x - node.position.x - shift.x + q.x, y: p.y - node.position.y - shift.y + q.y)
        let anchor = CGPoint(x: (pivot.x - b.minX) / b.width, y: (pivot.y - b.minY) / b.height)
        guard anchor.x.isFinite, anchor.y.isFinite else { return false }
        node.anchorPoint = anchor
        return true
    }

    /// Puts a still shape layer's uniform scale (After Effects' group scale, folded onto it) into
    /// its path, bounds and stroke, scaled about its anchor: the same drawing, its transform then
    /// only the shift the scale came with (returned). Nil, and nothing changed, for any other
    /// layer or transform, or when the shape's geometry or stroke animates.
    private static func bakeUniformScale(_ layer: CALayer) -> CGPoint? {
        let t = layer.transform, k = t.m11
        guard type(of: layer) == CAShapeLayer.self, let shape = layer as? CAShapeLayer, let path = shape.path,
            k > 0, k.isFinite, t.m22 == k, t.m12 == 0, t.m21 == 0, t.m13 == 0, t.m23 == 0, t.m31 == 0, t.m32 == 0,
            t.m33 == 1 || t.m33 == k, t.m14 == 0, t.m24 == 0, t.m34 == 0, t.m43 == 0, t.m44 == 1,
            t.m41.isFinite, t.m42.isFinite, (layer.sublayers ?? []).isEmpty, layer.mask == nil, layer.contents == nil,
            layer.backgroundColor == nil, !(layer.borderWidth > 0), !(layer.shadowOpacity > 0), !layer.masksToBounds
        else { return nil }
        let looks: Set<String> = ["fillColor", "strokeColor", "strokeStart", "strokeEnd", "opacity"]
        for key in layer.animationKeys() ?? [] {
            guard let path = (layer.animation(forKey: key) as? CAPropertyAnimation)?.keyPath, looks.contains(path) else { return nil }
        }
        let b = layer.bounds
        let p = CGPoint(x: b.minX + layer.anchorPoint.x * b.width, y: b.minY + layer.anchorPoint.y * b.height)
        var scale = CGAffineTransform(a: k, b: 0, c: 0, d: k, tx: p.x * (1 - k), ty: p.y * (1 - k))
        guard let scaled = path.copy(using: &scale) else { return nil }
        let reach = shape.drawnReach
        shape.path = scaled
        shape.drawnReach = reach.map { ShapeReach(hull: $0.hull.map { $0.applying(scale) }, radius: $0.radius * k) }
        shape.lineWidth *= k
        shape.lineDashPhase *= k
        shape.lineDashPattern = shape.lineDashPattern?.map { NSNumber(value: $0.doubleValue * k) }
        // The anchor point stays: the pivot is where the scale leaves it.
        layer.bounds = b.applying(scale)
        layer.transform = CATransform3DMakeTranslation(t.m41, t.m42, 0)
        return CGPoint(x: t.m41, y: t.m42)
    }

    /// The shift a transform that only moves in the plane makes; nil for any other transform.
    private static func translation(_ t: CATransform3D) -> CGPoint? {
        var moved = t
        moved.m41 = 0
        moved.m42 = 0
        guard CATransform3DIsIdentity(moved), t.m41.isFinite, t.m42.isFinite else { return nil }
        return CGPoint(x: t.m41, y: t.m42)
    }

    /// True when a layer's only part in drawing is where it puts its sublayers: nothing drawn
    /// of its own, no clip, mask, group opacity, blend, filter, effect or flip.
    /// With `opacity: false`, a layer's opacity is not looked at (the caller moves it).
    private static func onlyPlaces(_ l: CALayer, opacity: Bool = true) -> Bool {
        l.mask == nil && !l.masksToBounds && l.compositingFilter == nil && (l.filters ?? []).isEmpty
            && (l.backgroundFilters ?? []).isEmpty && !(l.shadowOpacity > 0) && l.strataEffects.isEmpty
            && l.backgroundColor == nil && l.contents == nil && !(l.borderWidth > 0) && (!opacity || l.opacity == 1)
            && !l.shouldRasterize && !l.isGeometryFlipped && l.isDoubleSided
    }

    /// True when a layer keeps its parent's time (no begin time, speed, offset or repetition).
    private static func hasPlainTime(_ l: CALayer) -> Bool {
        l.beginTime == 0 && l.speed == 1 && l.timeOffset == 0 && l.duration == 0 && l.repeatCount == 0
            && l.repeatDuration == 0 && !l.autoreverses
    }

    /// Puts a parent's placement on `node` itself, when neither moves in the plane (the caller
    /// checks that the parent has no animations that move it): a layer fewer for every frame to
    /// walk (a rig of still nulls around animated shapes is common). False, and nothing changed,
    /// when the node moves, either is 3D, or the parent still holds sublayers.
    static func fold(_ parent: CALayer, into node: CALayer) -> Bool {
        guard parent.sublayers?.isEmpty ?? true, parent.mask == nil,
            parent.zPosition == 0, parent.anchorPointZ == 0, node.zPosition == 0, node.anchorPointZ == 0,
            CATransform3DIsAffine(parent.transform), CATransform3DIsAffine(node.transform),
            CATransform3DIsIdentity(parent.sublayerTransform)
        else { return false }
        for key in node.animationKeys() ?? [] {
            guard let a = node.animation(forKey: key) as? CAPropertyAnimation, let path = a.keyPath else { return false }
            if path.hasPrefix("position") || path.hasPrefix("transform") { return false }
        }
        // Sublayer space to the parent's superlayer: about the parent's anchor point, through its
        // transform, to its position; the node's own position and transform go before it.
        let b = parent.bounds
        let pivot = CGPoint(x: b.minX + parent.anchorPoint.x * b.width, y: b.minY + parent.anchorPoint.y * b.height)
        var placed = CATransform3DConcat(node.transform, CATransform3DMakeTranslation(node.position.x, node.position.y, 0))
        placed = CATransform3DConcat(placed, CATransform3DMakeTranslation(-pivot.x, -pivot.y, 0))
        placed = CATransform3DConcat(placed, parent.transform)
        placed = CATransform3DConcat(placed, CATransform3DMakeTranslation(parent.position.x, parent.position.y, 0))
        node.position = .zero
        node.transform = placed
        return true
    }
}
