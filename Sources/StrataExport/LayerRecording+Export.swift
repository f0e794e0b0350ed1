import Foundation
import QuartzCore

/// The files an export can make.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// One PNG per frame, `frame-00000.png` ... in a folder.
    case png
    /// An animated GIF (ffmpeg).
    case gif
    /// H.264 video in an MP4 container (ffmpeg).
    case mp4
    /// A contact sheet: one PNG with evenly spaced frames in a grid.
    case sheet
    /// An animated PNG, looping, with full alpha (ffmpeg's APNG encoder).
    case apng
    /// An animated WebP, looping, with alpha (libwebp through ffmpeg; lossy, quality 90).
    case webp
    /// VP9 video with an alpha channel in WebM (libvpx through ffmpeg).
    case webm

    /// True for the formats that keep transparency (their frames go to ffmpeg with straight alpha).
    public var keepsAlpha: Bool { self == .apng || self == .webp || self == .webm }
}

extension LayerRecording {
    /// Renders the recording into `url` (a folder for `.png`, a file otherwise).
    ///
    /// - Parameters:
    ///   - format: what to write.
    ///   - url: a folder for `.png`, a file otherwise (its folder is created when missing).
    ///   - range: only these frames (both ends included; all when nil): PNGs keep their index in
    ///     the whole recording (`frame-00015.png`), a GIF or MP4 is a segment of those frames.
    ///     Frames rendered in ranges, by separate processes too, equal the whole run's byte for
    ///     byte (see `renderFrames(range:_:)`); `strata concat` joins MP4 segments.
    ///   - sheetFrames: how many frames a contact sheet shows.
    ///   - parallel: PNG frames and contact sheets are drawn on every core
    ///     (`renderFramesInParallel`); GIF and MP4 frames in order, redrawing only what changed,
    ///     while ffmpeg encodes on the other cores (measured faster on a 2-core machine). This
    ///     overrides the choice; the files are the same either way.
    ///   - reportsProgress: a live progress line on a terminal, one plain line per file
    ///     otherwise (`ExportProgress`).
    ///   - progress: called after each frame with (frames done, frames in all).
    public func export(
        _ format: ExportFormat, to url: URL, frames range: ClosedRange<Int>? = nil, sheetFrames: Int = 12,
        parallel: Bool? = nil, reportsProgress: Bool = true, progress: ((Int, Int) -> Void)? = nil
    ) throws {
        let parallel = parallel ?? (format == .png || format == .sheet)
        let wanted = try settings.frames(in: range)
        let total = wanted.count
        let report = reportsProgress ? ExportProgress(label: url.lastPathComponent) : nil
        let progress: (Int) -> Void = { index in
            let done = index - wanted.lowerBound + 1
            report?.update(done: done, total: total)
            progress?(done, total)
        }
        try export(format, to: url, frames: wanted, sheetFrames: sheetFrames, parallel: parallel, progress: progress)
        report?.finish(path: url.path, frames: total)
    }

    private func export(
        _ format: ExportFormat, to url: URL, frames wanted: ClosedRange<Int>, sheetFrames: Int, parallel: Bool,
        progress: (Int) -> Void
    ) throws {
        switch format {
        case .png:
            try Self.makeFolder(url)
            try frames(wanted, parallel: parallel) { index, _, frame in
                try Self.write(frame, to: url.appendingPathComponent(String(format: "frame-%05d.png", index)))
                progress(index)
            }
        case .mp4:
            try Self.makeFolder(url.deletingLastPathComponent())
            try encode(wanted, parallel: parallel, job: .mp4, to: url, progress: progress)
        case .apng, .webp, .webm:
            try Self.makeFolder(url.deletingLastPathComponent())
            let job: FFmpegEncoder.Job = format == .apng ? .apng : format == .webp ? .webp : .webm
            try encode(wanted, parallel: parallel, job: job, to: url, progress: progress)
        case .gif:
            // Two passes over the frames (they are the same each time): the palette, then the
            // frames mapped onto it. One ffmpeg run would hold every frame until the palette is
            // known at the end (2.2 GB for 10 s of 720p60, most of its time spent getting memory).
            try Self.makeFolder(url.deletingLastPathComponent())
            // Beside the GIF (a folder the caller can write), hidden, removed when done.
            let palette = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.deletingPathExtension().lastPathComponent)-palette-\(UUID().uuidString).png")
            defer { try? FileManager.default.removeItem(at: palette) }
            try encode(wanted, parallel: parallel, job: .palette, to: palette) { _ in }
            try encode(wanted, parallel: parallel, job: .gifWithPalette(palette), to: url, progress: progress)
        case .sheet:
            try Self.makeFolder(url.deletingLastPathComponent())
            let picks = ContactSheet.frameIndices(count: sheetFrames, of: wanted.count).map { $0 + wanted.lowerBound }
            var sheet = ContactSheet(settings: settings, cells: picks.count)
            try frames(wanted, parallel: parallel) { index, time, frame in
                if let cell = picks.firstIndex(of: index) { sheet.place(frame, at: cell, time: time) }
                progress(index)
            }
            guard let image = sheet.image else { throw ExportError("the contact sheet could not be made") }
            try Self.write(image, to: url)
        }
    }

    /// Feeds the frames of `range` to an ffmpeg run of `job` writing `url`.
    private func encode(
        _ range: ClosedRange<Int>, parallel: Bool, job: FFmpegEncoder.Job, to url: URL, progress: (Int) -> Void
    ) throws {
        let encoder = try FFmpegEncoder(writing: url, job: job, settings: settings)
        do {
            if parallel {
                try renderFramesInParallel(range: range) { index, _, frame in
                    try encoder.write(frame)
                    progress(index)
                }
            } else {
                // ffmpeg encodes on the other core: the compositor keeps to this one (its second
                // thread waited for a core ffmpeg held, and spun between frames; measured on the
                // 720p60 spinner demo: MP4 2.0–2.1 → 1.8–1.9 s, GIF 2.8–3.2 → 2.1–2.2 s).
                try renderFrames(range: range, kernelThreads: 1) { (index: Int, _: Double, frame: CGContext) in
                    try encoder.write(frame)
                    progress(index)
                }
            }
        } catch {
            try? encoder.finish()
            throw error
        }
        try encoder.finish()
    }

    func frames(_ range: ClosedRange<Int>, parallel: Bool, _ body: (Int, Double, CGImage) throws -> Void) throws {
        if parallel { try renderFramesInParallel(range: range, body) } else { try renderFrames(range: range, body) }
    }

    package static func makeFolder(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw ExportError("cannot create the folder \(url.path): \(error.localizedDescription)")
        }
    }

    /// Writes `image` as a PNG file.
    package static func writePNG(_ image: CGImage, to url: URL) throws { try write(image, to: url) }

    static func write(_ image: CGImage, to url: URL) throws {
        do {
            try image.writePNG(to: url)
        } catch {
            throw ExportError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}

/// Evenly spaced frames of a recording laid out in a grid on white.
struct ContactSheet {
    let settings: ExportSettings
    let columns: Int
    let rows: Int
    let context: CGContext?
    static let gap = 8

    init(settings: ExportSettings, cells: Int) {
        self.settings = settings
        columns = min(4, max(1, cells))
        rows = (cells + columns - 1) / columns
        let w = columns * settings.pixelWidth + (columns + 1) * Self.gap
        let h = rows * settings.pixelHeight + (rows + 1) * Self.gap
        context = CGContext(
            data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        context?.setFillColor(CGColor(gray: 0.85, alpha: 1))
        context?.fill(CGRect(x: 0, y: 0, width: w, height: h))
    }

    /// `count` frame indices spread evenly from the first frame to the last.
    static func frameIndices(count: Int, of total: Int) -> [Int] {
        guard total > 1, count > 1 else { return [0] }
        let n = min(count, total)
        return (0..<n).map { Int((Double($0) * Double(total - 1) / Double(n - 1)).rounded()) }
    }

    mutating func place(_ frame: CGImage, at cell: Int, time: Double) {
        guard let context else { return }
        let column = cell % columns, row = cell / columns
        let x = Self.gap + column * (settings.pixelWidth + Self.gap)
        // CG space is y up: row 0 at the top.
        let y = context.height - (Self.gap + (row + 1) * settings.pixelHeight + row * Self.gap)
        context.draw(frame, in: CGRect(x: x, y: y, width: settings.pixelWidth, height: settings.pixelHeight))
    }

    var image: CGImage? { context?.makeImage() }
}
