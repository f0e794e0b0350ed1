import CCairo

extension CGContext {
    /// Intersects the clip with the current path (non-zero winding), then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        guard isCTMInvertible else {
            cairo_new_path(cr)
            return
        }
        cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
    }

    /// Intersects the clip with `rect` (user space); the current path is kept.
    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    public func clip(to rects: [CGRect]) {
        guard isCTMInvertible else { return }
        let saved = CairoPath.copy(from: cr)
        cairo_new_path(cr)
        addRects(rects)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
        CairoPath.append(saved, to: cr)
    }

    /// Intersects the clip with `mask` drawn into `rect`: outside `rect` nothing is drawn; inside, each
    /// mask sample is the coverage. Gray images use their gray value (times alpha), alpha-only images
    /// their alpha, colour images their alpha when they have one and their luminance otherwise.
    public func clip(to rect: CGRect, mask: CGImage) {
        guard isCTMInvertible, Self.finite([rect.origin.x, rect.origin.y, rect.width, rect.height], "CGContextClipToMask")
        else { return }
        let coverage = Self.coverage(of: mask)
        guard let layer = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
            let m = cairo_create(layer)
        else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_set_matrix(m, &matrix)
        withImagePattern(coverage, width: mask.width, height: mask.height, in: rect, tiled: false, filter: CAIRO_FILTER_GOOD) {
            cairo_set_source(m, $0)
            let r = rect.standardized
            cairo_rectangle(m, r.minX, r.minY, r.width, r.height)
            cairo_fill(m)
        }
        if let previous = state.mask {
            cairo_identity_matrix(m)
            cairo_set_operator(m, CAIRO_OPERATOR_IN)
            cairo_set_source_surface(m, previous.surface, 0, 0)
            cairo_paint(m)
        }
        cairo_destroy(m)
        state.mask = DeviceMask(surface: layer)
    }

    /// The bounding box of the clip in user space.
    public var boundingBoxOfClipPath: CGRect {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Removes every clip: clip paths, clip rects and masks from `clip(to:mask:)`.
    public func resetClip() {
        cairo_reset_clip(cr)
        state.mask = nil
    }

    /// A buffer whose alpha is the mask coverage of `image`, as `clip(to:mask:)` describes.
    private static func coverage(of image: CGImage) -> PixelBuffer {
        let hasAlpha: Bool
        switch image.format {
        case .alpha8: return image.pixels
        case .gray8, .rgb24: hasAlpha = false
        case .grayAlpha16: hasAlpha = false
        case .rgba32(_, let mode): hasAlpha = mode != .skip
        }
        let source = image.pixels
        return PixelBuffer(width: source.width, height: source.height) { out in
            for (i, p) in source.words.enumerated() {
                let a = p >> 24
                if hasAlpha {
                    out[i] = a << 24
                    continue
                }
                // Premultiplied luminance is already coverage × alpha for gray+alpha images.
                let r = (p >> 16) & 0xFF
                let g = (p >> 8) & 0xFF
                let b = p & 0xFF
                let luma = (2126 * r + 7152 * g + 722 * b + 5000) / 10000
                out[i] = luma << 24
            }
        }
    }
}
