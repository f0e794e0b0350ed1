import Foundation
import QuartzCore
import StrataExport
import Testing

@Suite("Offline export: frames, files, ffmpeg, limits")
struct LayerRecordingTests {
    /// A white 100×60 root with a red 20×20 square at (0, 20).
    func squareScene() -> (root: CALayer, square: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 20, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        return (root, square)
    }

    /// A 100×60 scene: a red square moving from x = 10 to x = 90 (its centre) over 2 s, from the start.
    func movingSquare(fps: Double = 10, duration: Double = 2) -> LayerRecording {
        LayerRecording(settings: ExportSettings(size: CGSize(width: 100, height: 60), fps: fps, duration: duration)) {
            let (root, square) = self.squareScene()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 10
            move.toValue = 90
            move.duration = 2
            move.fillMode = .forwards
            move.isRemovedOnCompletion = false
            square.add(move, forKey: "move")
            return root
        }
    }

    func temporaryFolder() -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("strata-export-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func frameTimesComeFromTheIndex() {
        let settings = ExportSettings(size: CGSize(width: 10, height: 10), fps: 30, duration: 1)
        #expect(settings.frameCount == 31)
        #expect(settings.time(ofFrame: 30) == 1.0)
        // 0.1 added 30 times is not 3.0; i / fps is as exact as a division can be.
        let sixty = ExportSettings(size: CGSize(width: 10, height: 10), fps: 60, duration: 10)
        #expect(sixty.time(ofFrame: 599) == 599.0 / 60)
        #expect(sixty.frameCount == 601)
    }

    @Test func framesShowTheAnimationAtEachFrameTime() throws {
        var centres: [Double] = []
        try movingSquare().renderFrames { (_: Int, _: Double, frame: CGImage) in
            // The red square's left edge on row 30.
            let left = (0..<100).first { frame.rgba($0, 30).g < 128 } ?? -1
            centres.append(Double(left) + 10)
        }
        #expect(centres.count == 21)
        for (i, centre) in centres.enumerated() {
            let expected = 10 + 80 * min(Double(i) / 10 / 2, 1)
            #expect(abs(centre - expected) <= 1, "frame \(i): centre \(centre), expected \(expected)")
        }
    }

    @Test(arguments: [ExportSettings.defaultClockOrigin, 0, 12_345.678])
    func recordingsRunOnAClockThatDoesNotStartAtZero(origin: Double) throws {
        // A delayed group as real code writes it (CACurrentMediaTime() + delay, children's begin
        // times relative to the group); by default the recording's clock is not at 0.
        var startedAt = -1.0
        let settings = ExportSettings(size: CGSize(width: 100, height: 60), fps: 10, duration: 2, clockOrigin: origin)
        let recording = LayerRecording(settings: settings) {
            startedAt = CACurrentMediaTime()
            let (root, square) = self.squareScene()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 10
            move.toValue = 90
            move.duration = 1
            move.beginTime = 0.5
            let group = CAAnimationGroup()
            group.animations = [move]
            group.duration = 1.5
            group.beginTime = CACurrentMediaTime() + 0.5
            square.add(group, forKey: "move")
            return root
        }
        var centres: [Double] = []
        try recording.renderFrames { (_: Int, _: Double, frame: CGImage) in
            let left = (0..<100).first { frame.rgba($0, 30).g < 128 } ?? -1
            centres.append(Double(left) + 10)
        }
        #expect(startedAt == origin)
        // The group starts 0.5 s in, its child 0.5 s later: frames 10…20 move 10 → 90.
        #expect(abs(centres[5] - 10) <= 1 && abs(centres[9] - 10) <= 1, "not moving before 1 s")
        #expect(abs(centres[15] - 50) <= 1, "half way at 1.5 s, got \(centres[15])")
        #expect(abs(centres[20] - 10) <= 1, "over at 2 s: back to the model")
    }

    @Test func scriptedEventsRunAtTheirTimesAndAnimateImplicitly() throws {
        var square: CALayer?
        let recording = LayerRecording(settings: ExportSettings(size: CGSize(width: 100, height: 60), fps: 20, duration: 1)) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            root.addSublayer(layer)
            square = layer
            return root
        }
        recording.at(0.5) { square?.opacity = 0 }  // implicit: 0.25 s fade
        var alphas: [Int] = []
        try recording.renderFrames { (_: Int, _: Double, frame: CGImage) in alphas.append(frame.rgba(50, 30).a) }
        #expect(alphas[9] == 255)  // t = 0.45: before the click
        #expect(alphas[12] > 40 && alphas[12] < 215)  // t = 0.6: fading
        #expect(alphas[20] == 0)  // t = 1.0: done
    }

    @Test func pngSequenceAndContactSheet() throws {
        let folder = temporaryFolder()
        try movingSquare(duration: 0.5).export(.png, to: folder.appendingPathComponent("frames"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path)
        #expect(files.sorted() == (0...5).map { String(format: "frame-%05d.png", $0) })
        let sheetURL = folder.appendingPathComponent("sheet.png")
        try movingSquare().export(.sheet, to: sheetURL, sheetFrames: 8)
        let sheet = try #require(CGImage.load(contentsOf: sheetURL))
        #expect(sheet.width == 4 * 100 + 5 * 8)
        #expect(sheet.height == 2 * 60 + 3 * 8)
    }

    @Test func gifAndMP4AreEncodedByFFmpeg() throws {
        let folder = temporaryFolder()
        for format in [ExportFormat.gif, .mp4] {
            let url = folder.appendingPathComponent("clip.\(format.rawValue)")
            try movingSquare().export(format, to: url)
            let data = try Data(contentsOf: url)
            #expect(data.count > 500)
            if format == .gif { #expect(data.prefix(6) == Data("GIF89a".utf8)) }
            if format == .mp4 { #expect(data.dropFirst(4).prefix(4) == Data("ftyp".utf8)) }
        }
    }

    @Test func theTwoPassGIFIsTheOnePassGIFByteForByte() throws {
        // export() makes GIFs in two passes (palette, then mapping) so that ffmpeg need not hold
        // every frame; one ffmpeg run over the same frames (the old route) must give the same file.
        let folder = temporaryFolder()
        let recording = movingSquare(fps: 15, duration: 2)
        let twoPass = folder.appendingPathComponent("two.gif")
        try recording.export(.gif, to: twoPass, reportsProgress: false)
        let onePass = folder.appendingPathComponent("one.gif")
        let encoder = try FFmpegEncoder(writing: onePass, job: .gif, settings: recording.settings)
        try recording.renderFrames { (_: Int, _: Double, frame: CGImage) in try encoder.write(frame) }
        try encoder.finish()
        let a = try Data(contentsOf: twoPass), b = try Data(contentsOf: onePass)
        #expect(a.count > 500 && a == b, "two passes: \(a.count) bytes, one pass: \(b.count) bytes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["one.gif", "two.gif"], "the palette file (made beside the GIF) is removed: \(files)")
    }

    @Test func anOddSizedMP4IsPaddedToEvenDimensions() throws {
        // H.264 needs even sizes: 101×61 pixels are padded (the pad filter is left out for even sizes).
        let url = temporaryFolder().appendingPathComponent("odd.mp4")
        let recording = LayerRecording(settings: ExportSettings(size: CGSize(width: 101, height: 61), fps: 10, duration: 0.5)) {
            self.squareScene().0
        }
        try recording.export(.mp4, to: url, reportsProgress: false)
        let data = try Data(contentsOf: url)
        #expect(data.dropFirst(4).prefix(4) == Data("ftyp".utf8), "an MP4 was written (\(data.count) bytes)")
    }

    @Test func ffmpegMissingNamesTheDebianPackage() {
        let settings = ExportSettings(size: CGSize(width: 10, height: 10), duration: 1)
        // Tried: a search path without ffmpeg.
        #expect(throws: ExportError.self) {
            _ = try FFmpegEncoder(
                writing: URL(fileURLWithPath: "/tmp/x.mp4"), format: .mp4, settings: settings, searchPath: "/nonexistent")
        }
        do {
            _ = try FFmpegEncoder(
                writing: URL(fileURLWithPath: "/tmp/x.mp4"), format: .mp4, settings: settings, searchPath: "/nonexistent")
        } catch let error as ExportError {
            #expect(error.message.contains("install the Debian package 'ffmpeg'"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func ffmpegFailuresCarryItsMessage() {
        let folder = temporaryFolder()
        // Tried: an output name taken by a folder (ffmpeg cannot open it for writing).
        let taken = folder.appendingPathComponent("clip.mp4")
        try? FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
        do {
            try movingSquare(duration: 0.2).export(.mp4, to: taken)
            Issue.record("expected an error")
        } catch let error as ExportError {
            #expect(error.message.hasPrefix("ffmpeg failed"))
            #expect(error.message.lowercased().contains("directory"), "\(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func unwritableFoldersAreReported() {
        // Tried: a folder under a file (cannot be created).
        let file = temporaryFolder().appendingPathComponent("plain-file")
        FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8))
        #expect(throws: ExportError.self) {
            try movingSquare(duration: 0.1).export(.png, to: file.appendingPathComponent("frames"))
        }
    }

    @Test(arguments: [
        ExportSettings(size: CGSize(width: 0, height: 10), duration: 1),  // empty
        ExportSettings(size: CGSize(width: 100_000, height: 10), duration: 1),  // absurdly wide
        ExportSettings(size: CGSize(width: 10, height: 10), fps: 0, duration: 1),
        ExportSettings(size: CGSize(width: 10, height: 10), fps: 1000, duration: 1),
        ExportSettings(size: CGSize(width: 10, height: 10), duration: -1),
        ExportSettings(size: CGSize(width: 10, height: 10), duration: .nan),
        ExportSettings(size: CGSize(width: 10, height: 10), fps: 240, duration: 3000),  // 720,001 frames
        ExportSettings(size: CGSize(width: 10, height: 10), scale: .infinity, duration: 1),
        // Found by the scene fuzzer: a size of 3·10⁹⁴ trapped converting to Int before the check.
        ExportSettings(size: CGSize(width: 40, height: 3e94), duration: 1),
        ExportSettings(size: CGSize(width: 10, height: 10), fps: 30, duration: 1e300),
    ])
    func absurdSettingsAreRefused(_ settings: ExportSettings) {
        #expect(throws: ExportError.self) { try settings.validate() }
    }

    /// Frames drawn on every core are the same, byte for byte, as frames drawn in order (a
    /// scene with a moving layer, an implicit animation from a scripted change, text and a shape).
    @Test func parallelFramesAreByteIdenticalToSequentialOnes() throws {
        func recording() -> LayerRecording {
            var box: CALayer?
            let r = LayerRecording(settings: ExportSettings(size: CGSize(width: 120, height: 80), fps: 20, duration: 1.5)) {
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
                root.backgroundColor = CGColor(gray: 1, alpha: 1)
                let layer = CALayer()
                layer.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
                layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
                layer.cornerRadius = 8
                layer.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
                root.addSublayer(layer)
                let text = CATextLayer()
                text.frame = CGRect(x: 60, y: 10, width: 60, height: 20)
                text.string = "Hello"
                text.fontSize = 14
                text.foregroundColor = CGColor(gray: 0, alpha: 1)
                root.addSublayer(text)
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                spin.byValue = CGFloat.pi
                spin.duration = 1.5
                layer.add(spin, forKey: "spin")
                box = layer
                return root
            }
            r.at(0.5) { box?.position = CGPoint(x: 80, y: 50) }  // animates implicitly
            return r
        }
        var sequential: [Data] = []
        try recording().renderFrames { (_: Int, _: Double, frame: CGImage) in sequential.append(frame.dataProvider!.data! as Data) }
        var parallel: [Data] = []
        try recording().renderFramesInParallel(batch: 4) { _, _, frame in parallel.append(frame.dataProvider!.data! as Data) }
        #expect(sequential.count == 31 && parallel.count == 31)
        for k in 0..<min(sequential.count, parallel.count) {
            #expect(sequential[k] == parallel[k], "frame \(k) differs")
        }
        #expect(sequential[5] != sequential[15])  // the frames do change
    }
}
