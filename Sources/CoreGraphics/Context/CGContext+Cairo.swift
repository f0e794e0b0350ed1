import CCairo

extension CGContext {
    /// Runs `body` with the context's cairo context, for drawing Core Graphics calls cannot express
    /// (the layer compositor), inside the same wrapper as every CG drawing call: global alpha,
    /// shadow, clip mask and blend mode apply to what `body` draws as a whole.
    ///
    /// `body` gets cairo's context with an identity matrix (user space = device pixels, row 0 at
    /// the top), the context's user-to-device matrix, and the clip's box in device pixels.
    package func withCairo(_ body: (OpaquePointer, CGAffineTransform, CGRect) -> Void) {
        paint {
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            cairo_save(cr)
            cairo_identity_matrix(cr)
            var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
            body(cr, CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0),
                CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1))
            cairo_restore(cr)
        }
    }
}
