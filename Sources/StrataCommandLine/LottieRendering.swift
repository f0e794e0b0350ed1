import ArgumentParser
import Foundation
import QuartzCore
import StrataExport
import StrataInput
import StrataLottie

/// Lottie files on the command line: told apart from scene files by content, played by a
/// `LottieLayer` in a recording at the file's own frame rate (frame i at time i / fr shows the
/// file's frame ip + i).
public enum LottieRendering {
    /// Keys only Bodymovin JSON has at its top (scene files have `size`, `layers`, `duration`…):
    /// one of them makes a file Lottie, so that a Lottie missing `op` gets a Lottie error naming
    /// `op`, not a scene error about unknown keys.
    public static let lottieOnlyKeys = ["fr", "op", "ip", "v", "assets", "ddd", "markers"]

    /// True for a `.lottie` archive, a gzip stream (`.tgs`) or Bodymovin JSON (an object with any
    /// of `lottieOnlyKeys`).
    public static func isLottie(_ url: URL) -> Bool {
        // Only regular files (a folder or a pipe would trap or block in the reads below).
        guard (try? InputFile.check(url.path)) != nil, let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4) else { return false }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return true }
        // gzip (a Telegram .tgs sticker): scene files are plain JSON.
        if head.starts(with: [0x1F, 0x8B]) { return true }
        // Only the top's keys are read, with no document built (JSONSerialization made the
        // whole tree: 100 bytes of memory per byte of file).
        guard let data = try? Data(contentsOf: url), let keys = JSONSyntax.topLevelKeys(in: data) else { return false }
        return lottieOnlyKeys.contains { keys.contains($0) }
    }

    /// Loads `url`, turning decoding errors into a message that names the file and the place.
    public static func load(_ url: URL, limits: InputLimits = .standard, choices: LottieChoices = LottieChoices()) throws -> LottieAnimation {
        do {
            var animation = try LottieAnimation(
                contentsOf: url, limits: limits, slots: try choices.slots(), animationID: choices.animationID, themeID: choices.themeID)
            for folder in choices.fontFolders {
                do {
                    try animation.addFonts(inFolder: URL(fileURLWithPath: folder))
                } catch let error as LottieError {
                    throw CommandError(.noInput, "--fonts: \(error)")
                }
            }
            for warning in animation.warnings { FileHandle.standardError.write(Data("\(url.lastPathComponent): \(warning)\n".utf8)) }
            return animation
        } catch let error as LottieError {
            throw CommandError(.badData, "\(url.lastPathComponent): \(error)")
        }
    }

    /// A recording of `animation` in a `size`-point picture (the composition's size by default;
    /// aspect fit), over `background` (transparent when nil). With `frame`, one still of that
    /// frame; otherwise the whole animation played once, or looping for a live window.
    public static func recording(
        _ animation: LottieAnimation, size: CGSize? = nil, scale: Double = 1, background: CGColor? = nil,
        frame: Double? = nil, loop: Bool = false
    ) -> LayerRecording {
        let size = size ?? animation.size
        let frames = frame == nil ? max(1, Int((animation.outPoint - animation.inPoint).rounded(.up))) : 1
        // A still shows `frame` whatever the rate: a file rate export cannot play (0.5, 1000 fps)
        // does not stop one.
        let fps = frame != nil && !ExportSettings.fpsRange.contains(animation.frameRate) ? 30 : animation.frameRate
        // One period of a loop: frames ip … op − 1 (a layer's op is the first frame it is gone).
        let settings = ExportSettings(size: size, scale: scale, fps: fps, duration: Double(frames) / fps, loops: frame == nil)
        return recording(animation, settings: settings, background: background, frame: frame, loop: loop)
    }

    /// A recording of `animation` with `settings` (its size, rate and length).
    public static func recording(
        _ animation: LottieAnimation, settings: ExportSettings, background: CGColor? = nil, frame: Double? = nil,
        loop: Bool = false
    ) -> LayerRecording {
        let size = settings.size
        let reported = ReportedOnce()
        return LayerRecording(settings: settings) {
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: size)
            root.backgroundColor = background
            let player = LottieLayer(animation: animation)
            // What building the layer tree found (cycles, missing ids, caps), once per run
            // (the decoder's own warnings were printed by `load`).
            reported.once {
                for warning in player.warnings.dropFirst(animation.warnings.count) {
                    FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
                }
            }
            player.frame = root.bounds
            root.addSublayer(player)
            if let frame {
                player.currentFrame = frame
            } else {
                player.loopMode = loop ? .loop : .playOnce
                player.play()
            }
            return root
        }
    }

    /// The limits with each `NAME=VALUE` of `--limit` applied.
    public static func limits(_ assignments: [String]) throws -> InputLimits {
        var limits = InputLimits.standard
        for assignment in assignments {
            do {
                try limits.apply(assignment)
            } catch {
                throw ValidationError(error.description)
            }
        }
        return limits
    }

    /// The help of `--limit`: every name, its meaning and default.
    public static let limitHelp = ArgumentHelp(
        "Raise (or lower) what an input file may claim, NAME=VALUE, repeatable.",
        discussion: InputLimits.names.map { "\($0.name): \($0.meaning) (default \(InputLimits.standard.value(named: $0.name) ?? 0))" }
            .joined(separator: "; "),
        valueName: "NAME=VALUE")

    /// `WxH` in points.
    public static func parseSize(_ text: String) throws -> CGSize {
        let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= 8192 }) else {
            throw ValidationError("--size '\(text)' should look like 512x512 (points, each within (0, 8192])")
        }
        return CGSize(width: parts[0], height: parts[1])
    }

    /// `#RRGGBB`, `#RRGGBBAA`, or white, black, transparent.
    public static func parseColor(_ text: String) throws -> CGColor {
        switch text.lowercased() {
        case "white": return CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        case "black": return CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        case "transparent", "clear": return CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        default: break
        }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6 || hex.count == 8, let value = UInt64(hex, radix: 16) else {
            throw ValidationError("--background '\(text)' should be #RRGGBB, #RRGGBBAA, white, black or transparent")
        }
        let bytes = hex.count == 8 ? value : value << 8 | 0xFF
        func c(_ shift: UInt64) -> CGFloat { CGFloat((bytes >> shift) & 0xFF) / 255 }
        return CGColor(red: c(24), green: c(16), blue: c(8), alpha: c(0))
    }
}

/// Runs a closure the first time only (recordings build their tree once per worker).
private final class ReportedOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func once(_ body: () -> Void) {
        let first = lock.withLock {
            defer { done = true }
            return !done
        }
        if first { body() }
    }
}
