import CoreGraphics
import Foundation
import QuartzCore

// The repeater and merge paths.
extension ShapeBuilder {
    /// `layers` repeated `copies` times, copy k through the repeater's transform k (+ offset)
    /// times about the group's origin, with opacity from its start to its end opacity; copies
    /// above the original (composite "above") or below it. Copies, offset and opacities animate.
    ///
    /// A `CAReplicatorLayer` draws instance 0 first. For "below", instance i is copy n − 1 − i:
    /// the holder carries T^(n−1) and the instance transform is T⁻¹, so the original is drawn
    /// last, on top.
    func repeater(_ layers: [CALayer], copies: Numbers, offset: Numbers, transform: LottieTransform, below: Bool) -> CALayer {
        let replicator = CAReplicatorLayer()
        // The replicator turns copies about its bounds' centre: centre it on the group's origin.
        replicator.bounds = CGRect(x: -size.width * 4, y: -size.height * 4, width: size.width * 8, height: size.height * 8)
        replicator.position = .zero
        let start = map.local(emitter.inPoint)
        let countAt = { (f: Double) in clampedInt(copies.scalar(at: f), 0, 1000) }
        let count = countAt(start)
        replicator.instanceCount = count
        if copies.isAnimated {
            emitter.sample(replicator, "instanceCount", discrete: true) { f in NSNumber(value: countAt(map.local(f))) }
        }
        emitter.sample(replicator, "instanceTransform") { f in
            let m = transform.repeaterMatrix(at: map.local(f))
            return CATransform3DMakeAffineTransform(below ? m.inverted() : m)
        }
        // Copy k's opacity runs from the start opacity (first copy) to the end opacity (last):
        // the first instance's alpha and a step per instance, animated when either is.
        let startOpacity = transform.startOpacity ?? Numbers(value: [100])
        let endOpacity = transform.endOpacity ?? Numbers(value: [100])
        func opacities(_ f: Double) -> (first: Double, step: Float) {
            let so = startOpacity.scalar(at: f) / 100, eo = endOpacity.scalar(at: f) / 100
            let (first, last) = below ? (eo, so) : (so, eo)
            let n = countAt(f)
            return (first, n > 1 ? Float((last - first) / Double(n - 1)) : 0)
        }
        let initial = opacities(start)
        replicator.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: initial.first)
        replicator.instanceAlphaOffset = initial.step
        if startOpacity.isAnimated || endOpacity.isAnimated || copies.isAnimated {
            emitter.sample(replicator, "instanceColor") { f in
                CGColor(red: 1, green: 1, blue: 1, alpha: opacities(map.local(f)).first)
            }
            emitter.sample(replicator, "instanceAlphaOffset") { f in NSNumber(value: opacities(map.local(f)).step) }
        }
        // The holder turns about the group's origin too (anchor at its corner, placed there).
        let holder = CALayer()
        holder.anchorPoint = .zero
        holder.bounds = CGRect(origin: .zero, size: size)
        holder.position = .zero
        for layer in layers.reversed() { holder.addSublayer(layer) }
        // The copies start `offset` steps on; below, the original is the last copy.
        func shift(_ f: Double) -> Double { offset.scalar(at: f) + (below ? Double(max(countAt(f) - 1, 0)) : 0) }
        if shift(start) != 0 {
            holder.transform = CATransform3DMakeAffineTransform(transform.repeaterMatrix(at: start).power(shift(start)))
        }
        let moves = [transform.anchor, transform.scale, transform.rotation, transform.skew, transform.skewAxis]
            .contains { $0?.isAnimated == true } || transform.position?.isAnimated == true
        if offset.isAnimated || (below && copies.isAnimated) || (moves && shift(start) != 0) {
            // Discrete with a changing count: below, the shift must step with the count.
            emitter.sample(holder, "transform", discrete: below && copies.isAnimated) { f in
                let local = map.local(f)
                return NSValue(caTransform3D: CATransform3DMakeAffineTransform(transform.repeaterMatrix(at: local).power(shift(local))))
            }
        }
        replicator.addSublayer(holder)
        return replicator
    }

    /// The outlines merged into one (Merge Paths): 1 merge (kept as they are), 2 add (union),
    /// 3 subtract, 4 intersect, 5 exclude intersections; sampled when anything moves.
    func merge(_ outlines: [Outline], mode: Int) -> Outline? {
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
