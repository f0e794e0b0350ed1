import QuartzCore
import StrataCompositor

/// What to render: a size in points, a pixel scale, a frame rate and a duration.
public struct ExportSettings: Sendable, Equatable {
    /// The picture's size in points (the root layer's superlayer space shown, origin top-left).
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    /// Frames per second.
    public var fps: Double
    /// Seconds of animation rendered, from time 0 of the recording.
    public var duration: Double
    /// The media time (`CACurrentMediaTime()`, seconds) at which the recording starts: the tree is
    /// built then and frame i is drawn at `clockOrigin + i / fps`. Not 0 by default, because real
    /// apps never run on a clock at 0 and code that assumes one must show its bug here too.
    public var clockOrigin: Double
    /// True when the recording is one period of a loop: the instant at `duration` is frame 0
    /// again, so it is not rendered (a GIF played round shows no frame twice at its seam). A
    /// Lottie file's `op − ip` frames are such a period.
    public var loops: Bool
    /// Threads rendering and encoding may use in all; nil: the cores this process may use (its
    /// affinity mask and CPU quota). 1 draws every frame on the calling thread, with no worker.
    public var threads: Int?

    /// The default `clockOrigin`: a clock that has run for about eleven days, with a fraction.
    public static let defaultClockOrigin: Double = 1_000_000.25

    public init(size: CGSize, scale: CGFloat = 1, fps: Double = 30, duration: Double,
                clockOrigin: Double = ExportSettings.defaultClockOrigin, loops: Bool = false) {
        self.size = size
        self.scale = scale
        self.fps = fps
        self.duration = duration
        self.clockOrigin = clockOrigin
        self.loops = loops
    }

    /// The limits every export is held to (bad values are refused with a message, never clamped).
    public static let maxPixelSide = 8192
    public static let fpsRange: ClosedRange<Double> = 1...240
    public static let maxDuration: Double = 3600
    public static let maxFrames = 100_000
    public static let threadsRange: ClosedRange<Int> = 1...256

    /// The threads rendering may use: `threads`, or the cores the process may use.
    var usableThreads: Int { threads.map { Swift.min(Swift.max($0, 1), Self.threadsRange.upperBound) } ?? ProcessorBudget.usableCores }

    /// Pixels across (clamped to 0...10⁹ before rounding: an absurd size must not trap; `validate`
    /// refuses it).
    public var pixelWidth: Int { Self.pixels(size.width * scale) }
    public var pixelHeight: Int { Self.pixels(size.height * scale) }

    private static func pixels(_ v: Double) -> Int {
        v.isFinite ? Int(min(max(v, 0), 1e9).rounded()) : 0
    }

    /// Frame i shows time i / fps; there are ⌊duration·fps⌋ + 1 frames (both ends included),
    /// or ⌈duration·fps⌉ for a loop (its end is its start again), or one frame for a still
    /// (duration 0).
    public var frameCount: Int {
        let n = duration * fps
        guard n.isFinite else { return 1 }
        let clamped = min(max(n, 0), 1e12)
        if loops { return max(1, Int((clamped - 1e-9).rounded(.up))) }
        return Int((clamped + 1e-9).rounded(.down)) + 1
    }

    /// The fastest rate every GIF player keeps: delays are whole centiseconds, and browsers play
    /// a delay under 2 cs as 10 cs.
    public static let maxGIFRate: Double = 50

    /// These settings for a GIF: above 50 fps, the same seconds at 50 fps (nil when the rate
    /// already suits).
    public var forGIF: ExportSettings? {
        guard fps > Self.maxGIFRate else { return nil }
        var settings = self
        settings.fps = Self.maxGIFRate
        return settings
    }

    /// The time of frame `index` in the recording (seconds from its start), computed from the
    /// index (never accumulated).
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }

    /// The frames of `range` (all of them when nil), after `validate()`; throws when the range
    /// is not within `0..<frameCount`.
    public func frames(in range: ClosedRange<Int>?) throws -> ClosedRange<Int> {
        try validate()
        let all = 0...(frameCount - 1)
        guard let range else { return all }
        guard all.contains(range.lowerBound), all.contains(range.upperBound) else {
            throw ExportError("frames \(range.lowerBound)..\(range.upperBound) are not all within 0..\(frameCount - 1)")
        }
        return range
    }

    /// The media time at which frame `index` is drawn: `clockOrigin + time(ofFrame:)`.
    public func mediaTime(ofFrame index: Int) -> Double { clockOrigin + time(ofFrame: index) }

    /// Throws `ExportError` naming the first value out of range.
    public func validate() throws {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw ExportError("size \(size.width)x\(size.height) must be positive and finite")
        }
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ExportError("scale \(scale) must be in (0, 8]") }
        guard pixelWidth >= 1, pixelHeight >= 1, pixelWidth <= Self.maxPixelSide, pixelHeight <= Self.maxPixelSide
        else {
            throw ExportError(
                "frame size \(pixelWidth)x\(pixelHeight) pixels is outside 1...\(Self.maxPixelSide) on each side")
        }
        guard Self.fpsRange.contains(fps) else {
            throw ExportError("frame rate \(fps) must be within \(Self.fpsRange.lowerBound)...\(Self.fpsRange.upperBound) fps")
        }
        guard clockOrigin.isFinite, clockOrigin >= 0 else {
            throw ExportError("clock origin \(clockOrigin) must be finite and not negative")
        }
        guard duration.isFinite, duration >= 0, duration <= Self.maxDuration else {
            throw ExportError("duration \(duration) s must be within 0...\(Self.maxDuration) s")
        }
        guard frameCount <= Self.maxFrames else {
            throw ExportError("\(frameCount) frames is more than \(Self.maxFrames); lower the duration or the rate")
        }
    }
}

/// An export failure, with a message for people (ffmpeg's own message when it failed).
public struct ExportError: Error, CustomStringConvertible, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
