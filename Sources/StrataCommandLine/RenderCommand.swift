import ArgumentParser
import Foundation
import QuartzCore
import StrataExport
import StrataInput
import StrataLottie
import StrataScene

/// `strata render SCENE.json`: the same outputs as `demo`, from a scene file.
public struct RenderCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene file or a Lottie file (.json, .lottie) to PNG, GIF, MP4 or a contact sheet.",
        discussion: "Scene files are described in the README (\"Scene files\"); Lottie files are told apart by content. "
            + "Errors name the place in the file.")

    @Argument(help: "The scene file or Lottie file.")
    var scene: String

    @Option(parsing: .unconditional, help: "Lottie: write one still PNG of this frame (the file's frame numbers, fractions allowed).")
    var frame: Double?

    @Option(help: "Lottie: write one still PNG at this marker's frame (`strata info` lists the markers).")
    var marker: String?

    @Option(parsing: .unconditional, help: "Lottie: the picture's size in points, WxH (the animation is fitted, aspect kept); the file's when omitted.")
    var size: String?

    @Option(help: "Lottie: a background colour (#RRGGBB, #RRGGBBAA, white, black); transparent when omitted.")
    var background: String?

    @Option(help: "The folder to write into (created when missing).")
    var out: String = "out"

    @Option(parsing: .unconditional, help: "png (one file per frame), gif, mp4, sheet (contact sheet), apng, webp or webm (animated, transparent), or all (gif, mp4 and sheet).")
    var format: String = "all"

    @Option(parsing: .unconditional, help: "Frames per second (1–240); the file's when omitted.")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Pixels per point (up to 8); the file's when omitted.")
    var scale: Double?

    @Option(parsing: .unconditional, help: "Seconds to render; the file's when omitted.")
    var duration: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Only frames A..B (both included), e.g. 0..149: PNGs keep their frame numbers, an MP4 or GIF is a segment.",
        discussion: "Frames rendered in ranges, by separate processes too, equal a whole run's; join MP4 segments with `strata concat`.",
        valueName: "A..B"))
    var frames: String?

    @Option(name: .customLong("limit"), parsing: .unconditionalSingleValue, help: LottieRendering.limitHelp)
    var limitAssignments: [String] = []

    @OptionGroup var choices: LottieChoices

    public init() {}

    public func validate() throws {
        guard format == "all" || ExportFormat(rawValue: format) != nil else {
            throw ValidationError("unknown format '\(format)'; use png, gif, mp4, sheet, apng, webp, webm or all")
        }
        if let frames { _ = try Self.parseRange(frames) }
        if let frame, !frame.isFinite { throw ValidationError("--frame must be a finite number") }
        if frame != nil, marker != nil { throw ValidationError("give --frame or --marker, not both") }
        if let size { _ = try LottieRendering.parseSize(size) }
        if let background { _ = try LottieRendering.parseColor(background) }
        _ = try LottieRendering.limits(limitAssignments)
    }

    /// "A..B" (both ends included), or a single frame "A".
    public static func parseRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.components(separatedBy: "..")
        let numbers = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == parts.count, (1...2).contains(numbers.count), let a = numbers.first, let b = numbers.last,
            a >= 0, a <= b
        else { throw ValidationError("frames '\(text)' should look like 0..149 (first and last frame, first ≤ last)") }
        return a...b
    }

    public func run() throws {
        try InputFile.check(scene)
        let url = URL(fileURLWithPath: scene)
        if LottieRendering.isLottie(url) { return try renderLottie(url) }
        if frame != nil || size != nil || background != nil || marker != nil {
            if let data = try? Data(contentsOf: url), let problem = JSONSyntax.firstProblem(in: data) {
                throw ValidationError("\(url.lastPathComponent): not a JSON document: \(problem)")
            }
            throw ValidationError(
                "--frame, --marker, --size and --background are for Lottie files; \(url.lastPathComponent) is not one "
                    + "(Bodymovin JSON with fr, op and layers, or a .lottie archive)")
        }
        let recording: LayerRecording
        do {
            recording = try SceneFile.load(url, limits: try LottieRendering.limits(limitAssignments))
        } catch let error as SceneError {
            throw ValidationError("\(url.lastPathComponent): \(error)")
        }
        var settings = recording.settings
        if let fps { settings.fps = fps }
        if let scale { settings.scale = scale }
        if let duration { settings.duration = duration }
        try settings.validate()
        let configured = settings == recording.settings ? recording : try SceneFile.load(url, settings: settings, limits: try LottieRendering.limits(limitAssignments))
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        let formats: [ExportFormat] = settings.duration == 0 ? [.sheet] : format == "all" ? [.gif, .mp4, .sheet] : [ExportFormat(rawValue: format)!]
        let range = try frames.map(Self.parseRange)
        for (format, target) in OutputNames.renderTargets(of: url, formats: formats, range: range, in: folder, still: settings.duration == 0) {
            try configured.export(format, to: target, frames: range)
        }
    }

    /// A Lottie file: one still with `--frame`, else the whole animation at its own frame rate.
    private func renderLottie(_ url: URL) throws {
        let animation = try LottieRendering.load(url, limits: try LottieRendering.limits(limitAssignments), choices: choices)
        let frame = try marker.map { try Self.frame(ofMarker: $0, in: animation, file: url) } ?? self.frame
        if let frame, !(animation.inPoint...animation.outPoint).contains(frame) {
            throw ValidationError(
                "--frame \(Self.frameLabel(frame)) is outside \(url.lastPathComponent)'s frames "
                    + "\(Self.frameLabel(animation.inPoint))…\(Self.frameLabel(animation.outPoint))")
        }
        let recording = LottieRendering.recording(
            animation, size: try size.map(LottieRendering.parseSize), scale: scale ?? 1,
            background: try background.map(LottieRendering.parseColor), frame: frame)
        var settings = recording.settings
        if let fps, frame == nil { settings.fps = fps }
        if let duration, frame == nil { settings.duration = duration }
        if frame == nil, fps == nil, !ExportSettings.fpsRange.contains(settings.fps) {
            throw ValidationError(
                "\(url.lastPathComponent) plays at \(settings.fps) fps, outside 1…240: render it with --fps (e.g. --fps 30)")
        }
        try settings.validate()
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        if let frame {
            try LayerRecording.makeFolder(folder)
            let target = OutputNames.still(of: url, frame: marker ?? Self.frameLabel(frame), in: folder)
            try recording.renderFrames(range: 0...0) { _, _, image in try LayerRecording.writePNG(image, to: target) }
            print("wrote \(target.path)")
            return
        }
        let configured = settings == recording.settings ? recording : LayerRecording(settings: settings, build: recording.builder)
        let formats: [ExportFormat] = format == "all" ? [.gif, .mp4, .sheet] : [ExportFormat(rawValue: format)!]
        let range = try frames.map(Self.parseRange)
        for (format, target) in OutputNames.renderTargets(of: url, formats: formats, range: range, in: folder, still: false) {
            try configured.export(format, to: target, frames: range)
        }
    }

    /// The frame of the marker `name`, or an error naming the markers there are.
    static func frame(ofMarker name: String, in animation: LottieAnimation, file: URL) throws -> Double {
        if let frame = animation.frameTime(forMarker: name) { return frame }
        let known = animation.markerNames.isEmpty ? "it has none" : "its markers: " + animation.markerNames.map { "'\($0)'" }.joined(separator: ", ")
        throw ValidationError("\(file.lastPathComponent) has no marker '\(name)' (\(known))")
    }

    /// The folder the outputs go to.
    public var outputFolder: URL { URL(fileURLWithPath: out, isDirectory: true) }

    /// The files this command will write for its input (`formats` of an animation, or the PNG of
    /// `--frame`); nothing is read or written.
    public func plannedOutputs(still: Bool = false) throws -> [URL] {
        let url = URL(fileURLWithPath: scene)
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        if let marker { return [OutputNames.still(of: url, frame: marker, in: folder)] }
        if let frame { return [OutputNames.still(of: url, frame: Self.frameLabel(frame), in: folder)] }
        let formats: [ExportFormat] = still ? [.sheet] : format == "all" ? [.gif, .mp4, .sheet] : ExportFormat(rawValue: format).map { [$0] } ?? []
        return OutputNames.renderTargets(of: url, formats: formats, range: try frames.map(Self.parseRange), in: folder, still: still).map(\.1)
    }

    /// 12 → "12", 12.5 → "12.5", 1e+308 → "1e+308" (whole numbers beyond 2⁵³ are not made
    /// integers: 1e308 would not fit one).
    public static func frameLabel(_ frame: Double) -> String {
        frame == frame.rounded() && abs(frame) < 0x1p53 ? String(Int(frame)) : String(frame)
    }
}
