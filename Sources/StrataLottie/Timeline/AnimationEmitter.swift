import CoreGraphics
import Foundation
import QuartzCore
import StrataInput

/// Turns Lottie properties into Core Animation: a model value, and when the property moves a
/// `CAKeyframeAnimation` over the whole animation (key times = root frames ÷ the duration).
///
/// Keyframes keep their own Bézier easing (`timingFunctions`) when their composition's frames map
/// linearly onto the root's and they lie within it; otherwise (time remapping, keyframes outside
/// the root's range, values derived from several properties) the value is sampled at every root
/// frame and interpolated linearly between: exact at whole frames.
final class AnimationEmitter {
    /// The root composition's frame rate, in point and out point (frames).
    let frameRate: Double
    let inPoint: Double
    let outPoint: Double
    let warnings: LottieWarnings
    /// Every animation added, with its layer and key, so that a player can re-time them, and
    /// the value it gives at a root frame, so that a paused player can set the model to it.
    private(set) var added: [(layer: CALayer, key: String, animation: CAAnimation, value: (Double) -> Any?)] = []

    /// Apple's `AVCoreAnimationBeginTimeAtZero`: a begin time that is not 0 (0 means "now") but
    /// is the start of the layer's timeline.
    static let beginTimeAtZero: CFTimeInterval = 1e-100

    /// The file's budgets (path steps, sampled path points).
    let limits: InputLimits

    /// How far After Effects' default camera stands from the composition (points): 3D layers
    /// are seen in perspective from it. Its 39.6° angle of view (a 50 mm lens) puts it 1.389
    /// composition widths away.
    var cameraDistance = 1000.0

    init(frameRate: Double, inPoint: Double, outPoint: Double, warnings: LottieWarnings, limits: InputLimits = .standard) {
        self.limits = limits
        self.frameRate = frameRate
        self.inPoint = inPoint
        self.outPoint = outPoint
        self.warnings = warnings
    }

    var duration: Double { (outPoint - inPoint) / frameRate }

    /// Root frames sampled for derived values: every whole frame from the in to the out point.
    var sampleFrames: [Double] {
        let first = inPoint.rounded(.down), last = outPoint.rounded(.up)
        guard last > first else { return [inPoint] }
        // At most 20,000 samples (a long file is sampled more sparsely, never into a huge array).
        let step = max(1, (last - first) / Self.maxSamples)
        return stride(from: first, through: last, by: step).map { $0 }
    }

    /// The most samples a derived value gets over the whole file.
    static let maxSamples = 20_000.0

    func keyTime(_ rootFrame: Double) -> Double {
        min(1, max(0, (rootFrame - inPoint) / (outPoint - inPoint)))
    }

    /// Animates `keyPath` of `layer` from `property` (dimension `dimension` of a number list, or
    /// the whole value) through `convert`, and sets the model value to the value at the in point.
    func animate<V>(
        _ layer: CALayer, _ keyPath: String, _ property: LottieProperty<V>, map: FrameMap, dimension: Int = 0,
        _ convert: @escaping (V) -> Any?
    ) {
        let start = property.value(at: map.local(inPoint))
        if let model = convert(start) { layer.setValue(model, forKeyPath: keyPath) }
        guard property.isAnimated else { return }
        if let exact = exactAnimation(keyPath, property, map: map, dimension: dimension, convert) {
            add(exact, to: layer, key: keyPath) { convert(property.value(at: map.local($0))) }
        } else {
            sample(layer, keyPath) { convert(property.value(at: map.local($0))) }
        }
    }

    /// Animates `keyPath` with values computed at every sampled root frame (`discrete` for values
    /// that do not interpolate: booleans, texts).
    /// A path costing `pathWork` (see `maxPathWork`) a frame is sampled at fewer frames when the
    /// file's budgets run short.
    func sample(
        _ layer: CALayer, _ keyPath: String, discrete: Bool = false, pathWork: Int = 0, _ value: @escaping (Double) -> Any?
    ) {
        var frames = sampleFrames
        if keyPath == "path", frames.count > 2, let first = value(frames[0]) as? CGPath {
            frames = pathFrames(frames, pointsEach: first.storage.points.count, workEach: pathWork)
        }
        var values: [Any] = []
        var times: [NSNumber] = []
        values.reserveCapacity(frames.count)
        for f in frames {
            guard let v = value(f) else { return }
            values.append(v)
            times.append(NSNumber(value: keyTime(f)))
        }
        if let model = values.first { layer.setValue(model, forKeyPath: keyPath) }
        guard values.count > 1 else { return }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = times
        if discrete {
            // A value sampled at frame f shows from a hair before f: a frame drawn at f on a
            // clock far from 0 (10⁶ s: steps of 10⁻¹⁰ s) can land just short of its key time.
            animation.calculationMode = .discrete
            animation.keyTimes = times.enumerated().map { $0 == 0 ? $1 : NSNumber(value: max(0, $1.doubleValue - 1e-7)) } + [1]
        }
        add(animation, to: layer, key: keyPath, value: value)
    }

    /// Path points sampled so far, all paths together (see `maxSampledPathPoints`).
    private var sampledPathPoints = 0
    /// Path points a file's sampled paths may hold in all (about 25 MB): a 500-point path
    /// sampled at every frame of 50 time-remapped uses of one precomposition took 7 GB. Past
    /// it, paths are sampled at fewer frames (at least their first and last), with a warning.
    var maxSampledPathPoints: Int { limits.pathPoints }

    /// Path steps taken so far (shapes evaluated, transforms and roundings applied, trims cut),
    /// over every sampled frame (see `maxPathWork`).
    private(set) var pathWork = 0
    /// Path steps a file may cost in all (a few seconds of building at most): 250 nested groups,
    /// each trimming and painting all it holds, took 47 s (a paint sees every outline nested in
    /// its group, each moved and trimmed by every group around it). Past it, paths are sampled
    /// at fewer frames, then paints lose their trims, then their paths, with a warning.
    var maxPathWork: Int { limits.pathSteps }

    /// True when `work` at `frames` frames fits what is left of `maxPathWork`.
    func canAffordPathWork(_ work: Int, frames: Int) -> Bool {
        work.multipliedReportingOverflow(by: frames).partialValue <= maxPathWork - pathWork
    }

    /// The path work one paint may take: a quarter of what is left, so that the paints built
    /// last (the outer groups, the costliest) are sampled more sparsely rather than left out.
    private var pathWorkShare: Int { Swift.max(maxPathWork - pathWork, 0) / 4 }

    /// Counts path work done outside `sample` (a fixed path, bounds).
    func spendPathWork(_ work: Int) { pathWork += work }

    /// `frames`, thinned so that sampling a path of `pointsEach` points costing `workEach` a
    /// frame stays within what is left of `maxSampledPathPoints` and `maxPathWork`.
    private func pathFrames(_ frames: [Double], pointsEach: Int, workEach: Int) -> [Double] {
        let each = Swift.max(pointsEach, 1)
        let left = Swift.max(maxSampledPathPoints - sampledPathPoints, 0)
        let affordable = Swift.max(2, Swift.min(left / each, pathWorkShare / Swift.max(workEach, 1)))
        guard affordable < frames.count else {
            sampledPathPoints += frames.count * each
            pathWork += frames.count * workEach
            return frames
        }
        if left / each < frames.count {
            warnings.noteLimit("paths sampled at fewer frames (over \(maxSampledPathPoints) sampled path points in all; --limit path-points)", at: "shapes")
        } else {
            warnings.noteLimit("paths sampled at fewer frames (over \(maxPathWork) path steps in all; --limit path-steps)", at: "shapes")
        }
        let step = Double(frames.count - 1) / Double(affordable - 1)
        let thinned = (0..<affordable).map { frames[Swift.min(frames.count - 1, Int((Double($0) * step).rounded()))] }
        sampledPathPoints += thinned.count * each
        pathWork += thinned.count * workEach
        return thinned
    }

    /// The sampled frames, evenly fewer when `work` at each would pass what is left of
    /// `maxPathWork` (at least the in point; none when not even that fits).
    func affordableFrames(work: Int) -> [Double] {
        let frames = sampleFrames
        let affordable = pathWorkShare / Swift.max(work, 1)
        guard affordable < frames.count else { return frames }
        guard affordable > 1 else { return affordable == 1 ? [inPoint] : [] }
        let step = Double(frames.count - 1) / Double(affordable - 1)
        return (0..<affordable).map { frames[Swift.min(frames.count - 1, Int((Double($0) * step).rounded()))] }
    }

    /// A layer shown only from `inFrame` to `outFrame` (root frames): `hidden` outside. Out points
    /// are exclusive (After Effects', lottie-web's rule), except at the root's out point: the
    /// player's last frame (progress 1) shows layers that end there, as iOS does, rather than
    /// an empty frame.
    func visibility(_ layer: CALayer, from inFrame: Double, to given: Double) {
        let outFrame = given >= outPoint ? .infinity : given
        let a = keyTime(inFrame), b = keyTime(outFrame)
        if inFrame <= inPoint, outFrame >= outPoint { return }
        guard b > a, outFrame > inPoint, inFrame < outPoint else {
            layer.isHidden = true
            return
        }
        layer.isHidden = inFrame > inPoint
        let animation = CAKeyframeAnimation(keyPath: "hidden")
        animation.calculationMode = .discrete
        if outFrame >= outPoint {
            animation.values = [true, false]
            animation.keyTimes = [0, NSNumber(value: a), 1]
        } else {
            animation.values = [inFrame > inPoint, false, true]
            animation.keyTimes = [0, NSNumber(value: a), NSNumber(value: b), 1]
        }
        add(animation, to: layer, key: "hidden") { f in !(f >= inFrame && f < outFrame) }
    }

    /// Keyframes with their easing, or nil when they must be sampled.
    private func exactAnimation<V>(
        _ keyPath: String, _ property: LottieProperty<V>, map: FrameMap, dimension: Int, _ convert: (V) -> Any?
    ) -> CAKeyframeAnimation? {
        guard !property.loops else { return nil }
        var frames: [Double] = []
        for k in property.keyframes {
            guard let f = map.root(k.time), f >= inPoint - 1e-9, f <= outPoint + 1e-9 else { return nil }
            frames.append(f)
        }
        var values: [Any] = []
        var times: [NSNumber] = []
        var functions: [CAMediaTimingFunction] = []
        func append(_ frame: Double, _ value: V) -> Bool {
            guard let v = convert(value) else { return false }
            values.append(v)
            times.append(NSNumber(value: keyTime(frame)))
            return true
        }
        let k = property.keyframes
        if frames[0] > inPoint {
            guard append(inPoint, k[0].value) else { return nil }
            functions.append(CAMediaTimingFunction(name: .linear))
        }
        for i in k.indices {
            guard append(frames[i], k[i].value) else { return nil }
            guard i + 1 < k.count else { break }
            if k[i].hold {
                functions.append(CAMediaTimingFunction(name: .linear))
                guard append(frames[i + 1], k[i].value) else { return nil }
                functions.append(CAMediaTimingFunction(name: .linear))
            } else {
                functions.append(property.timingFunction(i, dimension: dimension))
            }
        }
        if frames[frames.count - 1] < outPoint {
            functions.append(CAMediaTimingFunction(name: .linear))
            guard append(outPoint, k[k.count - 1].value) else { return nil }
        }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = times
        animation.timingFunctions = functions
        return animation
    }

    /// Notes that the animations added to `old` now run on `new` (the same keys).
    func moveAnimations(from old: CALayer, to new: CALayer) {
        for i in added.indices where added[i].layer === old { added[i].layer = new }
    }

    /// Forgets the animations added. The value closures reach back to the builders that hold
    /// this emitter, so the list must be emptied for the layers to be freed (the player does it
    /// when it lets go of a tree).
    func release() {
        added.removeAll()
    }

    /// Adds `animation` to `layer` over the whole timeline, held before and after; `value` gives
    /// what it shows at a root frame.
    func add(_ animation: CAAnimation, to layer: CALayer, key: String, value: @escaping (Double) -> Any?) {
        animation.beginTime = Self.beginTimeAtZero
        animation.duration = duration
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: key)
        added.append((layer, key, animation, value))
    }
}
