import CCairo
import CStrataRaster
import CoreGraphics

/// A drawing target the composite kernel (CStrataRaster) can draw on directly: a cairo context
/// whose current target is an ARGB32 image, with an identity matrix, the OVER operator and a clip
/// made of whole-pixel rectangles. Anywhere else (a rounded or rotated clip of masksToBounds, a
/// blend operator, a non-image target) layers go through cairo and pixman as before.
/// A class: a view is handed to every shape drawn directly, and a struct holding two arrays
/// cost two retains and two releases each time.
final class KernelTarget {
    let surface: OpaquePointer
    let pixels: UnsafeMutablePointer<UInt32>
    let width, height, stride: Int32
    /// Device coordinates of pixel (0, 0).
    let originX, originY: Int
    /// The clip in whole device pixels: (x0, y0, x1, y1), ends excluded.
    let clips: [(Int, Int, Int, Int)]
    /// Half-planes with fractional or turned edges that cut `clips` further (device pixels):
    /// only the scan converter draws under them (it clips its polygons); none for most targets.
    let planes: [ExactClip.HalfPlane]
    /// True when the clip is cairo's own list (not the walk's account of one cairo cannot list).
    let listed: Bool

    /// The kernel's view of `cr`; `exact` is what the walk knows of a clip cairo cannot list
    /// (only for callers that honour `planes`).
    init?(_ cr: OpaquePointer, exact: ExactClip? = nil) {
        guard cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, let surface = cairo_get_group_target(cr),
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xx == 1, m.yx == 0, m.xy == 0, m.yy == 1, m.x0 == 0, m.y0 == 0 else { return nil }
        var dx = 0.0, dy = 0.0, sx = 0.0, sy = 0.0
        cairo_surface_get_device_offset(surface, &dx, &dy)
        cairo_surface_get_device_scale(surface, &sx, &sy)
        guard sx == 1, sy == 1, Self.isWhole(dx), Self.isWhole(dy) else { return nil }
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        var clips: [(Int, Int, Int, Int)] = []
        var planes: [ExactClip.HalfPlane] = []
        var listed = true
        if list.pointee.status == CAIRO_STATUS_CLIP_NOT_REPRESENTABLE, let exact, Self.agrees(cr, with: exact) {
            clips = exact.whole
            planes = exact.planes
            listed = false
        } else if list.pointee.status != CAIRO_STATUS_SUCCESS {
            return nil
        }
        let count = listed ? Int(list.pointee.num_rectangles) : 0
        clips.reserveCapacity(count)
        for k in 0..<count {
            let r = list.pointee.rectangles[k]
            let x1 = r.x + r.width, y1 = r.y + r.height
            // A clip edge between pixel edges is antialiased by cairo: the kernel does not draw there.
            guard Self.isWhole(r.x), Self.isWhole(r.y), Self.isWhole(x1), Self.isWhole(y1) else { return nil }
            if r.width > 0, r.height > 0 { clips.append((Int(r.x), Int(r.y), Int(x1), Int(y1))) }
        }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        self.surface = surface
        self.pixels = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        self.width = cairo_image_surface_get_width(surface)
        self.height = cairo_image_surface_get_height(surface)
        self.stride = cairo_image_surface_get_stride(surface) / 4
        self.originX = Int(-dx)
        self.originY = Int(-dy)
        self.clips = clips
        self.planes = planes
        self.listed = listed
    }

    /// True for a whole number of pixels well inside Int32 (the test inlines; `rounded()` is a
    /// libm call, sixteen a view).
    private static func isWhole(_ v: Double) -> Bool {
        abs(v) < 1e9 && Double(Int64(v)) == v
    }

    /// True while `cr` still draws where this view was taken: the same group target, the OVER
    /// operator and an identity matrix (the clip is the caller's to know).
    func stillDescribes(_ cr: OpaquePointer) -> Bool {
        guard cairo_get_group_target(cr) == surface, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER else { return false }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return m.xx == 1 && m.yx == 0 && m.xy == 0 && m.yy == 1 && m.x0 == 0 && m.y0 == 0
    }

    /// True when `other` draws the same pixels under the same clip.
    func isSameView(as other: KernelTarget) -> Bool {
        surface == other.surface && pixels == other.pixels && width == other.width && height == other.height
            && stride == other.stride && originX == other.originX && originY == other.originY && listed == other.listed
            && clips.elementsEqual(other.clips, by: { $0 == $1 }) && planes.isEmpty && other.planes.isEmpty
    }

    /// A check that the walk's account of the clip is cairo's: cairo's (whole-pixel) extents of
    /// the clip hold the account's, which a clip the walk did not count in would cut.
    private static func agrees(_ cr: OpaquePointer, with exact: ExactClip) -> Bool {
        guard let e = exact.extent else { return false }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        return x0 <= Double(e.0) && y0 <= Double(e.1) && x1 >= Double(e.2) && y1 >= Double(e.3)
    }

    /// The pixels as the kernel takes them (device coordinates).
    var buffer: strata_target {
        strata_target(
            pixels: pixels, width: width, height: height, stride: stride, originX: Int32(clamping: originX),
            originY: Int32(clamping: originY))
    }

    /// A whole raster as a target (a placed copy being made), pixel (0, 0) at device (x, y).
    init(raster: Raster, originX: Int, originY: Int) {
        cairo_surface_flush(raster.surface)
        surface = raster.surface
        pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(raster.surface)).assumingMemoryBound(to: UInt32.self)
        width = Int32(raster.width)
        height = Int32(raster.height)
        stride = cairo_image_surface_get_stride(raster.surface) / 4
        self.originX = originX
        self.originY = originY
        clips = [(originX, originY, originX + raster.width, originY + raster.height)]
        planes = []
        listed = true
    }
}
