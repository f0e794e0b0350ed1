/// How CAShapeLayer decides what is inside its path.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable, _LayerStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The ends of CAShapeLayer's stroked lines.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable, _LayerStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The corners of CAShapeLayer's stroked lines.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable, _LayerStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// The geometry of CAGradientLayer's gradient.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable, _LayerStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
