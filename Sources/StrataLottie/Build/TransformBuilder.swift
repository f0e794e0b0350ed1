import CoreGraphics
import Foundation
import QuartzCore

/// Puts a Lottie transform (`p + R·Sk·S·(q − a)`) on layers.
///
/// The outer layer carries position, rotation and opacity (`transform.rotation.z` on an otherwise
/// plain transform). Scale goes on an inner layer when it moves, is negative or comes with skew:
/// Core Animation sets a transform component by decomposing and recomposing the matrix, which
/// cannot tell a negative x scale from a half turn, so every animated component is kept alone on
/// its own identity-based matrix (`transform.scale.x` on the inner layer's transform,
/// `transform.scale.y` on its sublayer transform).
struct TransformBuilder {
    let emitter: AnimationEmitter
    let map: FrameMap
    /// A 3D layer's transform (`ddd: 1`): x and y turns in the camera's perspective. A 2D
    /// layer's x and y turns (After Effects has none; exporters write them, lottie-web and
    /// lottie-ios apply them) are flat: the layer is foreshortened without perspective.
    var is3D = true

    /// Applies `t` to `layer` (sized `size`, or with the given `bounds`: a shape layer keeps
    /// its outline's box, so that its coordinates stay the group's) and returns the layer that
    /// content goes in.
    @discardableResult
    func apply(
        _ t: LottieTransform, to layer: CALayer, size rawSize: CGSize, bounds: CGRect? = nil, autoOrient: Bool = false,
        opacity: Bool = true
    ) -> CALayer {
        let size = CGSize(width: max(bounds?.width ?? rawSize.width, 1), height: max(bounds?.height ?? rawSize.height, 1))
        let origin = bounds?.origin ?? .zero
        layer.bounds = CGRect(origin: origin, size: size)
        let scale = t.scale ?? Numbers(value: [100, 100])
        let skew = t.skew.map { $0.isAnimated || $0.first.first != 0 } ?? false
        let negative = scale.keyframes.contains { k in k.value.contains { $0 < 0 } }
        // A uniform scale on a layer that does not turn is the layer's whole transform, set
        // from the identity (no decomposition): one layer, not two.
        let scalesAlone = scale.isAnimated && !negative && !skew && Self.isUniform(scale) && !Self.turns(t, autoOrient: autoOrient)
        let needsInner = (scale.isAnimated && !scalesAlone) || negative || skew
        let anchorLayer: CALayer
        var content = layer
        if scalesAlone {
            anchorLayer = layer
            emitter.animate(layer, "transform.scale.xy", scale, map: map) { ($0.nth(0) ?? 100) / 100 }
        } else if needsInner {
            layer.anchorPoint = .zero
            let inner = CALayer()
            inner.bounds = layer.bounds
            inner.position = origin
            layer.addSublayer(inner)
            anchorLayer = inner
            content = applyScale(scale, skew: skew ? t : nil, to: inner)
        } else {
            anchorLayer = layer
            let s = scale.first
            let sx = s.nth(0) ?? 100, sy = s.count > 1 ? s[1] : sx
            layer.transform = CATransform3DMakeScale(sx / 100, sy / 100, 1)
        }
        let anchor = t.anchor ?? Numbers(value: [0, 0])
        emitter.animate(anchorLayer, "anchorPoint", anchor, map: map) { v in
            CGPoint(x: ((v.nth(0) ?? 0) - origin.x) / size.width, y: ((v.count > 1 ? v[1] : 0) - origin.y) / size.height)
        }
        applyPosition(t.position, to: layer)
        applyRotation(t, to: layer, autoOrient: autoOrient)
        if opacity, let o = t.opacity {
            emitter.animate(layer, "opacity", o, map: map) { Float(($0.nth(0) ?? 100) / 100) }
        }
        return content
    }

    private func applyPosition(_ position: LottiePosition?, to layer: CALayer) {
        switch position?.form {
        case .none:
            layer.position = .zero
        case .separate(let x, let y):
            layer.position = .zero
            emitter.animate(layer, "position.x", x, map: map) { $0.nth(0) ?? 0 }
            emitter.animate(layer, "position.y", y, map: map) { $0.nth(0) ?? 0 }
        case .combined(let p):
            if p.hasSpatialTangents {
                emitter.sample(layer, "position") { p.spatialPoint(at: map.local($0)) }
            } else if p.hasPerDimensionEasing {
                layer.position = .zero
                emitter.animate(layer, "position.x", p, map: map, dimension: 0) { $0.nth(0) ?? 0 }
                emitter.animate(layer, "position.y", p, map: map, dimension: 1) { $0.count > 1 ? $0[1] : 0 }
            } else {
                emitter.animate(layer, "position", p, map: map) { CGPoint(x: $0.nth(0) ?? 0, y: $0.count > 1 ? $0[1] : 0) }
            }
        }
    }

    private func applyRotation(_ t: LottieTransform, to layer: CALayer, autoOrient: Bool) {
        let rotation = t.rotation ?? Numbers(value: [0])
        if t.turnsIn3D || Self.depth(t) != nil {
            apply3D(t, to: layer)
            return
        }
        if autoOrient, case .combined(let p) = t.position?.form, p.isAnimated {
            emitter.sample(layer, "transform.rotation.z") { f in
                let local = map.local(f)
                let a = p.spatialPoint(at: local - 0.05), b = p.spatialPoint(at: local + 0.05)
                let angle = (a == b) ? 0 : atan2(b.y - a.y, b.x - a.x)
                return rotation.scalar(at: local) * .pi / 180 + angle
            }
            return
        }
        guard rotation.isAnimated || rotation.first.nth(0) != 0 else { return }
        if !rotation.isAnimated {
            let r = (rotation.first.nth(0) ?? 0) * .pi / 180
            layer.transform = CATransform3DConcat(layer.transform, CATransform3DMakeRotation(r, 0, 0, 1))
            return
        }
        emitter.animate(layer, "transform.rotation.z", rotation, map: map) { ($0.nth(0) ?? 0) * .pi / 180 }
    }

    /// A 3D layer's turn (z, then y, then x rotation, then orientation), its depth and After
    /// Effects' default camera's perspective, as one sampled transform about its anchor point.
    /// After Effects' z points away from the viewer and Core Animation's towards it: x and y
    /// turns and depths change sign.
    private func apply3D(_ t: LottieTransform, to layer: CALayer) {
        let distance = emitter.cameraDistance
        let matrix: (Double) -> CATransform3D = { f in
            func angle(_ p: Numbers?, _ i: Int = 0) -> Double { Self.component(p?.value(at: f), i) * .pi / 180 }
            var m = CATransform3DMakeRotation(angle(t.rotation), 0, 0, 1)
            m = CATransform3DConcat(m, CATransform3DMakeRotation(-angle(t.rotationY), 0, 1, 0))
            m = CATransform3DConcat(m, CATransform3DMakeRotation(-angle(t.rotationX), 1, 0, 0))
            m = CATransform3DConcat(m, CATransform3DMakeRotation(angle(t.orientation, 2), 0, 0, 1))
            m = CATransform3DConcat(m, CATransform3DMakeRotation(-angle(t.orientation, 1), 0, 1, 0))
            m = CATransform3DConcat(m, CATransform3DMakeRotation(-angle(t.orientation, 0), 1, 0, 0))
            let z = Self.component(Self.depth(t)?.value(at: f), 2) - Self.component(t.anchor?.value(at: f), 2)
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(0, 0, -z))
            guard is3D else { return m }
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / distance
            return CATransform3DConcat(m, perspective)
        }
        let moving = [t.rotation, t.rotationX, t.rotationY, t.orientation, t.anchor, Self.depth(t)].contains { $0?.isAnimated == true }
        if moving {
            emitter.sample(layer, "transform") { matrix(map.local($0)) }
        } else {
            layer.transform = matrix(map.local(emitter.inPoint))
        }
    }

    /// The position when it has a depth (a third value that is not 0 at some keyframe).
    private static func depth(_ t: LottieTransform) -> Numbers? {
        guard case .combined(let p) = t.position?.form, p.keyframes.contains(where: { component($0.value, 2) != 0 }) else { return nil }
        return p
    }

    /// Value `i` of a list (0 when it has fewer).
    private static func component(_ v: [Double]?, _ i: Int) -> Double {
        guard let v, i < v.count, v[i].isFinite else { return 0 }
        return v[i]
    }

    /// True when a scale is the same in x and y at every frame: equal values and easings (a
    /// third, z, is not shown on a 2D layer).
    static func isUniform(_ scale: Numbers) -> Bool {
        scale.keyframes.allSatisfy { $0.value.count < 2 || $0.value[0] == $0.value[1] } && !scale.hasPerDimensionEasing(inFirst: 2)
    }

    /// True when `t` turns its layer at some frame (a fixed or animated z rotation, auto-orient,
    /// x/y turns or orientation, a depth).
    static func turns(_ t: LottieTransform, autoOrient: Bool) -> Bool {
        let rotation = t.rotation ?? Numbers(value: [0])
        return t.turnsIn3D || depth(t) != nil || rotation.isAnimated || rotation.first.nth(0) != 0
            || (autoOrient && t.position != nil)
    }

    /// True when `t` fits one layer: a fixed scale that is not negative and no skew.
    static func fitsOneLayer(_ t: LottieTransform) -> Bool {
        let scale = t.scale ?? Numbers(value: [100, 100])
        let skew = t.skew.map { $0.isAnimated || $0.first.first != 0 } ?? false
        return !scale.isAnimated && !skew && !scale.first.contains { $0 < 0 }
    }

    /// Scale (and skew) on `inner`; returns the layer content goes in: `inner` itself when its
    /// transform carries the scale (its sublayers are in its bounds' coordinates), a layer over
    /// it when the y scale goes on its sublayer transform (a layer fewer to walk every frame).
    private func applyScale(_ scale: Numbers, skew: LottieTransform?, to inner: CALayer) -> CALayer {
        if let skew {
            // Skew sits between rotation and scale: the whole matrix, sampled.
            let sk = skew.skew ?? Numbers(value: [0]), sa = skew.skewAxis ?? Numbers(value: [0])
            emitter.sample(inner, "transform") { f in
                let local = map.local(f)
                let s = scale.value(at: local)
                return Self.skewScale(
                    skew: sk.scalar(at: local), axis: sa.scalar(at: local), sx: (s.nth(0) ?? 100) / 100,
                    sy: (s.count > 1 ? s[1] : s.nth(0) ?? 100) / 100)
            }
            return inner
        }
        if Self.isUniform(scale) {
            emitter.animate(inner, "transform.scale.xy", scale, map: map) { ($0.nth(0) ?? 100) / 100 }
            return inner
        }
        // The same coordinates as `inner` (bounds and all), placed over it.
        let content = CALayer()
        content.bounds = inner.bounds
        content.position = CGPoint(x: inner.bounds.midX, y: inner.bounds.midY)
        inner.addSublayer(content)
        emitter.animate(inner, "transform.scale.x", scale, map: map, dimension: 0) { ($0.nth(0) ?? 100) / 100 }
        emitter.animate(inner, "sublayerTransform.scale.y", scale, map: map, dimension: 1) {
            ($0.count > 1 ? $0[1] : $0.nth(0) ?? 100) / 100
        }
        return content
    }

    /// After Effects' skew: shear by `skew` degrees along the axis `axis` degrees, then scale. The
    /// axis turns counter-clockwise on screen (unlike rotation): at 45° the line from bottom-left to
    /// top-right stays put (the feature file group-skew-axis).
    static func skewScale(skew: Double, axis: Double, sx: Double, sy: Double) -> CATransform3D {
        let a = -axis * .pi / 180, k = tan(-skew * .pi / 180)
        let rotate = CGAffineTransform(rotationAngle: a)
        let shear = CGAffineTransform(a: 1, b: 0, c: k, d: 1, tx: 0, ty: 0)
        let m = CGAffineTransform(scaleX: sx, y: sy).concatenating(rotate.inverted()).concatenating(shear).concatenating(rotate)
        return CATransform3DMakeAffineTransform(m)
    }
}
