import CoreGraphics
import Foundation

/// Why an animation could not start (Apple's `CGImageAnimationStatus`).
public enum CGImageAnimationStatus: OSStatus, Sendable {
    case parameterError = -22140
    case corruptInputImage = -22141
    case unsupportedFormat = -22142
    case incompleteInputImage = -22143
    case allocationFailure = -22144
}

/// Called on the main queue with each frame's index and picture; setting the last argument to
/// true stops the animation.
public typealias CGImageSourceAnimationBlock = (Int, CGImage, UnsafeMutablePointer<Bool>) -> Void

/// Plays the animated GIF, APNG or WebP at `url` on the main queue, each frame shown for its
/// delay (the clamped one: under 0.011 s read as 0.1 s), looping as the file says; a still image
/// is one frame. `options`: `kCGImageAnimationStartIndex`, `kCGImageAnimationDelayTime` (every
/// frame's delay), `kCGImageAnimationLoopCount` (plays in all; infinity for ever). `noErr` when
/// it started, else why not.
public func CGAnimateImageAtURLWithBlock(_ url: CFURL, _ options: CFDictionary?, _ block: @escaping CGImageSourceAnimationBlock) -> OSStatus {
    guard url.isFileURL, let data = try? Data(contentsOf: url) else { return CGImageAnimationStatus.parameterError.rawValue }
    return CGAnimateImageDataWithBlock(data, options, block)
}

/// `CGAnimateImageAtURLWithBlock` for a file's bytes.
public func CGAnimateImageDataWithBlock(_ data: CFData, _ options: CFDictionary?, _ block: @escaping CGImageSourceAnimationBlock) -> OSStatus {
    switch ImageAnimation.make(data, options: stringKeyed(options) ?? [:]) {
    case .failure(let refusal): return refusal.status.rawValue
    case .success(let animation):
        animation.start(block)
        return noErr
    }
}

/// An animation being played: its frames, delays and loops, stepped by the main queue. It keeps
/// itself alive until it ends or is stopped.
final class ImageAnimation: @unchecked Sendable {
    let frames: [(image: CGImage, delay: Double)]
    /// Plays in all; nil for ever.
    let plays: Int?
    private var index: Int
    private var played = 0
    private var block: CGImageSourceAnimationBlock?

    /// Why an animation did not start.
    struct Refusal: Error {
        let status: CGImageAnimationStatus
        init(_ status: CGImageAnimationStatus) { self.status = status }
    }

    private init(frames: [(image: CGImage, delay: Double)], plays: Int?, start: Int) {
        self.frames = frames
        self.plays = plays
        self.index = start
    }

    static func make(_ data: Data, options: [String: Any]) -> Result<ImageAnimation, Refusal> {
        guard let format = ImageFormat.sniff(data) else { return .failure(Refusal(.unsupportedFormat)) }
        guard format.isAvailable else { return .failure(Refusal(.unsupportedFormat)) }
        let file: DecodedFile
        switch ImageDecoding.decode(data, as: format) {
        case .success(let f): file = f
        case .failure(.truncated): return .failure(Refusal(.incompleteInputImage))
        case .failure(.tooLarge): return .failure(Refusal(.allocationFailure))
        case .failure(.invalid): return .failure(Refusal(.corruptInputImage))
        }
        guard !file.frames.isEmpty else { return .failure(Refusal(.corruptInputImage)) }
        let start = Thumbnail.number(options[kCGImageAnimationStartIndex]) ?? 0
        guard start.isFinite, start >= 0, start < Double(file.frames.count) else { return .failure(Refusal(.parameterError)) }
        let fixedDelay = Thumbnail.number(options[kCGImageAnimationDelayTime])
        if let fixedDelay, !(fixedDelay.isFinite && fixedDelay >= 0) { return .failure(Refusal(.parameterError)) }
        let plays: Int?
        if let given = Thumbnail.number(options[kCGImageAnimationLoopCount]) {
            guard given >= 1 else { return .failure(Refusal(.parameterError)) }
            plays = given.isFinite ? Int(min(given, 1e9)) : nil
        } else {
            plays = fileLoops(file, format)
        }
        let frames = file.frames.map { ($0.image, fixedDelay ?? delay(of: $0.properties, format)) }
        return .success(ImageAnimation(frames: frames, plays: plays, start: Int(start)))
    }

    /// The property dictionary holding a format's delays and loop count.
    static func animationDictionary(_ format: ImageFormat) -> String {
        switch format {
        case .gif: kCGImagePropertyGIFDictionary
        case .webp: kCGImagePropertyWebPDictionary
        default: kCGImagePropertyPNGDictionary
        }
    }

    /// A frame's delay (seconds) from its format's dictionary; 0.1 when it gives none.
    static func delay(of properties: [String: Any], _ format: ImageFormat) -> Double {
        let dictionary = animationDictionary(format)
        let value = (properties[dictionary] as? [String: Any])?[kCGImagePropertyGIFDelayTime]
        return Thumbnail.number(value).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0.1
    }

    /// Plays in all as the file says: a GIF's loop count is repeats after the first play, APNG's
    /// and WebP's are plays; 0 is for ever; a file that says nothing plays once.
    static func fileLoops(_ file: DecodedFile, _ format: ImageFormat) -> Int? {
        guard file.frames.count > 1 else { return 1 }
        let dictionary = animationDictionary(format)
        let first = file.frames[0].properties[dictionary] as? [String: Any]
        let fileLevel = file.properties[dictionary] as? [String: Any]
        guard let loops = Thumbnail.number(fileLevel?[kCGImagePropertyGIFLoopCount] ?? first?[kCGImagePropertyGIFLoopCount]) else { return 1 }
        guard loops.isFinite else { return 1 }
        if loops == 0 { return nil }
        return Int(min(max(loops, 0), 1e9)) + (format == .gif ? 1 : 0)
    }

    func start(_ block: @escaping CGImageSourceAnimationBlock) {
        self.block = block
        DispatchQueue.main.async { self.step() }
    }

    /// Shows the current frame, then waits its delay for the next (the strong reference in the
    /// queued work keeps the animation alive).
    private func step() {
        guard let block else { return }
        var stop = false
        let frame = frames[index]
        block(index, frame.image, &stop)
        if stop { return end() }
        index += 1
        if index == frames.count {
            index = 0
            played += 1
            if let plays, played >= plays { return end() }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + frame.delay) { self.step() }
    }

    private func end() { block = nil }
}
