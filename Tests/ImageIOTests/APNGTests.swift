import CoreGraphics
import Foundation
import ImageIO
import Testing

/// Animated PNG frames, against ffmpeg (an independent APNG encoder and decoder).
@Suite struct APNGTests {
    private func ffmpeg(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func everyFrameIsTheOneFFmpegDecodes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-apng-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let apng = folder.appendingPathComponent("moving.apng")
        // Four frames of a test pattern at 10 frames a second, looping for ever; ffmpeg's encoder
        // writes sub-rectangles with blend and dispose operations after the first frame.
        #expect(try ffmpeg(["-f", "lavfi", "-i", "testsrc=size=24x16:rate=10:duration=0.4", "-plays", "0", "-f", "apng", apng.path]) == 0)
        #expect(try ffmpeg(["-i", apng.path, folder.appendingPathComponent("frame-%d.png").path]) == 0)
        let source = try #require(CGImageSourceCreateWithURL(apng as CFURL, nil))
        #expect(CGImageSourceGetCount(source) == 4)
        for i in 0..<4 {
            let ours = try #require(CGImageSourceCreateImageAtIndex(source, i, nil))
            let reference = try #require(CGImage.load(contentsOf: folder.appendingPathComponent("frame-\(i + 1).png")))
            let difference = try #require(Pictures.maxDifference(ours, reference))
            #expect(difference <= 2, "frame \(i): largest channel difference \(difference)")
            let png = CGImageSourceCopyPropertiesAtIndex(source, i, nil)?[kCGImagePropertyPNGDictionary] as? [String: Any]
            #expect(abs((png?[kCGImagePropertyAPNGDelayTime] as? Double ?? 0) - 0.1) < 1e-9)
            #expect(png?[kCGImagePropertyAPNGLoopCount] as? Int == 0)
        }
        // A plain PNG stays one image.
        let still = try #require(CGImageSourceCreateWithURL(folder.appendingPathComponent("frame-1.png") as CFURL, nil))
        #expect(CGImageSourceGetCount(still) == 1)
    }

    @Test func framesOutsideTheCanvasEndTheAnimation() throws {
        // Tried: an fcTL whose frame reaches past the canvas: the file reads as its default image.
        let base = try #require(Pictures.encode([(Pictures.solid(8, 8, 1, 0, 0), [:])], type: "public.png"))
        var bytes = [UInt8](base)
        // Insert acTL and a bad fcTL (a 100×100 frame on an 8×8 canvas) after IHDR (8 + 25 bytes).
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let data = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for b in data { crc ^= UInt32(b); for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 } }
            crc ^= 0xFFFF_FFFF
            let n = body.count
            return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + data
                + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        let actl = chunk("acTL", [0, 0, 0, 1, 0, 0, 0, 0])
        let fctl = chunk("fcTL", [0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0, 100] + [UInt8](repeating: 0, count: 8) + [0, 1, 0, 100, 0, 0])
        bytes.insert(contentsOf: actl + fctl, at: 33)
        let source = try #require(CGImageSourceCreateWithData(Data(bytes) as CFData, nil))
        #expect(CGImageSourceGetCount(source) == 1)
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 8 && Pictures.argb(image, 4, 4).r > 200)
    }
}
