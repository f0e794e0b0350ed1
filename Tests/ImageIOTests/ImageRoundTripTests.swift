import CoreGraphics
import Foundation
import ImageIO
import Testing

/// Each format written through CGImageDestination and read back through CGImageSource: type,
/// count, size, the properties each format keeps, and the pixels (exact for lossless formats,
/// within a stated tolerance for lossy ones).
@Suite("ImageIO: writing and reading back")
struct ImageRoundTripTests {
    @Test(arguments: ["public.png", "public.tiff", "org.webmproject.webp"])
    func losslessFormatsGiveBackTheSamePixels(type: String) throws {
        let image = Pictures.quadrants()
        let data = try #require(Pictures.encode([(image, [:])], type: type))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetType(source) == type)
        #expect(CGImageSourceGetCount(source) == 1)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        let back = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        // Straight-alpha formats (PNG, WebP) round the half-transparent white by a level.
        let tolerance = type == "public.tiff" ? 0 : 1
        #expect(try #require(Pictures.maxDifference(image, back)) <= tolerance, "\(type): pixels")
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        #expect(properties[kCGImagePropertyPixelWidth] as? Int == 64 && properties[kCGImagePropertyPixelHeight] as? Int == 48)
        #expect(properties[kCGImagePropertyHasAlpha] as? Bool == true, "\(type) keeps alpha")
    }

    @Test func pngKeepsItsResolution() throws {
        let data = try #require(Pictures.encode([(Pictures.quadrants(), [kCGImagePropertyDPIWidth: 144, kCGImagePropertyDPIHeight: 72])], type: "public.png"))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        // pHYs holds whole pixels a metre: 144 dpi = 5669.29 → 5669, back to 143.99.
        #expect(abs((properties[kCGImagePropertyDPIWidth] as? Double ?? 0) - 144) < 0.01)
        #expect(abs((properties[kCGImagePropertyDPIHeight] as? Double ?? 0) - 72) < 0.01)
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) != nil, "the chunk's checksum is valid: the PNG still decodes")
    }

    @Test func jpegQualityOrientationAndResolution() throws {
        let image = Pictures.quadrants(alpha: false)
        let fine = try #require(Pictures.encode([(image, [kCGImageDestinationLossyCompressionQuality: 0.95])], type: "public.jpeg"))
        let coarse = try #require(Pictures.encode([(image, [kCGImageDestinationLossyCompressionQuality: 0.2])], type: "public.jpeg"))
        #expect(coarse.count < fine.count, "lower quality, fewer bytes: \(coarse.count) vs \(fine.count)")
        let source = try #require(CGImageSourceCreateWithData(fine as CFData, nil))
        let back = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        // Flat quadrants at quality 0.95: the middle of each within 6 levels.
        for (x, y) in [(16, 12), (48, 12), (16, 36), (48, 36)] {
            let a = Pictures.argb(image, x, y), b = Pictures.argb(back, x, y)
            #expect(abs(a.r - b.r) <= 6 && abs(a.g - b.g) <= 6 && abs(a.b - b.b) <= 6, "(\(x), \(y)): \(a) vs \(b)")
        }
        let tagged = try #require(Pictures.encode(
            [(image, [kCGImagePropertyOrientation: 6, kCGImagePropertyDPIWidth: 300, kCGImagePropertyDPIHeight: 300])], type: "public.jpeg"))
        let properties = try #require(Pictures.properties(tagged))
        #expect(properties[kCGImagePropertyOrientation] as? Int == 6)
        #expect(properties[kCGImagePropertyDPIWidth] as? Double == 300 && properties[kCGImagePropertyDPIHeight] as? Double == 300)
        #expect(properties[kCGImagePropertyHasAlpha] as? Bool == false)
    }

    @Test func jpegFlattensTransparencyOverWhiteOrTheBackgroundColour() throws {
        let clear = Pictures.solid(16, 16, 0, 0, 0, 0)
        for (background, expected) in [(nil, 255), (CGColor(red: 0, green: 0, blue: 0, alpha: 1), 0)] as [(CGColor?, Int)] {
            var properties: [String: Any] = [:]
            if let background { properties[kCGImageDestinationBackgroundColor] = background }
            let data = try #require(Pictures.encode([(clear, properties)], type: "public.jpeg"))
            let back = try #require(Pictures.decode(data))
            let p = Pictures.argb(back, 8, 8)
            #expect(p.a == 255 && abs(p.r - expected) <= 2 && abs(p.g - expected) <= 2, "over \(String(describing: background)): \(p)")
        }
    }

    @Test func multiPageTIFFKeepsEachPageAndItsOrientation() throws {
        let pages = [(Pictures.solid(20, 10, 1, 0, 0), [kCGImagePropertyOrientation: 1]), (Pictures.quadrants(), [kCGImagePropertyOrientation: 8])]
        let data = try #require(Pictures.encode(pages.map { ($0.0, $0.1 as [String: Any]) }, type: "public.tiff"))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetCount(source) == 2)
        let second = try #require(CGImageSourceCreateImageAtIndex(source, 1, nil))
        #expect(second.width == 64 && second.height == 48)
        #expect(try #require(Pictures.maxDifference(pages[1].0, second)) == 0)
        #expect(CGImageSourceCopyPropertiesAtIndex(source, 1, nil)?[kCGImagePropertyOrientation] as? Int == 8)
        #expect(CGImageSourceCreateImageAtIndex(source, 2, nil) == nil, "no third page")
    }

    @Test func largeImagesAreScaledToTheDestinationsMaximumSize() throws {
        let data = try #require(Pictures.encode([(Pictures.quadrants(), [kCGImageDestinationImageMaxPixelSize: 16])], type: "public.png"))
        let back = try #require(Pictures.decode(data))
        #expect(back.width == 16 && back.height == 12, "64×48 at most 16 a side: \(back.width)×\(back.height)")
    }

    @Test func writingToAFileAndReadingItBack() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imageio-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, Pictures.quadrants(), nil)
        #expect(CGImageDestinationFinalize(destination))
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil)?.width == 64)
        #expect((CGImageSourceCopyProperties(source, nil)?[kCGImagePropertyFileSize] as? Int ?? 0) > 0)
    }
}
