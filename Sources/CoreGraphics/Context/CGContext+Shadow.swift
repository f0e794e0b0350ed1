import CCairo
import CPixman
import CStrataRaster

extension CGContext {
    /// The shadow of a device-space group: its alpha, blurred, offset and tinted, as a device-space pattern.
    func makeShadow(of group: OpaquePointer, _ shadow: GState.Shadow) -> OpaquePointer? {
        guard let alpha = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else {
            return nil
        }
        defer { cairo_surface_destroy(alpha) }
        let a = cairo_create(alpha)
        cairo_set_source(a, group)
        cairo_paint(a)
        cairo_destroy(a)
        let blurred = GaussianBlur.blurA8(alpha, sigma: Double(shadow.blur) / 2)
        defer { cairo_surface_destroy(blurred) }
        guard let tinted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            return nil
        }
        let t = cairo_create(tinted)
        let c = shadow.color.clamped
        cairo_set_source_rgba(t, c.r, c.g, c.b, c.a)
        // Base space is y up, device rows run down: a positive height moves the shadow up.
        cairo_mask_surface(t, blurred, Double(shadow.offset.width), -Double(shadow.offset.height))
        cairo_destroy(t)
        let pattern = cairo_pattern_create_for_surface(tinted)
        cairo_surface_destroy(tinted)
        return pattern
    }
}

/// Gaussian blur of 8-bit alpha surfaces: small deviations by pixman's separable convolution
/// filter (the exact Gaussian, and the reference), larger ones by three box blurs a direction.
package enum GaussianBlur {
    /// The largest standard deviation used, in pixels.
    package static let maxSigma: Double = 64
    /// From this standard deviation on (pixels), `blurA8(approximate: true)` (the compositor's
    /// per-frame shadows) uses three box blurs a direction (as
    /// the W3C filter-effects specification approximates a Gaussian), whose cost a pixel
    /// does not grow with σ: the convolution's 6σ taps a pixel made a shadow of σ 20 on 200² px
    /// cost 10 ms a frame. Below it the exact convolution is cheap.
    package static let boxBlurSigma: Double = 3

    /// A new A8 surface: `surface` blurred by a Gaussian of standard deviation `sigma` pixels
    /// (kernel radius 3σ; pixels outside the surface count as transparent). Two passes, across
    /// then down: pixman's separable filter still visits the whole n×n window in one pass, which
    /// at large σ cost seconds a frame (found by the scene fuzzer). `approximate`: from
    /// `boxBlurSigma` on, three box blurs a direction instead (within a few levels; CoreGraphics'
    /// own shadows keep the exact Gaussian).
    package static func blurA8(_ surface: OpaquePointer, sigma: Double, approximate: Bool = false) -> OpaquePointer {
        cairo_surface_flush(surface)
        let w = cairo_image_surface_get_width(surface)
        let h = cairo_image_surface_get_height(surface)
        let out: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h)
        guard sigma > 0.01 else {
            pass(from: surface, to: out, parameters: nil)
            return out
        }
        if approximate, sigma >= boxBlurSigma, let bits = cairo_image_surface_get_data(out) {
            pass(from: surface, to: out, parameters: nil)
            cairo_surface_flush(out)
            let held = sigma.isFinite ? min(sigma, maxSigma) : maxSigma
            if strata_box_blur_a8(bits, w, h, cairo_image_surface_get_stride(out), held) == 1 {
                cairo_surface_mark_dirty(out)
                return out
            }
        }
        let across: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h)
        defer { cairo_surface_destroy(across) }
        let kernel = kernel(sigma: sigma)
        let n = pixman_fixed_t(kernel.count) << 16, one = pixman_fixed_t(1 << 16)
        pass(from: surface, to: across, parameters: [n, one, 0, 0] + kernel + [one])
        pass(from: across, to: out, parameters: [one, n, 0, 0] + [one] + kernel)
        return out
    }

    /// `surface` (ARGB32, premultiplied) blurred in place by Gaussians of standard deviation
    /// `sigmaX` across and `sigmaY` down (pixels; 0 for none); pixels outside count as transparent.
    package static func blurARGB32(_ surface: OpaquePointer, sigmaX: Double, sigmaY: Double) {
        cairo_surface_flush(surface)
        let w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface)
        guard w > 0, h > 0, let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) else { return }
        defer { cairo_surface_destroy(scratch) }
        let one = pixman_fixed_t(1 << 16)
        if sigmaX > 0.01 {
            let k = kernel(sigma: sigmaX)
            pass(from: surface, to: scratch, parameters: [pixman_fixed_t(k.count) << 16, one, 0, 0] + k + [one], format: PIXMAN_a8r8g8b8)
            pass(from: scratch, to: surface, parameters: nil, format: PIXMAN_a8r8g8b8)
        }
        if sigmaY > 0.01 {
            let k = kernel(sigma: sigmaY)
            pass(from: surface, to: scratch, parameters: [one, pixman_fixed_t(k.count) << 16, 0, 0] + [one] + k, format: PIXMAN_a8r8g8b8)
            pass(from: scratch, to: surface, parameters: nil, format: PIXMAN_a8r8g8b8)
        }
    }

    /// One pixman composite of `source` into `destination` (same size and `format`) through a
    /// separable convolution with `parameters` (none: a copy).
    private static func pass(
        from source: OpaquePointer, to destination: OpaquePointer, parameters: [pixman_fixed_t]?, format: pixman_format_code_t = PIXMAN_a8
    ) {
        cairo_surface_flush(source)
        let w = cairo_image_surface_get_width(source)
        let h = cairo_image_surface_get_height(source)
        guard let srcBits = cairo_image_surface_get_data(source), let dstBits = cairo_image_surface_get_data(destination)
        else { return }
        let src = pixman_image_create_bits(
            format, w, h, UnsafeMutableRawPointer(srcBits).assumingMemoryBound(to: UInt32.self),
            cairo_image_surface_get_stride(source))
        let dst = pixman_image_create_bits(
            format, w, h, UnsafeMutableRawPointer(dstBits).assumingMemoryBound(to: UInt32.self),
            cairo_image_surface_get_stride(destination))
        defer {
            pixman_image_unref(src)
            pixman_image_unref(dst)
        }
        if var params = parameters {
            _ = params.withUnsafeMutableBufferPointer { buffer in
                pixman_image_set_filter(src, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, buffer.baseAddress, Int32(buffer.count))
            }
        }
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0, w, h)
        cairo_surface_mark_dirty(destination)
    }

    /// An odd-width Gaussian kernel in 16.16 fixed point, summing to exactly 1.0.
    package static func kernel(sigma: Double) -> [pixman_fixed_t] {
        // σ is held to 64 pixels (a wider blur would cost seconds a frame)
        // (found by the scene fuzzer: a shadowRadius of 6·10²⁴ trapped converting to Int).
        let sigma = sigma.isFinite ? min(max(sigma, 0.01), maxSigma) : 0.01
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        var fixed = weights.map { pixman_fixed_t(($0 / total * 65536).rounded()) }
        fixed[radius] += 65536 - fixed.reduce(0, +)
        return fixed
    }
}
