import ArgumentParser
import Foundation
import QuartzCore
import StrataExport
import StrataInput
import StrataLottie
import StrataScene

extension RenderCommand {
    /// Renders one input: a Lottie file (a still with `--frame`/`--marker`, else the animation)
    /// or a scene file.
    func render(_ input: RenderInputs.File) throws {
        let url = input.url
        if LottieRendering.isLottie(url) { return try renderLottie(url) }
        if isStill {
            if let data = try? Data(contentsOf: url), let problem = JSONSyntax.firstProblem(in: data) {
                throw CommandError(.badData, "\(url.lastPathComponent): not a JSON document: \(problem)")
            }
            throw ValidationError(
                "--frame and --marker are for Lottie files; \(url.lastPathComponent) is not one "
                    + "(Bodymovin JSON with fr, op and layers, a .lottie archive or a .tgs sticker)")
        }
        try renderScene(url)
    }

    private func renderScene(_ url: URL) throws {
        let limits = try LottieRendering.limits(limitAssignments)
        let recording: LayerRecording
        do {
            recording = try SceneFile.load(url, limits: limits)
        } catch let error as SceneError {
            throw CommandError(.badData, "\(url.lastPathComponent): \(error)")
        }
        var settings = recording.settings
        if let fps { settings.fps = fps }
        if let scale { settings.scale = scale }
        if let duration { settings.duration = duration }
        if let size { settings.size = try LottieRendering.parseSize(size) }
        settings = encoding.applied(to: settings)
        try check(settings)
        let still = settings.duration == 0
        let configured: LayerRecording
        if let background = try background.map(LottieRendering.parseColor) {
            let bounds = CGRect(origin: .zero, size: settings.size)
            configured = recording.wrapping(settings: settings) { root in
                let behind = CALayer()
                behind.frame = bounds
                behind.backgroundColor = background
                behind.addSublayer(root)
                return behind
            }
        } else {
            configured = settings == recording.settings ? recording : recording.with(settings: settings)
        }
        try export(configured, of: url, still: still, transparent: false)
    }

    /// A Lottie file: one still with `--frame` or `--marker`, else the whole animation at its own
    /// frame rate, `op − ip` frames.
    private func renderLottie(_ url: URL) throws {
        let animation = try LottieRendering.load(url, limits: try LottieRendering.limits(limitAssignments), choices: choices)
        let frame = try marker.map { try Self.frame(ofMarker: $0, in: animation, file: url) } ?? self.frame
        if let frame, !(animation.inPoint...animation.outPoint).contains(frame) {
            throw ValidationError(
                "--frame \(Self.frameLabel(frame)) is outside \(url.lastPathComponent)'s frames "
                    + "\(Self.frameLabel(animation.inPoint))…\(Self.frameLabel(animation.outPoint))")
        }
        let background = try background.map(LottieRendering.parseColor)
        let recording = LottieRendering.recording(
            animation, size: try size.map(LottieRendering.parseSize), scale: scale ?? 1, background: background, frame: frame)
        var settings = recording.settings
        if let fps, frame == nil { settings.fps = fps }
        if let duration, frame == nil { settings.duration = duration }
        settings = encoding.applied(to: settings)
        if frame == nil, fps == nil, !ExportSettings.fpsRange.contains(settings.fps) {
            throw ValidationError(
                "\(url.lastPathComponent) plays at \(settings.fps) fps, outside 1…240: render it with --fps (e.g. --fps 30)")
        }
        try check(settings)
        if let frame {
            let target = try stillTarget(of: url, label: marker ?? Self.frameLabel(frame))
            try LayerRecording.makeFolder(target.deletingLastPathComponent())
            try recording.renderFrames(range: 0...0) { _, _, image in try LayerRecording.writePNG(image, to: target) }
            print("wrote \(target.path)")
            return
        }
        let configured = settings == recording.settings ? recording : recording.with(settings: settings)
        let transparent = background.map { $0.alpha < 1 } ?? true
        try export(configured, of: url, still: false, transparent: transparent)
    }

    /// Settings out of range name the option that set them (a wrong command line).
    private func check(_ settings: ExportSettings) throws {
        do {
            try settings.validate()
        } catch let error as ExportError {
            throw ValidationError("\(error.message) (--size, --scale, --fps, --duration)")
        }
    }

    /// The still's PNG: `-o`, else named from the input and frame in `--out`.
    private func stillTarget(of url: URL, label: String) throws -> URL {
        if let file = outputFiles.first {
            try checkOverwrite(file)
            return file
        }
        return OutputNames.still(of: url, frame: label, in: URL(fileURLWithPath: out, isDirectory: true))
    }

    /// Refuses to replace an existing file named by `-o` unless `--force`.
    private func checkOverwrite(_ file: URL) throws {
        guard !force, FileManager.default.fileExists(atPath: file.path) else { return }
        throw CommandError(.cannotWrite, "'\(file.path)' exists; add --force to overwrite it")
    }

    /// Writes the animation's outputs: the file `-o` names, or every format into `--out`.
    private func export(_ recording: LayerRecording, of url: URL, still: Bool, transparent: Bool) throws {
        let range = try frames.map(Self.parseRange)
        let targets: [ExportTarget]
        let files = outputFiles
        if !files.isEmpty {
            for file in files { try checkOverwrite(file) }
            targets = try files.flatMap { file -> [ExportTarget] in
                var formats = try formats(writing: file)
                if still {
                    formats = formats.map { $0 == .png ? .sheet : $0 }
                } else if format == nil, formats == [.png] {
                    throw ValidationError(
                        "'\(file.lastPathComponent)' is one picture: add --frame N for a still, or --format sheet for a contact sheet (or write .apng)")
                }
                return formats.map { ExportTarget($0, file) }
            }
        } else {
            let folder = URL(fileURLWithPath: out, isDirectory: true)
            targets = OutputNames.renderTargets(of: url, formats: still ? [.sheet] : folderFormats, range: range, in: folder, still: still)
                .map { ExportTarget($0.0, $0.1) }
        }
        warn(about: targets, settings: recording.settings, transparent: transparent)
        try recording.export(targets, frames: range, options: encoding.options)
    }

    /// What the files will not show as asked: transparency in an MP4, a GIF's rate.
    private func warn(about targets: [ExportTarget], settings: ExportSettings, transparent: Bool) {
        for target in targets {
            if target.format == .mp4, transparent {
                Self.warn("\(target.url.lastPathComponent): MP4 has no transparency: the transparent background is black. "
                    + "Give --background (e.g. white), or write .webm, .apng or .webp, which keep it")
            }
            if target.format == .gif, let gif = settings.forGIF {
                Self.warn("\(target.url.lastPathComponent): GIF players show at most \(Int(gif.fps)) fps; "
                    + "written at \(Int(gif.fps)) fps (the file plays at \(Self.frameLabel(settings.fps)))")
            }
        }
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }

    /// The frame of the marker `name`, or an error naming the markers there are.
    static func frame(ofMarker name: String, in animation: LottieAnimation, file: URL) throws -> Double {
        if let frame = animation.frameTime(forMarker: name) { return frame }
        let known = animation.markerNames.isEmpty ? "it has none" : "its markers: " + animation.markerNames.map { "'\($0)'" }.joined(separator: ", ")
        throw CommandError(.badData, "\(file.lastPathComponent) has no marker '\(name)' (\(known))")
    }
}
