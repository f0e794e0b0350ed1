import CoreGraphics
import Foundation
import QuartzCore
import StrataExport
import Testing

/// Issue 40: several formats from one rendering, a sheet that draws only its cells, scripted
/// events once a pass, and loops end-exclusive.
@Suite("Export: every format from one rendering")
struct ExportTogetherTests {
    func folder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-together-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A square sliding across; `builds` counts how often its tree is made (once a rendering).
    final class Counter: @unchecked Sendable { var builds = 0; var events = 0 }

    func recording(_ counter: Counter, fps: Double = 20, duration: Double = 2, loops: Bool = false) -> LayerRecording {
        LayerRecording(settings: ExportSettings(size: CGSize(width: 40, height: 20), fps: fps, duration: duration, loops: loops)) { script in
            counter.builds += 1
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
            let square = CALayer()
            square.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
            square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(square)
            script.at(0.5) { counter.events += 1 }
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 5
            move.toValue = 35
            move.duration = duration
            square.add(move, forKey: "move")
            return root
        }
    }

    /// `--format all`: the GIF, MP4 and sheet come from one build of the tree (they were four
    /// renderings: two GIF passes, the MP4, the sheet), and a scripted event runs once.
    @Test func gifMP4AndSheetComeFromOneRendering() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let counter = Counter()
        let targets = [ExportTarget(.gif, out.appendingPathComponent("a.gif")), ExportTarget(.mp4, out.appendingPathComponent("a.mp4")),
                       ExportTarget(.sheet, out.appendingPathComponent("a-sheet.png"))]
        try recording(counter).export(targets, reportsProgress: false)
        #expect(counter.builds == 1 && counter.events == 1, "builds \(counter.builds), events \(counter.events)")
        for target in targets {
            let size = (try FileManager.default.attributesOfItem(atPath: target.url.path)[.size] as? Int) ?? 0
            #expect(size > 100, "\(target.url.lastPathComponent): \(size) bytes")
        }
    }

    /// A GIF too long for ffmpeg's memory is made in two passes (palette, then frames): the tree
    /// is built once a pass, and a script's event runs once in each (it ran twice in the second).
    @Test func aTwoPassGIFRunsEachEventOnceAPass() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let counter = Counter()
        // 900 × 900 × 4 B × 101 frames ≈ 327 MB: past the one-pass limit (256 MiB).
        let wide = recording(counter).with(settings: ExportSettings(size: CGSize(width: 900, height: 900), fps: 50, duration: 2))
        try wide.export([ExportTarget(.gif, out.appendingPathComponent("big.gif"))], options: EncodingOptions(quality: .low), reportsProgress: false)
        #expect(counter.builds == 2 && counter.events == 2, "two passes: builds \(counter.builds), events \(counter.events)")
    }

    /// A contact sheet alone draws only its twelve cells, not all 201 frames.
    @Test func aSheetAloneDrawsOnlyItsCells() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        var drawn = 0
        try recording(Counter(), fps: 20, duration: 10).export(
            [ExportTarget(.sheet, out.appendingPathComponent("s.png"))], reportsProgress: false, progress: { _, _ in drawn += 1 })
        #expect(drawn == 12, "frames drawn: \(drawn)")
        let sheet = try #require(CGImage.load(contentsOf: out.appendingPathComponent("s.png")))
        #expect(sheet.width == 4 * 40 + 5 * 8 && sheet.height == 3 * 20 + 4 * 8, "\(sheet.width)x\(sheet.height)")
    }

    /// A loop's frame count leaves out its end (frame 0 again); a recording that does not loop
    /// keeps both ends.
    @Test func loopsAreEndExclusive() {
        let loop = ExportSettings(size: CGSize(width: 1, height: 1), fps: 60, duration: 116.0 / 60, loops: true)
        let once = ExportSettings(size: CGSize(width: 1, height: 1), fps: 60, duration: 116.0 / 60)
        #expect(loop.frameCount == 116 && once.frameCount == 117)
        #expect(loop.forGIF?.fps == 50 && loop.forGIF?.frameCount == 97, "1.933 s at 50 fps: 97 frames")
        let still = ExportSettings(size: CGSize(width: 1, height: 1), fps: 30, duration: 0, loops: true)
        #expect(still.frameCount == 1)
    }
}
