import CoreGraphics
import Foundation
import QuartzCore
import StrataRender

/// Builds a Lottie animation into a layer tree with animations: the root composition's layers
/// (and precompositions' inside them) become CALayers in the composition's coordinates (points,
/// y down), every moving property a `CAKeyframeAnimation` on the shared timeline.
final class CompositionBuilder {
    let animation: LottieAnimation
    let emitter: AnimationEmitter

    /// Precompositions nest at most this deep (a file that includes itself must end).
    static let maxDepth = 16
    /// Lottie layers built so far: at most `InputLimits.layers` (precompositions used many times
    /// over, nested, multiply: a small file must not make millions of layers).
    private var layersBuilt = 0

    /// Composite transforms of ancestors beyond `maxNestedParents` (per sampled frame), by
    /// layer index, for one composition as placed once (a precomposition used twice has two).
    private final class AncestorComposites {
        var byIndex: [Int: [CGAffineTransform]] = [:]
    }

    init(_ animation: LottieAnimation, warnings: LottieWarnings) {
        self.animation = animation
        emitter = AnimationEmitter(
            frameRate: animation.frameRate, inPoint: animation.inPoint, outPoint: animation.outPoint, warnings: warnings,
            limits: animation.limits)
        emitter.cameraDistance = max(Double(animation.size.width), 1) * 50 / 36
    }

    /// The root composition as a layer of its size.
    func build() -> CALayer {
        let root = CALayer()
        root.name = "composition"
        root.bounds = CGRect(origin: .zero, size: animation.size)
        root.anchorPoint = .zero
        root.position = .zero
        buildComposition(animation.layers, size: animation.size, map: .identity, into: root, stack: [], path: "layers")
        return root
    }

    /// Adds a composition's layers to `container`, the first in the list on top.
    func buildComposition(
        _ layers: [LottieLayerModel], size: CGSize, map: FrameMap, into container: CALayer, stack: [String], path: String
    ) {
        var byIndex: [Int: LottieLayerModel] = [:]
        for l in layers { if let i = l.index, byIndex[i] == nil { byIndex[i] = l } }
        let composites = AncestorComposites()
        for (i, layer) in layers.enumerated().reversed() {
            guard !layer.isMatteSource, !layer.isHidden else { continue }
            layersBuilt += 1
            guard layersBuilt <= animation.limits.layers else {
                emitter.warnings.noteLimit("more than \(animation.limits.layers) layers in all (the rest are left out; --limit layers)", at: path)
                return
            }
            let place = "\(path)[\(i)]"
            guard var node = chain(layer, byIndex: byIndex, size: size, map: map, stack: stack, place: place, composites: composites)
            else { continue }
            if layer.matteMode != 0 {
                let sourceIndex = layer.matteParent.flatMap { tp in layers.firstIndex { $0.index == tp } } ?? (i > 0 ? i - 1 : nil)
                if let s = sourceIndex, let matte = chain(
                    layers[s], byIndex: byIndex, size: size, map: map, stack: stack, place: "\(path)[\(s)]",
                    composites: composites, asMatte: true)
                {
                    node = matted(node, by: matte, mode: layer.matteMode, size: size)
                } else {
                    emitter.warnings.note("a track matte without its matte layer (drawn unmatted)", at: place)
                }
            }
            container.addSublayer(node)
        }
    }

    /// `node` inside a composition-sized layer masked by `matte`.
    private func matted(_ node: CALayer, by matte: CALayer, mode: Int, size: CGSize) -> CALayer {
        let holder = CALayer()
        holder.name = "matte"
        holder.frame = CGRect(origin: .zero, size: size)
        holder.addSublayer(node)
        let maskHolder = CALayer()
        maskHolder.frame = holder.bounds
        maskHolder.addSublayer(matte)
        holder.mask = maskHolder
        holder.strataMaskMode = [2: .invertedAlpha, 3: .luminance, 4: .invertedLuminance][mode] ?? .alpha
        return holder
    }

    /// Parents put around a layer as layers of their own, at most; farther ancestors are one
    /// layer carrying the product of their transforms, sampled per frame (a chain of 1,000 layers
    /// each parented to the one before made 500,000 layers and took a minute).
    static let maxNestedParents = 16

    /// The layer with its parents' transforms around it (parenting moves, turns and scales a
    /// layer with its parent, but not its opacity or visibility), shown from its in to its out point.
    private func chain(
        _ model: LottieLayerModel, byIndex: [Int: LottieLayerModel], size: CGSize, map: FrameMap, stack: [String],
        place: String, composites: AncestorComposites, asMatte: Bool = false
    ) -> CALayer? {
        guard let layer = makeLayer(model, compositionSize: size, map: map, stack: stack, place: place) else { return nil }
        showOnlyWithin(layer, model, map: map)
        var node = collapse(layer)
        var parent = model.parent
        var seen: Set<Int> = model.index.map { [$0] } ?? []
        var nested = 0
        while let p = parent, let parentModel = byIndex[p] {
            guard seen.insert(p).inserted else {
                emitter.warnings.note("a parenting cycle (broken at layer \(p))", at: place)
                break
            }
            if nested == Self.maxNestedParents {
                node = ancestors(
                    from: p, around: node, byIndex: byIndex, size: size, map: map, seen: seen, place: place,
                    composites: composites)
                break
            }
            nested += 1
            let wrapper = CALayer()
            wrapper.name = "parent \(parentModel.name)"
            let inner = TransformBuilder(emitter: emitter, map: map, is3D: parentModel.is3D).apply(
                parentModel.transform, to: wrapper, size: parentModel.size(in: size, assets: animation.assets), opacity: false)
            if inner === wrapper, wrapper.animationKeys()?.isEmpty ?? true,
                Self.fold(wrapper, into: node) || Self.offset(wrapper, into: node)
            {
                parent = parentModel.parent
                continue
            }
            inner.addSublayer(node)
            // A parent that moves, turns or scales its one layer as a whole goes onto it.
            node = inner === wrapper ? collapse(wrapper) : wrapper
            parent = parentModel.parent
        }
        return node
    }

    /// The one layer `container` holds, carrying the container's placement, opacity and
    /// visibility, when the container does nothing else (most shape layers: one group); else
    /// `container`. The container's position and opacity may animate (a particle flying and
    /// fading): the child takes those animations over, its own transform carrying the rest of
    /// the container's still placement. Layers and their time bases are otherwise as built.
    private func collapse(_ container: CALayer) -> CALayer {
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
    /// only for a still node whose transform only shifts it (its look may animate, not its
    /// placement or size), both flat, the parent's transform affine and its sublayer
    /// transform the identity. False, and nothing changed, otherwise.
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

    /// `node` inside one layer carrying the transforms of `first` and every ancestor above it,
    /// composed per sampled frame (each at its own local frame). Composites are kept per
    /// ancestor (`composites`), so a long chain costs its length once.
    private func ancestors(
        from first: Int, around node: CALayer, byIndex: [Int: LottieLayerModel], size: CGSize, map: FrameMap,
        seen: Set<Int>, place: String, composites: AncestorComposites
    ) -> CALayer {
        let frames = emitter.sampleFrames
        // The ancestors up to one already composed (or the top), nearest first.
        var path: [Int] = []
        var visited = seen
        var next: Int? = first
        var above: [CGAffineTransform]?
        var cycle = false
        while let p = next, let model = byIndex[p] {
            if let known = composites.byIndex[p] {
                above = known
                break
            }
            path.append(p)
            visited.insert(p)
            guard let up = model.parent else { break }
            if visited.contains(up) {
                cycle = true
                emitter.warnings.note("a parenting cycle (broken at layer \(up))", at: place)
                break
            }
            next = up
        }
        // Composed from the top down: a point in p's space goes through p's transform, then its
        // parents'.
        var composite = above ?? Array(repeating: .identity, count: frames.count)
        for p in path.reversed() {
            guard let model = byIndex[p] else { continue }
            composite = frames.indices.map { i in model.transform.matrix(at: map.local(frames[i])).concatenating(composite[i]) }
            if !cycle { composites.byIndex[p] = composite }
        }
        let wrapper = CALayer()
        wrapper.name = "ancestors"
        wrapper.anchorPoint = .zero
        wrapper.position = .zero
        wrapper.bounds = CGRect(origin: .zero, size: size)
        let index = Dictionary(frames.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let sampled = composite
        emitter.sample(wrapper, "transform") { f in
            CATransform3DMakeAffineTransform(index[f].map { sampled[$0] } ?? sampled.last ?? .identity)
        }
        wrapper.addSublayer(node)
        return wrapper
    }

    /// How far before the root's out point its last frame is evaluated for visibility (frames).
    static let lastFrameLead = 1e-6

    private func showOnlyWithin(_ layer: CALayer, _ model: LottieLayerModel, map: FrameMap) {
        if let a = map.root(model.inPoint), let b = map.root(model.outPoint) {
            emitter.visibility(layer, from: min(a, b), to: max(a, b))
        } else {
            let last = emitter.outPoint
            emitter.sample(layer, "hidden", discrete: true) { f in
                let local = map.local(f)
                // The player's last frame (progress 1) shows what is there just before the out point.
                let before = f >= last ? map.local(last - Self.lastFrameLead) : local
                return !(local >= model.inPoint && local < model.outPoint) && !(before >= model.inPoint && before < model.outPoint)
            }
        }
    }

    /// One Lottie layer: its transform, opacity, content, masks, blend mode and shadow.
    private func makeLayer(
        _ model: LottieLayerModel, compositionSize: CGSize, map: FrameMap, stack: [String], place: String
    ) -> CALayer? {
        let size = model.size(in: compositionSize, assets: animation.assets)
        let layer = CALayer()
        layer.name = model.name
        // A layer's own keyframes, in and out points are its composition's frames: the start
        // time (`st`) and stretch (`sr`) move only a precomposition's contents (After Effects
        // exports keyframes already shifted; lottie-web subtracts `st` from both the frame and
        // the keyframe times, iOS and ThorVG never do).
        let own = map
        let content = TransformBuilder(emitter: emitter, map: own, is3D: model.is3D).apply(
            model.transform, to: layer, size: size, autoOrient: model.autoOrient)
        switch model.kind {
        case .null, .unsupported:
            return nil
        case .solid(let color, _):
            content.backgroundColor = LottieColor.hex(color)
        case .image(let refId):
            if let image = animation.images[refId] ?? animation.assets[refId]?.image {
                content.contents = image
            } else {
                emitter.warnings.note("image asset '\(refId)' missing (drawn empty)", at: place)
            }
        case .shape(let items):
            ShapeBuilder(emitter: emitter, map: own, size: size).build(items, into: content, inherited: [])
        case .text(let text):
            TextBuilder(
                emitter: emitter, map: own, fonts: animation.fonts, masks: model.masks, glyphs: animation.glyphs,
                providedFace: animation.providedFace)
                .build(text, into: content)
        case .precomp(let refId, _, let timeRemap):
            guard let asset = animation.assets[refId], let layers = asset.layers else {
                emitter.warnings.note("precomposition '\(refId)' missing (drawn empty)", at: place)
                return layer
            }
            guard !stack.contains(refId), stack.count < Self.maxDepth else {
                emitter.warnings.note("precompositions that include themselves (cut at '\(refId)')", at: place)
                return layer
            }
            // Time remapping replaces the start time and stretch: `tm` is evaluated at this
            // composition's frame and gives the inner time directly.
            let inner = timeRemap.map { map.remapped(by: $0, frameRate: animation.frameRate) }
                ?? map.child(start: model.startTime, stretch: model.stretch)
            content.masksToBounds = true
            buildComposition(layers, size: size, map: inner, into: content, stack: stack + [refId], path: "assets[\(refId)].layers")
        }
        if !model.masks.isEmpty, let mask = MaskBuilder(emitter: emitter, map: own, size: size).build(model.masks) {
            content.mask = mask
        }
        if model.blendMode != 0 {
            if let name = Self.blendNames[model.blendMode] {
                layer.compositingFilter = name
            } else {
                emitter.warnings.note("blend mode \(model.blendMode) (drawn normal)", at: place)
            }
        }
        if let shadow = model.dropShadow { applyShadow(shadow, to: layer, map: own) }
        if !model.effects.isEmpty { applyEffects(model.effects, to: layer, map: own, place: place) }
        return layer
    }

    /// Fill, Tint, Tritone, Gaussian Blur and the inner shadow and stroke styles as the layer's
    /// effects on its composite, at the layer's first frame (a warning names effects whose
    /// controls move).
    private func applyEffects(_ effects: [LottieLayerEffect], to layer: CALayer, map: FrameMap, place: String) {
        let f = map.local(emitter.inPoint)
        if effects.contains(where: \.isAnimated) { emitter.warnings.note("animated effect controls (the first frame's)", at: place) }
        func rgb(_ p: Numbers) -> [Double] { (0..<3).map { i in let v = p.value(at: f); return i < v.count ? v[i] : 0 } }
        layer.strataEffects = effects.map { effect in
            switch effect {
            case .fill(let color, let opacity, let scale):
                let c = rgb(color)
                return .fill(red: c[0], green: c[1], blue: c[2], opacity: opacity.scalar(at: f) / scale)
            case .tint(let black, let white, let amount):
                return .luminanceMap(stops: [[0] + rgb(black), [1] + rgb(white)], amount: amount.scalar(at: f) / 100)
            case .tritone(let highlights, let midtones, let shadows, let blend):
                return .luminanceMap(
                    stops: [[0] + rgb(shadows), [0.5] + rgb(midtones), [1] + rgb(highlights)], amount: 1 - blend.scalar(at: f) / 100)
            case .gaussianBlur(let blurriness, let dimensions):
                // lottie-web's reading of After Effects' blurriness: σ = 0.3 × blurriness.
                let sigma = max(0, blurriness.scalar(at: f)) * 0.3, d = dimensions.scalar(at: f).rounded()
                return .blur(sigmaX: d == 3 ? 0 : sigma, sigmaY: d == 2 ? 0 : sigma)
            case .innerShadow(let s, let choke):
                // Offset as the drop shadow's; size split by the choke into growth and blur
                // (σ half the rest, as the drop shadow's radius is half its softness).
                let c = rgb(s.color), a = s.direction.scalar(at: f) * .pi / 180, d = s.distance.scalar(at: f)
                let size = max(0, s.softness.scalar(at: f)), k = min(max(choke.scalar(at: f) / 100, 0), 1)
                return .innerShadow(
                    red: c[0], green: c[1], blue: c[2], opacity: s.opacity.scalar(at: f) / s.opacityScale,
                    offsetX: sin(a) * d, offsetY: -cos(a) * d, sigma: size * (1 - k) / 2, spread: size * k)
            case .strokeStyle(let color, let size, let opacity):
                let c = rgb(color)
                return .outline(
                    red: c[0], green: c[1], blue: c[2], opacity: opacity.scalar(at: f) / 100, width: max(0, size.scalar(at: f)))
            }
        }
    }

    /// Lottie's blend modes (`bm`) by Core Animation's compositing filter names.
    static let blendNames: [Int: String] = [
        1: "multiplyBlendMode", 2: "screenBlendMode", 3: "overlayBlendMode", 4: "darkenBlendMode", 5: "lightenBlendMode",
        6: "colorDodgeBlendMode", 7: "colorBurnBlendMode", 8: "hardLightBlendMode", 9: "softLightBlendMode",
        10: "differenceBlendMode", 11: "exclusionBlendMode", 12: "hueBlendMode", 13: "saturationBlendMode",
        14: "colorBlendMode", 15: "luminosityBlendMode", 16: "linearDodgeBlendMode",
    ]

    /// The drop shadow as the layer's shadow: offset `distance` along `direction` (degrees
    /// clockwise from up), blur radius half the softness.
    private func applyShadow(_ s: LottieDropShadow, to layer: CALayer, map: FrameMap) {
        emitter.animate(layer, "shadowColor", s.color, map: map) { v in LottieColor.cgColor(Array(v.prefix(3))) }
        let scale = s.opacityScale
        emitter.animate(layer, "shadowOpacity", s.opacity, map: map) { Float(min(max(($0.nth(0) ?? 0) / scale, 0), 1)) }
        emitter.animate(layer, "shadowRadius", s.softness, map: map) { max(0, ($0.nth(0) ?? 0) / 2) }
        let direction = s.direction, distance = s.distance
        let offset: (Double) -> CGSize = { f in
            let a = direction.scalar(at: f) * .pi / 180, d = distance.scalar(at: f)
            return CGSize(width: sin(a) * d, height: -cos(a) * d)
        }
        if direction.isAnimated || distance.isAnimated {
            emitter.sample(layer, "shadowOffset") { offset(map.local($0)) }
        } else {
            layer.shadowOffset = offset(map.local(emitter.inPoint))
        }
    }
}
