// Apple's stroke-to-path entry point; the geometry is in PathStroker.

extension CGPath {
    /// The outline of the path stroked with these settings, as a path to fill with the non-zero
    /// winding rule (CGPathCreateCopyByStrokingPath).
    ///
    /// `lineWidth` is in points of the path's space. The stroke is built in the path's space and
    /// then every point is mapped by `transform` (as Apple's header documents for the C
    /// function), so a scale also scales the width. Curves are flattened to within 0.01 point of
    /// the output (after `transform`); round joins and caps are cubic arcs. Inside a curve the
    /// flattened pieces meet with round joins (as the outline of a smooth curve does), or with
    /// a miter where that differs from round by less than the tolerance. The result is
    /// a union of overlapping pieces, each wound the same way: correct for `.winding`, not for
    /// `.evenOdd`.
    ///
    /// A zero width gives an empty path; a negative, NaN or infinite width, or a transform that
    /// makes coordinates non-finite, gives an empty path with a warning. A NaN miter limit is
    /// replaced by CGContext's default of 10 (warning).
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
        transform: CGAffineTransform = .identity
    ) -> CGPath {
        let name = "CGPath.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)"
        guard lineWidth.isFinite, lineWidth >= 0 else {
            Diagnostics.warn("\(name): invalid line width \(lineWidth); empty path returned")
            return CGPath(storage: PathStorage())
        }
        guard lineWidth > 0 else { return CGPath(storage: PathStorage()) }
        var limit = miterLimit
        if limit.isNaN {
            Diagnostics.warn("\(name): NaN miter limit; using 10")
            limit = 10
        }
        // Tolerance in the path's space so that, after `transform`, the error is ≤ 0.01 point.
        let scale = Swift.max(
            (transform.a * transform.a + transform.b * transform.b).squareRoot(),
            (transform.c * transform.c + transform.d * transform.d).squareRoot())
        let tolerance: CGFloat = scale > 0 && scale.isFinite ? 0.01 / scale : 0.01
        let outline = PathStroker.stroke(
            storage, width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: limit, tolerance: tolerance)
        return CGPath(storage: outline.finiteApplying(transform, in: name))
    }
}

extension CGPath {
    /// `CGPathCreateCopyByStrokingPath` as Swift imports it: the outline of `path` stroked with
    /// these settings, then mapped by `transform` (nil: none). See
    /// `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`.
    public convenience init?(
        __byStroking path: CGPath, transform: UnsafePointer<CGAffineTransform>?, lineWidth: CGFloat,
        lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat
    ) {
        let outline = path.copy(
            strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
            transform: transform?.pointee ?? .identity)
        self.init(storage: outline.storage)
    }

    /// `CGPathCreateCopyByDashingPath` as Swift imports it: `path` cut into the dashes of the
    /// `count` lengths at `lengths` from `phase`, then mapped by `transform` (nil: none); nil
    /// when `lengths` is nil or `count` is not positive.
    public convenience init?(
        __byDashing path: CGPath, transform: UnsafePointer<CGAffineTransform>?, phase: CGFloat,
        lengths: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard let lengths, count > 0 else { return nil }
        let dashed = path.copy(
            dashingWithPhase: phase, lengths: Array(UnsafeBufferPointer(start: lengths, count: count)),
            transform: transform?.pointee ?? .identity)
        self.init(storage: dashed.storage)
    }
}
