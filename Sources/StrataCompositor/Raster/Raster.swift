import CCairo
import CStrataRaster
import CoreGraphics

/// A cached picture of part of a layer, in the layer's own space: pixel (0, 0) is the local
/// point `origin`, and one local unit is `scale` pixels. Premultiplied ARGB32 (a cairo surface).
package final class Raster {
    package let surface: OpaquePointer
    /// The local point at the raster's top-left pixel corner.
    package let origin: CGPoint
    /// Pixels per local unit.
    package let scale: Double
    package let width: Int
    package let height: Int
    /// The largest rectangle of opaque pixels (x0, y0, x1, y1; ends excluded), worked out when
    /// first asked for; rasters are drawn when made and not changed once used as a source.
    @exclusivity(unchecked) private var opaque: (Int32, Int32, Int32, Int32)?

    /// A transparent raster covering `extent` (local units) at `scale`; nil when too large or empty.
    package init?(covering extent: CGRect, scale: Double) {
        let w = Int((extent.width * scale).rounded(.up))
        let h = Int((extent.height * scale).rounded(.up))
        guard w > 0, h > 0, w <= Raster.maxSide, h <= Raster.maxSide else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        self.surface = surface
        self.owner = nil
        self.origin = extent.origin
        self.scale = scale
        self.width = w
        self.height = h
    }

    /// A raster over an existing image surface (referenced, not copied): `origin` is the local
    /// point of its top-left pixel, one local unit a pixel.
    package init?(borrowing surface: OpaquePointer, origin: CGPoint) {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else { return nil }
        self.surface = cairo_surface_reference(surface)
        self.owner = nil
        self.origin = origin
        self.scale = 1
        self.width = Int(cairo_image_surface_get_width(surface))
        self.height = Int(cairo_image_surface_get_height(surface))
    }

    /// An image whose pixels a shared raster reads (kept alive with it).
    private let owner: CGImage?

    /// A raster reading `image`'s own pixels (no copy): `origin` is the local point of its
    /// top-left pixel, `scale` image pixels a local unit. Never drawn into (rasters are not,
    /// once made; this one is made whole).
    package init?(sharing image: CGImage, origin: CGPoint, scale: Double) {
        guard image.width > 0, image.height > 0, image.width <= Raster.maxSide, image.height <= Raster.maxSide else {
            return nil
        }
        let surface = CairoSurface.wrapping(image.pixels)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.owner = image
        self.origin = origin
        self.scale = scale
        self.width = image.width
        self.height = image.height
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The local rectangle the raster covers.
    package var extent: CGRect {
        CGRect(x: origin.x, y: origin.y, width: Double(width) / scale, height: Double(height) / scale)
    }

    /// Bytes held (for cache accounting).
    package var byteCount: Int { width * height * 4 }

    /// Bytes of its own: none when it reads an image's pixels.
    package var ownedByteCount: Int { owner == nil ? byteCount : 0 }

    /// Calls `body` with a cairo context whose user space is the layer's local space.
    package func draw(_ body: (OpaquePointer) -> Void) {
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -origin.x, -origin.y)
        body(cr)
        cairo_surface_flush(surface)
        opaque = nil
    }

    /// The largest rectangle of pixels with alpha 255, in pixels (x0, y0, x1, y1; ends excluded;
    /// all zero when none is opaque): where the raster hides what is under it.
    package var opaqueRect: (x0: Int32, y0: Int32, x1: Int32, y1: Int32) {
        if let opaque { return opaque }
        var r: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        cairo_surface_flush(surface)
        if let data = cairo_image_surface_get_data(surface) {
            let pixels = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
            withUnsafeMutablePointer(to: &r) {
                $0.withMemoryRebound(to: Int32.self, capacity: 4) {
                    strata_opaque_rect(
                        pixels, Int32(width), Int32(height), cairo_image_surface_get_stride(surface) / 4, $0)
                }
            }
        }
        opaque = r
        return r
    }

    /// A cairo pattern that maps the raster onto its extent in local space (caller destroys it).
    /// With `rebasedAt` p, user space is the local space shifted so that p is its origin.
    package func makePattern(filter: cairo_filter_t, rebasedAt p: CGPoint = .zero) -> OpaquePointer? {
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return nil }
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, scale, scale)
        cairo_matrix_translate(&m, p.x - origin.x, p.y - origin.y)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, filter)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }

    /// The largest side a raster may have, in pixels (bounds memory: 4096² × 4 B = 64 MiB).
    package static let maxSide = 4096
}
