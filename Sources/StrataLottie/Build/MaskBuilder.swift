import CoreGraphics
import Foundation
import QuartzCore

/// A layer's masks as its `mask` layer. Masks that only add are shape layers on top of each
/// other, each with its opacity; any subtract, intersect, inverted or expanded mask makes the
/// masks one path, combined in order with Core Graphics' boolean operations (sampled when a path
/// moves; opacities then apply only when every mask has the same).
struct MaskBuilder {
    let emitter: AnimationEmitter
    let map: FrameMap
    let size: CGSize

    func build(_ masks: [LottieMask]) -> CALayer? {
        let active = masks.filter { $0.mode != "n" }
        guard !active.isEmpty else { return nil }
        let holder = CALayer()
        holder.frame = CGRect(origin: .zero, size: size)
        let expands = active.contains { ($0.expansion?.isAnimated ?? false) || ($0.expansion?.first.nth(0) ?? 0) != 0 }
        if !expands, active.allSatisfy({ !["s", "i", "l", "d", "f"].contains($0.mode) && !$0.inverted }) {
            for mask in active {
                let shape = CAShapeLayer()
                shape.frame = holder.bounds
                ShapeBuilder(emitter: emitter, map: map, size: size).setPath(
                    shape, [ShapeBuilder.Outline(source: PathSource.from(.path(mask.path, reversed: false))!, trims: [])])
                emitter.animate(shape, "opacity", mask.opacity, map: map) { Float(($0.nth(0) ?? 100) / 100) }
                holder.addSublayer(shape)
            }
            return holder
        }
        let shape = CAShapeLayer()
        shape.frame = holder.bounds
        let opacities = Set(active.map { $0.opacity.first.nth(0) ?? 100 })
        if opacities.count > 1 || active.contains(where: { $0.opacity.isAnimated }) {
            emitter.warnings.note("different mask opacities with subtract/intersect/inverted masks (the first is used)", at: "masksProperties")
        }
        emitter.animate(shape, "opacity", active[0].opacity, map: map) { Float(($0.nth(0) ?? 100) / 100) }
        let everything = CGPath(rect: CGRect(x: -size.width * 10, y: -size.height * 10, width: size.width * 21, height: size.height * 21), transform: nil)
        let combined: (Double) -> CGPath = { f in
            var result: CGPath?
            for (k, mask) in active.enumerated() {
                var p = Self.expanded(mask.path.value(at: f).path, by: mask.expansion?.scalar(at: f) ?? 0)
                if mask.inverted { p = everything.subtracting(p) }
                switch (mask.mode, result) {
                case (_, nil):
                    // The first mask: an add is itself; a subtract or intersect works on everything.
                    result = mask.mode == "s" ? everything.subtracting(p) : k == 0 && mask.mode == "i" ? p : p
                case ("s", let r?): result = r.subtracting(p)
                // Lighten and darken keep the larger and smaller coverage: for opaque masks the
                // union and the intersection; difference keeps where one covers and not both.
                case ("i", let r?), ("d", let r?): result = r.intersection(p)
                case ("f", let r?): result = r.symmetricDifference(p)
                case (_, let r?): result = r.union(p)
                }
            }
            return result ?? CGMutablePath()
        }
        if active.contains(where: { $0.path.isAnimated || ($0.expansion?.isAnimated ?? false) }) {
            emitter.sample(shape, "path") { combined(map.local($0)) }
        } else {
            shape.path = combined(map.local(emitter.inPoint))
        }
        holder.addSublayer(shape)
        return holder
    }

    /// A mask path grown (positive) or shrunk (negative) by `amount` points: its outline
    /// stroked twice as wide, with round joins, added to it or taken from it.
    static func expanded(_ path: CGPath, by amount: Double) -> CGPath {
        guard amount.isFinite, amount != 0 else { return path }
        let band = path.copy(strokingWithWidth: 2 * abs(amount), lineCap: .round, lineJoin: .round, miterLimit: 4)
        return amount > 0 ? path.union(band) : path.subtracting(band)
    }
}
