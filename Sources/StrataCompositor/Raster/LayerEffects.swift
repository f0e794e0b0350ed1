import CCairo
import CoreGraphics
import Foundation
import StrataRender

/// Applies a layer's effects (`RenderLayerState.effects`) to its isolated composite, in place:
/// the group surface Cairo drew the layer and its sublayers into.
enum LayerEffects {
    /// How many device pixels a point of the layer covers (the blur's scale).
    static func scale(of m: CGAffineTransform) -> Double {
        let det = abs(Double(m.a * m.d - m.b * m.c))
        return det.isFinite && det > 0 ? det.squareRoot() : 1
    }

    /// Applies `effects` to the group surface behind `pattern`; `transform` maps the layer's
    /// points to the surface's pixels (offsets turn and scale with it, distances scale).
    static func apply(_ effects: [LayerEffect], to pattern: OpaquePointer, transform: CGAffineTransform) {
        let scale = scale(of: transform)
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else { return }
        for effect in effects {
            switch effect {
            case .blur(let sx, let sy):
                GaussianBlur.blurARGB32(surface, sigmaX: sx * scale, sigmaY: sy * scale)
            case .fill(let r, let g, let b, let opacity):
                mapPixels(surface) { _, _, _, a in
                    let alpha = Double(a) * min(max(opacity, 0), 1)
                    return (r * alpha, g * alpha, b * alpha, alpha)
                }
            case .luminanceMap(let stops, let amount):
                let table = lookup(stops)
                let k = min(max(amount, 0), 1)
                mapPixels(surface) { r, g, b, a in
                    guard a > 0 else { return (0, 0, 0, 0) }
                    // Straight colour, its luminance (Rec. 601), the mapped colour, mixed.
                    let sr = r / a, sg = g / a, sb = b / a
                    let l = min(max(0.299 * sr + 0.587 * sg + 0.114 * sb, 0), 1)
                    let m = table[Int((l * 255).rounded())]
                    let mix = { (o: Double, n: Double) in (o + (n - o) * k) * a }
                    return (mix(sr, m.0), mix(sg, m.1), mix(sb, m.2), a)
                }
            case .innerShadow(let r, let g, let b, let opacity, let ox, let oy, let sigma, let spread):
                let offset = CGSize(width: ox, height: oy).applying(transform)
                innerShadow(
                    surface, color: (r, g, b), opacity: opacity, offset: (Double(offset.width), Double(offset.height)),
                    sigma: sigma * scale, spread: spread * scale)
            case .outline(let r, let g, let b, let opacity, let width):
                outline(surface, color: (r, g, b), opacity: opacity, width: width * scale)
            }
        }
    }

    /// 256 colours from black to white luminance through `stops` ([position, r, g, b]).
    private static func lookup(_ stops: [[Double]]) -> [(Double, Double, Double)] {
        let sorted = stops.filter { $0.count >= 4 }.sorted { $0[0] < $1[0] }
        return (0..<256).map { i in
            let t = Double(i) / 255
            guard let first = sorted.first, let last = sorted.last else { return (t, t, t) }
            if t <= first[0] { return (first[1], first[2], first[3]) }
            if t >= last[0] { return (last[1], last[2], last[3]) }
            for k in 0..<(sorted.count - 1) where sorted[k + 1][0] >= t {
                let a = sorted[k], b = sorted[k + 1]
                let p = b[0] > a[0] ? (t - a[0]) / (b[0] - a[0]) : 1
                return (a[1] + (b[1] - a[1]) * p, a[2] + (b[2] - a[2]) * p, a[3] + (b[3] - a[3]) * p)
            }
            return (last[1], last[2], last[3])
        }
    }

    /// Replaces every pixel (premultiplied channels 0…1 in, premultiplied 0…1 out).
    static func mapPixels(
        _ surface: OpaquePointer, _ map: (Double, Double, Double, Double) -> (Double, Double, Double, Double)
    ) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let words = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        func byte(_ v: Double) -> UInt32 { UInt32(min(max(v * 255, 0), 255).rounded()) }
        for y in 0..<h {
            for x in 0..<w {
                let p = words[y * stride + x]
                let a = p >> 24
                guard a != 0 else { continue }
                let out = map(
                    Double((p >> 16) & 0xFF) / 255, Double((p >> 8) & 0xFF) / 255, Double(p & 0xFF) / 255, Double(a) / 255)
                let oa = byte(out.3)
                words[y * stride + x] = oa << 24 | min(byte(out.0), oa) << 16 | min(byte(out.1), oa) << 8 | min(byte(out.2), oa)
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
