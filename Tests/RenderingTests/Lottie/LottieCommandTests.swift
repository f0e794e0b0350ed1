import CoreGraphics
import Foundation
import Testing

/// `strata render` with Lottie files, as a user runs it: a still of a (fractional) frame at a
/// size with a background, the whole animation at the file's frame rate, and clear errors.
@Suite("strata render: Lottie files")
struct LottieCommandTests {
    let strata = StrataCommand.url

    func run(_ arguments: [String]) throws -> (output: String, status: Int32) {
        try StrataCommand.run(arguments)
    }

    func folder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-lottie-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The moving-square animation of the timing tests, as a file.
    func file(in folder: URL, name: String = "square.json", _ json: String = LottiePlaybackTests.json) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url
    }

    @Test func aStillFrameAtASizeWithABackground() throws {
        try #require(FileManager.default.isExecutableFile(atPath: strata.path), "strata is built with the tests")
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        // Frame 7.5 of 30: the square's centre at x 10 + 2·7.5 = 25 in a 100-point comp, drawn at 200×200.
        let result = try run(["render", try file(in: out).path, "--frame", "7.5", "--size", "200x200", "--background", "#ffffff", "--out", out.path])
        #expect(result.status == 0, "\(result.output)")
        let image = try #require(CGImage.load(contentsOf: out.appendingPathComponent("square-frame-7.5.png")))
        #expect(image.width == 200 && image.height == 200)
        #expect(near(image.rgba(50, 100), (255, 0, 0, 255), tolerance: 2), "the square at 2 × 25: \(image.rgba(50, 100))")
        #expect(near(image.rgba(150, 100), (255, 255, 255, 255)), "white background")
    }

    @Test func theWholeAnimationAtItsOwnFrameRate() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try run(["render", try file(in: out).path, "--format", "png", "--out", out.path])
        #expect(result.status == 0, "\(result.output)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("square").path).filter { $0.hasSuffix(".png") }
        #expect(frames.count == 31, "frames 0…30 of a 30-frame file (the last holds): \(frames.count)")
        let frame12 = try #require(CGImage.load(contentsOf: out.appendingPathComponent("square/frame-00012.png")))
        let x = try #require(LottieTimingTests.centre(frame12))
        #expect(abs(x - 34) <= 1, "frame 12 shows Lottie frame 12: \(x)")
    }

    @Test func badFilesAndOptionsGiveClearErrors() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let broken = try file(in: out, name: "broken.json", LJ.animation(layers: [LJ.solid("#ff0000", w: 10, h: 10)]).replacingOccurrences(of: "\"sw\":10", with: "\"sw\":\"wide\""))
        let result = try run(["render", broken.path, "--frame", "0", "--out", out.path])
        #expect(result.status != 0)
        #expect(result.output.contains("broken.json: layers[0].sw"), "\(result.output)")
        let size = try run(["render", try file(in: out).path, "--frame", "0", "--size", "big", "--out", out.path])
        #expect(size.status != 0 && size.output.contains("--size"), "\(size.output)")
        let colour = try run(["render", try file(in: out).path, "--frame", "0", "--background", "#12", "--out", out.path])
        #expect(colour.status != 0 && colour.output.contains("--background"), "\(colour.output)")
    }

    /// Issue 29: a frame number too large for an integer (1e308, ±1e19) or outside the file's
    /// frames (−1) gives a clear error naming the file's frames, not a trap or a clamped picture.
    @Test(arguments: ["1e308", "1e19", "-1e19", "-1", "30.5"])
    func framesOutsideTheFileAreRefusedClearly(_ frame: String) throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try run(["render", try file(in: out).path, "--frame=\(frame)", "--out", out.path])
        #expect(result.status != 0 && result.status < 128, "an error, not a crash: \(result.status)")
        #expect(result.output.contains("outside square.json's frames 0…30"), "\(result.output)")
    }
}
