import QuartzCore
import StrataRender

extension Scenario {
    /// Issue 5's first figure: the commit of one transaction that changed 3 animatable properties
    /// on each of 10,000 committed layers (30,000 implicit animations). The changes are made
    /// before the timed part; the commit (begin times, wake-ups, snapshot) is timed.
    static let commit30kImplicit = Scenario(
        name: "commit-30k-implicit",
        summary: "CATransaction.commit() of a transaction holding 3 property changes on each of 10,000 sublayers of one root (30,000 implicit animations; snapshot included)",
        budgetMilliseconds: 7, units: 30_000, unitName: "animation",
        prepare: {
            prepareCommitLayers()
            return { _ in CATransaction.commit() }
        },
        beforeFrame: {
            resetCommitLayers()
            CATransaction.begin()
            changeCommitLayers(step: commitStep.next())
        },
        baseline: "commit-30k-implicit-baseline", referenceBaselineMilliseconds: 0.75)

    /// The commit's baseline: the same render snapshot (10,001 nodes, each with its state and its
    /// three animation records) built from values prepared beforehand, as plain copies.
    static let commit30kImplicitBaseline = Scenario(
        name: "commit-30k-implicit-baseline",
        summary: "the commit's snapshot (10,001 nodes with states and animations) built by copying prepared values",
        budgetMilliseconds: nil, units: 30_000, unitName: "animation",
        prepare: {
            prepareCommitLayers()
            CATransaction.begin()
            changeCommitLayers(step: 1)
            CATransaction.commit()
            guard let committed = commitRoot.layers[0].committedSnapshot?.snapshot else {
                fatalError("the commit benchmark's tree has no snapshot")
            }
            let prepared = SnapshotBox(committed)
            return { frame in
                let nodes = prepared.snapshot.nodes.map { node -> RenderNode in
                    var copy = node
                    copy.state.opacity += 0  // a copy that is written, as a commit writes each
                    return copy
                }
                blackHole(RenderTreeSnapshot(nodes: nodes, commitTime: Double(frame), version: UInt64(frame)))
            }
        })

    /// The same transaction timed whole: the 30,000 property changes (action search, implicit
    /// animations made) and the commit.
    static let transaction30kImplicit = Scenario(
        name: "transaction-30k-implicit",
        summary: "the same transaction timed whole: 30,000 property changes (each making an implicit animation) + commit",
        budgetMilliseconds: nil, units: 30_000, unitName: "animation",
        prepare: {
            prepareCommitLayers()
            return { frame in
                CATransaction.begin()
                changeCommitLayers(step: frame)
                CATransaction.commit()
            }
        },
        beforeFrame: resetCommitLayers)

    /// Issue 5's second figure: `presentation()` of one layer with 3 running animations.
    static let presentation3 = Scenario(
        name: "presentation-3-animations",
        summary: "presentation() of one layer with 3 running animations (position, opacity, rotation)",
        budgetMilliseconds: 0.005, units: 1, unitName: "call",
        prepare: {
            let layer = CALayer()
            CATransaction.begin()
            layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            CATransaction.commit()
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint.zero
            move.toValue = CGPoint(x: 100, y: 50)
            move.duration = 1e6
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 1e6
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = Double.pi
            spin.duration = 1e6
            CATransaction.begin()
            layer.add(move, forKey: "move")
            layer.add(fade, forKey: "fade")
            layer.add(spin, forKey: "spin")
            CATransaction.commit()
            let box = LayerBox([layer])
            return { _ in blackHole(box.layers[0].presentation()) }
        })
}

/// The 10,000 layers of `commit-30k-implicit`.
private let commitLayers = LayerBox((0..<10_000).map { _ in CALayer() })
private let commitStep = Counter()

/// Their root (held here: sublayers hold their superlayer weakly).
private let commitRoot = LayerBox([CALayer()])

/// Puts the layers in one committed tree.
private func prepareCommitLayers() {
    let root = commitRoot.layers[0]
    CATransaction.begin()
    for (i, layer) in commitLayers.layers.enumerated() {
        root.addSublayer(layer)
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.position = CGPoint(x: i % 100, y: i / 100)
    }
    CATransaction.commit()
}

/// Changes opacity, position and cornerRadius of every layer (values differ from step to step).
private func changeCommitLayers(step: Int) {
    let f = CGFloat(step % 7 + 1)
    for layer in commitLayers.layers {
        layer.opacity = Float(f) / 8
        layer.position = CGPoint(x: f, y: f)
        layer.cornerRadius = f
    }
}

/// Back to rest: the measured transaction starts with no animation running.
@Sendable private func resetCommitLayers() {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    for layer in commitLayers.layers { layer.removeAllAnimations() }
    CATransaction.commit()
}

/// A step number shared by `beforeFrame` calls.
final class Counter: @unchecked Sendable {
    private var value = 0

    func next() -> Int {
        value += 1
        return value
    }
}

/// Holds a snapshot for a scenario's frame closure.
final class SnapshotBox: @unchecked Sendable {
    let snapshot: RenderTreeSnapshot
    init(_ snapshot: RenderTreeSnapshot) { self.snapshot = snapshot }
}

/// Holds layers for a scenario's frame closure.
final class LayerBox: @unchecked Sendable {
    let layers: [CALayer]

    init(_ layers: [CALayer]) {
        self.layers = layers
    }
}
