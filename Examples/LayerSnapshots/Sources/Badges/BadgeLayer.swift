import QuartzCore

/// A notification badge: a rounded pill with a count of dots, written as on iOS (a CALayer
/// subclass with the three standard initialisers and an animatable custom property).
public final class BadgeLayer: CALayer {
    /// How many dots the badge shows (0–5).
    public var count = 0 {
        didSet { layoutDots() }
    }

    public override init() {
        super.init()
        bounds = CGRect(x: 0, y: 0, width: 80, height: 32)
        cornerRadius = 16
        backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.3, alpha: 1)
    }

    public override init(layer: Any) {
        super.init(layer: layer)
        count = (layer as? BadgeLayer)?.count ?? 0
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func layoutDots() {
        sublayers?.forEach { $0.removeFromSuperlayer() }
        for i in 0..<max(0, min(count, 5)) {
            let dot = CALayer()
            dot.frame = CGRect(x: 10 + CGFloat(i) * 13, y: 11, width: 10, height: 10)
            dot.cornerRadius = 5
            dot.backgroundColor = CGColor(gray: 1, alpha: 1)
            addSublayer(dot)
        }
    }

    /// Makes the badge pop: a scale keyframe animation as iOS code writes it.
    public func pop() {
        let pop = CAKeyframeAnimation(keyPath: "transform.scale.xy")
        pop.values = [1, 1.3, 1]
        pop.keyTimes = [0, 0.3, 1]
        pop.duration = 0.6
        add(pop, forKey: "pop")
    }
}
