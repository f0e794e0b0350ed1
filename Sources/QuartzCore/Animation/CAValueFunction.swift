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
public final class CAValueFunction: NSObject, @unchecked Sendable {
    public let name: CAValueFunctionName

    /// The named function, or nil for an unknown name.
    public init?(name: CAValueFunctionName) {
        let known: [CAValueFunctionName] = [
            .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ, .translate, .translateX,
            .translateY, .translateZ,
        ]
        guard known.contains(name) else {
            Diagnostics.warn("CAValueFunction: unknown name '\(name.rawValue)'")
            return nil
        }
        self.name = name
        super.init()
    }

    /// How many numbers the function takes (1 or 3).
    package var inputCount: Int { name == .scale || name == .translate ? 3 : 1 }

    /// The transform for `input` (`inputCount` numbers; missing numbers count as the identity's).
    package func transform(_ input: [Double]) -> CATransform3D {
        let v = input.first ?? (isScale ? 1 : 0)
        func at(_ i: Int) -> CGFloat { i < input.count ? input[i] : (isScale ? 1 : 0) }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(at(0), at(1), at(2))
        case .scaleX: return CATransform3DMakeScale(v, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v)
        case .translate: return CATransform3DMakeTranslation(at(0), at(1), at(2))
        case .translateX: return CATransform3DMakeTranslation(v, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v, 0)
        default: return CATransform3DMakeTranslation(0, 0, v)
        }
    }

    private var isScale: Bool { name == .scale || name == .scaleX || name == .scaleY || name == .scaleZ }
}
