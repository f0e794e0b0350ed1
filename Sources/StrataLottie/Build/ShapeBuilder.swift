import CoreGraphics
import Foundation
import QuartzCore

/// Builds a shape layer's items into layers: a group becomes a layer with its transform, every
/// fill and stroke a `CAShapeLayer` (a gradient one a `CAGradientLayer` masked by one) drawing
/// the outlines above it, a repeater a `CAReplicatorLayer` of what is above it. Items earlier in
/// the list draw on top, as in After Effects.
struct ShapeBuilder {
    let emitter: AnimationEmitter
    let map: FrameMap
    /// The layer's size: groups and paints are laid out in it.
    let size: CGSize

    /// A modifier that reaches the outlines above it (in its group and nested groups).
    enum Modifier {
        case trim(TrimModifier)
        case round(Numbers)
        case reshape(LottiePathModifier)
    }

    /// One outline with the trims that apply to it.
    struct Outline {
        var source: PathSource
        var trims: [TrimModifier]

        var isAnimated: Bool { source.isAnimated || trims.contains { $0.isAnimated } }

        /// What building the trimmed path costs at one frame (see `AnimationEmitter.maxPathWork`):
        /// a trim measures the path's length, as costly as 25 transforms (measured).
        var work: Int { source.cost + 25 * trims.count }

        /// The outline's path at `frame`, untrimmed.
        func untrimmedPath(at frame: Double) -> CGPath {
            let path = CGMutablePath()
            for shape in source.shapes(frame) { shape.addTo(path) }
            return path
        }

        /// The outline's path at `frame`, trimmed on its own.
        func path(at frame: Double) -> CGPath {
            Outline.paths([self], at: frame)[0]
        }

        /// The outlines' paths at `frame`, trimmed: a simultaneous trim cuts each outline, an
        /// individual one all the outlines it reaches as one length (innermost trim first).
        static func paths(_ outlines: [Outline], at frame: Double) -> [CGPath] {
            var paths = outlines.map { $0.untrimmedPath(at: frame) }
            let depth = outlines.map(\.trims.count).max() ?? 0
            for level in 0..<depth {
                // The outlines each individual trim joins, found in one pass (filtering all
                // outlines for each trim was cubic in the depth of nested trimmed groups).
                var joined: [ObjectIdentifier: [Int]] = [:]
                var order: [ObjectIdentifier] = []
                for (i, outline) in outlines.enumerated() where level < outline.trims.count {
                    let trim = outline.trims[level]
                    guard trim.individually else {
                        paths[i] = trim.apply([paths[i]], at: frame)[0]
                        continue
                    }
                    let id = ObjectIdentifier(trim.token)
                    if joined[id] == nil { order.append(id) }
                    joined[id, default: []].append(i)
                }
                for id in order {
                    guard let together = joined[id], let first = together.first else { continue }
                    let whole = outlines[first].trims[level].apply(together.map { paths[$0] }, at: frame)[0]
                    for (n, k) in together.enumerated() { paths[k] = n == 0 ? whole : CGMutablePath() }
                }
            }
            return paths
        }
    }

    /// Builds `items` into `container`; returns the group's outlines, for paints of enclosing groups.
    @discardableResult
    func build(_ items: [LottieShape], into container: CALayer, inherited: [Modifier]) -> [Outline] {
        var outlines: [Outline] = []
        var drawn: [CALayer] = []
        var merged: Int?
        let modifiers = modifierList(items)
        for (i, blendedItem) in items.enumerated() {
            if merged == i { continue }
            let (item, blendMode) = blendedItem.unblended
            let before = drawn.count
            let below = modifiers.filter { $0.index > i }.map(\.modifier) + inherited
            switch item {
            case .rectangle, .ellipse, .star, .path:
                guard var source = PathSource.from(item) else { continue }
                var trims: [TrimModifier] = []
                for modifier in below {
                    switch modifier {
                    case .round(let r): source = source.rounded(by: r)
                    case .reshape(let m): source = source.reshaped(by: m)
                    case .trim(let t): trims.append(t)
                    }
                }
                outlines.append(Outline(source: source, trims: trims))
            case .group(_, let children):
                let transform = children.lazy.compactMap { if case .transform(let t) = $0 { return t } else { return nil } }.first
                let holder = CALayer()
                let inner = build(children, into: holder, inherited: below)
                drawn.append(groupLayer(holder, transform ?? LottieTransform()))
                if let transform {
                    let animated = [transform.anchor, transform.scale, transform.rotation, transform.skew].contains { $0?.isAnimated == true }
                        || transform.position?.isAnimated == true
                    outlines += inner.map {
                        Outline(source: $0.source.transformed(by: { transform.matrix(at: $0) }, animated: animated), trims: $0.trims)
                    }
                } else {
                    outlines += inner
                }
            case _ where Self.neverShows(item):
                // A paint at opacity 0 throughout draws nothing (exporters leave invisible strokes
                // beside fills): no layer for every frame to evaluate and walk.
                continue
            case .fill(let color, let opacity, let evenOdd):
                drawn.append(fill(outlines, color: color, opacity: opacity, evenOdd: evenOdd))
            case .stroke(let color, let opacity, let style):
                // A stroke right above a fill of the same outlines (After Effects' usual order) is
                // what one CAShapeLayer draws: one layer, one raster.
                if blendMode == nil, i + 1 < items.count, case .fill(let fillColor, let fillOpacity, let evenOdd) = items[i + 1],
                    let layer = strokedFill(outlines, fillColor, fillOpacity, evenOdd, color, opacity, style)
                {
                    drawn.append(layer)
                    merged = i + 1
                } else {
                    drawn.append(stroke(outlines, color: color, opacity: opacity, style: style))
                }
            case .gradientFill(let gradient, let opacity, let evenOdd):
                drawn.append(gradientPaint(outlines, gradient, opacity: opacity, evenOdd: evenOdd, stroke: nil))
            case .gradientStroke(let gradient, let opacity, let style):
                drawn.append(gradientPaint(outlines, gradient, opacity: opacity, evenOdd: false, stroke: style))
            case .repeater(let copies, let offset, let transform, let below):
                let replicator = repeater(drawn, copies: copies, offset: offset, transform: transform, below: below)
                drawn = [replicator]
            case .merge(let mode):
                if let merged = merge(outlines, mode: mode) { outlines = [merged] }
            case .trim, .roundCorners, .reshape, .transform, .skipped, .blended:
                continue
            }
            if let blendMode, drawn.count == before + 1 { blend(drawn[before], mode: blendMode) }
        }
        for layer in drawn.reversed() { container.addSublayer(layer) }
        return outlines
    }

    /// True when a paint's opacity (percent) is 0 at every frame: one value at or below 0, or
    /// keyframes that are all 0 (an eased segment between equal values stays there).
    static func neverShows(_ paint: LottieShape) -> Bool {
        switch paint {
        case .fill(_, let opacity, _), .stroke(_, let opacity, _), .gradientFill(_, let opacity, _),
            .gradientStroke(_, let opacity, _):
            return neverShows(opacity)
        default:
            return false
        }
    }

    /// True when an opacity (percent) is 0 at every frame.
    static func neverShows(_ opacity: Numbers) -> Bool {
        if !opacity.isAnimated { return (opacity.first.first ?? 100) <= 0 }
        return opacity.keyframes.allSatisfy { $0.value.first == 0 }
    }

    /// Sets a paint's own blend mode (`bm` 1…16) as its compositing filter.
    private func blend(_ layer: CALayer, mode: Int) {
        if let name = CompositionBuilder.blendNames[mode] {
            layer.compositingFilter = name
        } else {
            emitter.warnings.note("blend mode \(mode) (drawn normal)", at: "shapes")
        }
    }

    /// The name of a shape layer that carries its group's transform.
    static let carriesGroup = "group shape"

    /// The layer a group draws: its one shape layer carrying the group's transform when that
    /// fits (a fixed, non-negative scale, no skew, full group opacity: one layer and one raster
    /// instead of two layers), else a layer with the transform holding what the group drew.
    private func groupLayer(_ holder: CALayer, _ transform: LottieTransform) -> CALayer {
        let builder = TransformBuilder(emitter: emitter, map: map)
        let opacity = transform.opacity ?? Numbers(value: [100])
        // A shape that already carries an inner group's transform keeps it: the outer one goes around.
        if let drawn = holder.sublayers, drawn.count == 1, let shape = drawn[0] as? CAShapeLayer, shape.name != Self.carriesGroup, shape.name != Self.followsItem,
            shape.mask == nil, TransformBuilder.fitsOneLayer(transform), !opacity.isAnimated, opacity.first.nth(0) == 100
        {
            shape.removeFromSuperlayer()
            shape.name = Self.carriesGroup
            builder.apply(transform, to: shape, size: size, bounds: shape.bounds, opacity: false)
            return shape
        }
        let layer = CALayer()
        layer.name = "group"
        let content = builder.apply(transform, to: layer, size: size)
        // A still group around one layer that carries its own placement (an inner group's,
        // nested groups being After Effects' habit): its placement goes onto that layer.
        if content === layer, let drawn = holder.sublayers, drawn.count == 1, layer.animationKeys()?.isEmpty ?? true,
            layer.opacity == 1
        {
            let only = drawn[0]
            only.removeFromSuperlayer()
            if CompositionBuilder.fold(layer, into: only) { return only }
            holder.addSublayer(only)
        }
        for sublayer in holder.sublayers ?? [] { content.addSublayer(sublayer) }
        return layer
    }

    /// The group's modifiers by item index, made once (a trim is one object for every outline
    /// it reaches: trimming "individually" treats them together).
    private func modifierList(_ items: [LottieShape]) -> [(index: Int, modifier: Modifier)] {
        items.enumerated().compactMap { i, item in
            switch item {
            case .trim(let s, let e, let o, let individually):
                return (i, .trim(TrimModifier(start: s, end: e, offset: o, individually: individually)))
            case .roundCorners(let r):
                return (i, .round(r))
            case .reshape(let m):
                return (i, .reshape(m))
            default:
                return nil
            }
        }
    }
}
