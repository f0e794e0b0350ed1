import CoreGraphics
import Foundation
import ImageIO
import Testing

/// HEIC (HEVC through x265 and libde265) and AVIF (AV1 through aom and dav1d), by libheif.
@Suite struct HEIFTests {
    @Test(arguments: ["public.heic", "public.avif"])
    func aWrittenFileReadsBackWithItsColoursAndAlpha(type: String) throws {
        let picture = Pictures.quadrants(64, 48, alpha: true)
        let data = try #require(Pictures.encode([(picture, [kCGImageDestinationLossyCompressionQuality: 0.9])], type: type))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetType(source) == type as CFString)
        #expect(CGImageSourceGetCount(source) == 1)
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 64 && image.height == 48)
        // Lossy at quality 0.9 (4:2:0 chroma): within 40 levels away from the quadrants' edges.
        for (x, y) in [(8, 8), (56, 8), (8, 40), (56, 40)] {
            let a = Pictures.argb(image, x, y), b = Pictures.argb(picture, x, y)
            #expect(abs(a.a - b.a) <= 8 && abs(a.r - b.r) <= 40 && abs(a.g - b.g) <= 40 && abs(a.b - b.b) <= 40, "\(type) (\(x), \(y)): \(a) vs \(b)")
        }
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        #expect(properties[kCGImagePropertyHasAlpha] as? Bool == true)
    }

    @Test func severalImagesAreTopLevelImagesWithTheFirstPrimary() throws {
        let data = try #require(Pictures.encode([(Pictures.solid(16, 16, 1, 0, 0), [:]), (Pictures.solid(24, 8, 0, 0, 1), [:])], type: "public.heic"))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetCount(source) == 2)
        let second = try #require(CGImageSourceCreateImageAtIndex(source, 1, nil))
        #expect(second.width == 24 && second.height == 8)
        #expect(Pictures.argb(second, 12, 4).b > 200)
        #expect(CGImageSourceCopyProperties(source, nil)?[kCGImagePropertyPrimaryImage] as? Int == 0)
    }

    @Test func damagedFilesGiveErrorsNotImages() throws {
        // Tried: a file cut in half, a valid header with garbage after it, a bare 'ftyp' box.
        let data = try #require(Pictures.encode([(Pictures.quadrants(), [:])], type: "public.heic"))
        for bytes in [data.prefix(data.count / 2), data.prefix(40) + Data(repeating: 0xAB, count: 400),
                      Data([0, 0, 0, 16] + Array("ftypheic".utf8) + [0, 0, 0, 0])] {
            let source = try #require(CGImageSourceCreateWithData(bytes as CFData, nil))
            #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
            #expect(CGImageSourceGetStatus(source) != .statusComplete)
        }
    }
}
