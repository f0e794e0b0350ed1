#if !WebP
import Foundation

/// WebP without libwebp (the package's `WebP` trait turned off): files are still recognised,
/// so that reading one says why it fails, but nothing is decoded or encoded.
package enum WebPCodec {
    /// Why WebP data gives nothing in this build.
    package static let unavailable = "WebP support is off in this build (Strata's WebP trait)"

    package static func size(_ data: Data) -> (width: Int, height: Int)? { nil }

    package static func decode(_ data: Data) -> PixelBuffer? {
        if isWebP(data) { Diagnostics.warn(unavailable) }
        return nil
    }

    package static func frameCount(_ data: Data) -> Int? { nil }

    package static func encode(_ buffer: PixelBuffer, quality: Float? = nil) -> Data? {
        Diagnostics.warn(unavailable)
        return nil
    }
}
#endif
