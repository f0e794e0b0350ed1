/// How a keyframe animation computes the frames between its keyframes, with Apple's raw values.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether an object moving along a path turns to follow it, with Apple's raw values.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Turned to the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Turned to the path's tangent plus half a turn.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation through a sequence of values (or along a path) at given key times.
open class CAKeyframeAnimation: CAPropertyAnimation {
    override package class var archivedKeys: [String] {
        super.archivedKeys + [
            "values", "path", "keyTimes", "timingFunctions", "calculationMode", "rotationMode", "tensionValues",
            "continuityValues", "biasValues",
        ]
    }

    /// The keyframe values, in Apple's value spellings.
    open var values: [Any]?
    /// For point properties: the path to follow; when set, `values` is ignored.
    open var path: CGPath? {
        didSet { path = path?.copy() }
    }
    /// Fractions (0...1) of the duration at which each keyframe is reached.
    open var keyTimes: [NSNumber]?
    /// One pacing curve per segment (keyframes − 1).
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek–Bartels parameters per keyframe for the cubic modes, each in −1...1.
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        rotationMode = other.rotationMode
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "values": values
        case "path": path
        case "keyTimes": keyTimes
        case "timingFunctions": timingFunctions
        case "calculationMode": calculationMode.rawValue
        case "tensionValues": tensionValues
        case "continuityValues": continuityValues
        case "biasValues": biasValues
        case "rotationMode": rotationMode?.rawValue
        default: super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "values": assign(value, key) { (v: [Any]?) in self.values = v }
        case "path": assign(value, key) { (p: CGPath?) in self.path = p }
        case "keyTimes": assign(value, key) { (k: [NSNumber]?) in self.keyTimes = k }
        case "timingFunctions": assign(value, key) { (f: [CAMediaTimingFunction]?) in self.timingFunctions = f }
        case "calculationMode":
            assign(value, key) { (s: String) in self.calculationMode = CAAnimationCalculationMode(rawValue: s) }
        case "tensionValues": assign(value, key) { (v: [NSNumber]?) in self.tensionValues = v }
        case "continuityValues": assign(value, key) { (v: [NSNumber]?) in self.continuityValues = v }
        case "biasValues": assign(value, key) { (v: [NSNumber]?) in self.biasValues = v }
        case "rotationMode":
            assign(value, key) { (s: String?) in self.rotationMode = s.map(CAAnimationRotationMode.init(rawValue:)) }
        default: super.setValue(value, forKey: key)
        }
    }
}
