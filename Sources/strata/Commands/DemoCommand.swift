import ArgumentParser
import Foundation
import StrataCommandLine
import QuartzCore
import StrataExport

/// `strata demo [NAME] [--out DIR] [--format ...]`: renders one demo, or all of them.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render a demo (or every demo) to PNG, GIF, MP4 or a contact sheet.",
        discussion: "Animated demos play on their own clock: frame i shows time i/fps. GIF and MP4 need ffmpeg.")

    @Argument(help: "The demo to render; the whole gallery (all but the load tests) when omitted. `strata list` names them.")
    var name: String?

    @Option(help: "The folder to write into (created when missing).")
    var out: String = "out"

    @Option(parsing: .unconditional, help: "png (one file per frame), gif, mp4, sheet (contact sheet), apng, webp or webm (animated, transparent), or all (gif, mp4 and sheet).")
    var format: String = "all"

    @Option(parsing: .unconditional, help: "Frames per second (1–240); the demo's own rate when omitted.")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Size in points, as WIDTHxHEIGHT; the demo's own size when omitted.")
    var size: String?

    @Option(parsing: .unconditional, help: "Pixels per point (up to 8).")
    var scale: Double = 1

    @Option(parsing: .unconditional, help: "Seconds to render; the demo's own length when omitted.")
    var duration: Double?

    @OptionGroup var encoding: EncodingChoices

    func validate() throws {
        if let name, Demo.named(name) == nil {
            throw ValidationError("unknown demo '\(name)'; known demos: \(Demo.everyDemo.map(\.name).joined(separator: ", "))")
        }
        guard format == "all" || ExportFormat(rawValue: format) != nil else {
            throw ValidationError("unknown format '\(format)'; use png, gif, mp4, sheet, apng, webp, webm or all")
        }
        if let size { _ = try Self.parseSize(size) }
        try EncodingChoices.check(fps: fps, scale: scale, duration: duration)
    }

    static func parseSize(_ text: String) throws -> CGSize {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
            throw ValidationError("size '\(text)' should look like 640x480")
        }
        return CGSize(width: w, height: h)
    }

    func run() throws {
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        let demos = name.flatMap(Demo.named).map { [$0] } ?? Demo.all
        let formats: [ExportFormat] = format == "all" ? [.gif, .mp4, .sheet] : [ExportFormat(rawValue: format)!]
        let started = Date()
        for demo in demos {
            switch demo.kind {
            case .still(let render):
                try LayerRecording.makeFolder(folder)
                guard let image = render() else { throw ExportError("demo '\(demo.name)' could not be rendered") }
                let file = folder.appendingPathComponent("\(demo.name).png")
                try image.writePNG(to: file)
                print("wrote \(file.path)")
            case .document(let write):
                try LayerRecording.makeFolder(folder)
                for file in try write(folder) { print("wrote \(file.path)") }
            case .animation(let defaults, let make):
                var settings = defaults
                if let fps { settings.fps = fps }
                if let size { settings.size = try Self.parseSize(size) }
                settings.scale = scale
                if let duration { settings.duration = duration }
                settings = encoding.applied(to: settings)
                try settings.validate()
                // A still (duration 0) is one PNG whatever the format.
                let wanted: [ExportFormat] = settings.duration == 0 ? [.sheet] : formats
                // Every format from one rendering (a GIF above 50 fps from its own, at 50 fps).
                let targets = wanted.map { ExportTarget($0, OutputNames.target(for: demo.name, format: $0, in: folder, still: settings.duration == 0)) }
                try make(settings).export(targets, options: encoding.options)
            }
        }
        print(String(format: "done in %.1f s; files are in %@", Date().timeIntervalSince(started), folder.path))
    }
}

/// `strata list`: the demos and what each shows.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the demos.")

    func run() {
        for demo in Demo.everyDemo { print("\(demo.name)\t\(demo.summary)") }
    }
}
