import CoreGraphics
import Foundation
import QuartzCore

/// How a Lottie animation repeats when played.
public enum LottieLoopMode: Equatable, Sendable {
    /// Once, then it holds its last frame.
    case playOnce
    /// Forever.
    case loop
    /// Forwards then backwards, forever.
    case autoReverse
    /// A number of times (fractions allowed).
    case `repeat`(Float)
    /// Forwards then backwards, a number of times.
    case repeatBackwards(Float)
}

/// A layer that plays a Lottie animation through Core Animation: the file becomes a tree of
/// sublayers with keyframe animations (as lottie-ios's Core Animation engine builds it), fitted
/// into the layer's bounds by `contentsGravity`-like `contentGravity` (aspect fit by default).
///
/// The animation shows its first frame until `play()`. Playback runs on the layer tree's clock:
/// it needs no per-frame calls, so it plays in a window, in an export or in a snapshot test alike.
open class LottieLayer: CALayer, @unchecked Sendable {
    /// The layer the composition is built in (composition coordinates; carries the timeline).
    private let timeline = CALayer()
    /// Holds the completion animation (an invisible, empty layer).
    private let clock = CALayer()
    private let lock = NSLock()
    private var built: (animation: LottieAnimation, emitter: AnimationEmitter)?
    private var storedLoopMode: LottieLoopMode = .playOnce
    private var storedSpeed: CGFloat = 1
    private var storedGravity: CALayerContentsGravity = .resizeAspect
    private var playing = false
    /// The part of the file a `play(fromFrame:toFrame:…)` plays (seconds from the in point);
    /// nil: the whole file.
    private var storedSpan: ClosedRange<Double>?
    /// False for presentation copies (they share the model layer's tree).
    private var ownsTree = true
    /// Holds the pending completion handler (the end-of-play animation's delegate holds it too,
    /// so the handler runs even when the layer is gone by the time the main queue delivers it).
    private var watcher: CompletionWatcher?

    /// The animation shown (setting it rebuilds the tree and shows its first frame).
    public var animation: LottieAnimation? {
        get { lock.withLock { built?.animation } }
        set { load(newValue) }
    }

    /// Everything the animation uses that Strata does not draw (from the file and the build),
    /// and the budgets it passed (`limit: …`, see `InputLimits`).
    public private(set) var warnings: [String] = []

    public init(animation: LottieAnimation?) {
        super.init()
        setUp()
        load(animation)
    }

    public override convenience init() {
        self.init(animation: nil)
    }

    /// Presentation copies (Core Animation makes them with `init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
        ownsTree = false
        if let other = layer as? LottieLayer {
            built = other.lock.withLock { other.built }
            storedLoopMode = other.storedLoopMode
            storedSpeed = other.storedSpeed
            storedGravity = other.storedGravity
        }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    deinit {
        // Presentation copies share the tree: only the layer that built it lets it go.
        if ownsTree { built?.emitter.release() }
    }

    private func setUp() {
        timeline.name = "timeline"
        timeline.anchorPoint = .zero
        timeline.speed = 0
        clock.name = "clock"
        clock.isHidden = true
        timeline.addSublayer(clock)
        addSublayer(timeline)
    }

    /// How the composition fits the bounds: `.resizeAspect` (default), `.resizeAspectFill`,
    /// `.resize`, `.center` or a side or corner (no scaling).
    public var contentGravity: CALayerContentsGravity {
        get { lock.withLock { storedGravity } }
        set {
            lock.withLock { storedGravity = newValue }
            setNeedsLayout()
        }
    }

    /// How playing repeats (`.playOnce` by default). Changing it while playing goes on from the
    /// current frame.
    public var loopMode: LottieLoopMode {
        get { lock.withLock { storedLoopMode } }
        set {
            lock.withLock { storedLoopMode = newValue }
            retime(keepPlaying: true)
        }
    }

    /// The speed playing runs at (1: the file's frame rate; negative plays backwards).
    public var animationSpeed: CGFloat {
        get { lock.withLock { storedSpeed } }
        set {
            guard newValue.isFinite else { return }
            lock.withLock { storedSpeed = newValue }
            retime(keepPlaying: true)
        }
    }

    public var isAnimationPlaying: Bool { lock.withLock { playing } }

    // MARK: State shared with playback

    var playSpan: ClosedRange<Double>? {
        get { lock.withLock { storedSpan } }
        set { lock.withLock { storedSpan = newValue } }
    }
    /// Sets the loop mode without re-timing (a ranged play re-times once itself).
    func setLoopModeQuietly(_ mode: LottieLoopMode) { lock.withLock { storedLoopMode = mode } }
    var timelineLayer: CALayer { timeline }
    var clockLayer: CALayer { clock }
    var emitterForRetiming: AnimationEmitter? { lock.withLock { built?.emitter } }
    func setPlaying(_ value: Bool) { lock.withLock { playing = value } }
    func setWatcher(_ newWatcher: CompletionWatcher?) {
        lock.withLock { watcher = newWatcher }
    }
    /// The play `ended` finished by itself: not playing any more, if it is still this layer's.
    func playEnded(by ended: CompletionWatcher) {
        lock.withLock {
            guard watcher === ended else { return }
            playing = false
            watcher = nil
        }
    }

    /// The pending completion handler, removed (each is called once).
    func takeCompletion() -> ((Bool) -> Void)? {
        lock.withLock {
            let w = watcher
            watcher = nil
            return w?.take()
        }
    }

    // MARK: Building

    private func load(_ animation: LottieAnimation?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        stopCompletion(finished: false)
        timeline.sublayers?.filter { $0 !== clock }.forEach { $0.removeFromSuperlayer() }
        lock.withLock { built }?.emitter.release()
        guard let animation else {
            lock.withLock { built = nil }
            warnings = []
            return
        }
        let collector = LottieWarnings()
        let builder = CompositionBuilder(animation, warnings: collector)
        let root = builder.build()
        timeline.bounds = CGRect(origin: .zero, size: animation.size)
        timeline.insertSublayer(root, below: clock)
        lock.withLock {
            built = (animation, builder.emitter)
            playing = false
        }
        warnings = animation.warnings + collector.messages
        retime(keepPlaying: false)
        pauseTimeline(at: 0)
        setNeedsLayout()
        layoutTimeline()
    }

    open override func layoutSublayers() {
        super.layoutSublayers()
        layoutTimeline()
    }

    /// Places the composition in the bounds by `contentGravity`.
    private func layoutTimeline() {
        guard let size = lock.withLock({ built?.animation.size }), size.width > 0, size.height > 0 else { return }
        let b = bounds
        let gravity = contentGravity
        var sx = b.width / size.width, sy = b.height / size.height
        switch gravity {
        case .resizeAspect: sx = min(sx, sy); sy = sx
        case .resizeAspectFill: sx = max(sx, sy); sy = sx
        case .resize: break
        default: sx = 1; sy = 1
        }
        if !sx.isFinite || !sy.isFinite { sx = 1; sy = 1 }
        let w = size.width * sx, h = size.height * sy
        var x = b.midX - w / 2, y = b.midY - h / 2
        switch gravity {
        case .left, .topLeft, .bottomLeft: x = b.minX
        case .right, .topRight, .bottomRight: x = b.maxX - w
        default: break
        }
        switch gravity {
        case .top, .topLeft, .topRight: y = isGeometryFlipped ? b.maxY - h : b.minY
        case .bottom, .bottomLeft, .bottomRight: y = isGeometryFlipped ? b.minY : b.maxY - h
        default: break
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        timeline.position = CGPoint(x: x, y: y)
        timeline.transform = CATransform3DMakeScale(sx, sy, 1)
        CATransaction.commit()
    }
}
