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
        #expect(frames.count == 30, "frames 0…29 of a file with ip 0, op 30 (op is the first frame after it): \(frames.count)")
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
        // A crash would print no such message (its status is a signal number).
        #expect(result.status != 0 && result.output.contains("outside square.json's frames 0…30"), "\(result.output)")
    }

    /// Issue 29: a folder (it trapped in Foundation's file reading), a pipe (it blocked forever)
    /// and an endless device as the input: clear errors, fast.
    @Test func foldersPipesAndDevicesAreRefusedAsInputs() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let play = try run(["play", out.path])
        #expect(play.status != 0 && play.output.contains("is a folder"), "play: \(play.output)")
        // render takes a folder's Lottie files; this one has none.
        let render = try run(["render", out.path])
        #expect(render.status == 66 && render.output.contains("has no .json, .lottie or .tgs files"), "render: \(render.output)")
        let fifo = out.appendingPathComponent("pipe.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let piped = try run(["render", fifo.path, "--out", out.path])
        #expect(piped.status != 0 && piped.output.contains("not a regular file"), "\(piped.output)")
        let device = try run(["render", "/dev/zero", "--out", out.path])
        #expect(device.status != 0 && device.output.contains("not a regular file"), "\(device.output)")
        let missing = try run(["render", out.appendingPathComponent("none.json").path])
        #expect(missing.status != 0 && missing.output.contains("no such file"), "\(missing.output)")
    }

    /// Issue 29: ffmpeg that cannot write its output (the name is taken by a folder) stops early;
    /// the frames still being sent must not kill strata with SIGPIPE: ffmpeg's error is reported.
    @Test func anFFmpegThatCannotWriteIsReportedNotASignal() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let square = try file(in: out)
        try FileManager.default.createDirectory(at: out.appendingPathComponent("square.mp4"), withIntermediateDirectories: true)
        let result = try run(["render", square.path, "--format", "mp4", "--size", "800x800", "--out", out.path])
        #expect(result.status != 0 && result.output.contains("ffmpeg"), "\(result.status): \(result.output)")
    }

    /// Issue 29: two frame ranges of a Lottie file rendered into one folder keep both segments
    /// (they were both written to square.gif), named as scene segments are.
    @Test func frameRangesOfALottieFileAreSeparateSegments() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let square = try file(in: out)
        for range in ["0..14", "15..29"] {
            let result = try run(["render", square.path, "--format", "gif", "--frames", range, "--out", out.path])
            #expect(result.status == 0, "\(result.output)")
        }
        for name in ["square-00000-00014.gif", "square-00015-00029.gif"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)")
        }
    }

    /// Issue 29: what building the layer tree warns about (here a parenting cycle) reaches the
    /// user of the CLI, once.
    @Test func layerTreeWarningsArePrinted() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let cycle = LJ.animation(layers: [
            LJ.solid("#ff0000", w: 10, h: 10, ind: 1, extra: ",\"parent\":2"),
            LJ.solid("#00ff00", w: 10, h: 10, ind: 2, extra: ",\"parent\":1"),
        ])
        let result = try run(["render", try file(in: out, name: "cycle.json", cycle).path, "--frame", "0", "--out", out.path])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").filter { $0.contains("parenting cycle") }
        #expect(!lines.isEmpty && Set(lines).count == lines.count, "each warning once: \(result.output)")
    }

    /// Issue 29: a Lottie file without `op` is told apart as Lottie and its error names `op`
    /// (it got a scene error about unknown keys); a file rate of 1000 fps renders a still, and
    /// an animation asks for --fps, which then works.
    @Test func lottieErrorsNameTheirPlaceAndOddRatesHaveAWayOut() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let noOp = LJ.animation(layers: [LJ.solid("#ff0000", w: 10, h: 10)]).replacingOccurrences(of: "\"op\":60,", with: "")
        let missing = try run(["render", try file(in: out, name: "noop.json", noOp).path, "--frame", "0", "--out", out.path])
        #expect(missing.status != 0 && missing.output.contains("noop.json: op"), "\(missing.output)")
        let fast = try file(in: out, name: "fast.json", LJ.animation(fr: 1000, layers: [LJ.solid("#ff0000", w: 10, h: 10)]))
        let still = try run(["render", fast.path, "--frame", "3", "--out", out.path])
        #expect(still.status == 0, "\(still.output)")
        let whole = try run(["render", fast.path, "--format", "sheet", "--out", out.path])
        #expect(whole.status != 0 && whole.output.contains("--fps"), "\(whole.output)")
        let fixed = try run(["render", fast.path, "--format", "sheet", "--fps", "30", "--out", out.path])
        #expect(fixed.status == 0, "\(fixed.output)")
    }

    /// Issue 29: what Foundation calls "not valid JSON" or "not in the correct format" with no
    /// place (NaN/Infinity/1e309 literals, nesting past 512, whole-number fields given 1.5 or
    /// 1e20, an empty zip, a negative --size) names its line and column, key or option.
    @Test func unclearErrorsNameTheirPlace() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let good = LJ.animation(layers: [LJ.solid("#ff0000", w: 10, h: 10, ind: 1)])
        let cases: [(name: String, json: String, words: String)] = [
            ("inf.json", good.replacingOccurrences(of: "\"w\":100", with: "\"w\":Infinity"), "not a JSON document: line 1, column"),
            ("nan.json", good.replacingOccurrences(of: "\"w\":100", with: "\"w\":NaN"), "NaN is not a JSON number"),
            ("huge.json", good.replacingOccurrences(of: "\"w\":100", with: "\"w\":1e309"), "1e309 is too large"),
            ("deep.json", good.replacingOccurrences(of: "\"w\":100", with: "\"x\":\(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)),\"w\":100"), "nested deeper than 512"),
            ("half.json", good.replacingOccurrences(of: "\"ind\":1", with: "\"ind\":1.5"), "layers[0].ind: expected a whole number"),
            ("vast.json", good.replacingOccurrences(of: "\"ind\":1", with: "\"ind\":1e20"), "layers[0].ind: expected a whole number"),
        ]
        for c in cases {
            #expect(c.json != good, "\(c.name): the mutation applies")
            for extra in [["--frame", "0"], []] {
                let result = try run(["render", try file(in: out, name: c.name, c.json).path, "--out", out.path] + extra)
                #expect(result.status != 0 && result.output.contains("\(c.name): ") && result.output.contains(c.words), "\(c.name) \(extra): \(result.output)")
            }
        }
        let empty = out.appendingPathComponent("empty.lottie")
        try Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)).write(to: empty)
        let zip = try run(["render", empty.path, "--frame", "0", "--out", out.path])
        #expect(zip.status != 0 && zip.output.contains("the archive holds no files"), "\(zip.output)")
        let negative = try run(["render", try file(in: out).path, "--frame", "0", "--size", "-5x10", "--out", out.path])
        #expect(negative.status != 0 && negative.output.contains("--size '-5x10' should look like"), "\(negative.output)")
    }

    /// Issue 29: `--limit NAME=VALUE` raises or lowers a file's budgets; a bad one is refused
    /// with the names there are.
    @Test func limitsAreSetOnTheCommandLine() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let square = try file(in: out)
        let lowered = try run(["render", square.path, "--frame", "0", "--limit", "json-mb=0", "--out", out.path])
        #expect(lowered.status != 0 && lowered.output.contains("--limit json-mb takes a whole number from 1"), "0 is refused: \(lowered.output)")
        let tiny = try run(["render", square.path, "--frame", "0", "--limit", "layers=1", "--limit", "path-steps=1", "--out", out.path])
        #expect(tiny.status == 0, "\(tiny.output)")
        let bad = try run(["render", square.path, "--frame", "0", "--limit", "pixels=5", "--out", out.path])
        #expect(bad.status != 0 && bad.output.contains("json-mb, scene-mb, image-mpx"), "\(bad.output)")
        let help = try run(["render", "--help"])
        #expect(help.output.contains("path-steps") && help.output.contains("default 8000000"), "\(help.output)")
    }
}
