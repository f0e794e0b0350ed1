import CCairo
import StrataRender

extension FrameWalk {
    /// Rewrites a mask group's pixels so that their alpha is the coverage `mode` asks for: the
    /// alpha inverted, or the luminance of the premultiplied colour (the mask over black,
    /// Rec. 709 weights), or that inverted. Outside the group's surface nothing is drawn (it is
    /// the clip's extent), so inverting there is not needed.
    static func convertMask(_ pattern: OpaquePointer, _ mode: MaskMode) {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                var a: UInt32
                switch mode {
                case .alpha:
                    return
                case .invertedAlpha:
                    a = 255 - (p >> 24)
                case .luminance, .invertedLuminance:
                    let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                    a = (54 * r + 183 * g + 19 * b + 128) >> 8
                    if mode == .invertedLuminance { a = 255 - a }
                }
                a = min(a, 255)
                row[x] = a &* 0x0101_0101
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
