import ArgumentParser
import Foundation
import StrataExport
import StrataLottie
import StrataScene

/// `strata info FILE`: what a Lottie or scene file holds, without rendering it.
public struct InfoCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a Lottie file (.json, .lottie) or a scene file: size, frame rate, duration, layers, assets, markers, features.")

    @Argument(help: "The Lottie file or scene file.")
    var file: String

    @Option(name: .customLong("limit"), parsing: .unconditionalSingleValue, help: LottieRendering.limitHelp)
    var limitAssignments: [String] = []

    @OptionGroup var choices: LottieChoices

    public init() {}

    public func run() throws {
        try InputFile.check(file)
        let url = URL(fileURLWithPath: file)
        let limits = try LottieRendering.limits(limitAssignments)
        if LottieRendering.isLottie(url) {
            print(Self.describe(try LottieRendering.load(url, limits: limits, choices: choices), file: url.lastPathComponent), terminator: "")
            return
        }
        let recording: LayerRecording
        do {
            recording = try SceneFile.load(url, limits: limits)
        } catch let error as SceneError {
            throw CommandError(.badData, "\(url.lastPathComponent): \(error)")
        }
        let s = recording.settings
        print("\(url.lastPathComponent): a Strata scene file")
        print("size: \(Self.number(s.size.width))×\(Self.number(s.size.height)) points at \(Self.number(s.scale))× (\(s.pixelWidth)×\(s.pixelHeight) pixels)")
        print("frame rate: \(Self.number(s.fps)) fps; duration: \(Self.number(s.duration)) s (\(s.frameCount) frames)")
    }

    /// The description `strata info` prints for a Lottie animation, one fact a line.
    public static func describe(_ animation: LottieAnimation, file: String) -> String {
        var lines: [String] = []
        let title = animation.name.isEmpty ? "" : " \"\(animation.name)\""
        lines.append("\(file): Lottie\(animation.version.isEmpty ? "" : " \(animation.version)")\(title)")
        lines.append("size: \(number(animation.size.width))×\(number(animation.size.height)) points")
        lines.append(
            "frame rate: \(number(animation.frameRate)) fps; frames \(number(animation.inPoint))…\(number(animation.outPoint)) "
                + "(\(number((animation.duration * 1000).rounded() / 1000)) s)")
        let counts = animation.layerCounts
        let total = counts.values.reduce(0, +)
        let kinds = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append("layers: \(total)\(kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")")
        let assets = animation.assetCounts
        lines.append("assets: \(assets.precompositions) precompositions, \(assets.images) images")
        if animation.markers.isEmpty {
            lines.append("markers: none")
        } else {
            lines.append("markers:")
            for m in animation.markers {
                lines.append("  \(m.name.isEmpty ? "(unnamed)" : m.name): frame \(number(m.frame))\(m.duration > 0 ? " for \(number(m.duration)) frames" : "")")
            }
        }
        if let archive = animation.archiveContents {
            lines.append("archive animations: \(archive.animations.isEmpty ? "none listed" : archive.animations.joined(separator: ", "))")
            lines.append("archive themes: \(archive.themes.isEmpty ? "none" : archive.themes.joined(separator: ", "))\(archive.theme.map { " (applied: \($0))" } ?? "")")
        }
        let fonts = animation.fontDescriptions
        if fonts.isEmpty {
            lines.append("fonts: none")
        } else {
            lines.append("fonts:")
            lines += fonts.map { "  \($0)" }
        }
        lines.append("slots: \(animation.slotIDs.isEmpty ? "none" : animation.slotIDs.joined(separator: ", "))")
        let features = animation.featuresUsed
        lines.append("features: \(features.isEmpty ? "none" : features.joined(separator: ", "))")
        if animation.warnings.isEmpty {
            lines.append("not drawn: nothing")
        } else {
            lines.append("not drawn or limited:")
            lines += animation.warnings.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func number(_ v: Double) -> String { RenderCommand.frameLabel(v) }
    static func number(_ v: CGFloat) -> String { RenderCommand.frameLabel(Double(v)) }
}
