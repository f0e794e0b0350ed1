/// The abstract base of Core Animation's animations: timing, pacing, delegate and arbitrary keys.
///
/// As on Apple, layers store a copy of an animation when it is added, the delegate is held
/// strongly, and properties not set explicitly come from `class func defaultValue(forKey:)`.
open class CAAnimation: NSObject, NSCopying, CAMediaTiming, NSSecureCoding {
    /// Explicitly set values of the timing properties (nil: use `defaultValue(forKey:)`).
    var explicitTiming = ExplicitTiming()
    /// Values set with `setValue(_:forKey:)` for keys that are not properties.
    var extraValues: [String: Any] = [:]

    /// A strongly held delegate.
    open var delegate: CAAnimationDelegate?

    open var timingFunction: CAMediaTimingFunction? {
        get { explicitTiming.timingFunction ?? Self.default("timingFunction") }
        set { explicitTiming.timingFunction = newValue }
    }

    /// The frame rates the animation wants while it runs (none by default): a window host draws
    /// at the highest rate any running animation wants, 60 a second when one has no preference.
    open var preferredFrameRateRange = CAFrameRateRange.default

    /// Whether the layer drops the animation once its active duration has passed (default true).
    open var isRemovedOnCompletion: Bool {
        get { explicitTiming.isRemovedOnCompletion ?? Self.default("removedOnCompletion") ?? true }
        set { explicitTiming.isRemovedOnCompletion = newValue }
    }

    public required override init() {
        super.init()
    }

    /// An animation read from an archive: every property its class archives, and custom keys.
    public required init?(coder: NSCoder) {
        super.init()
        decodeAnimation(from: coder)
    }

    /// Writes every property of the animation's class and its custom keys (not the delegate).
    open func encode(with coder: NSCoder) {
        encodeAnimation(with: coder)
    }

    public class var supportsSecureCoding: Bool { true }

    /// The keys (value(forKey:) names) this class archives; subclasses add theirs.
    package class var archivedKeys: [String] {
        ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
         "timingFunction", "removedOnCompletion"]
    }

    /// A new animation, as `[CAAnimation animation]`.
    open class func animation() -> Self { Self() }

    /// The value a property has until it is set; subclasses override it. nil by default.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether the value of `key` is archived; every key is, as on Apple.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: - CAMediaTiming

    open var beginTime: CFTimeInterval {
        get { explicitTiming.beginTime ?? Self.default("beginTime") ?? 0 }
        set { explicitTiming.beginTime = newValue }
    }

    open var duration: CFTimeInterval {
        get { explicitTiming.duration ?? Self.default("duration") ?? 0 }
        set { explicitTiming.duration = newValue }
    }

    open var speed: Float {
        get { explicitTiming.speed ?? Self.default("speed") ?? 1 }
        set { explicitTiming.speed = newValue }
    }

    open var timeOffset: CFTimeInterval {
        get { explicitTiming.timeOffset ?? Self.default("timeOffset") ?? 0 }
        set { explicitTiming.timeOffset = newValue }
    }

    open var repeatCount: Float {
        get { explicitTiming.repeatCount ?? Self.default("repeatCount") ?? 0 }
        set { explicitTiming.repeatCount = newValue }
    }

    open var repeatDuration: CFTimeInterval {
        get { explicitTiming.repeatDuration ?? Self.default("repeatDuration") ?? 0 }
        set { explicitTiming.repeatDuration = newValue }
    }

    open var autoreverses: Bool {
        get { explicitTiming.autoreverses ?? Self.default("autoreverses") ?? false }
        set { explicitTiming.autoreverses = newValue }
    }

    open var fillMode: CAMediaTimingFillMode {
        get { explicitTiming.fillMode ?? Self.default("fillMode") ?? .removed }
        set { explicitTiming.fillMode = newValue }
    }

    // MARK: - Key-value coding

    // Apple's animations are NSObjects, so `setValue(_:forKey:)` and `value(forKey:)` reach their
    // properties by name and store any other key on the animation. Linux Foundation's NSObject has
    // no KVC, so each class answers for its own keys and passes the rest to its superclass.

    /// The value of property `key`, or of an arbitrary key set earlier; nil when unset.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "beginTime": beginTime
        case "duration": duration
        case "speed": speed
        case "timeOffset": timeOffset
        case "repeatCount": repeatCount
        case "repeatDuration": repeatDuration
        case "autoreverses": autoreverses
        case "fillMode": fillMode.rawValue
        case "timingFunction": timingFunction
        case "removedOnCompletion": isRemovedOnCompletion
        case "delegate": delegate
        default: extraValues[key]
        }
    }

    /// Sets property `key` (a value of the wrong type is ignored with a warning) or stores an
    /// arbitrary key, which copies of the animation keep.
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "beginTime": assign(value, key) { self.beginTime = $0 }
        case "duration": assign(value, key) { self.duration = $0 }
        case "speed": assign(value, key) { self.speed = $0 }
        case "timeOffset": assign(value, key) { self.timeOffset = $0 }
        case "repeatCount": assign(value, key) { self.repeatCount = $0 }
        case "repeatDuration": assign(value, key) { self.repeatDuration = $0 }
        case "autoreverses": assign(value, key) { self.autoreverses = $0 }
        case "removedOnCompletion": assign(value, key) { self.isRemovedOnCompletion = $0 }
        case "fillMode": assign(value, key) { (s: String) in self.fillMode = CAMediaTimingFillMode(rawValue: s) }
        case "timingFunction": assign(value, key) { (f: CAMediaTimingFunction?) in self.timingFunction = f }
        case "delegate": delegate = value as? CAAnimationDelegate
        default: extraValues[key] = value
        }
    }

    // MARK: - Copying

    /// A copy with every property, the delegate and the extra keys.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.copyState(from: self)
        return copy
    }

    /// Copies this class's state from `other`; each subclass adds its own and calls super.
    func copyState(from other: CAAnimation) {
        explicitTiming = other.explicitTiming
        preferredFrameRateRange = other.preferredFrameRateRange
        extraValues = other.extraValues
        delegate = other.delegate
    }

    /// The class default for `key` when it has type `T` (a subclass may return a wrong type:
    /// it is ignored).
    static func `default`<T>(_ key: String) -> T? {
        switch defaultValue(forKey: key) {
        case let value as T: value
        case let number as NSNumber where T.self == Double.self: number.doubleValue as? T
        case let number as NSNumber where T.self == Float.self: number.floatValue as? T
        case let number as NSNumber where T.self == Bool.self: number.boolValue as? T
        default: nil
        }
    }
}

/// The timing properties set explicitly on an animation.
struct ExplicitTiming {
    var beginTime: CFTimeInterval?
    var duration: CFTimeInterval?
    var speed: Float?
    var timeOffset: CFTimeInterval?
    var repeatCount: Float?
    var repeatDuration: CFTimeInterval?
    var autoreverses: Bool?
    var fillMode: CAMediaTimingFillMode?
    var timingFunction: CAMediaTimingFunction?
    var isRemovedOnCompletion: Bool?
}
