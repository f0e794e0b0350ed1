import CCairo
import CoreGraphics

/// The outline of a layer's rounded rectangle (cornerRadius, maskedCorners, cornerCurve), added to
/// a cairo path in the layer's local space.
package struct CornerShape: Hashable, Sendable {
    package var radius: Double
    /// CACornerMask bits: 1 minXMinY, 2 maxXMinY, 4 minXMaxY, 8 maxXMaxY.
    package var corners: UInt
    package var continuous: Bool

    package init(radius: Double, corners: UInt, continuous: Bool) {
        self.radius = radius.isFinite ? Swift.max(0, radius) : 0
        self.corners = corners
        self.continuous = continuous
    }

    package var isRounded: Bool { radius > 0 && corners & 15 != 0 }

    // Control points of one continuous corner ("squircle"), as multiples of the radius measured
    // from the corner along the two edges: the curve leaves the edge 1.528665·r from the corner.
    package static let continuousExtent = 1.528665

    /// Adds the outline of `rect` with these corners to `cr`'s path (clockwise in y-down space).
    package func addPath(_ rect: CGRect, to cr: OpaquePointer) {
        let r = rect.standardized
        guard isRounded, r.width > 0, r.height > 0 else {
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            return
        }
        let limit = Swift.min(r.width, r.height) / 2
        // Apple limits a continuous corner so its whole curve fits; beyond that it is circular.
        let useContinuous = continuous && radius * Self.continuousExtent <= limit
        let rr = Swift.min(radius, limit)
        func has(_ bit: UInt) -> Bool { corners & bit != 0 }
        // Start on the top edge, after the top-left corner.
        let tl = has(1) ? rr : 0, tr = has(2) ? rr : 0, bl = has(4) ? rr : 0, br = has(8) ? rr : 0
        let k = useContinuous ? Self.continuousExtent : 1
        cairo_new_sub_path(cr)
        cairo_move_to(cr, r.minX + tl * k, r.minY)
        corner(cr, at: CGPoint(x: r.maxX, y: r.minY), along: (1, 0), to: (0, 1), radius: tr, continuous: useContinuous)
        corner(cr, at: CGPoint(x: r.maxX, y: r.maxY), along: (0, 1), to: (-1, 0), radius: br, continuous: useContinuous)
        corner(cr, at: CGPoint(x: r.minX, y: r.maxY), along: (-1, 0), to: (0, -1), radius: bl, continuous: useContinuous)
        corner(cr, at: CGPoint(x: r.minX, y: r.minY), along: (0, -1), to: (1, 0), radius: tl, continuous: useContinuous)
        cairo_close_path(cr)
    }

    /// One corner at `p`: arriving along direction `u`, leaving along `v`.
    private func corner(
        _ cr: OpaquePointer, at p: CGPoint, along u: (Double, Double), to v: (Double, Double), radius r: Double,
        continuous: Bool
    ) {
        // A point `s` radii back along the incoming edge and `t` radii along the outgoing edge.
        func pt(_ s: Double, _ t: Double) -> (Double, Double) {
            (p.x - u.0 * s * r + v.0 * t * r, p.y - u.1 * s * r + v.1 * t * r)
        }
        guard r > 0 else {
            cairo_line_to(cr, p.x, p.y)
            return
        }
        if continuous {
            var q = pt(Self.continuousExtent, 0)
            cairo_line_to(cr, q.0, q.1)
            let c1 = pt(1.08849, 0), c2 = pt(0.86840, 0)
            q = pt(0.63149, 0.07491)
            cairo_curve_to(cr, c1.0, c1.1, c2.0, c2.1, q.0, q.1)
            let c3 = pt(0.37282, 0.16905), c4 = pt(0.16905, 0.37282)
            q = pt(0.07491, 0.63149)
            cairo_curve_to(cr, c3.0, c3.1, c4.0, c4.1, q.0, q.1)
            let c5 = pt(0, 0.86840), c6 = pt(0, 1.08849)
            q = pt(0, Self.continuousExtent)
            cairo_curve_to(cr, c5.0, c5.1, c6.0, c6.1, q.0, q.1)
        } else {
            // A quarter circle as one cubic (control distance 0.5523 r).
            let k = 0.5522847498
            let start = pt(1, 0)
            cairo_line_to(cr, start.0, start.1)
            let c1 = pt(1 - k, 0), c2 = pt(0, 1 - k), end = pt(0, 1)
            cairo_curve_to(cr, c1.0, c1.1, c2.0, c2.1, end.0, end.1)
        }
    }
}
