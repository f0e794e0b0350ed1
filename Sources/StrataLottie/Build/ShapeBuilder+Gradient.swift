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
        let layer = CAGradientLayer()
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
        if gradient.type == 2 {
            layer.type = .radial
            if (gradient.highlightLength?.isAnimated ?? false) || (gradient.highlightLength?.first.nth(0) ?? 0) != 0 {
                emitter.warnings.note("radial gradient highlight (drawn centred)", at: "shapes")
            }
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
