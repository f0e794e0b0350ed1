import ArgumentParser
import StrataExport

/// `--quality` and `--loop`: how the animated formats are encoded (`render` and `demo`).
public struct EncodingChoices: ParsableArguments {
    @Option(parsing: .unconditional, help: "low, medium or high: encoder settings of every format (x264 preset/CRF, VP9 CRF, WebP quality, GIF dithering).")
    var quality: String = "medium"

    @Option(parsing: .unconditional, help: "How many times a GIF, APNG or WebP plays; 0 loops forever.")
    var loop: Int = 0

    @Option(help: "Threads rendering and encoding may use (default: the cores this process may use; 1: no worker thread).")
    var threads: Int?

    public init() {}

    public func validate() throws {
        guard EncodingOptions.Quality(rawValue: quality) != nil else {
            throw ValidationError("--quality '\(quality)' should be low, medium or high")
        }
        guard loop >= 0, loop <= 65_535 else { throw ValidationError("--loop \(loop) should be within 0…65535 (0 loops forever)") }
        if let threads, !ExportSettings.threadsRange.contains(threads) {
            throw ValidationError("--threads \(threads) should be within 1…\(ExportSettings.threadsRange.upperBound)")
        }
    }

    /// `settings` with the threads chosen.
    public func applied(to settings: ExportSettings) -> ExportSettings {
        var settings = settings
        if let threads { settings.threads = threads }
        return settings
    }

    /// The encoder options chosen.
    public var options: EncodingOptions {
        EncodingOptions(quality: EncodingOptions.Quality(rawValue: quality) ?? .medium, plays: loop)
    }

    /// Throws a command-line error naming `--fps`, `--scale` or `--duration` when one is out of
    /// the range every export is held to.
    public static func check(fps: Double?, scale: Double?, duration: Double?) throws {
        if let fps, !ExportSettings.fpsRange.contains(fps) { throw ValidationError("--fps \(fps) should be within 1…240") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale \(scale) should be within (0, 8]") }
        if let duration, !(duration >= 0 && duration <= ExportSettings.maxDuration) {
            throw ValidationError("--duration \(duration) should be within 0…\(Int(ExportSettings.maxDuration)) seconds")
        }
    }
}
