import CoreGraphics
import Foundation

/// The outline one shape item (or a nested group) contributes, at any frame of its composition.
struct PathSource {
    /// The outlines at a frame, in the coordinates of the group that draws them.
    let shapes: (Double) -> [BezierShape]
    let isAnimated: Bool
    /// A plain path item: Core Animation can animate its keyframes with their own easing.
    let exact: LottieProperty<BezierShape>?
    /// What evaluating `shapes` at one frame costs, in steps (the item, and each transform or
    /// rounding of the groups around it): the unit of `AnimationEmitter.maxPathWork`.
    var cost = 1
    /// The item's position, when it is all that animates (a rectangle, ellipse or star that
    /// only moves): its outline at any frame is the first frame's, moved.
    var movesBy: Numbers? = nil

    static func from(_ item: LottieShape) -> PathSource? {
        switch item {
        case .path(let p, let reversed):
            return PathSource(
                shapes: { [reversed ? p.value(at: $0).reversed : p.value(at: $0)] }, isAnimated: p.isAnimated,
                exact: reversed ? nil : p)
        case .rectangle(let p, let s, let r, let reversed):
            return PathSource(
                shapes: { f in
                    [ShapeGeometry.rectangle(center: point(p.value(at: f)), size: size(s.value(at: f)), radius: r.scalar(at: f), reversed: reversed)]
                }, isAnimated: p.isAnimated || s.isAnimated || r.isAnimated, exact: nil,
                movesBy: p.isAnimated && !s.isAnimated && !r.isAnimated ? p : nil)
        case .ellipse(let p, let s, let reversed):
            return PathSource(
                shapes: { f in [ShapeGeometry.ellipse(center: point(p.value(at: f)), size: size(s.value(at: f)), reversed: reversed)] },
                isAnimated: p.isAnimated || s.isAnimated, exact: nil, movesBy: p.isAnimated && !s.isAnimated ? p : nil)
        case .star(let star):
            let reshapes = [star.points, star.rotation, star.outerRadius, star.outerRoundness].contains { $0.isAnimated }
                || star.innerRadius?.isAnimated == true || star.innerRoundness?.isAnimated == true
            return PathSource(
                shapes: { f in
                    [ShapeGeometry.star(
                        center: point(star.position.value(at: f)), points: star.points.scalar(at: f),
                        outerRadius: star.outerRadius.scalar(at: f),
                        innerRadius: star.isPolygon ? nil : star.innerRadius?.scalar(at: f) ?? star.outerRadius.scalar(at: f) / 2,
                        outerRoundness: star.outerRoundness.scalar(at: f), innerRoundness: star.innerRoundness?.scalar(at: f) ?? 0,
                        rotation: star.rotation.scalar(at: f), reversed: star.reversed)]
                }, isAnimated: reshapes || star.position.isAnimated, exact: nil,
                movesBy: star.position.isAnimated && !reshapes ? star.position : nil)
        default:
            return nil
        }
    }

    /// This outline through a (possibly moving) transform.
    func transformed(by matrix: @escaping (Double) -> CGAffineTransform, animated: Bool) -> PathSource {
        let shapes = self.shapes
        return PathSource(
            shapes: { f in let m = matrix(f); return shapes(f).map { $0.applying(m) } }, isAnimated: isAnimated || animated, exact: nil,
            cost: cost + 1)
    }

    /// This outline reshaped by a zig zag, pucker and bloat or offset path.
    func reshaped(by modifier: LottiePathModifier) -> PathSource {
        let shapes = self.shapes
        switch modifier {
        case .zigZag(let size, let ridges, let pointType):
            return PathSource(
                shapes: { f in
                    let a = size.scalar(at: f), r = ridges.scalar(at: f), smooth = pointType.scalar(at: f).rounded() == 2
                    return shapes(f).map { ShapeGeometry.zigZag($0, size: a, ridges: r, smooth: smooth) }
                }, isAnimated: isAnimated || size.isAnimated || ridges.isAnimated || pointType.isAnimated, exact: nil, cost: cost + 2)
        case .puckerBloat(let amount):
            return PathSource(
                shapes: { f in let a = amount.scalar(at: f); return shapes(f).map { ShapeGeometry.puckerBloat($0, amount: a) } },
                isAnimated: isAnimated || amount.isAnimated, exact: nil, cost: cost + 1)
        case .offset(let amount, let join, let miterLimit):
            // Stroking and a boolean operation: as costly as a trim (measured alike).
            return PathSource(
                shapes: { f in
                    let a = amount.scalar(at: f), ml = miterLimit.scalar(at: f)
                    return shapes(f).flatMap { ShapeGeometry.offset($0, amount: a, join: join, miterLimit: ml) }
                }, isAnimated: isAnimated || amount.isAnimated || miterLimit.isAnimated, exact: nil, cost: cost + 25)
        }
    }

    /// This outline with its corners rounded.
    func rounded(by radius: Numbers) -> PathSource {
        let shapes = self.shapes
        return PathSource(
            shapes: { f in let r = radius.scalar(at: f); return shapes(f).map { ShapeGeometry.roundCorners($0, radius: r) } },
            isAnimated: isAnimated || radius.isAnimated, exact: nil, cost: cost + 1)
    }
}

private func point(_ v: [Double]) -> CGPoint { CGPoint(x: v.nth(0) ?? 0, y: v.count > 1 ? v[1] : 0) }
private func size(_ v: [Double]) -> CGSize { CGSize(width: v.nth(0) ?? 0, height: v.count > 1 ? v[1] : v.nth(0) ?? 0) }

/// A trim: start and end in percent of the length, offset in degrees (a full turn is the length).
struct TrimModifier {
    /// Which trim item this is (one object per item, shared by every outline it reaches).
    final class Token {}
    let token = Token()
    var start: Numbers
    var end: Numbers
    var offset: Numbers
    var individually: Bool

    var isAnimated: Bool { start.isAnimated || end.isAnimated || offset.isAnimated }

    /// True when the start is at or before the end at every frame (every start value ≤ every end
    /// value): only then can strokeStart/strokeEnd draw the trim, which draw nothing when the
    /// start passes the end, where a Lottie trim swaps them.
    var startNeverPassesEnd: Bool {
        let starts = start.keyframes.compactMap { $0.value.nth(0) }, ends = end.keyframes.compactMap { $0.value.nth(0) }
        guard let latestStart = starts.max(), let earliestEnd = ends.min() else { return false }
        return latestStart <= earliestEnd
    }

    /// The ranges of the length kept at `frame` (fractions; one or two when it wraps past the end).
    func ranges(at frame: Double) -> [ClosedRange<Double>] {
        var s = start.scalar(at: frame) / 100, e = end.scalar(at: frame) / 100
        if s > e { swap(&s, &e) }
        s = min(max(s, 0), 1)
        e = min(max(e, 0), 1)
        guard e - s > 1e-9 else { return [] }
        if e - s >= 1 - 1e-9 { return [0...1] }
        var o = offset.scalar(at: frame) / 360
        o -= o.rounded(.down)
        let a = s + o, b = e + o
        if b <= 1 { return [a...b] }
        if a >= 1 { return [(a - 1)...(b - 1)] }
        return [a...1, 0...(b - 1)]
    }

    /// `paths` trimmed at `frame`: each on its own (simultaneously) or all as one length (individually).
    func apply(_ paths: [CGPath], at frame: Double) -> [CGPath] {
        let keep = ranges(at: frame)
        func trim(_ path: CGPath) -> CGPath {
            let measure = PathMeasureBridge(path)
            let out = CGMutablePath()
            for r in keep { out.addPath(measure.segment(r.lowerBound, r.upperBound)) }
            return out
        }
        if individually {
            let all = CGMutablePath()
            for p in paths { all.addPath(p) }
            return [trim(all)]
        }
        return paths.map(trim)
    }
}

/// Cuts a path by fractions of its length (Core Graphics' arc-length measure, as strokeStart/strokeEnd use).
struct PathMeasureBridge {
    private let measure: PathMeasure

    init(_ path: CGPath) { measure = PathMeasure(path) }

    func segment(_ from: Double, _ to: Double) -> CGPath {
        CGPath(storage: measure.segment(from: from, to: to))
    }
}
