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

    func validate() throws {
        guard format == "all" || ExportFormat(rawValue: format) != nil else {
            throw ValidationError("unknown format '\(format)'; use png, gif, mp4, sheet or all")
        }
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
        for format in formats {
            let target = DemoCommand.target(for: name, format: format, in: folder, still: settings.duration == 0)
            let progress = Progress(label: "\(name) \(format.rawValue)")
            try configured.export(format, to: target, progress: progress.update)
            progress.finish(path: target.path)
        }
    }
}
