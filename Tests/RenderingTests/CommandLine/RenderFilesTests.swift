import CoreGraphics
import Foundation
import ImageIO
import Testing

/// Issue 40: the files `strata render` hands over play as every player plays them — GIF delays
/// in whole centiseconds of at least 2, a loop without its seam frame twice — and land where
/// `-o` says.
@Suite("strata render: files users hand over")
struct RenderFilesTests {
    func run(_ arguments: [String], input: Data? = nil) throws -> (output: String, status: Int32) {
        try StrataCommand.run(arguments, input: input)
    }

    func folder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-files-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A square moving across a 100-point comp at `fr` fps over frames 0…op (a Lottie file).
    static func square(fr: Double, op: Double) -> String {
        LJ.animation(fr: fr, op: op, layers: [
            LJ.shapeLayer(
                [LJ.group([LJ.rect((0, 0), 10, 10), LJ.fill([1, 0, 0])])], ks: LJ.transform(p: LJ.keys([(0, [10, 50]), (op, [90, 50])])),
                op: op)
        ])
    }

    func write(_ json: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url
    }

    /// The delays (seconds, as the file holds them) and the loop count of an animated file.
    static func timing(of url: URL) throws -> (delays: [Double], loops: Int?) {
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        let count = CGImageSourceGetCount(source)
        var delays: [Double] = []
        for i in 0..<count {
            let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, i, nil) as? [CFString: Any])
            let family = (properties[kCGImagePropertyGIFDictionary] ?? properties[kCGImagePropertyPNGDictionary] ?? properties[kCGImagePropertyWebPDictionary]) as? [CFString: Any]
            let delay = try #require(family?[kCGImagePropertyGIFUnclampedDelayTime] as? Double, "frame \(i) has a delay")
            delays.append(delay)
        }
        let file = CGImageSourceCopyProperties(source, nil) as? [CFString: Any]
        let family = (file?[kCGImagePropertyGIFDictionary] ?? file?[kCGImagePropertyPNGDictionary] ?? file?[kCGImagePropertyWebPDictionary]) as? [CFString: Any]
        return (delays, family?[kCGImagePropertyGIFLoopCount] as? Int)
    }

    /// A 60 fps file of 116 frames (TwitterHeartButton's rate and length) to GIF: every delay a
    /// whole number of centiseconds ≥ 2 (browsers play a delay under 2 cs as 10 cs), and the
    /// whole loop lasts what the file does, within one centisecond a loop. At 30 fps the same.
    @Test(arguments: [(60.0, 116.0), (30.0, 30.0), (24.0, 48.0)])
    func gifDelaysAreWholeCentisecondsOfAtLeastTwoAndAddUpToTheFile(fr: Double, op: Double) throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let input = try write(Self.square(fr: fr, op: op), "square.json", in: out)
        let gif = out.appendingPathComponent("square.gif")
        let result = try run(["render", input.path, "-o", gif.path])
        #expect(result.status == 0, "\(result.output)")
        let (delays, loops) = try Self.timing(of: gif)
        for (i, delay) in delays.enumerated() {
            let centiseconds = delay * 100
            #expect(centiseconds >= 2 - 1e-6 && abs(centiseconds - centiseconds.rounded()) < 1e-6, "frame \(i): \(delay) s")
        }
        let total = delays.reduce(0, +), expected = op / fr
        #expect(abs(total - expected) <= 0.0101, "\(fr) fps: the GIF lasts \(total) s, the file \(expected) s")
        #expect(loops == 0, "loops forever by default")
        if fr > 50 { #expect(result.output.contains("at most 50 fps"), "the resampling is said: \(result.output)") }
    }

    /// APNG and WebP keep the file's own rate: their delays add up to the file's length.
    @Test(arguments: ["apng", "webp"])
    func apngAndWebPLastWhatTheFileLasts(format: String) throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let input = try write(Self.square(fr: 60, op: 116), "square.json", in: out)
        let file = out.appendingPathComponent("square.\(format)")
        let result = try run(["render", input.path, "-o", file.path, "--loop", "3"])
        #expect(result.status == 0, "\(result.output)")
        let (delays, loops) = try Self.timing(of: file)
        #expect(delays.count == 116, "op − ip frames: \(delays.count)")
        #expect(abs(delays.reduce(0, +) - 116.0 / 60) <= 0.01, "\(format) lasts \(delays.reduce(0, +)) s")
        #expect(loops == 3, "--loop 3 plays three times: \(String(describing: loops))")
    }

    /// A loop of N frames is written as N frames: the last is not frame 0 again (a file with
    /// ip 0, op 30 whose square returns to its start at frame 30 ends on frame 29).
    @Test func aLoopDoesNotShowItsSeamFrameTwice() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        // The square goes out and back: frame 30 equals frame 0.
        let json = LJ.animation(op: 30, layers: [
            LJ.shapeLayer(
                [LJ.group([LJ.rect((0, 0), 10, 10), LJ.fill([1, 0, 0])])],
                ks: LJ.transform(p: LJ.keys([(0, [10, 50]), (15, [90, 50]), (30, [10, 50])])), op: 30)
        ])
        let input = try write(json, "loop.json", in: out)
        let apng = out.appendingPathComponent("loop.apng")
        #expect(try run(["render", input.path, "-o", apng.path]).status == 0)
        let source = try #require(CGImageSourceCreateWithURL(apng as CFURL, nil))
        let count = CGImageSourceGetCount(source)
        #expect(count == 30, "frames 0…29: \(count)")
        let first = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let last = try #require(CGImageSourceCreateImageAtIndex(source, count - 1, nil))
        let firstX = try #require(LottieTimingTests.centre(first)), lastX = try #require(LottieTimingTests.centre(last))
        #expect(abs(firstX - 10) <= 1 && abs(lastX - (10 + 80.0 / 15)) <= 1, "first at \(firstX), last at frame 29: \(lastX)")
    }

    /// `-o FILE` writes that regular file in the format of its extension; `--out NAME.gif` (a
    /// media extension, no such folder) means the file too; an existing file is kept unless
    /// `--force`.
    @Test func outputNamesAFileAndIsNotOverwrittenWithoutForce() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let input = try write(Self.square(fr: 30, op: 10), "square.json", in: out)
        for (option, name) in [("-o", "a.gif"), ("--output", "b.webm"), ("--out", "c.gif")] {
            let target = out.appendingPathComponent(name)
            let result = try run(["render", input.path, option, target.path])
            #expect(result.status == 0, "\(option) \(name): \(result.output)")
            let type = try FileManager.default.attributesOfItem(atPath: target.path)[.type] as? FileAttributeType
            #expect(type == .typeRegular, "\(option) \(name) is a file: \(String(describing: type))")
        }
        let gif = out.appendingPathComponent("a.gif")
        let before = try Data(contentsOf: gif)
        let again = try run(["render", input.path, "-o", gif.path, "--size", "50x50"])
        #expect(again.status == 73 && again.output.contains("--force"), "\(again.status): \(again.output)")
        let kept = try Data(contentsOf: gif)
        #expect(kept == before, "the file is untouched")
        let forced = try run(["render", input.path, "-o", gif.path, "--size", "50x50", "--force"])
        let after = try Data(contentsOf: gif)
        #expect(forced.status == 0 && after != before, "\(forced.output)")
        let still = out.appendingPathComponent("still.png")
        let stillResult = try run(["render", input.path, "-o", still.path, "--frame", "5"])
        #expect(stillResult.status == 0 && CGImage.load(contentsOf: still)?.width == 100, "\(stillResult.output)")
    }

    /// A newcomer's one command: a GIF, an MP4 and a WebM of one Lottie file, each `-o` in the
    /// format of its extension; naming one file twice, or `--format` with several, is refused.
    @Test func severalOutputsFromOneCommand() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let input = try write(Self.square(fr: 30, op: 15), "square.json", in: out)
        let names = ["s.gif", "s.mp4", "s.webm"]
        let result = try run(["render", input.path] + names.flatMap { ["-o", out.appendingPathComponent($0).path] } + ["--background", "white"])
        #expect(result.status == 0, "\(result.output)")
        let magic: [String: [UInt8]] = ["s.gif": Array("GIF89a".utf8), "s.mp4": Array("ftyp".utf8), "s.webm": [0x1A, 0x45, 0xDF, 0xA3]]
        for name in names {
            let bytes = [UInt8]((try? Data(contentsOf: out.appendingPathComponent(name))) ?? Data())
            let expected = magic[name] ?? []
            let found = name == "s.mp4" ? Array(bytes.dropFirst(4).prefix(4)) : Array(bytes.prefix(expected.count))
            #expect(found == expected, "\(name) is a \(name.split(separator: ".").last ?? "") file (\(bytes.count) bytes)")
        }
        let twice = try run(["render", input.path, "-o", "\(out.path)/a.gif", "-o", "\(out.path)/a.gif"])
        #expect(twice.status == 64 && twice.output.contains("twice"), "\(twice.output)")
        let formatted = try run(["render", input.path, "-o", "\(out.path)/b.gif", "-o", "\(out.path)/b.mp4", "--format", "gif"])
        #expect(formatted.status == 64 && formatted.output.contains("--format"), "\(formatted.output)")
    }

    /// Exit codes scripts can trust: 66 an input that cannot be read, 65 bad data (the message
    /// alone, no usage block), 64 a wrong command line naming its option.
    @Test func exitCodesTellDataErrorsFromCommandLineErrors() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let good = try write(Self.square(fr: 30, op: 10), "square.json", in: out)
        let badJSON = try write("{\"fr\": 30, ", "bad.json", in: out)
        let badZip = out.appendingPathComponent("broken.lottie")
        try Data([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]).write(to: badZip)
        let cases: [(arguments: [String], status: Int32, says: String)] = [
            (["render", out.appendingPathComponent("missing.json").path, "-o", "\(out.path)/x.gif"], 66, "no such file"),
            (["render", badJSON.path, "-o", "\(out.path)/x.gif"], 65, "bad.json"),
            (["render", badZip.path, "-o", "\(out.path)/x.gif"], 65, "broken.lottie"),
            (["render", good.path, "--marker", "nope", "--out", out.path], 65, "no marker 'nope'"),
            (["render", good.path, "--theme", "dark", "--out", out.path], 65, "themes"),
            (["render", good.path, "--fps", "1000", "-o", "\(out.path)/x.gif"], 64, "--fps"),
            (["render", good.path, "--scale", "0", "-o", "\(out.path)/x.gif"], 64, "--scale"),
            (["render", good.path, "--quality", "best", "-o", "\(out.path)/x.gif"], 64, "--quality"),
            (["render", good.path, "-o", "\(out.path)/x.unknown"], 64, "--format"),
        ]
        for item in cases {
            let result = try run(item.arguments)
            #expect(result.status == item.status, "\(item.arguments.dropFirst(2)): \(result.status) \(result.output)")
            #expect(result.output.contains(item.says), "\(item.arguments.dropFirst(2)): \(result.output)")
            if item.status != 64 { #expect(!result.output.contains("Usage:"), "no usage block for a data error: \(result.output)") }
        }
    }

    /// A transparent animation to MP4 is said to lose its transparency; with a background not.
    @Test func transparentAnimationsToMP4AreWarnedAbout() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let input = try write(Self.square(fr: 30, op: 6), "square.json", in: out)
        let bare = try run(["render", input.path, "-o", out.appendingPathComponent("a.mp4").path])
        #expect(bare.status == 0 && bare.output.contains("MP4 has no transparency"), "\(bare.output)")
        let white = try run(["render", input.path, "-o", out.appendingPathComponent("b.mp4").path, "--background", "white"])
        #expect(white.status == 0 && !white.output.contains("transparency"), "\(white.output)")
    }

    /// `--threads` changes how many threads draw, never the pictures: PNG frames with one thread
    /// (no worker anywhere), three, and the default are equal byte for byte; 0 and 10,000 are
    /// refused as a wrong command line naming the option.
    @Test func threadsChangeNothingButTheThreads() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let input = try write(Self.square(fr: 30, op: 12), "square.json", in: out)
        var runs: [[String: Data]] = []
        for threads in [nil, "1", "3"] {
            let dir = out.appendingPathComponent("t\(threads ?? "default")")
            let result = try run(["render", input.path, "--format", "png", "--out", dir.path] + (threads.map { ["--threads", $0] } ?? []))
            #expect(result.status == 0, "\(result.output)")
            let frames = dir.appendingPathComponent("square")
            let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
            runs.append(Dictionary(uniqueKeysWithValues: try names.map { ($0, try Data(contentsOf: frames.appendingPathComponent($0))) }))
        }
        #expect(runs[0].count == 12)
        #expect(runs[1] == runs[0] && runs[2] == runs[0], "frames equal whatever the threads")
        for bad in ["0", "10000"] {
            let refused = try run(["render", input.path, "--format", "png", "--out", out.path, "--threads", bad])
            #expect(refused.status == 64 && refused.output.contains("--threads"), "\(bad): \(refused.output)")
        }
    }

    /// `--quality` reaches the encoder: x264 writes the settings it used into the stream.
    @Test func qualityChoosesTheEncodersSettings() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let input = try write(Self.square(fr: 30, op: 10), "square.json", in: out)
        for (quality, crf) in [("low", "crf=28.0"), ("medium", "crf=20.0"), ("high", "crf=16.0")] {
            let file = out.appendingPathComponent("\(quality).mp4")
            let result = try run(["render", input.path, "-o", file.path, "--quality", quality, "--background", "white"])
            #expect(result.status == 0, "\(result.output)")
            let settings = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            #expect(settings.contains(crf), "\(quality): \(crf) in x264's settings")
        }
    }

    /// Telegram stickers (.tgs: gzipped Lottie JSON) and standard input (`-`) are read like any
    /// Lottie file; a gzip bomb past the JSON limit and a cut-short stream are clear data errors.
    @Test func gzippedStickersAndStandardInputAreRead() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let json = Data(Self.square(fr: 30, op: 30).utf8)
        let sticker = out.appendingPathComponent("sticker.tgs")
        try Self.gzip(json).write(to: sticker)
        let fromSticker = out.appendingPathComponent("sticker.png")
        let result = try run(["render", sticker.path, "-o", fromSticker.path, "--frame", "15"])
        #expect(result.status == 0, "\(result.output)")
        let stickerFrame = try #require(CGImage.load(contentsOf: fromSticker))
        #expect(abs((LottieTimingTests.centre(stickerFrame) ?? 0) - 50) <= 1, "frame 15 of the sticker: the square half way")

        let fromInput = out.appendingPathComponent("stdin.png")
        let piped = try run(["render", "-", "-o", fromInput.path, "--frame", "15"], input: Self.gzip(json))
        #expect(piped.status == 0, "\(piped.output)")
        let pipedFrame = try #require(CGImage.load(contentsOf: fromInput))
        #expect(abs((LottieTimingTests.centre(pipedFrame) ?? 0) - 50) <= 1, "frame 15 read from standard input")

        // Tried: 2 MB of spaces gzipped to a few KB, with a 1 MB JSON limit; the first half of a stream.
        let bomb = out.appendingPathComponent("bomb.tgs")
        try Self.gzip(Data(repeating: 0x20, count: 2 << 20)).write(to: bomb)
        let refused = try run(["render", bomb.path, "-o", "\(out.path)/x.gif", "--limit", "json-mb=1"])
        #expect(refused.status == 65 && refused.output.contains("more than 1 MB"), "\(refused.output)")
        let cut = out.appendingPathComponent("cut.tgs")
        let whole = try Self.gzip(json)
        try whole.prefix(whole.count / 2).write(to: cut)
        let short = try run(["render", cut.path, "-o", "\(out.path)/y.gif"])
        #expect(short.status == 65 && short.output.contains("cut short"), "\(short.output)")
    }

    /// `render FOLDER`: every Lottie file in it, one output each.
    @Test func aFolderRendersEachOfItsFiles() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let inputs = out.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        _ = try write(Self.square(fr: 30, op: 6), "a.json", in: inputs)
        _ = try write(Self.square(fr: 30, op: 6), "b.json", in: inputs)
        try Data("not lottie".utf8).write(to: inputs.appendingPathComponent("notes.txt"))
        let result = try run(["render", inputs.path, "--format", "webp", "--out", out.path])
        #expect(result.status == 0, "\(result.output)")
        for name in ["a.webp", "b.webp"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name): \(result.output)")
        }
        // One -o file for two inputs would have the second refused half way: refused up front.
        let one = try run(["render", inputs.path, "-o", out.appendingPathComponent("one.gif").path])
        #expect(one.status == 64 && one.output.contains("--out"), "\(one.output)")
    }

    /// A scene takes `--size` and `--background`; `--version` names the release CHANGELOG.md
    /// opens with.
    @Test func scenesTakeSizeAndBackgroundAndVersionMatchesTheChangelog() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let scene = try write(
            ##"{"size": [100, 100], "duration": 0, "layers": [{"frame": [0, 0, 20, 20], "backgroundColor": "#FF0000"}]}"##, "scene.json", in: out)
        let png = out.appendingPathComponent("scene.png")
        let result = try run(["render", scene.path, "--size", "60x40", "--background", "#0000ff", "-o", png.path])
        #expect(result.status == 0, "\(result.output)")
        let image = try #require(CGImage.load(contentsOf: png))
        #expect(image.width == 60 && image.height == 40)
        #expect(near(image.rgba(10, 10), (255, 0, 0, 255)) && near(image.rgba(50, 30), (0, 0, 255, 255)), "\(image.rgba(50, 30))")

        let version = try run(["--version"])
        let changelog = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.components(separatedBy: "\n").first { $0.hasPrefix("## ") } ?? ""
        #expect(version.status == 0 && newest.contains(version.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(version.output) vs \(newest)")
    }

    /// `strata play` without a display says so and exits at once (SDL fell back to a driver that
    /// shows nothing, and it played unseen until killed).
    @Test func playWithoutADisplayExitsAtOnce() throws {
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment[name] = nil }
        let started = Date()
        // --seconds bounds the run should a display be found after all.
        let result = try StrataCommand.run(["play", "material-spinner", "--seconds", "20"], environment: environment)
        #expect(result.status == 1 && result.output.contains("no display"), "\(result.status): \(result.output)")
        #expect(Date().timeIntervalSince(started) < 15, "returned without playing")
    }

    static func gzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-n"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        DispatchQueue.global().async {
            try? input.fileHandleForWriting.write(contentsOf: data)
            try? input.fileHandleForWriting.close()
        }
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return result
    }
}
