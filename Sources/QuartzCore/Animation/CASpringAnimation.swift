import StrataAnimation

/// A basic animation whose progress follows a damped spring from `fromValue` to `toValue`.
///
/// Time along the spring is the animation's local time in seconds, whatever its `duration`
/// (which only says when the animation ends: set it to `settlingDuration` to see it come to rest).
open class CASpringAnimation: CABasicAnimation {
    override package class var archivedKeys: [String] {
        super.archivedKeys + ["mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping"]
    }

    /// The mass on the spring (> 0, default 1).
    open var mass: CGFloat = 1
    /// The spring constant (> 0, default 100).
    open var stiffness: CGFloat = 100
    /// The friction (≥ 0, default 10).
    open var damping: CGFloat = 10
    /// Initial speed in whole distances per second; positive moves toward the target.
    open var initialVelocity: CGFloat = 0
    /// When false (default), damping beyond critical is treated as critical.
    open var allowsOverdamping = false

    /// A spring that settles in about `perceptualDuration` seconds, bouncing by `bounce`
    /// (0 none, up to 1 most; negative values give over-damped, slower curves). Sets
    /// `allowsOverdamping` to true, as Apple's header says it does.
    public convenience init(perceptualDuration: TimeInterval, bounce: Double) {
        self.init()
        let spring = Spring(perceptualDuration: perceptualDuration, bounce: bounce)
        mass = spring.mass
        stiffness = spring.stiffness
        damping = spring.damping
        allowsOverdamping = true
        duration = settlingDuration
    }

    /// The solver for the current parameters.
    package var spring: Spring {
        Spring(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    /// An estimate, in seconds, of how long the spring takes to come to rest.
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    /// The duration the spring appears to take, in seconds.
    open var perceptualDuration: CFTimeInterval { spring.perceptualDuration }

    /// How much the spring bounces (0 none, toward 1 more).
    open var bounce: CGFloat { spring.bounce }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
        allowsOverdamping = other.allowsOverdamping
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "mass": mass
        case "stiffness": stiffness
        case "damping": damping
        case "initialVelocity": initialVelocity
        case "allowsOverdamping": allowsOverdamping
        case "settlingDuration": settlingDuration
        default: super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "mass": assign(value, key) { (v: Double) in self.mass = v }
        case "stiffness": assign(value, key) { (v: Double) in self.stiffness = v }
        case "damping": assign(value, key) { (v: Double) in self.damping = v }
        case "initialVelocity": assign(value, key) { (v: Double) in self.initialVelocity = v }
        case "allowsOverdamping": assign(value, key) { self.allowsOverdamping = $0 }
        default: super.setValue(value, forKey: key)
        }
    }
}
