import CCairo

// Transparency layers: what is drawn between begin and end is composited as one object, with the
// alpha, blend mode, shadow and soft mask in force at `begin` (inside the layer those are reset:
// alpha 1, normal blending, no shadow, no mask), as Apple documents.

extension CGContext {
    /// Starts a transparency layer over the whole clip.
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        beginLayer(bounds: nil)
    }

    /// Starts a transparency layer limited to `rect` (user space).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) {
        guard Self.finite([rect.origin.x, rect.origin.y, rect.width, rect.height], "CGContextBeginTransparencyLayerWithRect")
        else { return beginLayer(bounds: nil) }
        beginLayer(bounds: rect)
    }

    /// Composites what was drawn since the matching `beginTransparencyLayer` and restores the
    /// graphics state of that moment. An end without a begin is ignored, with a warning.
    public func endTransparencyLayer() {
        guard let saved = transparencyLayers.popLast() else {
            Diagnostics.warn("CGContextEndTransparencyLayer: no transparency layer is open; ignored")
            return
        }
        let group = cairo_pop_group(cr)
        cairo_restore(cr)
        state = saved
        applyCTM()
        guard let group else { return }
        defer { cairo_pattern_destroy(group) }
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        cairo_pattern_set_matrix(group, &identity)
        paint {
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_source(cr, group)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    private func beginLayer(bounds: CGRect?) {
        backing?.pull()
        transparencyLayers.append(state)
        cairo_save(cr)
        if let bounds {
            cairo_new_path(cr)
            cairo_rectangle(cr, bounds.origin.x, bounds.origin.y, bounds.width, bounds.height)
            cairo_clip(cr)
        }
        cairo_push_group(cr)
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
        state.mask = nil
    }
}
