import StrataAnimation

/// The names of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve Core Animation uses for implicit animations.
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A pacing curve: a cubic Bézier from (0, 0) to (1, 1) mapping elapsed fraction to progress.
public class CAMediaTimingFunction: NSObject, NSSecureCoding, @unchecked Sendable {
    public class var supportsSecureCoding: Bool { true }

    /// Writes the four control point coordinates.
    public func encode(with coder: NSCoder) {
        coder.encode([points.0, points.1, points.2, points.3].map { NSNumber(value: Double($0)) } as NSArray, forKey: "controlPoints")
    }

    /// A function read from an archive; nil when its control points are missing.
    public required convenience init?(coder: NSCoder) {
        guard let values = coder.decodeObject(of: [NSArray.self, NSNumber.self], forKey: "controlPoints") as? NSArray,
            values.count == 4
        else { return nil }
        let c = values.compactMap { ($0 as? NSNumber)?.floatValue }
        guard c.count == 4 else { return nil }
        self.init(controlPoints: c[0], c[1], c[2], c[3])
    }

    /// The evaluated curve; immutable, like the function.
    package let curve: TimingCurve
    private let points: (Float, Float, Float, Float)

    /// One of the predefined functions; an unknown name gives the linear function, with a warning.
    public convenience init(name: CAMediaTimingFunctionName) {
        let c: (Float, Float, Float, Float)
        switch name {
        case .linear: c = (0, 0, 1, 1)
        case .easeIn: c = (0.42, 0, 1, 1)
        case .easeOut: c = (0, 0, 0.58, 1)
        case .easeInEaseOut: c = (0.42, 0, 0.58, 1)
        case .default: c = (0.25, 0.1, 0.25, 1)
        default:
            Diagnostics.warn("CAMediaTimingFunction: unknown name '\(name.rawValue)'; using linear")
            c = (0, 0, 1, 1)
        }
        self.init(controlPoints: c.0, c.1, c.2, c.3)
    }

    /// A curve with control points (c1x, c1y) and (c2x, c2y). x values are clamped into 0...1 so the
    /// curve stays a function of time; y values may leave 0...1 (overshoot). Non-finite values are
    /// replaced by the linear curve's, with a warning.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        var p = (c1x, c1y, c2x, c2y)
        if ![c1x, c1y, c2x, c2y].allSatisfy(\.isFinite) {
            Diagnostics.warn("CAMediaTimingFunction: non-finite control point; using linear")
            p = (0, 0, 1, 1)
        }
        points = p
        curve = TimingCurve(c1x: Double(p.0), c1y: Double(p.1), c2x: Double(p.2), c2y: Double(p.3))
        super.init()
    }

    /// Writes control point `idx` (0 = (0, 0), 1 = c1, 2 = c2, 3 = (1, 1)) into `ptr[0]`, `ptr[1]`.
    /// An index outside 0...3 writes nothing, with a warning.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Float, Float)
        switch idx {
        case 0: point = (0, 0)
        case 1: point = (points.0, points.1)
        case 2: point = (points.2, points.3)
        case 3: point = (1, 1)
        default:
            Diagnostics.warn("CAMediaTimingFunction.getControlPoint: index \(idx) is outside 0...3")
            return
        }
        ptr[0] = point.0
        ptr[1] = point.1
    }

    /// The progress (usually 0...1) at elapsed fraction `x`. (Strata addition, for tests and tools.)
    public func value(at x: Float) -> Float {
        Float(curve.value(at: Double(x)))
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return points == other.points
    }

    public override var hash: Int {
        var h = Hasher()
        h.combine(points.0)
        h.combine(points.1)
        h.combine(points.2)
        h.combine(points.3)
        return h.finalize()
    }

    public override var description: String {
        "<CAMediaTimingFunction (\(points.0), \(points.1)) (\(points.2), \(points.3))>"
    }
}
