import CoreGraphics
import Foundation
import QuartzCore

extension ShapeBuilder {
    /// A gradient fill or stroke: a `CAGradientLayer` over the outlines' bounds, masked by a
    /// `CAShapeLayer` that fills (or strokes) them.
    func gradientPaint(
        _ outlines: [Outline], _ gradient: LottieGradient, opacity: Numbers, evenOdd: Bool, stroke: LottieStrokeStyle?
    ) -> CALayer {
        let box = bounds(of: outlines, margin: stroke.map { maxWidth($0) } ?? 0)
        let highlight = gradient.type == 2 && ((gradient.highlightLength?.isAnimated ?? false) || (gradient.highlightLength?.first.nth(0) ?? 0) != 0)
        let layer: CALayer = highlight ? focalGradient(gradient, box: box) : CAGradientLayer()
        layer.frame = box
        let mask = CAShapeLayer()
        mask.frame = CGRect(origin: .zero, size: box.size)
        if let stroke {
            mask.fillColor = nil
            mask.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            applyStroke(stroke, to: mask, outlines, shift: box.origin)
        } else {
            mask.fillRule = evenOdd ? .evenOdd : .nonZero
            setPath(mask, outlines, shift: box.origin)
        }
        layer.mask = mask
        emitter.animate(layer, "opacity", opacity, map: map) { Float(($0.nth(0) ?? 100) / 100) }
        func unit(_ v: [Double]) -> CGPoint {
            CGPoint(x: ((v.nth(0) ?? 0) - box.minX) / box.width, y: ((v.count > 1 ? v[1] : 0) - box.minY) / box.height)
        }
        guard let layer = layer as? CAGradientLayer else {
            layer.setNeedsDisplay()
            return layer
        }
        // After Effects, lottie-web and the community's references mix stops in sRGB.
        layer.interpolation = .sRGB
        if gradient.type == 2 {
            layer.type = .radial
            let start = gradient.start, end = gradient.end
            let radial: (Double) -> (CGPoint, CGPoint) = { f in
                let s = start.value(at: f), e = end.value(at: f)
                let r = hypot((e.nth(0) ?? 0) - (s.nth(0) ?? 0), (e.count > 1 ? e[1] : 0) - (s.count > 1 ? s[1] : 0))
                return (unit(s), unit([(s.nth(0) ?? 0) + r, (s.count > 1 ? s[1] : 0) + r]))
            }
            if start.isAnimated || end.isAnimated {
                emitter.sample(layer, "startPoint") { radial(map.local($0)).0 }
                emitter.sample(layer, "endPoint") { radial(map.local($0)).1 }
            } else {
                (layer.startPoint, layer.endPoint) = radial(map.local(emitter.inPoint))
            }
        } else {
            emitter.animate(layer, "startPoint", gradient.start, map: map, unit)
            emitter.animate(layer, "endPoint", gradient.end, map: map, unit)
        }
        let colors = gradient.colors
        let stops: (Double) -> (colors: [CGColor], locations: [NSNumber]) = { f in
            GradientStops.resolve(colors.values.value(at: f), count: colors.count)
        }
        if colors.values.isAnimated {
            emitter.sample(layer, "colors") { stops(map.local($0)).colors }
            emitter.sample(layer, "locations") { stops(map.local($0)).locations }
        } else {
            let s = stops(map.local(emitter.inPoint))
            layer.colors = s.colors
            layer.locations = s.locations
        }
        return layer
    }

    /// A radial gradient with a highlight (`h` percent of the radius out from the centre, at `a`
    /// degrees from the line to the end point, as After Effects places it, within ±99 %), drawn
    /// at the first frame (a warning names it when anything of it moves).
    private func focalGradient(_ gradient: LottieGradient, box: CGRect) -> CALayer {
        let f = map.local(emitter.inPoint)
        let moving = [gradient.start, gradient.end, gradient.colors.values].contains { $0.isAnimated }
            || gradient.highlightLength?.isAnimated == true || gradient.highlightAngle?.isAnimated == true
        if moving { emitter.warnings.note("animated radial gradients with a highlight (the first frame's)", at: "shapes") }
        let s = gradient.start.value(at: f), e = gradient.end.value(at: f)
        let centre = CGPoint(x: (s.nth(0) ?? 0) - box.minX, y: (s.count > 1 ? s[1] : 0) - box.minY)
        let dx = (e.nth(0) ?? 0) - (s.nth(0) ?? 0), dy = (e.count > 1 ? e[1] : 0) - (s.count > 1 ? s[1] : 0)
        let radius = hypot(dx, dy)
        let length = min(max((gradient.highlightLength?.scalar(at: f) ?? 0) / 100, -0.99), 0.99) * radius
        let angle = atan2(dy, dx) + (gradient.highlightAngle?.scalar(at: f) ?? 0) * .pi / 180
        let stops = GradientStops.resolve(gradient.colors.values.value(at: f), count: gradient.colors.count)
        return FocalGradientLayer(gradient: .init(
            colors: stops.colors, locations: stops.locations.map { CGFloat($0.doubleValue) },
            focal: CGPoint(x: centre.x + cos(angle) * length, y: centre.y + sin(angle) * length), center: centre,
            radius: radius))
    }

    /// How far a stroke reaches beyond its outline: half its widest width, times the miter
    /// limit for mitred joins (square caps reach half a width too).
    func maxWidth(_ style: LottieStrokeStyle) -> CGFloat {
        let width = style.width.keyframes.map { abs($0.value.nth(0) ?? 0) }.max() ?? 0
        return width / 2 * (style.join == 1 ? max(style.miterLimit, 1.5) : 1.5)
    }

    /// The outlines' bounds over the animation (every sampled frame when they move), grown by
    /// `margin`, in whole points; never empty. Shape layers are sized to it, so that their
    /// rasters hold the shape and not the whole composition.
    func bounds(of outlines: [Outline], margin: CGFloat) -> CGRect {
        let work = outlines.reduce(0) { $0 + $1.source.cost }
        let frames = outlines.contains { $0.source.isAnimated } ? emitter.affordableFrames(work: work) : [emitter.inPoint]
        emitter.spendPathWork(work * frames.count)
        var box = CGRect.null
        for f in frames {
            for o in outlines {
                // The untrimmed outline: a trim only ever keeps part of it.
                for shape in o.source.shapes(map.local(f)) {
                    let b = shape.path.boundingBoxOfPath
                    if !b.isNull { box = box.union(b) }
                }
            }
        }
        if box.isNull { return CGRect(x: 0, y: 0, width: 1, height: 1) }
        box = box.insetBy(dx: -margin - 1, dy: -margin - 1)
        return CGRect(x: box.minX.rounded(.down), y: box.minY.rounded(.down), width: max(box.width.rounded(.up), 1), height: max(box.height.rounded(.up), 1))
    }
}

/// A Lottie gradient's flattened stops: `count` colour stops `[offset, r, g, b]`, then opacity
/// stops `[offset, alpha]`. Core Animation takes one list: colours at the union of both offsets,
/// each with the colour and the opacity interpolated there.
enum GradientStops {
    static func resolve(_ values: [Double], count: Int) -> (colors: [CGColor], locations: [NSNumber]) {
        var colorStops: [(Double, [Double])] = []
        var i = 0
        while colorStops.count < count, i + 3 < values.count {
            colorStops.append((values[i], Array(values[(i + 1)...(i + 3)])))
            i += 4
        }
        var alphaStops: [(Double, Double)] = []
        while i + 1 < values.count {
            alphaStops.append((values[i], values[i + 1]))
            i += 2
        }
        guard !colorStops.isEmpty else {
            return ([CGColor(red: 0, green: 0, blue: 0, alpha: 1)], [0])
        }
        colorStops = withMidpoints(colorStops)
        alphaStops = withMidpoints(alphaStops.map { ($0.0, [$0.1]) }).map { ($0.0, $0.1[0]) }
        let offsets = Array(Set(colorStops.map(\.0) + alphaStops.map(\.0))).sorted()
        var colors: [CGColor] = []
        var locations: [NSNumber] = []
        for t in offsets {
            let rgb = interpolate(colorStops, at: t)
            let alpha = alphaStops.isEmpty ? 1 : interpolate(alphaStops.map { ($0.0, [$0.1]) }, at: t)[0]
            colors.append(LottieColor.cgColor(rgb, alpha: alpha))
            locations.append(NSNumber(value: min(max(t, 0), 1)))
        }
        return (colors, locations)
    }

    /// After Effects' colour midpoints. Bodymovin exports a gradient of n stops as 2n − 1: between
    /// each pair, its midpoint as a stop with their mean colour. After Effects does not blend
    /// linearly through it: from stop a to b with the midpoint at m (0…1 of the way), the mix is
    /// 1 − (1 − t)^k with k = ln ½ / ln(1 − m) when m ≤ ½ (tᵏ with k = ln ½ / ln m above): half at
    /// the midpoint, flat at the far stop (measured on the feature file gradient-linear-midpoint:
    /// within 1 % of its After Effects render). When every other stop is the mean of its
    /// neighbours, they are read as midpoints and each curved segment is drawn as 16 linear ones;
    /// other lists stay as they are.
    static func withMidpoints(_ stops: [(Double, [Double])]) -> [(Double, [Double])] {
        guard stops.count >= 3, stops.count % 2 == 1 else { return stops }
        for k in stride(from: 1, to: stops.count - 1, by: 2) {
            let a = stops[k - 1], m = stops[k], b = stops[k + 1]
            guard a.0 < m.0, m.0 < b.0, a.1.count == m.1.count, b.1.count == m.1.count else { return stops }
            for c in m.1.indices where abs(m.1[c] - (a.1[c] + b.1[c]) / 2) > 0.002 { return stops }
        }
        var out: [(Double, [Double])] = [stops[0]]
        for k in stride(from: 1, to: stops.count - 1, by: 2) {
            let a = stops[k - 1], b = stops[k + 1]
            let m = (stops[k].0 - a.0) / (b.0 - a.0)
            if abs(m - 0.5) < 1e-3 {
                out += [stops[k], b]
                continue
            }
            let curve: (Double) -> Double = m < 0.5
                ? { t in 1 - pow(1 - t, log(0.5) / log(1 - m)) } : { t in pow(t, log(0.5) / log(m)) }
            for step in 1...16 {
                let t = Double(step) / 16, mix = curve(t)
                out.append((a.0 + (b.0 - a.0) * t, zip(a.1, b.1).map { $0 + ($1 - $0) * mix }))
            }
        }
        return out
    }

    private static func interpolate(_ stops: [(Double, [Double])], at t: Double) -> [Double] {
        guard let first = stops.first, let last = stops.last else { return [0] }
        if t <= first.0 { return first.1 }
        if t >= last.0 { return last.1 }
        for k in 0..<(stops.count - 1) where stops[k + 1].0 >= t {
            let a = stops[k], b = stops[k + 1]
            let p = b.0 > a.0 ? (t - a.0) / (b.0 - a.0) : 1
            return zip(a.1, b.1).map { $0 + ($1 - $0) * p }
        }
        return last.1
    }
}
