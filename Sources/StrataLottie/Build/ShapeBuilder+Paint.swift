import CoreGraphics
import Foundation
import QuartzCore
import StrataRender

// Shape layers: their place, paths, fills and strokes.
extension ShapeBuilder {
    /// A shape layer over `box` in its group's coordinates, keeping them (bounds = box, centred
    /// on it): its raster holds the outline, not the whole composition.
    func place(_ shape: CALayer, _ box: CGRect) {
        shape.bounds = box
        shape.position = CGPoint(x: box.midX, y: box.midY)
    }

    /// Sets `shape`'s path from `outlines` (offset by `shift`): the keyframes themselves for one
    /// plain path, a fixed path when nothing moves, else sampled at every frame. Returns where
    /// every path set lies (see `PathReach`), or nil when not known (keyframed paths, eased).
    @discardableResult
    func setPath(_ shape: CAShapeLayer, _ outlines: [Outline], shift: CGPoint = .zero) -> PathReach? {
        let move = CGAffineTransform(translationX: -shift.x, y: -shift.y)
        if outlines.count == 1, outlines[0].trims.isEmpty, let exact = outlines[0].source.exact {
            emitter.animate(shape, "path", exact, map: map) { shape in
                let p = CGMutablePath()
                shape.addTo(p, transform: move)
                return p
            }
            return nil
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
            return nil
        }
        func combined(_ frame: Double) -> CGPath {
            let p = CGMutablePath()
            for path in Outline.paths(outlines, at: frame) { p.addPath(path, transform: move) }
            return p
        }
        if !animated {
            emitter.spendPathWork(outlines.work)
            let path = combined(map.local(emitter.inPoint))
            shape.path = path
            var reach = PathReach()
            reach.add(path)
            return reach
        }
        var reach = PathReach()
        emitter.sample(shape, "path", pathWork: outlines.work) { frame in
            let path = combined(map.local(frame))
            reach.add(path)
            return path
        }
        return reach
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
            if !outlines[0].isAnimated, shape.fillColor == nil, let path = shape.path {
                shape.drawnReach = Self.reach(of: path, trim: trim, style: style)
            }
            return
        }
        let paths = setPath(shape, outlines, shift: shift)
        if shape.fillColor == nil, let paths, let hull = paths.hull,
            let radius = Self.strokeReach(style, joins: paths.hasJoins)
        {
            shape.drawnReach = ShapeReach(hull: hull, radius: radius)
        }
    }

    /// How far beyond its path a stroke with `style` can ever draw: half the widest it gets,
    /// times the miter limit at miter joins (where the path has joins), √2 for square caps; nil
    /// when its width is not bounded.
    static func strokeReach(_ style: LottieStrokeStyle, joins: Bool) -> CGFloat? {
        guard let widths = range(of: style.width) else { return nil }
        let width = max(abs(widths.lowerBound), abs(widths.upperBound))
        let factor = joins && style.join == 1 ? max(style.miterLimit, 1.5) : style.cap == 3 || joins ? 1.5 : 1
        let reach = width / 2 * factor
        return reach.isFinite ? reach : nil
    }

    /// Where a still path stroked with `style` and trimmed by `trim` (from its start to its end,
    /// no offset) can ever draw, in the path's space: the part of the path between the least
    /// start and the greatest end the trim reaches, grown by the widest the stroke gets (miter
    /// joins and square caps included; renderers add their antialiasing). Nil when a value is not
    /// bounded (a loop expression, a number that is not finite).
    static func reach(of path: CGPath, trim: TrimModifier, style: LottieStrokeStyle) -> ShapeReach? {
        guard let starts = range(of: trim.start), let ends = range(of: trim.end) else { return nil }
        let from = min(max(starts.lowerBound / 100, 0), 1), to = min(max(ends.upperBound / 100, 0), 1)
        guard to > from else { return ShapeReach(hull: [], radius: 0) }
        var paths = PathReach()
        paths.add(from <= 0 && to >= 1 ? path : PathMeasureBridge(path).segment(from, to))
        guard let hull = paths.hull, let radius = strokeReach(style, joins: paths.hasJoins) else { return nil }
        return ShapeReach(hull: hull, radius: radius)
    }

    /// The least and greatest values a property's first number takes at any time: its
    /// keyframes' values and, between two, the value its easing reaches (a handle outside the
    /// unit square overshoots); nil for a loop expression or a value that is not finite.
    static func range(of p: Numbers) -> ClosedRange<Double>? {
        guard p.loop == nil else { return nil }
        var lo = Double.infinity, hi = -Double.infinity
        for (k, key) in p.keyframes.enumerated() {
            guard let v = key.value.nth(0), v.isFinite else { return nil }
            lo = min(lo, v)
            hi = max(hi, v)
            guard !key.hold, k + 1 < p.keyframes.count, let next = p.keyframes[k + 1].value.nth(0), next.isFinite else {
                continue
            }
            // A cubic's progress stays within the hull of its control points' heights.
            let handles = [key.easeOut.first?.y ?? 0, key.easeIn.first?.y ?? 1].map(Double.init)
            guard handles.allSatisfy(\.isFinite) else { return nil }
            for t in [handles.min() ?? 0, handles.max() ?? 1] where t < 0 || t > 1 {
                lo = min(lo, v + (next - v) * t)
                hi = max(hi, v + (next - v) * t)
            }
        }
        return lo <= hi ? lo...hi : nil
    }
}

/// Where a layer's paths lie over its animation: the convex hull of every point of every path
/// it is given (control points included: a path between two samples, and each curve, stays
/// within it), and whether any has a join (a subpath of more than one segment, or closed).
struct PathReach {
    private(set) var points: [CGPoint] = []
    private(set) var hasJoins = false
    private(set) var isFinite = true

    mutating func add(_ path: CGPath) {
        let storage = path.storage
        var segments = 0
        for type in storage.types {
            switch type {
            case .moveToPoint: segments = 0
            case .closeSubpath: hasJoins = true
            default:
                segments += 1
                if segments > 1 { hasJoins = true }
            }
        }
        guard let merged = ShapeReach.hull(of: points + storage.points) else {
            isFinite = false
            return
        }
        points = merged
    }

    /// The hull; nil when a point was not finite.
    var hull: [CGPoint]? { isFinite ? points : nil }
}

extension [ShapeBuilder.Outline] {
    /// What building these outlines' paths costs at one frame (see `AnimationEmitter.maxPathWork`).
    var work: Int { reduce(0) { $0 + $1.work } }
}
