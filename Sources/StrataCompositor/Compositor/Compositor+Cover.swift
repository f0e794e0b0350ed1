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
        // Read in place: a node or state copied whole retains every object it holds (every frame).
        let plain = snapshot.nodes.withUnsafeBufferPointer { !$0[root].isTransformLayer && $0[root].mask < 0 }
        guard plain else { return false }
        return states.withUnsafeBufferPointer { all in
            let s = all.baseAddress! + root
            guard !s.pointee.isHidden, s.pointee.opacity >= 1, s.pointee.compositingBlend == .normal, s.pointee.effects.isEmpty,
                s.pointee.cornerRadius == 0, let color = s.pointee.backgroundColor?.sRGBComponents, color.a >= 1
            else { return false }
            let m = LayerMatrix.toParent(s, parentPivot: nil, parentSublayerTransform: nil)
                .concatenating(CATransform3DMakeAffineTransform(base))
            guard m.m12 == 0, m.m13 == 0, m.m14 == 0, m.m21 == 0, m.m23 == 0, m.m24 == 0, m.m34 == 0, m.m44 == 1,
                LayerMatrix.isFinite(m)
            else { return false }
            let t = CGAffineTransform(a: m.m11, b: 0, c: 0, d: m.m22, tx: m.m41, ty: m.m42)
            let painted = s.pointee.bounds.standardized.applying(t)
            return painted.contains(rect)
        }
    }
}
