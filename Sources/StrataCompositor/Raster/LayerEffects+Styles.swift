import CCairo
import CoreGraphics
import Foundation

// After Effects' layer styles that follow a layer's outline: the inner shadow and the stroke.
// Both work on the premultiplied ARGB32 group surface in place; distances are in its pixels.
extension LayerEffects {
    typealias RGB = (Double, Double, Double)

    /// The surface's pixels as 32-bit words with their row stride (in words); nil when there are none.
    private static func words(_ surface: OpaquePointer) -> (UnsafeMutablePointer<UInt32>, w: Int, h: Int, stride: Int)? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        guard w > 0, h > 0 else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        return (UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), w, h, stride)
    }

    /// How much of a pixel a band `width` pixels wide around an outline covers, from the squared
    /// distance between the pixel's centre and the nearest centre of a pixel inside: the outline
    /// lies about half a pixel before that centre, and the last half pixel is antialiased.
    static func band(_ width: Double, distance squared: Double) -> Double {
        min(max(width + 1 - squared.squareRoot(), 0), 1)
    }

    /// Draws the inner shadow: the outside of the outline (1 − alpha), grown by `spread`, moved by
    /// `offset` and blurred by `sigma`, in `color` at `opacity`, over the layer's own pixels only.
    static func innerShadow(
        _ surface: OpaquePointer, color: RGB, opacity: Double, offset: (Double, Double), sigma: Double, spread: Double
    ) {
        guard opacity > 0, let (px, w, h, stride) = words(surface) else { return }
        let sigma = max(0, sigma), spread = max(0, spread)
        let dx = Int(offset.0.rounded()), dy = Int(offset.1.rounded())
        // Room for the blur to bring the outside in from past the surface's edge.
        let pad = Int((3 * sigma + spread).rounded(.up)) + 2
        let W = w + 2 * pad, H = h + 2 * pad
        guard W < 1 << 15, H < 1 << 15 else { return }
        var outside = [Double](repeating: 1, count: W * H)
        for Y in 0..<H {
            let y = Y - pad - dy
            guard y >= 0, y < h else { continue }
            for X in 0..<W {
                let x = X - pad - dx
                guard x >= 0, x < w else { continue }
                outside[Y * W + X] = 1 - Double(px[y * stride + x] >> 24) / 255
            }
        }
        if spread > 0 {
            let d2 = DistanceField.squared(width: W, height: H) { outside[$0] >= 0.5 }
            for i in 0..<(W * H) { outside[i] = max(outside[i], Self.band(spread, distance: d2[i])) }
        }
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(W), Int32(H)) else { return }
        defer { cairo_surface_destroy(mask) }
        guard let (mp, _, _, ms) = words(mask) else { return }
        for Y in 0..<H {
            for X in 0..<W { mp[Y * ms + X] = UInt32((outside[Y * W + X] * 255).rounded()) << 24 }
        }
        cairo_surface_mark_dirty(mask)
        if sigma > 0.01 { GaussianBlur.blurARGB32(mask, sigmaX: sigma, sigmaY: sigma) }
        cairo_surface_flush(mask)
        let k = min(opacity, 1)
        for y in 0..<h {
            for x in 0..<w {
                let p = px[y * stride + x]
                let a = p >> 24
                guard a != 0 else { continue }
                let s = Double(mp[(y + pad) * ms + x + pad] >> 24) / 255 * k
                guard s > 0 else { continue }
                // Source-atop: the shadow's colour where the layer is, the layer under what it leaves.
                let da = Double(a) / 255
                func channel(_ shift: UInt32, _ c: Double) -> UInt32 {
                    let d = Double((p >> shift) & 0xFF) / 255
                    return UInt32(min(max((s * c * da + d * (1 - s)) * 255, 0), Double(a)).rounded()) << shift
                }
                px[y * stride + x] = a << 24 | channel(16, color.0) | channel(8, color.1) | channel(0, color.2)
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Draws a band `width` pixels wide around the layer's outline (its pixels at least half
    /// opaque), antialiased over its last pixel, in `color` at `opacity`, behind the layer.
    static func outline(_ surface: OpaquePointer, color: RGB, opacity: Double, width: Double) {
        guard opacity > 0, width > 0, let (px, w, h, stride) = words(surface) else { return }
        let d2 = DistanceField.squared(width: w, height: h) { i in px[(i / w) * stride + i % w] >> 24 >= 128 }
        let k = min(opacity, 1)
        for y in 0..<h {
            for x in 0..<w {
                let band = Self.band(width, distance: d2[y * w + x]) * k
                guard band > 0 else { continue }
                let p = px[y * stride + x]
                let a = Double(p >> 24) / 255
                guard a < 1 else { continue }
                // The layer over the band.
                let under = band * (1 - a)
                func channel(_ shift: UInt32, _ c: Double) -> Double { Double((p >> shift) & 0xFF) / 255 + c * under }
                let oa = a + under
                func byte(_ v: Double) -> UInt32 { UInt32(min(max(v, 0), oa) * 255 + 0.5) }
                px[y * stride + x] = byte(oa) << 24 | byte(channel(16, color.0)) << 16 | byte(channel(8, color.1)) << 8
                    | byte(channel(0, color.2))
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
