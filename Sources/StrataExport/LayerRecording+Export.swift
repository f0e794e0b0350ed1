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

/// One file (or, for PNG frames, folder) an export writes.
public struct ExportTarget: Sendable, Equatable {
    public var format: ExportFormat
    public var url: URL

    public init(_ format: ExportFormat, _ url: URL) {
        self.format = format
        self.url = url
    }
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
    ///   - options: quality and plays of the animated formats.
    ///   - parallel: PNG frames and contact sheets are drawn on every core
    ///     (`renderFramesInParallel`); GIF and MP4 frames in order, redrawing only what changed,
    ///     while ffmpeg encodes on the other cores (measured faster on a 2-core machine). This
    ///     overrides the choice; the files are the same either way.
    ///   - reportsProgress: a live progress line on a terminal, one plain line per file
    ///     otherwise (`ExportProgress`).
    ///   - progress: called after each frame with (frames done, frames in all).
    public func export(
        _ format: ExportFormat, to url: URL, frames range: ClosedRange<Int>? = nil, sheetFrames: Int = 12,
        options: EncodingOptions = EncodingOptions(), parallel: Bool? = nil, reportsProgress: Bool = true,
        progress: ((Int, Int) -> Void)? = nil
    ) throws {
        try export(
            [ExportTarget(format, url)], frames: range, sheetFrames: sheetFrames, options: options, parallel: parallel,
            reportsProgress: reportsProgress, progress: progress)
    }

    /// Writes every target from one rendering of the frames: an MP4, a WebM and a contact
    /// sheet are fed the same frames as they are drawn. A GIF above 50 fps is written at 50 fps
    /// (`ExportSettings.forGIF`), from a rendering of its own; a GIF too long to keep in
    /// ffmpeg's memory (over 256 MiB of frames) needs a second pass for its palette. A sheet
    /// alone draws only its cells.
    public func export(
        _ targets: [ExportTarget], frames range: ClosedRange<Int>? = nil, sheetFrames: Int = 12,
        options: EncodingOptions = EncodingOptions(), parallel: Bool? = nil, reportsProgress: Bool = true,
        progress: ((Int, Int) -> Void)? = nil
    ) throws {
        let resampled = targets.filter { $0.format == .gif && settings.forGIF != nil }
        let here = targets.filter { !($0.format == .gif && settings.forGIF != nil) }
        if !here.isEmpty {
            try exportTogether(
                here, frames: range, sheetFrames: sheetFrames, options: options, parallel: parallel,
                reportsProgress: reportsProgress, progress: progress)
        }
        guard !resampled.isEmpty, let gifSettings = settings.forGIF else { return }
        guard range == nil else {
            throw ExportError(
                "a GIF plays at most \(Int(ExportSettings.maxGIFRate)) fps; render a GIF segment of this \(settings.fps)-fps "
                    + "recording at --fps \(Int(ExportSettings.maxGIFRate)) or below")
        }
        try with(settings: gifSettings).exportTogether(
            resampled, frames: nil, sheetFrames: sheetFrames, options: options, parallel: parallel,
            reportsProgress: reportsProgress, progress: progress)
    }

    /// The most frame bytes a one-pass GIF may hand ffmpeg to hold until its palette is known.
    static let onePassGIFBytes = 256 << 20

    private func exportTogether(
        _ targets: [ExportTarget], frames range: ClosedRange<Int>?, sheetFrames: Int, options: EncodingOptions,
        parallel: Bool?, reportsProgress: Bool, progress: ((Int, Int) -> Void)?
    ) throws {
        let wanted = try settings.frames(in: range)
        let total = wanted.count
        let label = targets.map(\.url.lastPathComponent).joined(separator: ", ")
        let report = reportsProgress ? ExportProgress(label: label) : nil
        let tick: (Int) -> Void = { index in
            let done = index - wanted.lowerBound + 1
            report?.update(done: done, total: total)
            progress?(done, total)
        }
        var made: [URL] = []
        do {
            for target in targets {
                try Self.makeFolder(target.format == .png ? target.url : target.url.deletingLastPathComponent())
            }
            let stillsOnly = targets.allSatisfy { $0.format == .png || $0.format == .sheet }
            if parallel ?? stillsOnly {
                try drawImages(targets, frames: wanted, sheetFrames: sheetFrames, made: &made, progress: tick)
            } else {
                try drawInOrder(targets, frames: wanted, sheetFrames: sheetFrames, options: options, made: &made, progress: tick)
            }
        } catch {
            // A partly written file is no file to hand over; a folder in its place is left alone.
            for url in made where (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeRegular {
                try? FileManager.default.removeItem(at: url)
            }
            throw error
        }
        for target in targets { report?.finish(path: target.url.path, frames: target.format == .sheet ? 1 : total) }
    }

    /// PNG frames and sheets from images drawn on every core; a sheet alone draws only its cells.
    private func drawImages(
        _ targets: [ExportTarget], frames wanted: ClosedRange<Int>, sheetFrames: Int, made: inout [URL],
        progress: (Int) -> Void
    ) throws {
        var sheets = targets.filter { $0.format == .sheet }.map { SheetTarget(settings: settings, url: $0.url, frames: wanted, count: sheetFrames) }
        let folders = targets.filter { $0.format == .png }.map(\.url)
        let only = folders.isEmpty ? Set(sheets.flatMap(\.picks)) : nil
        try renderFramesInParallel(range: wanted, only: only) { index, time, frame in
            for folder in folders {
                try Self.write(frame, to: folder.appendingPathComponent(String(format: "frame-%05d.png", index)))
            }
            for k in sheets.indices { sheets[k].offer(frame, index: index, time: time) }
            progress(index)
        }
        for sheet in sheets {
            try sheet.write()
            made.append(sheet.url)
        }
    }

    /// Every format from frames drawn in order, redrawing what changed, while ffmpeg encodes on
    /// the other core.
    private func drawInOrder(
        _ targets: [ExportTarget], frames wanted: ClosedRange<Int>, sheetFrames: Int, options: EncodingOptions,
        made: inout [URL], progress: (Int) -> Void
    ) throws {
        let frameBytes = settings.pixelWidth * settings.pixelHeight * 4
        let onePassGIF = frameBytes.multipliedReportingOverflow(by: wanted.count).partialValue <= Self.onePassGIFBytes
        var encoders: [FFmpegEncoder] = []
        var palettes: [(gif: URL, palette: URL)] = []
        defer { for palette in palettes { try? FileManager.default.removeItem(at: palette.palette) } }
        var sheets: [SheetTarget] = []
        var folders: [URL] = []
        do {
            for target in targets {
                switch target.format {
                case .png: folders.append(target.url)
                case .sheet: sheets.append(SheetTarget(settings: settings, url: target.url, frames: wanted, count: sheetFrames))
                case .gif where !onePassGIF:
                    // Beside the GIF (a folder the caller can write), hidden, removed when done.
                    let palette = target.url.deletingLastPathComponent().appendingPathComponent(
                        ".\(target.url.deletingPathExtension().lastPathComponent)-palette-\(UUID().uuidString).png")
                    palettes.append((target.url, palette))
                    encoders.append(try FFmpegEncoder(writing: palette, job: .palette, settings: settings, options: options))
                default:
                    made.append(target.url)
                    encoders.append(try FFmpegEncoder(writing: target.url, job: Self.job(target.format), settings: settings, options: options))
                }
            }
            // ffmpeg encodes on the other core: the compositor keeps to this one (its second
            // thread waited for a core ffmpeg held, and spun between frames; measured on the
            // 720p60 spinner demo: MP4 2.0–2.1 → 1.8–1.9 s, GIF 2.8–3.2 → 2.1–2.2 s).
            try renderFrames(range: wanted, kernelThreads: encoders.isEmpty ? nil : 1) { (index: Int, time: Double, frame: CGContext) in
                for encoder in encoders { try encoder.write(frame) }
                for folder in folders {
                    guard let image = frame.makeImage() else { throw ExportError("frame \(index) could not be read") }
                    try Self.write(image, to: folder.appendingPathComponent(String(format: "frame-%05d.png", index)))
                }
                for k in sheets.indices where sheets[k].wants(index) {
                    guard let image = frame.makeImage() else { throw ExportError("frame \(index) could not be read") }
                    sheets[k].offer(image, index: index, time: time)
                }
                if palettes.isEmpty { progress(index) }
            }
        } catch {
            for encoder in encoders { try? encoder.finish() }
            throw error
        }
        for encoder in encoders { try encoder.finish() }
        for sheet in sheets {
            try sheet.write()
            made.append(sheet.url)
        }
        // The second pass of a long GIF: its frames mapped onto the palette of the first.
        for (gif, palette) in palettes {
            made.append(gif)
            try encode(wanted, job: .gifWithPalette(palette), to: gif, options: options, progress: progress)
        }
    }

    static func job(_ format: ExportFormat) -> FFmpegEncoder.Job {
        switch format {
        case .apng: return .apng
        case .webp: return .webp
        case .webm: return .webm
        case .gif: return .gif
        default: return .mp4
        }
    }

    /// Feeds the frames of `range` to an ffmpeg run of `job` writing `url`.
    private func encode(
        _ range: ClosedRange<Int>, job: FFmpegEncoder.Job, to url: URL, options: EncodingOptions, progress: (Int) -> Void
    ) throws {
        let encoder = try FFmpegEncoder(writing: url, job: job, settings: settings, options: options)
        do {
            try renderFrames(range: range, kernelThreads: 1) { (index: Int, _: Double, frame: CGContext) in
                try encoder.write(frame)
                progress(index)
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

/// A contact sheet being filled: the frames it shows, placed as they are drawn.
struct SheetTarget {
    let url: URL
    /// The frame indices it shows.
    let picks: [Int]
    var sheet: ContactSheet

    init(settings: ExportSettings, url: URL, frames: ClosedRange<Int>, count: Int) {
        self.url = url
        picks = ContactSheet.frameIndices(count: count, of: frames.count).map { $0 + frames.lowerBound }
        sheet = ContactSheet(settings: settings, cells: picks.count)
    }

    func wants(_ index: Int) -> Bool { picks.contains(index) }

    mutating func offer(_ frame: CGImage, index: Int, time: Double) {
        if let cell = picks.firstIndex(of: index) { sheet.place(frame, at: cell, time: time) }
    }

    func write() throws {
        guard let image = sheet.image else { throw ExportError("the contact sheet could not be made") }
        try LayerRecording.write(image, to: url)
    }
}

/// Evenly spaced frames of a recording laid out in a grid on light grey; one frame alone (a
/// still) is the frame itself, transparency kept.
struct ContactSheet {
    let settings: ExportSettings
    let columns: Int
    let rows: Int
    let context: CGContext?
    /// Points between cells and around them (none around a single frame).
    let gap: Int

    init(settings: ExportSettings, cells: Int) {
        self.settings = settings
        columns = min(4, max(1, cells))
        rows = (cells + columns - 1) / columns
        gap = cells > 1 ? 8 : 0
        let w = columns * settings.pixelWidth + (columns + 1) * gap
        let h = rows * settings.pixelHeight + (rows + 1) * gap
        context = CGContext(
            data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        if cells > 1 {
            context?.setFillColor(CGColor(gray: 0.85, alpha: 1))
            context?.fill(CGRect(x: 0, y: 0, width: w, height: h))
        }
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
        let x = gap + column * (settings.pixelWidth + gap)
        // CG space is y up: row 0 at the top.
        let y = context.height - (gap + (row + 1) * settings.pixelHeight + row * gap)
        context.draw(frame, in: CGRect(x: x, y: y, width: settings.pixelWidth, height: settings.pixelHeight))
    }

    var image: CGImage? { context?.makeImage() }
}
