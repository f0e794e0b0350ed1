import CoreGraphics
import StrataGeometry
import StrataRender

extension Compositor {
    /// True when the root layer `root`, placed as a sublayer of the target through `base`
    /// (superlayer space → target pixels), paints every pixel of `rect` (target pixels) with an
    /// opaque colour under everything else: a plain, opaque, unrounded background, on whole
    /// pixels, straight (not turned or in perspective), nothing blending or masking it. A
    /// renderer need not clear what such a root repaints (a third of the memory traffic of a
    /// frame of small changes on a 1080p window).
    package static func rootPaintsOpaquely(
        _ rect: CGRect, snapshot: RenderTreeSnapshot, states: [RenderLayerState], root: Int, base: CGAffineTransform
    ) -> Bool {
        guard root >= 0, root < states.count, root < snapshot.nodes.count, !rect.isNull else { return false }
        let node = snapshot.nodes[root]
        guard !node.isTransformLayer, node.mask < 0 else { return false }
        return states.withUnsafeBufferPointer { all in
            let s = all[root]
            guard !s.isHidden, s.opacity >= 1, s.compositingBlend == .normal, s.effects.isEmpty, s.cornerRadius == 0,
                let color = s.backgroundColor?.sRGBComponents, color.a >= 1
            else { return false }
            let m = LayerMatrix.toParent(s, sublayerOf: nil).concatenating(CATransform3DMakeAffineTransform(base))
            guard m.m12 == 0, m.m13 == 0, m.m14 == 0, m.m21 == 0, m.m23 == 0, m.m24 == 0, m.m34 == 0, m.m44 == 1,
                LayerMatrix.isFinite(m)
            else { return false }
            let t = CGAffineTransform(a: m.m11, b: 0, c: 0, d: m.m22, tx: m.m41, ty: m.m42)
            let painted = s.bounds.standardized.applying(t)
            return painted.contains(rect)
        }
    }
}
