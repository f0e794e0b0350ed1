import Foundation

/// Joins video segments (parts of one recording rendered with a frame range, possibly by other
/// processes or machines) into one file with ffmpeg's concat demuxer: the streams are copied,
/// not re-encoded, when every file is an MP4; otherwise ffmpeg re-encodes for the output's type.
public enum SegmentJoiner {
    /// Writes `segments`, in order, joined into `output`. ffmpeg's message becomes the error.
    public static func join(_ segments: [URL], into output: URL, searchPath: String? = nil) throws {
        guard !segments.isEmpty else { throw ExportError("no segments to join") }
        // ffmpeg's list has one name a line: a name with a line break would silently cut it.
        if let odd = segments.first(where: { $0.path.contains(where: \.isNewline) }) {
            throw ExportError("the segment name \(odd.path.debugDescription) has a line break; rename the file")
        }
        // Writing over a segment while reading it destroys it (ffmpeg reads what it has written).
        let target = output.resolvingSymlinksInPath().standardizedFileURL.path
        if let same = segments.first(where: { $0.resolvingSymlinksInPath().standardizedFileURL.path == target }) {
            throw ExportError("the output \(output.path) is one of the segments (\(same.path)); write the joined file elsewhere")
        }
        guard let ffmpeg = FFmpegEncoder.locate(searchPath: searchPath) else {
            throw ExportError("ffmpeg was not found on PATH; install the Debian package 'ffmpeg' (apt-get install ffmpeg)")
        }
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("strata-concat-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: list) }
        // The demuxer's list format: one `file '<path>'` a line, quotes escaped.
        let lines = segments.map { "file '" + $0.standardizedFileURL.path.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        try lines.joined(separator: "\n").appending("\n").write(to: list, atomically: true, encoding: .utf8)
        let copies = output.pathExtension.lowercased() == "mp4" && segments.allSatisfy { $0.pathExtension.lowercased() == "mp4" }
        var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list.path]
        if copies { arguments += ["-c", "copy", "-movflags", "+faststart"] }
        arguments.append(output.path)
        try LayerRecording.makeFolder(output.deletingLastPathComponent())
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ExportError("ffmpeg could not be started: \(error.localizedDescription)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
            throw ExportError("ffmpeg could not join the segments (status \(process.terminationStatus)): \(text.isEmpty ? "no message" : text)")
        }
    }
}
