import CoreGraphics
import Foundation
import QuartzCore

// Playback: the timeline layer's own timing is the playhead. Paused, its speed is 0 and its
// timeOffset the time shown; playing, it runs from the time it started at `animationSpeed`. Every
// animation spans the whole file (duration = out − in point) with the loop mode's repeatCount and
// autoreverses, so Core Animation does the looping; a finite play ends with an empty animation
// on a hidden layer whose `animationDidStop` calls the completion handler.

extension LottieLayer {
    /// Plays from the current frame (from the start when a play-once animation is at its end);
    /// `completion` gets true when it ends by itself, false when stopped or replaced.
    public func play(completion: ((Bool) -> Void)? = nil) {
        guard let duration = animation?.duration else {
            completion?(false)
            return
        }
        var start = currentAnimationTime
        if playSpan != nil {
            playSpan = nil
            retime(keepPlaying: false)
        }
        if loopMode == .playOnce, animationSpeed > 0, start >= duration - 1e-9 { start = 0 }
        if loopMode == .playOnce, animationSpeed < 0, start <= 1e-9 { start = duration }
        run(from: start, completion: completion)
    }

    /// Plays the frames from `fromFrame` (the current frame when nil) to `toFrame` with
    /// `loopMode` (the layer's own when nil), as lottie-ios's method of the same name; a range
    /// given backwards is played forwards. Loops repeat the range only.
    public func play(
        fromFrame: CGFloat? = nil, toFrame: CGFloat, loopMode: LottieLoopMode? = nil, completion: ((Bool) -> Void)? = nil
    ) {
        guard let a = animation else {
            completion?(false)
            return
        }
        let from = fromFrame.map { ($0 - a.inPoint) / a.frameRate } ?? currentAnimationTime
        let to = (toFrame - a.inPoint) / a.frameRate
        play(fromTime: from, toTime: to, loopMode: loopMode, completion: completion)
    }

    /// `play(fromFrame:toFrame:…)` with progress (0…1) instead of frames.
    public func play(
        fromProgress: CGFloat? = nil, toProgress: CGFloat, loopMode: LottieLoopMode? = nil,
        completion: ((Bool) -> Void)? = nil
    ) {
        guard let d = animation?.duration else {
            completion?(false)
            return
        }
        play(fromTime: fromProgress.map { $0 * d } ?? currentAnimationTime, toTime: toProgress * d, loopMode: loopMode, completion: completion)
    }

    private func play(fromTime: Double, toTime: Double, loopMode mode: LottieLoopMode?, completion: ((Bool) -> Void)?) {
        guard let d = animation?.duration, fromTime.isFinite, toTime.isFinite else {
            completion?(false)
            return
        }
        let a = min(max(min(fromTime, toTime), 0), d), b = min(max(max(fromTime, toTime), 0), d)
        guard b - a > 1e-9 else {
            currentTime = a
            completion?(true)
            return
        }
        stopCompletion(finished: false)
        if let mode { setLoopModeQuietly(mode) }
        playSpan = a...b
        retime(keepPlaying: false)
        run(from: a, completion: completion)
    }

    /// Stops at the current frame (the completion handler gets false).
    public func pause() {
        let t = currentAnimationTime
        stopCompletion(finished: false)
        pauseTimeline(at: t)
    }

    /// Stops and goes back to the first frame (the completion handler gets false).
    public func stop() {
        stopCompletion(finished: false)
        clearSpan()
        pauseTimeline(at: 0)
    }

    /// Back to the whole file (after a ranged play).
    private func clearSpan() {
        guard playSpan != nil else { return }
        playSpan = nil
        retime(keepPlaying: false)
    }

    /// The time shown, in seconds from the in point (0…duration).
    public var currentTime: TimeInterval {
        get { currentAnimationTime }
        set {
            guard newValue.isFinite, let d = animation?.duration else { return }
            stopCompletion(finished: false)
            clearSpan()
            pauseTimeline(at: min(max(newValue, 0), d))
        }
    }

    /// The frame shown (the file's frame numbers, fractions allowed); setting it pauses there.
    public var currentFrame: CGFloat {
        get {
            guard let a = animation else { return 0 }
            return a.inPoint + currentAnimationTime * a.frameRate
        }
        set {
            guard let a = animation else { return }
            currentTime = (newValue - a.inPoint) / a.frameRate
        }
    }

    /// How far through the animation the frame shown is (0…1); setting it pauses there.
    public var currentProgress: CGFloat {
        get {
            guard let d = animation?.duration, d > 0 else { return 0 }
            return currentAnimationTime / d
        }
        set {
            guard newValue.isFinite, let d = animation?.duration else { return }
            currentTime = min(max(newValue, 0), 1) * d
        }
    }

    // MARK: Timeline

    /// Seconds the timeline has run (unfolded: loops keep counting).
    private var timelineTime: Double {
        if timelineLayer.speed == 0 { return timelineLayer.timeOffset }
        let now = convertTime(CACurrentMediaTime(), from: nil)
        return (now - timelineLayer.beginTime) * Double(timelineLayer.speed) + timelineLayer.timeOffset
    }

    /// The time shown within the animation (0…duration), the loop mode applied.
    var currentAnimationTime: Double {
        guard let full = animation?.duration, full > 0 else { return 0 }
        // Within a ranged play's span, folded by the loop mode; the whole file otherwise.
        let span = playSpan ?? 0...full
        let d = span.upperBound - span.lowerBound
        return span.lowerBound + folded(timelineTime - span.lowerBound, length: d)
    }

    /// Time `t` from the start of a play of `d` seconds, as the loop mode shows it (0…d).
    private func folded(_ t: Double, length d: Double) -> Double {
        guard d > 0 else { return 0 }
        func wrap(_ t: Double) -> Double { let r = t.truncatingRemainder(dividingBy: d); return r < 0 ? r + d : r }
        func bounce(_ t: Double) -> Double {
            let r = t.truncatingRemainder(dividingBy: 2 * d)
            let p = r < 0 ? r + 2 * d : r
            return p <= d ? p : 2 * d - p
        }
        switch loopMode {
        case .playOnce: return min(max(t, 0), d)
        case .loop: return wrap(t)
        case .autoReverse: return bounce(t)
        case .repeat(let n):
            let end = Double(max(n, 0)) * d
            if t >= end { return n == n.rounded() && n > 0 ? d : wrap(end) }
            return t <= 0 ? 0 : wrap(t)
        case .repeatBackwards(let n):
            let end = 2 * Double(max(n, 0)) * d
            return bounce(min(max(t, 0), end))
        }
    }

    /// Shows time `t` still. The model values are set to that frame's too, so that `render(in:)`
    /// (which draws the model, as Apple's does) and snapshot tests of a paused layer show it.
    func pauseTimeline(at t: Double) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        timelineLayer.speed = 0
        timelineLayer.beginTime = 0
        timelineLayer.timeOffset = t
        if let emitter = emitterForRetiming, let a = animation {
            let frame = a.inPoint + t * a.frameRate
            for entry in emitter.added {
                if let value = entry.value(frame) { entry.layer.setValue(value, forKeyPath: entry.key) }
            }
        }
        CATransaction.commit()
        setPlaying(false)
    }

    private func run(from start: Double, completion: ((Bool) -> Void)?) {
        guard let full = animation?.duration else { return }
        let span = playSpan ?? 0...full
        let d = span.upperBound - span.lowerBound
        stopCompletion(finished: false)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        timelineLayer.speed = 0
        let now = convertTime(CACurrentMediaTime(), from: nil)
        timelineLayer.beginTime = now
        timelineLayer.timeOffset = start
        timelineLayer.speed = Float(animationSpeed)
        setPlaying(true)
        let watcher = CompletionWatcher(completion, layer: self)
        setWatcher(watcher)
        if let total = playLength(d), animationSpeed > 0 {
            let end = CABasicAnimation(keyPath: "opacity")
            end.fromValue = 1
            end.toValue = 1
            end.beginTime = AnimationEmitter.beginTimeAtZero
            end.duration = span.lowerBound + total
            end.delegate = watcher
            clockLayer.add(end, forKey: "completion")
        }
        CATransaction.commit()
    }

    /// Seconds of timeline a play lasts, nil when it repeats forever.
    private func playLength(_ d: Double) -> Double? {
        switch loopMode {
        case .playOnce: return d
        case .loop, .autoReverse: return nil
        case .repeat(let n): return Double(max(n, 0)) * d
        case .repeatBackwards(let n): return 2 * Double(max(n, 0)) * d
        }
    }

    /// Re-adds every animation with the loop mode's repetition; a play goes on from where it was.
    func retime(keepPlaying: Bool) {
        guard let emitter = emitterForRetiming else { return }
        let wasPlaying = isAnimationPlaying
        let t = currentAnimationTime
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let span = playSpan
        for (layer, key, animation, _) in emitter.added {
            guard let copy = animation.copy() as? CAAnimation else { continue }
            guard let span else {
                configure(copy)
                layer.add(copy, forKey: key)
                continue
            }
            // A ranged play: the animation inside a group that starts at the span's start and
            // lasts its length (the child shifted back by the start), repeated as the mode asks.
            copy.beginTime = AnimationEmitter.beginTimeAtZero - span.lowerBound
            let group = CAAnimationGroup()
            group.animations = [copy]
            group.beginTime = span.lowerBound > 0 ? span.lowerBound : AnimationEmitter.beginTimeAtZero
            group.duration = span.upperBound - span.lowerBound
            group.fillMode = .both
            group.isRemovedOnCompletion = false
            configure(group)
            layer.add(group, forKey: key)
        }
        CATransaction.commit()
        if keepPlaying, wasPlaying {
            let completion = takeCompletion()
            clockLayer.removeAnimation(forKey: "completion")
            run(from: t, completion: completion)
        }
    }

    private func configure(_ animation: CAAnimation) {
        switch loopMode {
        case .playOnce:
            animation.repeatCount = 0
            animation.autoreverses = false
        case .loop:
            animation.repeatCount = .infinity
            animation.autoreverses = false
        case .autoReverse:
            animation.repeatCount = .infinity
            animation.autoreverses = true
        case .repeat(let n):
            animation.repeatCount = max(n, 0)
            animation.autoreverses = false
        case .repeatBackwards(let n):
            animation.repeatCount = max(n, 0)
            animation.autoreverses = true
        }
    }

    /// Ends the pending completion handler with `finished`.
    func stopCompletion(finished: Bool) {
        let pending = takeCompletion()
        clockLayer.removeAnimation(forKey: "completion")
        pending?(finished)
    }
}

/// Receives the end of a play and holds its completion handler, which runs once: when the play
/// ends by itself (true), or when it is stopped or replaced (false, through the layer).
final class CompletionWatcher: NSObject, CAAnimationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var handler: ((Bool) -> Void)?
    private weak var layer: LottieLayer?

    init(_ handler: ((Bool) -> Void)?, layer: LottieLayer) {
        self.handler = handler
        self.layer = layer
    }

    /// The handler, taken (nil once it has been).
    func take() -> ((Bool) -> Void)? {
        lock.withLock {
            let h = handler
            handler = nil
            return h
        }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        // Removals by pause/stop are reported through the handler already taken.
        guard flag else { return }
        layer?.playEnded(by: self)
        take()?(true)
    }
}
