/// The kind of a layer transition, with Apple's raw values. Unknown types play as `fade`.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a motion-based transition, with Apple's raw values.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animated change between a layer's look before and after a transaction. Layers store
/// transitions under the key `"transition"` (`kCATransition`) whatever key they are added with.
open class CATransition: CAAnimation {
    override package class var archivedKeys: [String] { super.archivedKeys + ["type", "subtype", "startProgress", "endProgress"] }

    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    /// The part of the effect played, 0...1 (start ≤ end).
    open var startProgress: Float = 0
    open var endProgress: Float = 1
    /// A Core Image filter on macOS; Strata has none, so this is stored and ignored.
    open var filter: Any?

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        filter = other.filter
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "type": type.rawValue
        case "subtype": subtype?.rawValue
        case "startProgress": startProgress
        case "endProgress": endProgress
        case "filter": filter
        default: super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "type": assign(value, key) { (s: String) in self.type = CATransitionType(rawValue: s) }
        case "subtype": assign(value, key) { (s: String?) in self.subtype = s.map(CATransitionSubtype.init(rawValue:)) }
        case "startProgress": assign(value, key) { self.startProgress = $0 }
        case "endProgress": assign(value, key) { self.endProgress = $0 }
        case "filter": filter = value
        default: super.setValue(value, forKey: key)
        }
    }
}

/// The key layers store transitions under.
public let kCATransition = "transition"
