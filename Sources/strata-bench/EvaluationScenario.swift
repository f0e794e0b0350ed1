import QuartzCore
import StrataAnimation
import StrataGeometry
import StrataRender

extension Scenario {
    /// Issue 4's figure: 10,000 layers, each with a 5-value keyframe animation on `position`, a
    /// basic animation of `opacity` and a spring on `transform.rotation.z`, evaluated at one time.
    static let evaluate10kLayers = Scenario(
        name: "evaluate-10k-layers",
        summary: "10,000 layers × 3 running animations (keyframe position, basic opacity, spring rotation)",
        budgetMilliseconds: 0.3, units: 30_000, unitName: "animation",
        prepare: { prepareEvaluation() },
        baseline: "evaluate-10k-layers-baseline", referenceBaselineMilliseconds: 0.07)

    /// The same layers with every layer's animations begun at its own time (10 µs apart, all in
    /// the past, so all are running), so no two share a timing and every timing is sampled for
    /// its own layer: the cost when nothing is shared.
    static let evaluate10kLayersStaggered = Scenario(
        name: "evaluate-10k-layers-staggered",
        summary: "the same 30,000 animations, each layer's begun 10 µs before the last (no timing shared)",
        budgetMilliseconds: nil, units: 30_000, unitName: "animation",
        prepare: { prepareEvaluation(stagger: -0.000_01) })

    /// The same 30,000 animations added to 10,000 real `CALayer`s and committed, evaluated by
    /// the render side's own path (`RenderEvaluator`, as `CARenderer` does a frame: every
    /// animated layer's whole state written): what an app's frame costs, beside the compact loop.
    static let present10kLayers = Scenario(
        name: "present-10k-layers",
        summary: "the same 30,000 animations on 10,000 committed CALayers, evaluated by the renderer's path (whole states)",
        budgetMilliseconds: nil, units: 30_000, unitName: "animation",
        prepare: {
            let root = CALayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for i in 0..<10_000 {
                let layer = CALayer()
                layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
                for animation in evaluationAnimations(layer: i, stagger: 0) { layer.add(animation, forKey: nil) }
                root.addSublayer(layer)
            }
            CATransaction.commit()
            guard let snapshot = root.committedSnapshot?.snapshot else { fatalError("no snapshot committed") }
            // The animations began at the commit (the clock's time then, as in an app).
            let begin = snapshot.commitTime
            let box = PresentationBox(RenderEvaluator.presentation(of: snapshot, at: begin + 0.37))
            return { frame in
                RenderEvaluator.presentation(
                    of: snapshot, at: begin + 0.37 + Double(frame % 120) / 60, reusing: &box.states, from: snapshot)
            }
        })

    /// The baseline: a stream through as many bytes as the frame's animations occupy (30,000
    /// compact records and the keyframe pools of their table), summed 8 bytes at a time.
    static let evaluate10kLayersBaseline = Scenario(
        name: "evaluate-10k-layers-baseline",
        summary: "reading as many bytes as the 30,000 animations occupy (records and pools), 8 at a time",
        budgetMilliseconds: nil, units: 30_000, unitName: "animation",
        prepare: {
            let data = evaluationData(stagger: 0)
            let words = data.table.bytes(records: data.animations.count) / 8
            let buffer = WordBuffer(Array(repeating: 1, count: words))
            return { _ in
                var sum: UInt64 = 0
                buffer.words.withUnsafeBufferPointer { for w in $0 { sum &+= w } }
                buffer.sink = sum  // kept: a store the optimiser cannot prove unread
            }
        })
}


/// Holds a frame's presented states for the next.
final class PresentationBox: @unchecked Sendable {
    var states: [RenderLayerState]
    init(_ states: [RenderLayerState]) { self.states = states }
}

/// Holds the baseline's words for its frame closure.
final class WordBuffer: @unchecked Sendable {
    let words: [UInt64]
    var sink: UInt64 = 0
    init(_ words: [UInt64]) { self.words = words }
}

/// Per layer: three records with their numeric tracks, the model values, the presented values.
/// Flat parallel arrays, as the render side keeps them.
private final class EvaluationData {
    var table = NumericAnimationTable()
    /// The table once built, read by every frame, and its timings' results.
    var frozen = NumericAnimationTable.Frozen(NumericAnimationTable())
    var results: [NumericAnimationTable.FrameResult] = []
    var animations: [NumericAnimation] = []
    var cursors: [Int] = []
    var modelPositions: [CGPoint] = []
    var positions: [CGPoint] = []
    var opacities: [Double] = []
    var transforms: [CATransform3D] = []
}

/// Layer `layer`'s three animations: a 5-value keyframe on `position` (its values shifted by
/// the layer's phase), a basic `opacity` and a spring on `transform.rotation.z`.
///
/// - Parameter stagger: seconds between the begin times of consecutive layers' animations.
private func evaluationAnimations(layer i: Int, stagger: Double) -> [CAAnimation] {
    let phase = Double(i % 100) / 100
    let move = CAKeyframeAnimation(keyPath: "position")
    move.values = (0..<5).map { CGPoint(x: Double($0 * 40) + phase, y: Double(($0 * 37) % 50)) }
    move.duration = 2
    move.repeatCount = .infinity
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0.2
    fade.duration = 1.5
    fade.autoreverses = true
    fade.repeatCount = .infinity
    fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    let spin = CASpringAnimation(keyPath: "transform.rotation.z")
    spin.fromValue = 0
    spin.toValue = Double.pi / 2
    spin.duration = 3
    let all: [CAAnimation] = [move, fade, spin]
    for animation in all { animation.beginTime = Double(i) * stagger }
    return all
}

/// The 10,000 layers' animations, compacted, with their model values.
///
/// - Parameter stagger: seconds between the begin times of consecutive layers' animations.
private func evaluationData(stagger: Double) -> EvaluationData {
    let data = EvaluationData()
    let compiler = AnimationCompiler()
    for i in 0..<10_000 {
        for animation in evaluationAnimations(layer: i, stagger: stagger) {
            guard case .success(let records) = compiler.compile(animation), let record = records.first,
                let compact = data.table.add(record)
            else { fatalError("benchmark animation did not compile to a numeric record") }
            data.animations.append(compact)
        }
        data.modelPositions.append(CGPoint(x: 10, y: 10))
    }
    data.cursors = Array(repeating: 0, count: data.animations.count)
    data.positions = data.modelPositions
    data.opacities = Array(repeating: 1, count: 10_000)
    data.transforms = Array(repeating: CATransform3DIdentity, count: 10_000)
    data.frozen = NumericAnimationTable.Frozen(data.table)
    data.results = Array(repeating: .unsampled, count: data.frozen.timingCount)
    return data
}

/// - Parameter stagger: seconds between the begin times of consecutive layers' animations.
private func prepareEvaluation(stagger: Double = 0) -> (Int) -> Void {
    let data = evaluationData(stagger: stagger)
    return { frame in
        // Frame i at 60 fps, computed from the index, never accumulated.
        let t = 0.37 + Double(frame) / 60
        data.results.withUnsafeMutableBufferPointer { results in
            data.animations.withUnsafeBufferPointer { animations in
                data.cursors.withUnsafeMutableBufferPointer { cursors in
                    evaluateFrame(data, t, data.frozen.frame(results: results), animations.baseAddress!, cursors.baseAddress!)
                }
            }
        }
    }
}

/// One frame: each layer's position, opacity and transform from its model values and animations.
private func evaluateFrame(
    _ data: EvaluationData, _ t: Double, _ table: NumericAnimationTable.Frame, _ animations: UnsafePointer<NumericAnimation>,
    _ cursors: UnsafeMutablePointer<Int>
) {
    // Timings shared by many layers are sampled once a frame, through the table; the memo
    // keeps the matrix of the shared turn, as the render evaluator's does.
    var memo = TimingMemo()
    data.modelPositions.withUnsafeBufferPointer { model in
        data.positions.withUnsafeMutableBufferPointer { positions in
            data.opacities.withUnsafeMutableBufferPointer { opacities in
                data.transforms.withUnsafeMutableBufferPointer { transforms in
                    for layer in 0..<model.count {
                        let r = layer * 3
                        let base = model[layer]
                        if let v = NumericAnimation.evaluate(
                            animations + r, in: table, parentTime: t, underlying: SIMD4(base.x, base.y, 0, 0), cursor: &cursors[r])
                        {
                            positions[layer] = CGPoint(x: v.x, y: v.y)
                        }
                        if let v = NumericAnimation.evaluate(
                            animations + r + 1, in: table, parentTime: t, underlying: SIMD4(1, 0, 0, 0), cursor: &cursors[r + 1])
                        {
                            opacities[layer] = v.x
                        }
                        if let v = NumericAnimation.evaluate(
                            animations + r + 2, in: table, parentTime: t, underlying: SIMD4(), cursor: &cursors[r + 2])
                        {
                            // The model transform is the identity: the rotation is the whole transform.
                            // Over the model transform (the identity), through the frame's memo as the
                            // render evaluator does.
                            if !memo.write(.rotationZ, v.x, over: CATransform3DIdentity, into: &transforms[layer]) {
                                transforms[layer] = CATransform3DIdentity
                            }
                        }
                    }
                }
            }
        }
    }
}
