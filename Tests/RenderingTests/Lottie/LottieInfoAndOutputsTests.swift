import CoreGraphics
import Foundation
import StrataLottie
import Testing

/// `strata info`, posters by marker (`--marker`), and the transparent animated outputs (APNG,
/// animated WebP, VP9 WebM with alpha), run as a user runs them.
@Suite("strata info, markers and transparent outputs")
struct LottieInfoAndOutputsTests {
    /// The moving square (x 10 + 2·frame over 30 frames) with two markers and a masked precomposition.
    static let json: String = {
        var json = LottiePlaybackTests.json
        json.removeFirst()
        return "{\"markers\":[{\"cm\":\"intro\",\"tm\":10,\"dr\":5},{\"cm\":\"end\",\"tm\":30,\"dr\":0},{\"cm\":7}]," + json
    }()

    func folder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-info-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func markersAreReadAndABadOneIsLeftOutWithAWarning() throws {
        let animation = try LottieAnimation(data: Data(Self.json.utf8))
        #expect(animation.markers == [LottieMarker(name: "intro", frame: 10, duration: 5), LottieMarker(name: "end", frame: 30)])
        #expect(animation.frameTime(forMarker: "intro") == 10 && animation.frameTime(forMarker: "nope") == nil)
        #expect(animation.progressTime(forMarker: "end") == 1)
        #expect(animation.warnings.contains { $0.contains("a marker that is not") }, "\(animation.warnings)")
    }

    @Test func infoDescribesTheFile() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let url = out.appendingPathComponent("square.json")
        try Data(Self.json.utf8).write(to: url)
        let result = try StrataCommand.run(["info", url.path])
        #expect(result.status == 0, "\(result.output)")
        for line in [
            "size: 100×100 points", "frame rate: 30 fps; frames 0…30 (1 s)", "layers: 1 (shape 1)",
            "assets: 0 precompositions, 0 images", "  intro: frame 10 for 5 frames", "  end: frame 30", "features: markers",
            "not drawn or limited:",
        ] {
            #expect(result.output.contains(line), "'\(line)' in:\n\(result.output)")
        }
        let missing = try StrataCommand.run(["info", out.appendingPathComponent("none.json").path])
        #expect(missing.status != 0 && missing.output.contains("none.json"), "\(missing.output)")
    }

    @Test func aPosterAtAMarker() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let url = out.appendingPathComponent("square.json")
        try Data(Self.json.utf8).write(to: url)
        let result = try StrataCommand.run(["render", url.path, "--marker", "intro", "--out", out.path])
        #expect(result.status == 0, "\(result.output)")
        let image = try #require(CGImage.load(contentsOf: out.appendingPathComponent("square-frame-intro.png")))
        let x = try #require(LottieTimingTests.centre(image))
        #expect(abs(x - 30) <= 1, "frame 10: the square at x 30: \(x)")
        // Bad input: a marker the file does not have names the ones it has.
        let unknown = try StrataCommand.run(["render", url.path, "--marker", "outro", "--out", out.path])
        #expect(unknown.status != 0 && unknown.output.contains("no marker 'outro'") && unknown.output.contains("'intro', 'end'"), "\(unknown.output)")
        let both = try StrataCommand.run(["render", url.path, "--marker", "intro", "--frame", "3", "--out", out.path])
        #expect(both.status != 0 && both.output.contains("not both"), "\(both.output)")
    }

    @Test(arguments: ["apng", "webp"])
    func animatedImagesKeepTransparency(format: String) throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let url = out.appendingPathComponent("square.json")
        try Data(Self.json.utf8).write(to: url)
        let result = try StrataCommand.run(["render", url.path, "--format", format, "--out", out.path])
        #expect(result.status == 0, "\(result.output)")
        // The first frame (what a PNG or WebP reader shows of the animation): the square at x 10
        // over transparency.
        let image = try #require(CGImage.load(contentsOf: out.appendingPathComponent("square.\(format)")))
        #expect(image.width == 100 && image.height == 100)
        #expect(image.rgba(90, 90).a == 0, "\(format): transparent where nothing is drawn")
        let square = image.rgba(10, 50)
        #expect(square.a >= 250 && square.r >= 240 && square.g <= 20, "\(format): the red square, opaque: \(square)")
        let frames = try StrataCommand.run(["render", url.path, "--format", format, "--out", out.path])
        #expect(frames.status == 0)
        let probe = try StrataCommand.run(
            ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0",
             out.appendingPathComponent("square.\(format)").path], executable: URL(fileURLWithPath: "/usr/bin/ffprobe"))
        if format == "apng" {
            #expect(probe.output.trimmingCharacters(in: .whitespacesAndNewlines) == "30", "op − ip = 30 frames: \(probe.output)")
        } else {
            let data = try Data(contentsOf: out.appendingPathComponent("square.webp"))
            #expect(WebPCodec.frameCount(data) == 30, "op − ip = 30 frames in the animated WebP")
        }
    }

    @Test func webmCarriesAnAlphaChannel() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let url = out.appendingPathComponent("square.json")
        try Data(Self.json.utf8).write(to: url)
        let result = try StrataCommand.run(["render", url.path, "--format", "webm", "--out", out.path])
        #expect(result.status == 0, "\(result.output)")
        let webm = out.appendingPathComponent("square.webm")
        let probe = try StrataCommand.run(
            ["-v", "error", "-show_entries", "stream=codec_name,width,height:stream_tags=alpha_mode", "-of", "default=nw=1", webm.path],
            executable: URL(fileURLWithPath: "/usr/bin/ffprobe"))
        #expect(probe.output.contains("codec_name=vp9") && probe.output.contains("width=100"), "\(probe.output)")
        #expect(probe.output.contains("alpha_mode=1"), "VP9 with alpha: \(probe.output)")
        // Decoded with libvpx's VP9 decoder (which reads the alpha), frame 0 at 0 s: transparent corner, opaque square.
        let png = out.appendingPathComponent("first.png")
        let decode = try StrataCommand.run(
            ["-v", "error", "-c:v", "libvpx-vp9", "-i", webm.path, "-frames:v", "1", "-pix_fmt", "rgba", png.path],
            executable: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
        #expect(decode.status == 0, "\(decode.output)")
        let image = try #require(CGImage.load(contentsOf: png))
        #expect(image.rgba(90, 90).a <= 8, "transparent corner: \(image.rgba(90, 90))")
        #expect(image.rgba(10, 50).a >= 240, "opaque square: \(image.rgba(10, 50))")
    }
}
