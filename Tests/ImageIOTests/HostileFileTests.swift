import Foundation
import ImageIO
import Testing

// Only ImageIO is imported: CGImage, CGContext and the rest come with it, as Apple's module
// re-exports CoreGraphics (`import ImageIO` alone did not make CGImage visible).

/// Issue 42: files that cost work out of proportion to their size, and JPEGs libjpeg reads with
/// a warning, which Apple's ImageIO reads too.
@Suite("ImageIO: hostile files, third round")
struct HostileFileTests {
    /// A GIF of `frames` 1×1 images (15 bytes each).
    static func tinyFrames(_ frames: Int) -> Data {
        var gif = Data("GIF89a".utf8) + Data([1, 0, 1, 0, 0x80, 0, 0]) + Data([0, 0, 0, 255, 255, 255])
        let frame = Data([0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00])
        for _ in 0..<frames { gif += frame }
        return gif + Data([0x3B])
    }

    /// Tried: 20,500 frames of 1×1 (300 KB; 1.5 million took 2.5 GB): the first 20,000 are read.
    @Test func aGIFGivesAtMostTwentyThousandFrames() throws {
        let source = try #require(CGImageSourceCreateWithData(Self.tinyFrames(20_500) as CFData, nil))
        #expect(CGImageSourceGetCount(source) == 20_000)
        let small = try #require(CGImageSourceCreateWithData(Self.tinyFrames(3) as CFData, nil))
        #expect(CGImageSourceGetCount(small) == 3, "a short GIF keeps all its frames")
    }

    /// Tried: a stray byte before the frame header (libjpeg: "extraneous bytes before marker", a
    /// warning; TurboJPEG reported −1 and the image was nil). The image reads, as on Apple.
    @Test func aJPEGWithAStrayByteReads() throws {
        let image = Pictures.quadrants(alpha: false)
        var jpeg = try #require(Pictures.encode([(image, [:])], type: "public.jpeg"))
        let sof = try #require(jpeg.firstRange(of: Data([0xFF, 0xC0])))
        jpeg.insert(0x00, at: sof.lowerBound)
        let decoded = try #require(Pictures.decode(jpeg), "a JPEG with one stray byte")
        #expect(decoded.width == image.width && decoded.height == image.height)
        let difference = try #require(Pictures.maxDifference(decoded, image))
        #expect(difference <= 24, "the picture itself (JPEG's loss): \(difference)")
        // Tried: 10,001 empty APP5 segments before everything else (they hid the frame header).
        var padded = Data(jpeg.prefix(2))
        for _ in 0..<10_001 { padded += Data([0xFF, 0xE5, 0x00, 0x02]) }
        padded += jpeg.dropFirst(2)
        #expect(Pictures.decode(padded)?.width == image.width, "a JPEG behind 10,001 empty segments")
        // Without its end marker it is still an incomplete file, not an image.
        let cut = CGImageSourceCreateIncremental(nil)
        CGImageSourceUpdateData(cut, jpeg.prefix(jpeg.count - 40) as CFData, true)
        #expect(CGImageSourceGetStatus(cut) == .statusUnexpectedEOF)
    }

    /// Tried: a valid PNG with 100,001 text chunks before its image data (it read as "unexpected
    /// end of file": the chunk list stopped at 100,000). The image reads.
    @Test func aPNGWithManyTextChunksReads() throws {
        let image = Pictures.quadrants()
        let png = try #require(Pictures.encode([(image, [:])], type: "public.png"))
        // After the signature and IHDR (8 + 25 bytes): 100,001 tEXt chunks "k\0v" (CRC not checked
        // by the chunk scan; libpng skips ancillary chunks it cannot keep).
        var text = Data()
        let body = Data("k\0v".utf8)
        let chunk = PNGFile.chunk("tEXt", body)
        for _ in 0...100_000 { text += chunk }
        let padded = png.prefix(33) + text + png.dropFirst(33)
        let decoded = try #require(Pictures.decode(padded), "a PNG behind 100,001 text chunks")
        #expect(decoded.width == image.width && decoded.height == image.height)
    }

    /// Tried (the image fuzzer's out-of-memory): a 1×1 PNG whose text chunk claims 1,851,878,403
    /// bytes of a 45 KB file. libpng allocated and cleared the whole claim (1.85 GB) before
    /// failing to read it; the chunk is found first and the file refused, named. The same chunk
    /// within the file still reads.
    @Test func aPNGChunkClaimingMoreThanTheFileIsRefusedBeforeLibpngAllocatesIt() throws {
        let png = try #require(Pictures.encode([(Pictures.quadrants(), [:])], type: "public.png"))
        let claim = Data([0x6E, 0x61, 0x6C, 0x03]) + Data("tEXt".utf8) + Data(repeating: 0x41, count: 40_000)
        let hostile = png.prefix(33) + claim
        let overrun = try #require(PNGCodec.chunkPastTheEnd(hostile))
        #expect(overrun.type == "tEXt" && overrun.offset == 33 && overrun.length == 1_851_878_403)
        #expect(Pictures.decode(hostile) == nil)
        #expect(PNGCodec.chunkPastTheEnd(png) == nil, "a whole PNG has no such chunk")
        #expect(Pictures.decode(png)?.width == Pictures.quadrants().width)
    }

    /// Tried (the image fuzzer's out-of-memory): a 589-byte AVIF whose 16×12 image is made from
    /// a 25223×14080 plane; libheif decoded the plane (2.4 GB, 4.6 s). Nothing an image is made
    /// from may be more than 1,024 pixels wider or taller than the image: refused at once.
    @Test func anAVIFMadeFromAHugeHiddenPlaneIsRefused() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Corpus/image/regression-avif-huge-hidden-plane.avif")
        let source = try #require(CGImageSourceCreateWithData(try Data(contentsOf: file) as CFData, nil))
        // Decoded, the plane gave a 16×12 image; refused, there is none.
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
        #expect(CGImageSourceGetStatus(source) == .statusInvalidData)
    }

    /// Tried: a PNG fed 64 bytes at a time (as a download arrives). The source waits for the
    /// bytes to grow by half before decoding again, stays incomplete, and completes at the end.
    @Test func anIncrementalSourceFedInSmallPiecesCompletes() throws {
        let png = try #require(Pictures.encode([(Pictures.quadrants(256, 256), [:])], type: "public.png"))
        let source = CGImageSourceCreateIncremental(nil)
        var statuses: Set<Int32> = []
        var end = 64
        while end < png.count {
            CGImageSourceUpdateData(source, png.prefix(end) as CFData, false)
            statuses.insert(CGImageSourceGetStatus(source).rawValue)
            end += 64
        }
        CGImageSourceUpdateData(source, png as CFData, true)
        #expect(statuses.isSubset(of: [CGImageSourceStatus.statusReadingHeader.rawValue, CGImageSourceStatus.statusIncomplete.rawValue]), "\(statuses)")
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil)?.width == 256)
    }

    /// A 240×160 picture of pseudo-random pixels (it does not compress: a download of it arrives
    /// in many pieces).
    static func noise() -> CGImage {
        let c = Pictures.context(240, 160)
        var seed: UInt32 = 12345
        for y in stride(from: 0, to: 160, by: 2) {
            for x in stride(from: 0, to: 240, by: 2) {
                seed = seed &* 1_103_515_245 &+ 12345
                let v = CGFloat((seed >> 8) & 0xFFFF) / 65535
                c.setFillColor(CGColor(red: v, green: 1 - v, blue: CGFloat(x) / 240, alpha: 1))
                c.fill(CGRect(x: x, y: y, width: 2, height: 2))
            }
        }
        return c.makeImage()!
    }

    /// Tried: every format fed 512 bytes at a time to an incremental source, asking for the image
    /// after each update (a partial download is not a problem to report). Apple's ImageIO says
    /// nothing on the console; neither may the codecs here. Run in a child process of this test
    /// binary, so that no other test's output can mix with what is measured.
    @Test func anIncrementalSourceSaysNothingOnStandardError() throws {
        let types = ["public.png", "public.jpeg", "com.compuserve.gif", "public.tiff", "org.webmproject.webp", "public.heic"]
        if ProcessInfo.processInfo.environment["STRATA_INCREMENTAL_CHILD"] != nil {
            FileHandle.standardError.write(Data("<<feeding\n".utf8))
            for type in types {
                let bytes = try #require(Pictures.encode([(Self.noise(), [:])], type: type), "\(type)")
                let source = CGImageSourceCreateIncremental(nil)
                for end in stride(from: 512, to: bytes.count, by: 512) {
                    CGImageSourceUpdateData(source, bytes.prefix(end) as CFData, false)
                    _ = CGImageSourceCreateImageAtIndex(source, 0, nil)
                }
                CGImageSourceUpdateData(source, bytes as CFData, true)
                #expect(CGImageSourceCreateImageAtIndex(source, 0, nil)?.width == 240, "\(type) completes")
            }
            FileHandle.standardError.write(Data(">>fed\n".utf8))
            return
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "anIncrementalSourceSaysNothingOnStandardError"]
        child.environment = ProcessInfo.processInfo.environment.merging(["STRATA_INCREMENTAL_CHILD": "1"]) { $1 }
        let errors = Pipe()
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        #expect(child.terminationStatus == 0, "the child's checks: \(text.suffix(2000))")
        let feeding = try #require(text.range(of: "<<feeding\n"), "the child ran: \(text.suffix(2000))")
        let fed = try #require(text.range(of: ">>fed\n"), "the child finished: \(text.suffix(2000))")
        let between = text[feeding.upperBound..<fed.lowerBound]
        #expect(between.isEmpty, "printed while feeding: \(between.prefix(2000))")
    }
}
