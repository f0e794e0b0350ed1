import CoreGraphics
import Foundation
import QuartzCore

// Shape layers: their place, paths, fills and strokes.
extension ShapeBuilder {
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
        var outlines = outlines
        let frames = animated ? 2 : 1
        // Past the file's path work, a paint loses its trims, then its path (with a warning):
        // nested groups each painting and trimming all they hold cost the cube of their depth.
        if outlines.contains(where: { !$0.trims.isEmpty }), !emitter.canAffordPathWork(outlines.work, frames: frames) {
            emitter.warnings.noteLimit("trims left out (over \(emitter.maxPathWork) path steps in all; --limit path-steps)", at: "shapes")
            outlines = outlines.map { Outline(source: $0.source, trims: []) }
        }
        guard emitter.canAffordPathWork(outlines.work, frames: frames) else {
            emitter.warnings.noteLimit("paths left out (over \(emitter.maxPathWork) path steps in all; --limit path-steps)", at: "shapes")
            return
        }
        func combined(_ frame: Double) -> CGPath {
            let p = CGMutablePath()
            for path in Outline.paths(outlines, at: frame) { p.addPath(path, transform: move) }
            return p
        }
        if !animated {
            emitter.spendPathWork(outlines.work)
            shape.path = combined(map.local(emitter.inPoint))
        } else {
            emitter.sample(shape, "path", pathWork: outlines.work) { combined(map.local($0)) }
        }
    }

    /// The name of a shape layer whose position follows its item's (never folded into a group).
    static let followsItem = "moving shape"

    /// One untrimmed outline whose item only moves, as its first frame's outline and the item's
    /// position: a solid paint draws it as a still path on a moving layer, one raster moved,
    /// instead of a new path built and scanned at every frame.
    func movingOutline(_ outlines: [Outline]) -> (still: Outline, position: Numbers)? {
        guard outlines.count == 1, outlines[0].trims.isEmpty, let position = outlines[0].source.movesBy else { return nil }
        let first = outlines[0].source.shapes(map.local(emitter.inPoint))
        emitter.spendPathWork(outlines[0].source.cost)
        return (Outline(source: PathSource(shapes: { _ in first }, isAnimated: false, exact: nil), trims: []), position)
    }

    /// Moves `shape` (placed over its still outline's box) as its item's position moves from the
    /// in point's.
    func follow(_ shape: CALayer, _ position: Numbers) {
        let start = position.value(at: map.local(emitter.inPoint)), centre = shape.position
        emitter.animate(shape, "position", position, map: map) { v in
            CGPoint(x: centre.x + (v.nth(0) ?? 0) - (start.nth(0) ?? 0), y: centre.y + (v.count > 1 ? v[1] : 0) - (start.count > 1 ? start[1] : 0))
        }
        shape.name = Self.followsItem
    }

    func fill(_ outlines: [Outline], color: Numbers, opacity: Numbers, evenOdd: Bool) -> CALayer {
        let shape = CAShapeLayer()
        let moving = movingOutline(outlines)
        let outlines = moving.map { [$0.still] } ?? outlines
        place(shape, bounds(of: outlines, margin: 0))
        shape.fillRule = evenOdd ? .evenOdd : .nonZero
        setPath(shape, outlines)
        if let moving { follow(shape, moving.position) }
        emitter.animate(shape, "fillColor", color, map: map) { LottieColor.cgColor($0) }
        emitter.animate(shape, "opacity", opacity, map: map) { Float(($0.nth(0) ?? 100) / 100) }
        return shape
    }

    func stroke(_ outlines: [Outline], color: Numbers, opacity: Numbers, style: LottieStrokeStyle) -> CALayer {
        let shape = CAShapeLayer()
        let moving = movingOutline(outlines)
        let outlines = moving.map { [$0.still] } ?? outlines
        place(shape, bounds(of: outlines, margin: maxWidth(style)))
        shape.fillColor = nil
        applyStroke(style, to: shape, outlines)
        if let moving { follow(shape, moving.position) }
        emitter.animate(shape, "strokeColor", color, map: map) { LottieColor.cgColor($0) }
        emitter.animate(shape, "opacity", opacity, map: map) { Float(($0.nth(0) ?? 100) / 100) }
        return shape
    }

    /// A fill with a stroke over it as one shape layer, when their opacities are the same and
    /// fixed and no trim applies (a trim cuts fills by path, strokes by strokeStart/strokeEnd).
    func strokedFill(
        _ outlines: [Outline], _ fillColor: Numbers, _ fillOpacity: Numbers, _ evenOdd: Bool, _ color: Numbers,
        _ opacity: Numbers, _ style: LottieStrokeStyle
    ) -> CALayer? {
        guard !fillOpacity.isAnimated, !opacity.isAnimated, fillOpacity.first == opacity.first,
            outlines.allSatisfy({ $0.trims.isEmpty })
        else { return nil }
        let shape = CAShapeLayer()
        let moving = movingOutline(outlines)
        let outlines = moving.map { [$0.still] } ?? outlines
        place(shape, bounds(of: outlines, margin: maxWidth(style)))
        shape.fillRule = evenOdd ? .evenOdd : .nonZero
        applyStroke(style, to: shape, outlines)
        if let moving { follow(shape, moving.position) }
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
            outlines[0].trims[0].offset.first.nth(0) == 0, outlines[0].trims[0].startNeverPassesEnd
        {
            let trim = outlines[0].trims[0]
            setPath(shape, [Outline(source: outlines[0].source, trims: [])], shift: shift)
            emitter.animate(shape, "strokeStart", trim.start, map: map) { min(max(($0.nth(0) ?? 0) / 100, 0), 1) }
            emitter.animate(shape, "strokeEnd", trim.end, map: map) { min(max(($0.nth(0) ?? 100) / 100, 0), 1) }
            return
        }
        setPath(shape, outlines, shift: shift)
    }
}

extension [ShapeBuilder.Outline] {
    /// What building these outlines' paths costs at one frame (see `AnimationEmitter.maxPathWork`).
    var work: Int { reduce(0) { $0 + $1.work } }
}
