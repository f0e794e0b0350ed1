import ArgumentParser
import Foundation
import QuartzCore
import StrataExport
import StrataInput
import StrataLottie
import StrataScene

/// `strata render FILE… [-o OUT]`: Lottie files and scene files to PNG, GIF, MP4, WebM, APNG,
/// WebP or a contact sheet.
public struct RenderCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render Lottie files (.json, .lottie, .tgs) or scene files to GIF, MP4, WebM, APNG, WebP, PNG or a contact sheet.",
        discussion: """
            Examples:
              strata render heart.json -o heart.gif       (the format from the extension)
              strata render heart.json -o h.gif -o h.mp4 -o h.webm   (one rendering, three files)
              strata render heart.json -o still.png --frame 12
              strata render stickers/ --format webm       (each file of a folder, into out/)
              cat sticker.tgs | strata render - -o sticker.webp

            Lottie files and scene files are told apart by content; errors name the place in \
            the file. A loop of N frames (Lottie: op − ip) is written as N frames, without a \
            doubled seam frame; GIFs play at most 50 fps (faster files are written at 50 fps).
            """)

    @Argument(help: "Lottie files, scene files or folders of them; - reads one file from standard input.")
    var inputs: [String]

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "The file to write; its extension gives the format (.gif .mp4 .webm .apng .webp .png). Repeat it for several formats from one rendering.",
        valueName: "FILE"))
    var output: [String] = []

    @Option(help: ArgumentHelp("The folder to write into, with names from the inputs (created when missing).", valueName: "DIR"))
    var out: String = "out"

    @Flag(help: "Overwrite the file -o names when it exists.")
    var force = false

    @Option(parsing: .unconditional, help: "gif, mp4, webm, apng, webp (animated), png (one file per frame), sheet (contact sheet), or all (gif, mp4 and sheet); from -o's extension, else all.")
    var format: String?

    @OptionGroup var encoding: EncodingChoices

    @Option(parsing: .unconditional, help: "Lottie: write one still PNG of this frame (the file's frame numbers, fractions allowed).")
    var frame: Double?

    @Option(help: "Lottie: write one still PNG at this marker's frame (`strata info` lists the markers).")
    var marker: String?

    @Option(parsing: .unconditional, help: "The picture's size in points, WxH (a Lottie animation is fitted, aspect kept); the file's when omitted.")
    var size: String?

    @Option(help: "A background colour (#RRGGBB, #RRGGBBAA, white, black); transparent when omitted.")
    var background: String?

    @Option(parsing: .unconditional, help: "Frames per second (1–240); the file's when omitted.")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Pixels per point (up to 8); the file's when omitted.")
    var scale: Double?

    @Option(parsing: .unconditional, help: "Seconds to render (up to 3600); the file's when omitted.")
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

    /// The formats a name's extension stands for.
    static let extensions: [String: ExportFormat] = ["gif": .gif, "mp4": .mp4, "webm": .webm, "apng": .apng, "webp": .webp, "png": .png]

    public func validate() throws {
        if let format, format != "all", ExportFormat(rawValue: format) == nil {
            throw ValidationError("unknown --format '\(format)'; use gif, mp4, webm, apng, webp, png, sheet or all")
        }
        try EncodingChoices.check(fps: fps, scale: scale, duration: duration)
        if let frames { _ = try Self.parseRange(frames) }
        if let frame, !frame.isFinite { throw ValidationError("--frame must be a finite number") }
        if frame != nil, marker != nil { throw ValidationError("give --frame or --marker, not both") }
        if let size { _ = try LottieRendering.parseSize(size) }
        if let background { _ = try LottieRendering.parseColor(background) }
        _ = try LottieRendering.limits(limitAssignments)
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read once") }
        let files = outputFiles
        if !files.isEmpty {
            guard inputs.count == 1 else {
                throw ValidationError("-o names one file; with \(inputs.count) inputs, give a folder with --out")
            }
            guard Set(files.map(\.standardizedFileURL.path)).count == files.count else {
                throw ValidationError("the same -o file is named twice")
            }
            if files.count > 1, format != nil {
                throw ValidationError("--format chooses the format of one -o file; with several, each file's extension names its own")
            }
            if files.count > 1, isStill { throw ValidationError("a still is one PNG: give one -o with --frame or --marker") }
            for file in files { _ = try formats(writing: file) }
        }
    }

    /// "A..B" (both ends included), or a single frame "A".
    public static func parseRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.components(separatedBy: "..")
        let numbers = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == parts.count, (1...2).contains(numbers.count), let a = numbers.first, let b = numbers.last,
            a >= 0, a <= b
        else { throw ValidationError("--frames '\(text)' should look like 0..149 (first and last frame, first ≤ last)") }
        return a...b
    }

    /// The files to write: every `-o`, or `--out` naming a file by a media extension (`--out
    /// heart.gif` meant the GIF, not a folder of that name) unless it is a folder already; empty
    /// when the outputs go into the `--out` folder.
    public var outputFiles: [URL] {
        if !output.isEmpty { return output.map { URL(fileURLWithPath: $0) } }
        let named = URL(fileURLWithPath: out)
        var isFolder: ObjCBool = false
        guard Self.extensions[named.pathExtension.lowercased()] != nil,
            !(FileManager.default.fileExists(atPath: out, isDirectory: &isFolder) && isFolder.boolValue)
        else { return [] }
        return [named]
    }

    var isStill: Bool { frame != nil || marker != nil }

    /// The formats for the one file `file`: `--format`, else its extension.
    func formats(writing file: URL) throws -> [ExportFormat] {
        let fromExtension = Self.extensions[file.pathExtension.lowercased()]
        if let format {
            guard format != "all" else { throw ValidationError("--format all writes several files; give a folder with --out") }
            return [ExportFormat(rawValue: format)!]
        }
        if isStill { return [.png] }
        guard let fromExtension else {
            throw ValidationError("cannot tell the format of '\(file.lastPathComponent)': give --format, or end the name in .gif, .mp4, .webm, .apng or .webp")
        }
        return [fromExtension]
    }

    /// The formats written into `--out`.
    var folderFormats: [ExportFormat] {
        guard let format, format != "all", let chosen = ExportFormat(rawValue: format) else { return [.gif, .mp4, .sheet] }
        return [chosen]
    }

    public func run() throws {
        let files = try RenderInputs.expand(inputs, limits: try LottieRendering.limits(limitAssignments))
        defer { RenderInputs.cleanUp(files) }
        if !outputFiles.isEmpty, files.count > 1 {
            throw ValidationError("-o names one file; the folder holds \(files.count) inputs: give a folder with --out")
        }
        for file in files { try render(file) }
    }

    /// The folder the outputs go to without `-o`.
    public var outputFolder: URL { URL(fileURLWithPath: out, isDirectory: true) }

    /// The files this command will write for its inputs named as files (the formats of an
    /// animation, or the PNG of `--frame`), or the one `-o` names; nothing is read or written.
    public func plannedOutputs(still: Bool = false) throws -> [URL] {
        if !outputFiles.isEmpty { return outputFiles }
        let range = try frames.map(Self.parseRange)
        return inputs.flatMap { input -> [URL] in
            let url = URL(fileURLWithPath: input == "-" ? "stdin" : input)
            if let marker { return [OutputNames.still(of: url, frame: marker, in: outputFolder)] }
            if let frame { return [OutputNames.still(of: url, frame: Self.frameLabel(frame), in: outputFolder)] }
            return OutputNames.renderTargets(of: url, formats: still ? [.sheet] : folderFormats, range: range, in: outputFolder, still: still)
                .map(\.1)
        }
    }

    /// 12 → "12", 12.5 → "12.5", 1e+308 → "1e+308" (whole numbers beyond 2⁵³ are not made
    /// integers: 1e308 would not fit one).
    public static func frameLabel(_ frame: Double) -> String {
        frame == frame.rounded() && abs(frame) < 0x1p53 ? String(Int(frame)) : String(frame)
    }
}
