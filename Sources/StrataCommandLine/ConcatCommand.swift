import ArgumentParser
import Foundation
import StrataExport

/// `strata concat SEGMENTS... --out FILE`: joins video segments (from `render --frames`) with
/// ffmpeg's concat demuxer, copying the streams when every file is an MP4.
public struct ConcatCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "concat",
        abstract: "Join MP4 segments rendered with `render --frames` into one file (no re-encoding for MP4).",
        discussion: "Segments are joined in the order given. Needs ffmpeg.")

    @Argument(help: "The segment files, in order.")
    var segments: [String]

    @Option(help: "The file to write.")
    var out: String

    public init() {}

    public func validate() throws {
        guard !segments.isEmpty else { throw ValidationError("name at least one segment") }
        for segment in segments where !FileManager.default.isReadableFile(atPath: segment) {
            throw ValidationError("cannot read the segment '\(segment)'")
        }
    }

    public func run() throws {
        let output = URL(fileURLWithPath: out)
        try SegmentJoiner.join(segments.map { URL(fileURLWithPath: $0) }, into: output)
        print("wrote \(output.path) (\(segments.count) segments)")
    }
}
