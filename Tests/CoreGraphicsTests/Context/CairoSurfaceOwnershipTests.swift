import CCairo
@testable import CoreGraphics
import Testing

/// A pattern's tile is made for one fill and held by nothing else, yet cairo paints with it after
/// the call that set it as the source returns: the surface must keep the tile's pixels alive.
/// Wrapped without an owner, the tile was freed before the fill, and a fill under another
/// thread's allocations painted whatever reused its memory (a pattern test failed once in a
/// parallel run).
@Suite struct CairoSurfaceOwnershipTests {
    @Test func anOwningSurfaceKeepsItsPixelsUntilCairoDestroysIt() throws {
        weak var released: PixelBuffer?
        let surface: OpaquePointer = {
            let buffer = PixelBuffer(width: 4, height: 3) { $0.update(repeating: 0xFF33_6699) }
            released = buffer
            return CairoSurface.owning(buffer)
        }()
        #expect(released != nil, "the buffer lives on with the surface, no Swift reference left")
        let data = try #require(cairo_image_surface_get_data(surface))
        #expect(UnsafeRawPointer(data).load(fromByteOffset: 4 * 5, as: UInt32.self) == 0xFF33_6699)
        // A pattern made on it (as a source set on a context) holds the surface after ours goes.
        let pattern = try #require(cairo_pattern_create_for_surface(surface))
        cairo_surface_destroy(surface)
        #expect(released != nil, "held by the pattern")
        cairo_pattern_destroy(pattern)
        #expect(released == nil, "freed with the last cairo reference")
    }
}
