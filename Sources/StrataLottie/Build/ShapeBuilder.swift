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
    }

    /// One outline with the trims that apply to it.
    struct Outline {
        var source: PathSource
        var trims: [TrimModifier]

        var isAnimated: Bool { source.isAnimated || trims.contains { $0.isAnimated } }

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
                var done = Set<Int>()
                for (i, outline) in outlines.enumerated() where level < outline.trims.count && !done.contains(i) {
                    let trim = outline.trims[level]
                    guard trim.individually else {
                        paths[i] = trim.apply([paths[i]], at: frame)[0]
                        continue
                    }
                    let together = outlines.indices.filter { level < outlines[$0].trims.count && outlines[$0].trims[level].token === trim.token }
                    let joined = trim.apply(together.map { paths[$0] }, at: frame)[0]
                    for (n, k) in together.enumerated() {
                        paths[k] = n == 0 ? joined : CGMutablePath()
                        done.insert(k)
                    }
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
        for (i, item) in items.enumerated() {
            if merged == i { continue }
            let below = modifiers.filter { $0.index > i }.map(\.modifier) + inherited
            switch item {
            case .rectangle, .ellipse, .star, .path:
                guard var source = PathSource.from(item) else { continue }
                var trims: [TrimModifier] = []
                for modifier in below {
                    switch modifier {
                    case .round(let r): source = source.rounded(by: r)
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
            case .fill(let color, let opacity, let evenOdd):
                drawn.append(fill(outlines, color: color, opacity: opacity, evenOdd: evenOdd))
            case .stroke(let color, let opacity, let style):
                // A stroke right above a fill of the same outlines (After Effects' usual order) is
                // what one CAShapeLayer draws: one layer, one raster.
                if i + 1 < items.count, case .fill(let fillColor, let fillOpacity, let evenOdd) = items[i + 1],
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
            case .trim, .roundCorners, .transform, .skipped:
                continue
            }
        }
        for layer in drawn.reversed() { container.addSublayer(layer) }
        return outlines
    }

    /// The layer a group draws: its one shape layer carrying the group's transform when that
    /// fits (a fixed, non-negative scale, no skew, full group opacity: one layer and one raster
    /// instead of two layers), else a layer with the transform holding what the group drew.
    private func groupLayer(_ holder: CALayer, _ transform: LottieTransform) -> CALayer {
        let builder = TransformBuilder(emitter: emitter, map: map)
        let opacity = transform.opacity ?? Numbers(value: [100])
        if let drawn = holder.sublayers, drawn.count == 1, let shape = drawn[0] as? CAShapeLayer,
            shape.mask == nil, TransformBuilder.fitsOneLayer(transform), !opacity.isAnimated, opacity.first.nth(0) == 100
        {
            shape.removeFromSuperlayer()
            builder.apply(transform, to: shape, size: size, bounds: shape.bounds, opacity: false)
            return shape
        }
        let layer = CALayer()
        layer.name = "group"
        let content = builder.apply(transform, to: layer, size: size)
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
            default:
                return nil
            }
        }
    }

    // MARK: Paths on shape layers

    /// A shape layer over `box` in its group's coordinates, keeping them (bounds = box, centred
    /// on it): its raster holds the outline, not the whole composition.
    func place(_ shape: CALayer, _ box: CGRect) {
        shape.bounds = box
        shape.position = CGPoint(x: box.midX, y: box.midY)
    }

    /// Sets `shape`'s path from `outlines` (offset by `shift`): the keyframes themselves for one
    /// plain path, a fixed path when nothing moves, else sampled at every frame.
    func setPath(_ shape: CAShapeLayer, _ outlines: [Outline], shift: CGPoint = .zero) {
        let move = CGAffineTransform(translationX: -shift.x, y: -shift.y)
        if outlines.count == 1, outlines[0].trims.isEmpty, let exact = outlines[0].source.exact {
            emitter.animate(shape, "path", exact, map: map) { shape in
                let p = CGMutablePath()
                shape.addTo(p, transform: move)
                return p
            }
            return
        }
        let animated = outlines.contains { $0.isAnimated }
        func combined(_ frame: Double) -> CGPath {
            let p = CGMutablePath()
            for path in Outline.paths(outlines, at: frame) { p.addPath(path, transform: move) }
            return p
        }
        if !animated {
            shape.path = combined(map.local(emitter.inPoint))
        } else {
            emitter.sample(shape, "path") { combined(map.local($0)) }
        }
    }

    private func fill(_ outlines: [Outline], color: Numbers, opacity: Numbers, evenOdd: Bool) -> CALayer {
        let shape = CAShapeLayer()
        place(shape, bounds(of: outlines, margin: 0))
        shape.fillRule = evenOdd ? .evenOdd : .nonZero
        setPath(shape, outlines)
        emitter.animate(shape, "fillColor", color, map: map) { LottieColor.cgColor($0) }
        emitter.animate(shape, "opacity", opacity, map: map) { Float(($0.nth(0) ?? 100) / 100) }
        return shape
    }

    private func stroke(_ outlines: [Outline], color: Numbers, opacity: Numbers, style: LottieStrokeStyle) -> CALayer {
        let shape = CAShapeLayer()
        place(shape, bounds(of: outlines, margin: maxWidth(style)))
        shape.fillColor = nil
        applyStroke(style, to: shape, outlines)
        emitter.animate(shape, "strokeColor", color, map: map) { LottieColor.cgColor($0) }
        emitter.animate(shape, "opacity", opacity, map: map) { Float(($0.nth(0) ?? 100) / 100) }
        return shape
    }

    /// A fill with a stroke over it as one shape layer, when their opacities are the same and
    /// fixed and no trim applies (a trim cuts fills by path, strokes by strokeStart/strokeEnd).
    private func strokedFill(
        _ outlines: [Outline], _ fillColor: Numbers, _ fillOpacity: Numbers, _ evenOdd: Bool, _ color: Numbers,
        _ opacity: Numbers, _ style: LottieStrokeStyle
    ) -> CALayer? {
        guard !fillOpacity.isAnimated, !opacity.isAnimated, fillOpacity.first == opacity.first,
            outlines.allSatisfy({ $0.trims.isEmpty })
        else { return nil }
        let shape = CAShapeLayer()
        place(shape, bounds(of: outlines, margin: maxWidth(style)))
        shape.fillRule = evenOdd ? .evenOdd : .nonZero
        applyStroke(style, to: shape, outlines)
        emitter.animate(shape, "fillColor", fillColor, map: map) { LottieColor.cgColor($0) }
        emitter.animate(shape, "strokeColor", color, map: map) { LottieColor.cgColor($0) }
        emitter.animate(shape, "opacity", opacity, map: map) { Float(($0.nth(0) ?? 100) / 100) }
        return shape
    }

    /// Width, caps, joins, dashes and the path of a stroke. One outline trimmed once, without
    /// offset, is trimmed by `strokeStart`/`strokeEnd` (animated with the trim's own keyframes).
    func applyStroke(_ style: LottieStrokeStyle, to shape: CAShapeLayer, _ outlines: [Outline], shift: CGPoint = .zero) {
        emitter.animate(shape, "lineWidth", style.width, map: map) { $0.nth(0) ?? 1 }
        shape.lineCap = [1: .butt, 2: .round, 3: .square][style.cap] ?? .round
        shape.lineJoin = [1: .miter, 2: .round, 3: .bevel][style.join] ?? .round
        shape.miterLimit = style.miterLimit
        let pattern = style.dashes.filter { $0.kind != "o" }.map { NSNumber(value: max(0, $0.value.scalar(at: 0))) }
        if !pattern.isEmpty, pattern.contains(where: { $0.doubleValue > 0 }) {
            shape.lineDashPattern = pattern
            if style.dashes.contains(where: { $0.kind != "o" && $0.value.isAnimated }) {
                emitter.warnings.note("animated dash lengths (the first frame's are used)", at: "shapes")
            }
            if let offset = style.dashes.first(where: { $0.kind == "o" }) {
                emitter.animate(shape, "lineDashPhase", offset.value, map: map) { $0.nth(0) ?? 0 }
            }
        }
        if outlines.count == 1, outlines[0].trims.count == 1, !outlines[0].trims[0].offset.isAnimated,
            outlines[0].trims[0].offset.first.nth(0) == 0
        {
            let trim = outlines[0].trims[0]
            setPath(shape, [Outline(source: outlines[0].source, trims: [])], shift: shift)
            emitter.animate(shape, "strokeStart", trim.start, map: map) { min(max(($0.nth(0) ?? 0) / 100, 0), 1) }
            emitter.animate(shape, "strokeEnd", trim.end, map: map) { min(max(($0.nth(0) ?? 100) / 100, 0), 1) }
            return
        }
        setPath(shape, outlines, shift: shift)
    }

    // MARK: Repeater and merge

    /// `layers` repeated `copies` times, copy k through the repeater's transform k times (about
    /// the group's origin) with opacity from its start to its end opacity.
    private func repeater(_ layers: [CALayer], copies: Numbers, offset: Numbers, transform: LottieTransform, below: Bool) -> CALayer {
        let replicator = CAReplicatorLayer()
        // The replicator turns copies about its bounds' centre: centre it on the group's origin.
        replicator.bounds = CGRect(x: -size.width * 4, y: -size.height * 4, width: size.width * 8, height: size.height * 8)
        replicator.position = .zero
        let count = clampedInt(copies.scalar(at: map.local(emitter.inPoint)), 0, 1000)
        if copies.isAnimated { emitter.warnings.note("animated repeater copies (the first frame's count is used)", at: "shapes") }
        if below { emitter.warnings.note("repeater composite 'below' (drawn above)", at: "shapes") }
        replicator.instanceCount = count
        emitter.sample(replicator, "instanceTransform") { f in
            CATransform3DMakeAffineTransform(transform.matrix(at: map.local(f)))
        }
        let so = transform.startOpacity ?? Numbers(value: [100]), eo = transform.endOpacity ?? Numbers(value: [100])
        let start = so.scalar(at: map.local(emitter.inPoint)) / 100, end = eo.scalar(at: map.local(emitter.inPoint)) / 100
        replicator.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: start)
        replicator.instanceAlphaOffset = count > 1 ? Float((end - start) / Double(count - 1)) : 0
        let holder = CALayer()
        holder.frame = CGRect(origin: .zero, size: size)
        for layer in layers.reversed() { holder.addSublayer(layer) }
        let first = offset.scalar(at: map.local(emitter.inPoint))
        if first != 0 {
            holder.transform = CATransform3DMakeAffineTransform(transform.matrix(at: 0).power(first))
        }
        replicator.addSublayer(holder)
        return replicator
    }

    /// The outlines merged into one (Merge Paths): 1 merge (kept as they are), 2 add (union),
    /// 3 subtract, 4 intersect, 5 exclude intersections; sampled when anything moves.
    private func merge(_ outlines: [Outline], mode: Int) -> Outline? {
        guard !outlines.isEmpty else { return nil }
        let animated = outlines.contains { $0.isAnimated }
        let shapes: (Double) -> [BezierShape] = { f in
            let paths = Outline.paths(outlines, at: f)
            var result = paths[0]
            for p in paths.dropFirst() {
                switch mode {
                case 2: result = result.union(p)
                case 3: result = result.subtracting(p)
                case 4: result = result.intersection(p)
                case 5: result = result.symmetricDifference(p)
                default:
                    let m = CGMutablePath()
                    m.addPath(result)
                    m.addPath(p)
                    result = m
                }
            }
            return BezierShape.shapes(of: result)
        }
        return Outline(source: PathSource(shapes: shapes, isAnimated: animated, exact: nil), trims: [])
    }
}
