import ArgumentParser
import Foundation
import QuartzCore
import StrataExport
import StrataScene

/// `strata render SCENE.json`: the same outputs as `demo`, from a scene file.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene file (JSON: layers, animations, timed changes) to PNG, GIF, MP4 or a contact sheet.",
        discussion: "The format is described in the README (\"Scene files\"). Errors name the place in the file.")

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "The folder to write into (created when missing).")
    var out: String = "out"

    @Option(help: "png (one file per frame), gif, mp4, sheet (contact sheet), or all (gif, mp4 and sheet).")
    var format: String = "all"

    @Option(help: "Frames per second (1–240); the file's when omitted.")
    var fps: Double?

    @Option(help: "Pixels per point (up to 8); the file's when omitted.")
    var scale: Double?

    @Option(help: "Seconds to render; the file's when omitted.")
    var duration: Double?

    @Option(help: ArgumentHelp(
        "Only frames A..B (both included), e.g. 0..149: PNGs keep their frame numbers, an MP4 or GIF is a segment.",
        discussion: "Frames rendered in ranges, by separate processes too, equal a whole run's; join MP4 segments with `strata concat`.",
        valueName: "A..B"))
    var frames: String?

    func validate() throws {
        guard format == "all" || ExportFormat(rawValue: format) != nil else {
            throw ValidationError("unknown format '\(format)'; use png, gif, mp4, sheet or all")
        }
        if let frames { _ = try Self.parseRange(frames) }
    }

    /// "A..B" (both ends included), or a single frame "A".
    static func parseRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.components(separatedBy: "..")
        let numbers = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == parts.count, (1...2).contains(numbers.count), let a = numbers.first, let b = numbers.last,
            a >= 0, a <= b
        else { throw ValidationError("frames '\(text)' should look like 0..149 (first and last frame, first ≤ last)") }
        return a...b
    }

    func run() throws {
        let url = URL(fileURLWithPath: scene)
        let recording: LayerRecording
        do {
            recording = try SceneFile.load(url)
        } catch let error as SceneError {
            throw ValidationError("\(url.lastPathComponent): \(error)")
        }
        var settings = recording.settings
        if let fps { settings.fps = fps }
        if let scale { settings.scale = scale }
        if let duration { settings.duration = duration }
        try settings.validate()
        let configured = settings == recording.settings ? recording : try SceneFile.load(url, settings: settings)
        let name = url.deletingPathExtension().lastPathComponent
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        let formats: [ExportFormat] = settings.duration == 0 ? [.sheet] : format == "all" ? [.gif, .mp4, .sheet] : [ExportFormat(rawValue: format)!]
        let range = try frames.map(Self.parseRange)
        // A segment's file names say which frames it holds: name-00000-00149.mp4.
        let segmentName = range.map { String(format: "%@-%05d-%05d", name, $0.lowerBound, $0.upperBound) }
        for format in formats {
            let target = DemoCommand.target(
                for: format == .png ? name : segmentName ?? name, format: format, in: folder,
                still: settings.duration == 0)
            try configured.export(format, to: target, frames: range)
        }
    }
}
