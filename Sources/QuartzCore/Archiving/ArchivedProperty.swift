/// One property that archiving reads and writes through a key path: for classes whose
/// properties are not reached by key-value coding (the specialised layers' own, emitter cells).
package struct ArchivedProperty {
    package let key: String
    /// The value as the property holds it (a raw string for string-backed types).
    package let get: (AnyObject) -> Any?
    /// Stores a decoded value; one of the wrong type is ignored.
    let set: (AnyObject, Any?) -> Void

    init(key: String, get: @escaping (AnyObject) -> Any?, set: @escaping (AnyObject, Any?) -> Void) {
        self.key = key
        self.get = get
        self.set = set
    }

    init<O: AnyObject, T>(_ key: String, _ path: ReferenceWritableKeyPath<O, T>) {
        self.key = key
        get = { ($0 as? O).map { $0[keyPath: path] } }
        set = { object, value in
            guard let o = object as? O, let t = Self.cast(value, to: T.self) else { return }
            o[keyPath: path] = t
        }
    }

    init<O: AnyObject, T: RawRepresentable>(_ key: String, _ path: ReferenceWritableKeyPath<O, T>) where T.RawValue == String {
        self.key = key
        get = { ($0 as? O).map { $0[keyPath: path].rawValue } }
        set = { object, value in
            guard let o = object as? O, let raw = value as? String, let t = T(rawValue: raw) else { return }
            o[keyPath: path] = t
        }
    }

    /// `value` as a `T`: numbers from NSNumber to the property's number type, nil for optionals.
    static func cast<T>(_ value: Any?, to type: T.Type) -> T? {
        if value == nil, let optional = T.self as? any ExpressibleByNilLiteral.Type {
            return optional.init(nilLiteral: ()) as? T
        }
        if let n = value as? NSNumber {
            switch T.self {
            case is CGFloat.Type, is CGFloat?.Type: return CGFloat(n.doubleValue) as? T
            case is Double.Type: return n.doubleValue as? T
            case is Float.Type: return n.floatValue as? T
            case is Int.Type: return n.intValue as? T
            case is UInt32.Type: return n.uint32Value as? T
            case is Bool.Type: return n.boolValue as? T
            default: break
            }
        }
        if let array = value as? [Any], T.self == [NSNumber]?.self || T.self == [NSNumber].self {
            return array.compactMap { $0 as? NSNumber } as? T
        }
        return value as? T
    }
}
