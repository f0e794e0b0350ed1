import CoreGraphics
import Foundation
import ImageIO
import Testing

/// Image sources as apps use them beyond decoding: incremental loading, thumbnails, type numbers,
/// and what bad input gives (each case says what it tried).
@Suite("ImageIO: sources, thumbnails and bad input")
struct ImageSourceBehaviourTests {
    static let png: Data = Pictures.encode([(Pictures.quadrants(), [:])], type: "public.png")!

    @Test func anIncrementalSourceCompletesAsItsBytesArrive() throws {
        let source = CGImageSourceCreateIncremental(nil)
        #expect(CGImageSourceGetStatus(source) == .statusReadingHeader, "no bytes yet")
        CGImageSourceUpdateData(source, Self.png.prefix(6) as CFData, false)
        #expect(CGImageSourceGetStatus(source) == .statusReadingHeader, "too few to tell the type")
        CGImageSourceUpdateData(source, Self.png.prefix(Self.png.count / 2) as CFData, false)
        #expect(CGImageSourceGetType(source) == "public.png")
        #expect(CGImageSourceGetStatus(source) == .statusIncomplete)
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil, "half a PNG: no image yet")
        CGImageSourceUpdateData(source, Self.png as CFData, true)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil)?.width == 64)
        let cut = CGImageSourceCreateIncremental(nil)
        CGImageSourceUpdateData(cut, Self.png.prefix(Self.png.count / 2) as CFData, true)
        #expect(CGImageSourceGetStatus(cut) == .statusUnexpectedEOF, "the final data ends half-way")
    }

    /// A JPEG still arriving shows what has arrived, as Apple's sources do: the top rows of a
    /// baseline file decoded, the rest grey, the image and its index incomplete until the end.
    @Test func anIncompleteJPEGShowsTheRowsThatArrived() throws {
        let jpeg = try #require(Pictures.encode([(Pictures.quadrants(256, 256, alpha: false), [:])], type: "public.jpeg"))
        let source = CGImageSourceCreateIncremental(nil)
        CGImageSourceUpdateData(source, jpeg.prefix(jpeg.count * 3 / 4) as CFData, false)
        #expect(CGImageSourceGetStatus(source) == .statusIncomplete)
        #expect(CGImageSourceGetStatusAtIndex(source, 0) == .statusIncomplete)
        #expect(CGImageSourceGetCount(source) == 1)
        let sofar = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil), "three quarters of a JPEG: the rows so far")
        #expect(sofar.width == 256 && sofar.height == 256)
        let top = Pictures.argb(sofar, 16, 16), bottom = Pictures.argb(sofar, 240, 250)
        #expect(top.r > 230 && top.g < 30 && top.b < 30, "the red top left arrived: \(top)")
        #expect(abs(bottom.r - bottom.g) < 12 && abs(bottom.g - bottom.b) < 12, "the bottom right has not: grey \(bottom)")
        CGImageSourceUpdateData(source, jpeg as CFData, true)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        #expect(CGImageSourceGetStatusAtIndex(source, 0) == .statusComplete)
        let whole = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let corner = Pictures.argb(whole, 240, 250)
        #expect(!(abs(corner.r - corner.g) < 12 && abs(corner.g - corner.b) < 12), "the whole file: the last quadrant's colour \(corner)")
        let cut = CGImageSourceCreateIncremental(nil)
        CGImageSourceUpdateData(cut, jpeg.prefix(jpeg.count * 3 / 4) as CFData, true)
        #expect(CGImageSourceGetStatus(cut) == .statusUnexpectedEOF, "final data cut short stays an error")
        #expect(CGImageSourceCreateImageAtIndex(cut, 0, nil) == nil)
    }

    @Test func thumbnailsAreMadeOnlyWhenAskedAndFitTheirSize() throws {
        let source = try #require(CGImageSourceCreateWithData(Self.png as CFData, nil))
        #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, nil) == nil, "no embedded thumbnail and none asked to be made")
        let small = try #require(CGImageSourceCreateThumbnailAtIndex(
            source, 0, [kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceThumbnailMaxPixelSize: 32] as CFDictionary))
        #expect(small.width == 32 && small.height == 24, "64×48 into 32: \(small.width)×\(small.height)")
        // The red quadrant stays top left.
        let p = Pictures.argb(small, 4, 4)
        #expect(p.r > 240 && p.g < 15 && p.b < 15, "\(p)")
        let full = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceCreateThumbnailFromImageIfAbsent: true] as CFDictionary))
        #expect(full.width == 64, "no size given: the full image")
    }

    /// EXIF orientation 6 (stored turned: shown after a quarter turn clockwise): the thumbnail
    /// with transform is upright, 48×64, the stored top-left red quadrant now at the top right.
    @Test func thumbnailsWithTransformComeOutUpright() throws {
        let jpeg = try #require(Pictures.encode([(Pictures.quadrants(alpha: false), [kCGImagePropertyOrientation: 6])], type: "public.jpeg"))
        let source = try #require(CGImageSourceCreateWithData(jpeg as CFData, nil))
        let options = [kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceCreateThumbnailWithTransform: true] as CFDictionary
        let upright = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, options))
        #expect(upright.width == 48 && upright.height == 64)
        let topRight = Pictures.argb(upright, 40, 8), topLeft = Pictures.argb(upright, 8, 8)
        #expect(topRight.r > 230 && topRight.g < 30, "red at the top right: \(topRight)")
        #expect(topLeft.b > 230 && topLeft.r < 30, "blue (stored bottom left) at the top left: \(topLeft)")
    }

    @Test func typeNumbersTellSourcesFromDestinations() throws {
        let source = try #require(CGImageSourceCreateWithData(Self.png as CFData, nil))
        let destination = try #require(CGImageDestinationCreateWithData(NSMutableData() as CFMutableData, "public.png" as CFString, 1, nil))
        #expect(CFGetTypeID(source) == CGImageSourceGetTypeID())
        #expect(CFGetTypeID(destination) == CGImageDestinationGetTypeID())
        #expect(CGImageSourceGetTypeID() != CGImageDestinationGetTypeID())
        #expect(Set(CGImageSourceCopyTypeIdentifiers().compactMap { $0 as? String }) == ["public.png", "public.jpeg", "com.compuserve.gif", "org.webmproject.webp", "public.tiff", "public.heic", "public.avif"])
    }

    @Test func badBytesGiveAStatusAndNoImageNeverACrash() throws {
        #expect(CGImageSourceCreateWithData(Data() as CFData, nil) == nil, "empty data: no source")
        let junk = try #require(CGImageSourceCreateWithData(Data((0..<500).map { UInt8(truncatingIfNeeded: $0 * 7) }) as CFData, nil))
        #expect(CGImageSourceGetStatus(junk) == .statusUnknownType && CGImageSourceGetCount(junk) == 0)
        #expect(CGImageSourceCreateImageAtIndex(junk, 0, nil) == nil && CGImageSourceGetType(junk) == nil)
        // Each format's first bytes followed by garbage, and cut in half.
        for type in ["public.png", "public.jpeg", "com.compuserve.gif", "org.webmproject.webp", "public.tiff"] {
            let good = try #require(Pictures.encode([(Pictures.quadrants(alpha: false), [:])], type: type))
            var bad = good
            for i in stride(from: 20, to: bad.count, by: 3) { bad[i] ^= 0x5A }
            for bytes in [bad, good.prefix(good.count / 2)] {
                let source = try #require(CGImageSourceCreateWithData(bytes as CFData, nil))
                #expect(CGImageSourceGetType(source) == type)
                let status = CGImageSourceGetStatus(source)
                let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
                #expect(status == .statusComplete ? image != nil : image == nil, "\(type): status \(status) and image agree")
                #expect(status != .statusIncomplete, "\(type): final data is never 'incomplete'")
            }
        }
        #expect(CGImageSourceCreateWithURL(URL(fileURLWithPath: "/nonexistent/file.png") as CFURL, nil) == nil)
    }

    @Test func destinationsRefuseWhatTheyCannotWrite() throws {
        let data = NSMutableData()
        #expect(CGImageDestinationCreateWithData(data as CFMutableData, "com.adobe.raw-image" as CFString, 1, nil) == nil, "RAW is not written here")
        #expect(CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 2, nil) == nil, "a PNG holds one image")
        #expect(CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 0, nil) == nil, "no images")
        let gif = try #require(CGImageDestinationCreateWithData(data as CFMutableData, "com.compuserve.gif" as CFString, 2, nil))
        CGImageDestinationAddImage(gif, Pictures.solid(4, 4, 1, 0, 0), nil)
        #expect(!CGImageDestinationFinalize(gif), "one of the two images declared")
        #expect(!CGImageDestinationFinalize(gif), "finalized twice")
        let url = URL(fileURLWithPath: "/nonexistent-folder/x.png")
        let unwritable = try #require(CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(unwritable, Pictures.solid(4, 4, 1, 0, 0), nil)
        #expect(!CGImageDestinationFinalize(unwritable), "a folder that does not exist")
    }
}
