import CoreGraphics
import StrataGeometry
import StrataRender

// How a layer is placed (spec §5.1), as 4×4 matrices on row vectors [x y z 1]:
//
//   toParent = [mirror about the bounds' mid-y, when isGeometryFlipped]
//              × translate(−anchor, −anchorPointZ) × transform × translate(position, zPosition)
//              × translate(−c) × P.sublayerTransform × translate(c)   (c = P's anchor point in its bounds)
//
// A normal layer flattens its sublayers into its plane: a point reaches the parent's plane by
// toParent, then `flatten` (z dropped, w kept), then the parent's own map. A CATransformLayer
// skips the flatten, so its sublayers share its 3D space.

package enum LayerMatrix {
    /// The map from `s`'s own space into its parent's 3D space. `sublayerOf` is the superlayer's
    /// state when its sublayerTransform applies (nil for roots and masks).
    package static func toParent(_ s: RenderLayerState, sublayerOf parent: RenderLayerState?) -> CATransform3D {
        toParent(
            s, parentPivot: parent.map { pivot(bounds: $0.bounds, anchorPoint: $0.anchorPoint, anchorPointZ: $0.anchorPointZ) },
            parentSublayerTransform: parent?.sublayerTransform)
    }

    /// The same, given only what it reads of the parent (wrapping a whole parent state in an
    /// Optional copies it: 664 bytes and its references, per layer per frame).
    @inline(__always)
    package static func toParent(
        _ s: RenderLayerState, parentPivot: CATransform3D.Pivot?, parentSublayerTransform: CATransform3D?
    ) -> CATransform3D {
        toParent(
            bounds: s.bounds, anchorPoint: s.anchorPoint, anchorPointZ: s.anchorPointZ, position: s.position,
            zPosition: s.zPosition, transform: s.transform, isGeometryFlipped: s.isGeometryFlipped,
            parentPivot: parentPivot, parentSublayerTransform: parentSublayerTransform)
    }

    /// The same for the state at `s`, read field by field in place (a state read whole from an
    /// array or a pointer is copied: 700 bytes and ten references).
    @inline(__always)
    package static func toParent(
        _ s: UnsafePointer<RenderLayerState>, parentPivot: CATransform3D.Pivot?, parentSublayerTransform: CATransform3D?
    ) -> CATransform3D {
        toParent(
            bounds: s.pointee.bounds, anchorPoint: s.pointee.anchorPoint, anchorPointZ: s.pointee.anchorPointZ,
            position: s.pointee.position, zPosition: s.pointee.zPosition, transform: s.pointee.transform,
            isGeometryFlipped: s.pointee.isGeometryFlipped, parentPivot: parentPivot,
            parentSublayerTransform: parentSublayerTransform)
    }

    /// The map from a layer's space into its parent's, from the fields that place it.
    private static func toParent(
        bounds: CGRect, anchorPoint: CGPoint, anchorPointZ: CGFloat, position: CGPoint, zPosition: CGFloat,
        transform: CATransform3D, isGeometryFlipped: Bool, parentPivot: CATransform3D.Pivot?,
        parentSublayerTransform: CATransform3D?
    ) -> CATransform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.size.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.size.height
        var m: CATransform3D
        if transform.isIdentity {
            m = CATransform3DMakeTranslation(position.x - ax, position.y - ay, zPosition - anchorPointZ)
        } else {
            m = CATransform3DMakeTranslation(-ax, -ay, -anchorPointZ)
                .concatenating(transform)
                .concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
        }
        if let pivot = parentPivot, let sublayerTransform = parentSublayerTransform,
            !sublayerTransform.isIdentity
        {
            m = m.concatenating(sublayerTransform.about(pivot))
        }
        if isGeometryFlipped {
            let axis = 2 * bounds.origin.y + bounds.size.height
            let mirror = CATransform3DMakeScale(1, -1, 1).concatenating(CATransform3DMakeTranslation(0, axis, 0))
            m = mirror.concatenating(m)
        }
        return m
    }

    /// The point a layer's sublayerTransform applies about: its anchor point, in its bounds'
    /// coordinates (x, y) and anchorPointZ (z), as Apple's header says.
    /// (Given field by field: reading a whole state out of an array copies it.)
    package static func pivot(bounds: CGRect, anchorPoint: CGPoint, anchorPointZ: CGFloat) -> CATransform3D.Pivot {
        CATransform3D.Pivot(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height, z: anchorPointZ)
    }

    /// The map of a layer drawn in its own space (what `render(in:)` uses for its receiver):
    /// the bounds origin at the target's origin, with the layer's own flip.
    package static func ownSpace(_ s: RenderLayerState) -> CATransform3D {
        var m = CATransform3DMakeTranslation(-s.bounds.origin.x, -s.bounds.origin.y, 0)
        if s.isGeometryFlipped {
            let axis = 2 * s.bounds.origin.y + s.bounds.size.height
            let mirror = CATransform3DMakeScale(1, -1, 1).concatenating(CATransform3DMakeTranslation(0, axis, 0))
            m = mirror.concatenating(m)
        }
        return m
    }

    /// `m` followed by dropping z (w kept): a point of a layer's plane lands in its parent's plane.
    package static func flattened(_ m: CATransform3D) -> CATransform3D {
        var f = m
        f.m13 = 0
        f.m23 = 0
        f.m33 = 0
        f.m43 = 0
        return f
    }

    /// True when every field is finite.
    package static func isFinite(_ m: CATransform3D) -> Bool {
        m.isFinite
    }
}
