import Foundation
import QuartzCore

/// Encodes frames with ffmpeg (the Debian package `ffmpeg`), fed raw BGRA frames on its standard
/// input. ffmpeg's own error message becomes the thrown `ExportError`'s message.
package final class FFmpegEncoder {
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let errorData = ErrorCollector()

    /// Starts ffmpeg writing `format` ("gif" or "mp4") to `url`.
    /// `searchPath` replaces $PATH when looking for ffmpeg (tests).
    package init(writing url: URL, format: ExportFormat, settings: ExportSettings, searchPath: String? = nil) throws {
        guard let ffmpeg = Self.locate(searchPath: searchPath) else {
            throw ExportError("ffmpeg was not found on PATH; install the Debian package 'ffmpeg' (apt-get install ffmpeg)")
        }
        process.executableURL = ffmpeg
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(settings.pixelWidth)x\(settings.pixelHeight)",
            "-r", "\(settings.fps)", "-i", "-",
        ]
        switch format {
        case .gif:
            // A palette made from the whole clip, then dithered onto it.
            arguments += ["-vf", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer", "-loop", "0"]
        default:
            // H.264 needs even sizes; pad by one pixel when odd.
            arguments += [
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
                "-pix_fmt", "yuv420p", "-movflags", "+faststart",
            ]
        }
        arguments.append(url.path)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let collector = errorData
        errors.fileHandleForReading.readabilityHandler = { handle in collector.append(handle.availableData) }
        do {
            try process.run()
        } catch {
            throw ExportError("ffmpeg could not be started: \(error.localizedDescription)")
        }
    }

    /// Sends one frame (premultiplied BGRA, as Strata renders).
    package func write(_ frame: CGContext) throws {
        guard process.isRunning, let bytes = frame.data else { throw failure() }
        frame.flush()
        let data = Data(bytesNoCopy: bytes, count: frame.bytesPerRow * frame.height, deallocator: .none)
        do {
            try input.fileHandleForWriting.write(contentsOf: data)
        } catch {
            throw failure()
        }
    }

    /// Sends one frame image (premultiplied BGRA, as Strata renders).
    package func write(_ frame: CGImage) throws {
        guard process.isRunning else { throw failure() }
        let pixels = frame.pixels
        let data = Data(bytesNoCopy: pixels.bytes, count: pixels.bytesPerRow * pixels.height, deallocator: .none)
        do {
            try withExtendedLifetime(pixels) { try input.fileHandleForWriting.write(contentsOf: data) }
        } catch {
            throw failure()
        }
    }

    /// Closes the input and waits for ffmpeg; throws its message when it failed.
    package func finish() throws {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        errors.fileHandleForReading.readabilityHandler = nil
        errorData.append(errors.fileHandleForReading.readDataToEndOfFile())
        guard process.terminationStatus == 0 else { throw failure() }
    }

    private func failure() -> ExportError {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let message = errorData.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return ExportError("ffmpeg failed (status \(process.terminationStatus)): \(message.isEmpty ? "no message" : message)")
    }

    /// The ffmpeg executable on PATH.
    package static func locate(searchPath: String? = nil) -> URL? {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// Collects ffmpeg's standard error from its reader thread.
private final class ErrorCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
