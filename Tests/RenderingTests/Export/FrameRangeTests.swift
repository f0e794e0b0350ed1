import Foundation
import QuartzCore
import StrataExport
import StrataScene
import Testing

/// Issue 17 part 5: frames rendered in ranges (in this process or by separate `strata`
/// processes) equal a whole run byte for byte; MP4 segments join into a file with every frame.
@Suite("Frame ranges and joined segments")
struct FrameRangeTests {
    private func folder(_ name: String) -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("strata-ranges-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A recording whose later frames depend on what happened earlier: a scripted change at
    /// 0.4 s, and a delegate callback at the end of the first animation that starts a second.
    private func recording() -> LayerRecording {
        LayerRecording(settings: ExportSettings(size: CGSize(width: 80, height: 40), fps: 20, duration: 1)) { script in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 80, height: 40)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let box = CALayer()
            box.frame = CGRect(x: 0, y: 10, width: 20, height: 20)
            box.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(box)
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 10
            move.toValue = 70
            move.duration = 0.5
            move.delegate = Chain(box)
            box.add(move, forKey: "move")
            script.at(0.4) { box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
            return root
        }
    }

    /// Starts a fade when the move ends (a callback that changes the model).
    private final class Chain: CAAnimationDelegate {
        let layer: CALayer
        init(_ layer: CALayer) { self.layer = layer }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.2
            fade.duration = 0.5
            layer.add(fade, forKey: "fade")
        }
    }

    /// The PNG files of `folder`, by name (compared whole: byte for byte).
    private func hashes(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".png") {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    @Test func rangesInOneProcessEqualTheWholeRun() throws {
        let whole = folder("whole"), parts = folder("parts")
        try recording().export(.png, to: whole, reportsProgress: false)
        try recording().export(.png, to: parts, frames: 0...6, reportsProgress: false)
        try recording().export(.png, to: parts, frames: 7...20, parallel: false, reportsProgress: false)
        let expected = try hashes(in: whole)
        #expect(expected.count == 21)
        #expect(try hashes(in: parts) == expected, "every frame, byte for byte")
    }

    /// Issue 46: the card scene (shapes and layers that change frame after frame) rendered from
    /// frame 45, 46 and 13 on, in parallel and in order, equals the whole run byte for byte: the
    /// first frames of a range are drawn as the same frames mid-run (before, frames 45 and 46
    /// of `--frames 45..90` differed in 467 pixels: a live renderer's direct drawing of changing
    /// layers starts after a few changes, which a range had not seen).
    @Test func rangesOfTheCardSceneEqualItsWholeRun() throws {
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/scenes/card.json")
        let whole = folder("card-whole")
        try SceneFile.load(scene).export(.png, to: whole, reportsProgress: false)
        let expected = try hashes(in: whole)
        #expect(expected.count > 90)
        for (start, parallel) in [(45, true), (46, false), (13, true)] {
            let part = folder("card-\(start)")
            try SceneFile.load(scene).export(.png, to: part, frames: start...(start + 20), parallel: parallel, reportsProgress: false)
            let got = try hashes(in: part)
            #expect(got.count == 21)
            for (name, data) in got {
                #expect(expected[name] == data, "frames from \(start) (parallel \(parallel)): \(name)")
            }
        }
    }

    @Test func aRangeOutsideTheRecordingIsRefused() {
        // Tried: a range past the last frame, and one starting below it.
        #expect(throws: ExportError.self) { try recording().export(.png, to: folder("bad"), frames: 15...21, reportsProgress: false) }
        #expect(throws: ExportError.self) { try recording().renderFrames(range: 30...40) { (_: Int, _: Double, _: CGImage) in } }
    }

    // MARK: - Separate processes

    /// The `strata` executable built next to this test binary.
    private var strata: URL { StrataCommand.url }

    @discardableResult
    private func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let (text, status) = try StrataCommand.run(arguments, executable: executable)
        #expect(status == 0, "\(executable.lastPathComponent) \(arguments): \(text)")
        return text
    }

    private func sceneFile() throws -> URL {
        let url = folder("scene").appendingPathComponent("slide.json")
        try """
            { "size": [80, 40], "fps": 20, "duration": 1.5,
              "layers": [ { "name": "box", "frame": [0, 10, 20, 20], "backgroundColor": "#0000FF",
                            "animations": [ { "keyPath": "position.x", "fromValue": 10, "toValue": 70, "duration": 1 } ] } ],
              "changes": [ { "time": 0.6, "layer": "box", "set": { "backgroundColor": "#FF0000" } } ] }
            """.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Issue 46: every bench Lottie file rendered by `strata render` from frame 0 and from two
    /// later frames (on every core, and on one) gives the whole run's frames byte for byte: no
    /// frame depends on what was drawn before it in the process (direct drawing, kept rasters,
    /// placed copies, damage). dog_car_ride and gradient_shapes are left out for time (1200² and
    /// 1920×1080 in a debug build; checked by hand: equal).
    @Test(arguments: [
        "TwitterHeartButton", "step_loader", "LottieLogo1_masked", "infinity_loader", "loading_gradient_strokes",
        "success", "shop", "growth",
    ])
    func rangesOfABenchFileEqualItsWholeRun(name: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: strata.path), "strata is built with the tests")
        let file = DirectDrawingTests.files.appendingPathComponent("\(name).json").path
        let whole = folder("bench-whole")
        try run(strata, ["render", file, "--format", "png", "--frames", "0..24", "--out", whole.path])
        let expected = try hashes(in: whole.appendingPathComponent(name))
        #expect(expected.count == 25)
        for (start, threads) in [(7, "2"), (16, "1")] {
            let part = folder("bench-\(start)")
            try run(strata, [
                "render", file, "--format", "png", "--frames", "\(start)..24", "--threads", threads, "--out", part.path,
            ])
            let got = try hashes(in: part.appendingPathComponent(name))
            #expect(got.count == 25 - start)
            for (frame, data) in got where expected[frame] != data {
                Issue.record("\(name) from frame \(start) (\(threads) threads): \(frame) differs from the whole run's")
            }
        }
    }

    @Test func twoProcessesRenderingHalvesGiveTheWholeRunsFrames() throws {
        try #require(FileManager.default.isExecutableFile(atPath: strata.path), "strata is built with the tests")
        let scene = try sceneFile()
        let whole = folder("cli-whole"), halves = folder("cli-halves")
        try run(strata, ["render", scene.path, "--format", "png", "--out", whole.path])
        try run(strata, ["render", scene.path, "--format", "png", "--frames", "0..14", "--out", halves.path])
        try run(strata, ["render", scene.path, "--format", "png", "--frames", "15..30", "--out", halves.path])
        let expected = try hashes(in: whole.appendingPathComponent("slide"))
        #expect(expected.count == 31)
        #expect(try hashes(in: halves.appendingPathComponent("slide")) == expected)
    }

    @Test func joinedMP4SegmentsHoldEveryFrame() throws {
        try #require(FileManager.default.isExecutableFile(atPath: strata.path), "strata is built with the tests")
        let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")
        try #require(FileManager.default.isExecutableFile(atPath: ffprobe.path), "ffprobe comes with Debian's ffmpeg")
        let scene = try sceneFile()
        let out = folder("segments")
        try run(strata, ["render", scene.path, "--format", "mp4", "--frames", "0..9", "--out", out.path])
        try run(strata, ["render", scene.path, "--format", "mp4", "--frames", "10..30", "--out", out.path])
        let first = out.appendingPathComponent("slide-00000-00009.mp4"), second = out.appendingPathComponent("slide-00010-00030.mp4")
        let joined = out.appendingPathComponent("joined.mp4")
        let said = try run(strata, ["concat", first.path, second.path, "--out", joined.path])
        #expect(said.contains("wrote"))
        let count = try run(ffprobe, [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
            "-of", "csv=p=0", joined.path,
        ])
        #expect(count.trimmingCharacters(in: .whitespacesAndNewlines) == "31", "every frame of 0..30: \(count)")
    }

    @Test func joiningNothingOrAMissingFileIsAClearError() throws {
        // Tried: no segments; a segment that does not exist.
        #expect(throws: ExportError.self) { try SegmentJoiner.join([], into: folder("j").appendingPathComponent("a.mp4")) }
        do {
            try SegmentJoiner.join([URL(fileURLWithPath: "/nonexistent/a.mp4")], into: folder("j").appendingPathComponent("b.mp4"))
            Issue.record("expected an error")
        } catch let error as ExportError {
            #expect(error.description.contains("ffmpeg could not join"), "\(error)")
        }
    }

    /// Issue 29: joining into one of the segments (it would be destroyed) and a segment name
    /// with a line break (ffmpeg's list would cut it) are refused before ffmpeg runs; the
    /// segment is untouched.
    @Test func joiningIntoASegmentOrANameWithALineBreakIsRefused() throws {
        let dir = folder("j-hostile")
        let segment = dir.appendingPathComponent("a.mp4")
        try Data("not really a video".utf8).write(to: segment)
        do {
            try SegmentJoiner.join([segment, segment], into: segment)
            Issue.record("expected an error")
        } catch let error as ExportError {
            #expect(error.description.contains("is one of the segments"), "\(error)")
        }
        #expect(try Data(contentsOf: segment) == Data("not really a video".utf8), "the segment is untouched")
        // The same file reached through a link and a dotted path.
        let link = dir.appendingPathComponent("link.mp4")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: segment)
        #expect(throws: ExportError.self) {
            try SegmentJoiner.join([link], into: URL(fileURLWithPath: dir.path + "/./a.mp4"))
        }
        let odd = dir.appendingPathComponent("b\nc.mp4")
        do {
            try SegmentJoiner.join([segment, odd], into: dir.appendingPathComponent("joined.mp4"))
            Issue.record("expected an error")
        } catch let error as ExportError {
            #expect(error.description.contains("line break"), "\(error)")
        }
    }

    @Test func longRendersReportProgressAsOneLinePerFileOffATerminal() throws {
        try #require(FileManager.default.isExecutableFile(atPath: strata.path), "strata is built with the tests")
        let scene = try sceneFile()
        let out = folder("progress")
        let said = try run(strata, ["render", scene.path, "--format", "png", "--out", out.path])
        let lines = said.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("wrote ") && lines[0].contains("31 frames"), "\(said)")
        #expect(!said.contains("\r"), "no live line when the output is not a terminal")
        // The live line a terminal gets.
        let line = ExportProgress.line("slide.gif", done: 12, total: 48, elapsed: 0.5)
        #expect(line.hasPrefix("slide.gif [######..................] 12/48 frames, 24 fps, 1.5 s left"), "\(line)")
    }
}
