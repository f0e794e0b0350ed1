/// Premultiplied ARGB32 pixels in cairo's native layout (one `UInt32` a pixel: A<<24 | R<<16 | G<<8 | B),
/// row 0 at the top. Immutable once made, so images can share it across threads.
package final class PixelBuffer: @unchecked Sendable {
    package let width: Int
    package let height: Int
    /// Bytes from one row to the next (a multiple of 4).
    package let bytesPerRow: Int
    package let bytes: UnsafeMutableRawPointer

    /// A transparent buffer.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        let count = Swift.max(1, bytesPerRow * height)
        self.bytes = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: count)
    }

    /// Fills a new buffer: `fill` receives the pixels as a mutable array of words, row-major.
    package convenience init(width: Int, height: Int, fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
        self.init(width: width, height: height)
        fill(UnsafeMutableBufferPointer(start: bytes.assumingMemoryBound(to: UInt32.self), count: width * height))
    }

    deinit {
        bytes.deallocate()
    }

    package var words: UnsafeBufferPointer<UInt32> {
        UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt32.self), count: width * height)
    }

    /// The pixel at column `x`, row `y` (row 0 at the top).
    package func pixel(x: Int, y: Int) -> UInt32 {
        words[y * width + x]
    }
}
