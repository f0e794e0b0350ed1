// Helpers for key-value coding of animations (the overridable methods live in the class bodies).

extension CAAnimation {
    /// Converts `value` to `T` (numbers through NSNumber) and calls `set`, or warns.
    func assign<T>(_ value: Any?, _ key: String, _ set: (T) -> Void) {
        if let converted = KVCValue.convert(value, to: T.self) {
            set(converted)
        } else {
            Diagnostics.warn("\(type(of: self)).setValue(_:forKey: \"\(key)\"): \(String(describing: value)) is not a \(T.self); ignored")
        }
    }
}

/// Converts KVC values (NSNumber and Swift numbers alike) to a property's type.
enum KVCValue {
    static func convert<T>(_ value: Any?, to type: T.Type) -> T? {
        if let v = value as? T { return v }
        let number: NSNumber? =
            switch value {
            case let n as NSNumber: n
            case let d as Double: NSNumber(value: d)
            case let f as Float: NSNumber(value: f)
            case let i as Int: NSNumber(value: i)
            case let b as Bool: NSNumber(value: b)
            default: nil
            }
        guard let number else { return nil }
        switch type {
        case is Double.Type: return number.doubleValue as? T
        case is Float.Type: return number.floatValue as? T
        case is Bool.Type: return number.boolValue as? T
        case is Int.Type: return number.intValue as? T
        default: return nil
        }
    }
}

extension CAAnimation {
    /// The first value this animation (or a child of this group) gives for the key path
    /// `keyPath`: the Swift type a never-set custom key takes while it animates.
    func valueSample(forKeyPath keyPath: String) -> Any? {
        switch self {
        case let group as CAAnimationGroup:
            for child in group.animations ?? [] {
                if let sample = child.valueSample(forKeyPath: keyPath) { return sample }
            }
            return nil
        case let basic as CABasicAnimation where basic.keyPath == keyPath:
            return basic.toValue ?? basic.fromValue ?? basic.byValue
        case let keyframes as CAKeyframeAnimation where keyframes.keyPath == keyPath:
            return keyframes.values?.first
        default:
            return nil
        }
    }
}
