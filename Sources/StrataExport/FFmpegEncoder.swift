import Foundation
import QuartzCore

/// Encodes frames with ffmpeg (the Debian package `ffmpeg`), fed raw BGRA frames on its standard
/// input. ffmpeg's own error message becomes the thrown `ExportError`'s message.
package final class FFmpegEncoder {
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let errorData = ErrorCollector()

    /// What an ffmpeg run makes of the frames it is fed.
    package enum Job {
        /// H.264 in MP4.
        case mp4
        /// A GIF in one pass: the palette from the whole clip, so ffmpeg holds every frame until
        /// the end (4 bytes a pixel a frame in memory).
        case gif
        /// The first of two GIF passes: the clip's palette, written as a PNG.
        case palette
        /// The second GIF pass: the frames mapped onto `palette` (made by a `.palette` run of the
        /// same frames); the same file as `.gif`, without holding the frames.
        case gifWithPalette(URL)
        /// Animated PNG, animated WebP, VP9 WebM: all with alpha.
        case apng, webp, webm

        /// True when the frames go in with straight alpha (ffmpeg's `bgra` is not premultiplied).
        var keepsAlpha: Bool {
            switch self {
            case .apng, .webp, .webm: return true
            default: return false
            }
        }
    }

    /// Frames are un-premultiplied before they are sent (formats with alpha).
    private let straightAlpha: Bool

    /// Starts ffmpeg writing `format` ("gif" or "mp4") to `url`.
    /// `searchPath` replaces $PATH when looking for ffmpeg (tests).
    package convenience init(writing url: URL, format: ExportFormat, settings: ExportSettings, searchPath: String? = nil)
        throws
    {
        try self.init(writing: url, job: format == .gif ? .gif : .mp4, settings: settings, searchPath: searchPath)
    }

    /// Starts ffmpeg on `job`, writing to `url` with `options` (quality, plays).
    package init(
        writing url: URL, job: Job, settings: ExportSettings, options: EncodingOptions = EncodingOptions(),
        searchPath: String? = nil
    ) throws {
        guard let ffmpeg = Self.locate(searchPath: searchPath) else {
            throw ExportError("ffmpeg was not found on PATH; install the Debian package 'ffmpeg' (apt-get install ffmpeg)")
        }
        process.executableURL = ffmpeg
        straightAlpha = job.keepsAlpha
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(settings.pixelWidth)x\(settings.pixelHeight)",
            "-r", "\(settings.fps)", "-i", "-",
        ]
        // ffmpeg's encoders start a thread a core of the machine unless told.
        if let threads = settings.threads { arguments += ["-threads", "\(threads)"] }
        // Both GIF routes make the same palette and the same mapping: their files are equal.
        let (palette, mapping) = options.gifFilters
        switch job {
        case .palette:
            arguments += ["-vf", palette, "-frames:v", "1", "-update", "1", "-f", "image2"]
        case .gifWithPalette(let paletteURL):
            arguments += ["-i", paletteURL.path, "-lavfi", "[0:v][1:v]\(mapping)", "-loop", "\(options.gifLoop)", "-f", "gif"]
        case .gif:
            // A palette made from the whole clip, then dithered onto it; each frame maps only the
            // rectangle that changed since the last one (the same file, byte for byte, measured:
            // 7.9 → 2.8 s for the 720p60 spinner demo's 600 frames).
            arguments += ["-vf", "split[a][b];[a]\(palette)[p];[b][p]\(mapping)", "-loop", "\(options.gifLoop)", "-f", "gif"]
        case .apng:
            arguments += ["-c:v", "apng", "-pix_fmt", "rgba", "-plays", "\(options.plays)", "-f", "apng"]
        case .webp:
            arguments += [
                "-c:v", "libwebp_anim", "-pix_fmt", "yuva420p", "-quality", "\(options.webpQuality)", "-loop", "\(options.plays)",
                "-f", "webp",
            ]
        case .webm:
            // Alpha in VP9 needs 4:2:0 with alpha; realtime settings keep the encoder's share of
            // the two cores small.
            arguments += [
                "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-b:v", "0", "-crf", "\(options.vp9CRF)", "-deadline", "realtime",
                "-cpu-used", "8", "-row-mt", "1", "-f", "webm",
            ]
        case .mp4:
            // H.264 needs even sizes; pad by one pixel when odd (the filter copies every frame,
            // so it is left out when not needed).
            if settings.pixelWidth % 2 != 0 || settings.pixelHeight % 2 != 0 {
                arguments += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
            }
            arguments += ["-c:v", "libx264"] + options.x264 + ["-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
        }
        arguments.append(url.path)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let collector = errorData
        errors.fileHandleForReading.readabilityHandler = { handle in collector.append(handle.availableData) }
        _ = Self.ignoreBrokenPipes
        do {
            try process.run()
        } catch {
            throw ExportError("ffmpeg could not be started: \(error.localizedDescription)")
        }
        Self.widen(input)
    }

    /// Asks for a 1 MiB pipe (Linux's default 64 KiB makes a 720p frame 56 writes, each a switch
    /// to ffmpeg and back); the most an unprivileged process may have, and nothing is lost if refused.
    private static func widen(_ pipe: Pipe) {
        #if os(Linux)
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ
        _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, setPipeSize, 1 << 20)
        #endif
    }

    /// Sends one frame (premultiplied BGRA, as Strata renders).
    package func write(_ frame: CGContext) throws {
        guard process.isRunning, let bytes = frame.data else { throw failure() }
        frame.flush()
        var data = Data(bytesNoCopy: bytes, count: frame.bytesPerRow * frame.height, deallocator: .none)
        if straightAlpha { data = Self.straight(data) }
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
        var data = Data(bytesNoCopy: pixels.bytes, count: pixels.bytesPerRow * pixels.height, deallocator: .none)
        if straightAlpha { data = withExtendedLifetime(pixels) { Self.straight(data) } }
        do {
            try withExtendedLifetime(pixels) { try input.fileHandleForWriting.write(contentsOf: data) }
        } catch {
            throw failure()
        }
    }

    /// Premultiplied BGRA words as straight ones (a copy): what ffmpeg's `bgra` means.
    static func straight(_ premultiplied: Data) -> Data {
        var out = Data(count: premultiplied.count)
        out.withUnsafeMutableBytes { (dst: UnsafeMutableRawBufferPointer) in
            premultiplied.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
                let n = src.count / 4
                let s = src.bindMemory(to: UInt32.self), d = dst.bindMemory(to: UInt32.self)
                for i in 0..<n {
                    let p = s[i], a = p >> 24
                    if a == 255 || a == 0 {
                        d[i] = a == 0 ? 0 : p
                        continue
                    }
                    let half = a / 2
                    let r = min(255, (((p >> 16) & 0xFF) * 255 + half) / a)
                    let g = min(255, (((p >> 8) & 0xFF) * 255 + half) / a)
                    let b = min(255, ((p & 0xFF) * 255 + half) / a)
                    d[i] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
        return out
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

    /// Writing frames to an ffmpeg that has exited (it could not write its output) must fail with
    /// its message, not kill the process with SIGPIPE: the signal is ignored process-wide, once
    /// (Linux has no per-pipe way), so the write returns EPIPE and `failure()` reports ffmpeg's error.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

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
