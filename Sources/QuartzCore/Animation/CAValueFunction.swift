import StrataAnimation

/// The names of the value functions, with Apple's raw values.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns an animation's interpolated numbers into a transform: rotations in radians, scale
/// factors, translations in points. One number for the axis functions, three for `scale` and
/// `translate`.
public final class CAValueFunction: NSObject, NSSecureCoding, @unchecked Sendable {
    public let name: CAValueFunctionName

    public static var supportsSecureCoding: Bool { true }

    public func encode(with coder: NSCoder) {
        coder.encode(NSString(string: name.rawValue), forKey: "name")
    }

    /// A function read from an archive; nil for a missing or unknown name.
    public convenience init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "name") else { return nil }
        self.init(name: CAValueFunctionName(rawValue: String(name)))
    }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? CAValueFunction)?.name == name
    }

    public override var hash: Int { name.hashValue }

    /// The named function, or nil for an unknown name.
    public init?(name: CAValueFunctionName) {
        guard ValueFunction(rawValue: name.rawValue) != nil else {
            Diagnostics.warn("CAValueFunction: unknown name '\(name.rawValue)'")
            return nil
        }
        self.name = name
        super.init()
    }

    /// The engine's form of the function.
    package var function: ValueFunction { ValueFunction(rawValue: name.rawValue) ?? .rotateZ }

    /// The transform for `input` (one number, or three for `scale` and `translate`; missing
    /// numbers count as the identity's). (Strata addition, for tests and tools.)
    public func transform(_ input: [Double]) -> CATransform3D {
        let f = function
        guard f.inputKind == .vector3 else { return f.transform(.scalar(input.first ?? 0)) }
        let neutral: Double = f == .scale ? 1 : 0
        func at(_ i: Int) -> Double { i < input.count ? input[i] : neutral }
        return f.transform(.vector3(SIMD3(at(0), at(1), at(2))))
    }
}
