import CoreGraphics
import Foundation
import ImageIO
import Testing

/// GIF frames composed as a viewer shows them, on a file written by hand for it
/// (Fuzz/Corpus/image/animated-disposal.gif, 4×4, colours red, green, blue, white): frame 0 all
/// red with disposal "restore previous"; frame 1 a 3×3 patch at (1, 1), interlaced, alternating
/// green and transparent (index 3 is the transparent colour), disposal "background"; both 0.1 s,
/// looping for ever.
@Suite("ImageIO: GIF disposal and transparency")
struct GIFDisposalTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/image/animated-disposal.gif")

    @Test func framesAreComposedWithDisposalAndTransparency() throws {
        let source = try #require(CGImageSourceCreateWithURL(Self.file as CFURL, nil))
        #expect(CGImageSourceGetCount(source) == 2)
        let first = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect((0..<4).allSatisfy { Pictures.argb(first, $0, $0) == (255, 255, 0, 0) }, "frame 0: red")
        // Frame 0 is restored away ("previous" of an empty canvas: transparent); frame 1's green
        // pixels land on it, its transparent ones leave it clear.
        let second = try #require(CGImageSourceCreateImageAtIndex(source, 1, nil))
        #expect(Pictures.argb(second, 0, 0).a == 0, "outside the patch: frame 0 restored away")
        #expect(Pictures.argb(second, 1, 1) == (255, 0, 255, 0), "the patch's first pixel: green")
        #expect(Pictures.argb(second, 2, 1).a == 0, "its second: transparent")
        let gif = try #require(CGImageSourceCopyPropertiesAtIndex(source, 1, nil)?[kCGImagePropertyGIFDictionary] as? [String: Any])
        #expect(gif[kCGImagePropertyGIFUnclampedDelayTime] as? Double == 0.1 && gif[kCGImagePropertyGIFLoopCount] as? Int == 0, "delay 10 hundredths, NETSCAPE2.0 loop count 0 (for ever)")
    }
}

/// A TIFF written by hand (Fuzz/Corpus/image/rgba-oriented.tiff): 2×2 RGBA, unassociated alpha,
/// orientation 6. The pixels come as stored, premultiplied; the orientation is a property.
@Suite("ImageIO: TIFF as stored")
struct TIFFAsStoredTests {
    @Test func aHandWrittenTIFFReadsAsStoredWithItsOrientation() throws {
        let url = GIFDisposalTests.file.deletingLastPathComponent().appendingPathComponent("rgba-oriented.tiff")
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceGetType(source) == "public.tiff")
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(Pictures.argb(image, 0, 0) == (255, 255, 0, 0), "red at the stored top left")
        let half = Pictures.argb(image, 1, 0)
        #expect(half.a == 128 && abs(half.g - 128) <= 1 && half.r == 0, "half-transparent green, premultiplied: \(half)")
        #expect(Pictures.argb(image, 0, 1) == (255, 0, 0, 255) && Pictures.argb(image, 1, 1).a == 0)
        #expect(CGImageSourceCopyPropertiesAtIndex(source, 0, nil)?[kCGImagePropertyOrientation] as? Int == 6)
    }
}

/// Files the image fuzzer found (Fuzz/Corpus/image/regression-*): each must give an answer,
/// never a crash or gigabytes.
@Suite("ImageIO: fuzzer regressions")
struct ImageFuzzRegressionTests {
    static func source(_ name: String) throws -> CGImageSource {
        let url = GIFDisposalTests.file.deletingLastPathComponent().appendingPathComponent(name)
        return try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
    }

    @Test func aGIFFrameOutsideItsCanvasIsCutNotACrash() throws {
        // A 4×4 canvas whose second frame starts at (1, 1) and is declared 8 wide: drawn where it
        // overlaps the canvas.
        let source = try Self.source("regression-gif-frame-outside-canvas.gif")
        #expect(CGImageSourceGetCount(source) >= 1)
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil)?.width == 4)
    }

    @Test func aGIFClaimingAHugeCanvasIsRefusedBeforeItsPixelsAreMade() throws {
        // 21130 × 11775 declared in 398 bytes: 249 megapixels, over the 64 allowed.
        let source = try Self.source("regression-gif-huge-canvas.gif")
        #expect(CGImageSourceGetStatus(source) == .statusInvalidData)
        #expect(CGImageSourceGetCount(source) == 0 && CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
    }
}
