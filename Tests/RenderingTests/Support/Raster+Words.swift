import CCairo
@testable import StrataCompositor

extension Raster {
    /// The pixels row by row, as premultiplied ARGB32 words.
    var words: [UInt32] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let words = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        return (0..<height).flatMap { y in (0..<width).map { words[y * stride + $0] } }
    }

    /// Sets pixel (x, y) to the premultiplied ARGB32 word `colour(x, y)`.
    func setWords(_ colour: (Int, Int) -> UInt32) {
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let words = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        for y in 0..<height {
            for x in 0..<width { words[y * stride + x] = colour(x, y) }
        }
        cairo_surface_mark_dirty(surface)
    }
}
