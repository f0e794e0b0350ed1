import CoreGraphics
import Foundation
import QuartzCore

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
            if let solid = LottieColor.hex(color) {
                content.backgroundColor = solid
            } else {
                content.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                emitter.warnings.note("solid colour '\(color.prefix(40))' is not #rrggbb (drawn black, as lottie-ios draws it)", at: place)
            }
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
