import QuartzCore
import StrataAnimation

extension Scenario {
    /// Issue 4's figure: 10,000 layers, each with a 5-value keyframe animation on `position`, a
    /// basic animation of `opacity` and a spring on `transform.rotation.z`, evaluated at one time.
    static let evaluate10kLayers = Scenario(
        name: "evaluate-10k-layers",
        summary: "10,000 layers × 3 running animations (keyframe position, basic opacity, spring rotation)",
        budgetMilliseconds: 1, units: 30_000, unitName: "animation",
        prepare: prepareEvaluation)
}

/// The records, the values underneath them and the outputs, in flat parallel arrays.
private final class EvaluationData {
    var records: [AnimationRecord] = []
    var bases: [AnimatableValue] = []
    var outputs: [AnimatableValue] = []
    var cursors: [Int] = []
}

private func prepareEvaluation() -> (Int) -> Void {
    let data = EvaluationData()
    let compiler = AnimationCompiler()
    for i in 0..<10_000 {
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
        for (animation, base) in [
            (move as CAAnimation, AnimatableValue.point(CGPoint(x: 10, y: 10))), (fade, .scalar(1)),
            (spin, .transform(CATransform3DIdentity)),
        ] {
            guard case .success(let records) = compiler.compile(animation), let record = records.first else {
                fatalError("benchmark animation did not compile")
            }
            data.records.append(record)
            data.bases.append(base)
        }
    }
    data.outputs = data.bases
    data.cursors = Array(repeating: 0, count: data.records.count)
    return { frame in
        // Frame i at 60 fps, computed from the index, never accumulated.
        let t = 0.37 + Double(frame) / 60
        data.records.withUnsafeBufferPointer { records in
            data.bases.withUnsafeBufferPointer { bases in
                data.outputs.withUnsafeMutableBufferPointer { outputs in
                    data.cursors.withUnsafeMutableBufferPointer { cursors in
                        for i in 0..<records.count {
                            outputs[i] = records[i].evaluate(parentTime: t, base: bases[i], cursor: &cursors[i]) ?? bases[i]
                        }
                    }
                }
            }
        }
    }
}
