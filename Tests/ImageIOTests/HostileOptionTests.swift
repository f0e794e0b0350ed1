import CoreGraphics
import Foundation
import ImageIO
import Testing

/// Issue 42: destination options that used to stop the process (`Int(NaN)` from a quality or a
/// loop count). NaN now means "not given", out-of-range numbers are held, and the file is written.
@Suite("ImageIO: hostile destination options")
struct HostileOptionTests {
    /// Tried: lossy quality NaN, ±infinity and 1e300 for JPEG, HEIC and AVIF: each writes an image
    /// that reads back at its size.
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300])
    func absurdQualitiesWriteAnImage(quality: Double) throws {
        let image = Pictures.quadrants()
        for type in ["public.jpeg", "public.heic", "public.avif"] {
            let data = Pictures.encode([(image, [kCGImageDestinationLossyCompressionQuality: quality])], type: type)
            let decoded = try #require(Pictures.decode(data), "\(type) at quality \(quality)")
            #expect(decoded.width == image.width && decoded.height == image.height)
        }
    }

    /// Tried: GIF and WebP loop counts of NaN, infinity and −1e300: two-frame animations are
    /// written and read back with both frames.
    @Test(arguments: [Double.nan, .infinity, -1e300])
    func absurdLoopCountsWriteAnAnimation(loops: Double) throws {
        let frames = [Pictures.solid(8, 8, 1, 0, 0), Pictures.solid(8, 8, 0, 0, 1)].map { ($0, [String: Any]()) }
        for (type, dictionary, key) in [
            ("com.compuserve.gif", kCGImagePropertyGIFDictionary, kCGImagePropertyGIFLoopCount),
            ("org.webmproject.webp", kCGImagePropertyWebPDictionary, kCGImagePropertyWebPLoopCount),
        ] {
            let data = try #require(Pictures.encode(frames, type: type, file: [dictionary: [key: loops]]), "\(type), loops \(loops)")
            let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
            #expect(CGImageSourceGetCount(source) == 2, "\(type)")
        }
    }
}
