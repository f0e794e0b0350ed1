/// An animation of one layer property, named by a key path such as `"position.x"`.
open class CAPropertyAnimation: CAAnimation {
    override package class var archivedKeys: [String] { super.archivedKeys + ["keyPath", "additive", "cumulative", "valueFunction"] }

    /// The animated key path (`"opacity"`, `"bounds.size.width"`, `"transform.rotation.z"`...).
    open var keyPath: String?
    /// Adds the animated value to the property's current value instead of replacing it.
    open var isAdditive = false
    /// Each repetition continues from where the previous one ended.
    open var isCumulative = false
    /// Turns the interpolated numbers into a transform (keyPath `"transform"`).
    open var valueFunction: CAValueFunction?

    /// An animation of `path`, as `[CAPropertyAnimation animationWithKeyPath:]`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "keyPath": keyPath
        case "additive": isAdditive
        case "cumulative": isCumulative
        case "valueFunction": valueFunction
        default: super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "keyPath": assign(value, key) { (p: String?) in self.keyPath = p }
        case "additive": assign(value, key) { self.isAdditive = $0 }
        case "cumulative": assign(value, key) { self.isCumulative = $0 }
        case "valueFunction": assign(value, key) { (f: CAValueFunction?) in self.valueFunction = f }
        default: super.setValue(value, forKey: key)
        }
    }
}

/// A single-keyframe animation between `fromValue`, `toValue` and `byValue` (at most two set).
///
/// Values use Apple's spellings: NSNumber or Swift numbers, CGPoint, CGSize, CGRect,
/// CATransform3D, CGColor, CGPath, CGImage, arrays. A missing end is the property's current value.
open class CABasicAnimation: CAPropertyAnimation {
    override package class var archivedKeys: [String] { super.archivedKeys + ["fromValue", "toValue", "byValue"] }

    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": fromValue
        case "toValue": toValue
        case "byValue": byValue
        default: super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }
}
