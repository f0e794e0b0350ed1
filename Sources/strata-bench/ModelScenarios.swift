import QuartzCore

extension Scenario {
    /// Issue 5's first figure: one transaction changing 3 animatable properties on each of 10,000
    /// committed layers (30,000 implicit animations), set and committed.
    static let commit30kImplicit = Scenario(
        name: "commit-30k-implicit",
        summary: "one transaction: 3 property changes on each of 10,000 sublayers of one root, at rest (30,000 implicit animations), set + commit (snapshot included)",
        budgetMilliseconds: 15, units: 30_000, unitName: "animation",
        prepare: {
            let layers = commitLayers.layers
            let root = CALayer()
            CATransaction.begin()
            for (i, layer) in layers.enumerated() {
                root.addSublayer(layer)
                layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                layer.position = CGPoint(x: i % 100, y: i / 100)
            }
            CATransaction.commit()
            let box = commitLayers
            return { frame in
                let f = CGFloat(frame % 7 + 1)
                CATransaction.begin()
                for layer in box.layers {
                    layer.opacity = Float(f) / 8
                    layer.position = CGPoint(x: f, y: f)
                    layer.cornerRadius = f
                }
                CATransaction.commit()
            }
        },
        beforeFrame: {
            // Back to rest: the measured transaction starts with no animation running.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for layer in commitLayers.layers { layer.removeAllAnimations() }
            CATransaction.commit()
        })

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

/// Holds layers for a scenario's frame closure.
final class LayerBox: @unchecked Sendable {
    let layers: [CALayer]

    init(_ layers: [CALayer]) {
        self.layers = layers
    }
}
