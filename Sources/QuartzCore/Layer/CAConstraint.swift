/// A part of a layer's frame that a constraint sets or reads (macOS).
public enum CAConstraintAttribute: Int32, Sendable, Hashable {
    case minX = 0, midX, maxX, width, minY, midY, maxY, height

    /// Whether the attribute is on the x axis.
    var isHorizontal: Bool { rawValue <= 3 }

    /// The attribute's value in `rect`.
    func value(in rect: CGRect) -> CGFloat {
        switch self {
        case .minX: rect.minX
        case .midX: rect.midX
        case .maxX: rect.maxX
        case .width: rect.width
        case .minY: rect.minY
        case .midY: rect.midY
        case .maxY: rect.maxY
        case .height: rect.height
        }
    }
}

/// One rule of `CAConstraintLayoutManager` (macOS): the layer's `attribute` equals the
/// `sourceAttribute` of the layer named `sourceName` (a sibling's `name`, or "superlayer") times
/// `scale`, plus `offset`.
open class CAConstraint: NSObject, NSSecureCoding, @unchecked Sendable {
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(Int64(attribute.rawValue), forKey: "attribute")
        coder.encode(NSString(string: sourceName), forKey: "sourceName")
        coder.encode(Int64(sourceAttribute.rawValue), forKey: "sourceAttribute")
        coder.encode(Double(scale), forKey: "scale")
        coder.encode(Double(offset), forKey: "offset")
    }

    /// A constraint read from an archive; nil when its attributes are not valid.
    public required convenience init?(coder: NSCoder) {
        guard let attribute = CAConstraintAttribute(rawValue: Int32(truncatingIfNeeded: coder.decodeInt64(forKey: "attribute"))),
            let source = CAConstraintAttribute(rawValue: Int32(truncatingIfNeeded: coder.decodeInt64(forKey: "sourceAttribute"))),
            let name = coder.decodeObject(of: NSString.self, forKey: "sourceName")
        else { return nil }
        self.init(
            attribute: attribute, relativeTo: String(name), attribute: source, scale: CGFloat(coder.decodeDouble(forKey: "scale")),
            offset: CGFloat(coder.decodeDouble(forKey: "offset")))
    }

    public let attribute: CAConstraintAttribute
    public let sourceName: String
    public let sourceAttribute: CAConstraintAttribute
    public let scale: CGFloat
    public let offset: CGFloat

    public init(
        attribute: CAConstraintAttribute, relativeTo sourceName: String, attribute sourceAttribute: CAConstraintAttribute,
        scale: CGFloat, offset: CGFloat
    ) {
        self.attribute = attribute
        self.sourceName = sourceName
        self.sourceAttribute = sourceAttribute
        self.scale = scale
        self.offset = offset
        super.init()
    }

    public convenience init(
        attribute: CAConstraintAttribute, relativeTo sourceName: String, attribute sourceAttribute: CAConstraintAttribute,
        offset: CGFloat
    ) {
        self.init(attribute: attribute, relativeTo: sourceName, attribute: sourceAttribute, scale: 1, offset: offset)
    }

    public convenience init(
        attribute: CAConstraintAttribute, relativeTo sourceName: String, attribute sourceAttribute: CAConstraintAttribute
    ) {
        self.init(attribute: attribute, relativeTo: sourceName, attribute: sourceAttribute, scale: 1, offset: 0)
    }
}

/// Lays out sublayers by their `constraints` (macOS). Sources are sibling layers by `name`, or
/// "superlayer" for the layer being laid out (its bounds). Per axis: two position constraints
/// (min, mid, max) fix the position and the size; a size constraint with one position fixes
/// both; a position alone keeps the size; a size alone keeps the centre (as setting `bounds`
/// does); nothing keeps the frame. Constraints may refer to siblings laid out by other
/// constraints; the manager repeats until the frames settle (a cycle stops after as many rounds
/// as there are sublayers, with a warning).
open class CAConstraintLayoutManager: NSObject, CALayoutManager, @unchecked Sendable {
    public required override init() {
        super.init()
    }

    /// Apple's convenience constructor.
    open class func layoutManager() -> Self { Self() }

    open func layoutSublayers(of layer: CALayer) {
        let sublayers = layer.sublayers ?? []
        let constrained = sublayers.filter { !($0.constraints ?? []).isEmpty }
        guard !constrained.isEmpty else { return }
        var named: [String: CALayer] = [:]
        for sublayer in sublayers { if let name = sublayer.name, named[name] == nil { named[name] = sublayer } }
        let superBounds = layer.bounds
        var settled = false
        for _ in 0...sublayers.count {
            var changed = false
            for sublayer in constrained {
                let current = sublayer.frame
                let frame = Self.frame(of: sublayer, current: current, named: named, superBounds: superBounds)
                if !Self.same(frame, current) {
                    sublayer.frame = frame
                    changed = true
                }
            }
            if !changed {
                settled = true
                break
            }
        }
        if !settled {
            Diagnostics.warn("CAConstraintLayoutManager: the constraints of \(layer) do not settle (a cycle?); layout stopped")
        }
    }

    /// The frame `layer`'s constraints give it.
    static func frame(of layer: CALayer, current: CGRect, named: [String: CALayer], superBounds: CGRect) -> CGRect {
        var values: [CAConstraintAttribute: CGFloat] = [:]
        for constraint in layer.constraints ?? [] {
            let source: CGRect
            if constraint.sourceName == "superlayer" {
                source = superBounds
            } else if let sibling = named[constraint.sourceName], sibling !== layer {
                source = sibling.frame
            } else {
                Diagnostics.warn("CAConstraint: no sibling named '\(constraint.sourceName)'; constraint ignored")
                continue
            }
            let value = constraint.sourceAttribute.value(in: source) * constraint.scale + constraint.offset
            if value.isFinite { values[constraint.attribute] = value }
        }
        let (x, w) = axis(values[.minX], values[.midX], values[.maxX], values[.width], current.minX, current.width)
        let (y, h) = axis(values[.minY], values[.midY], values[.maxY], values[.height], current.minY, current.height)
        return CGRect(x: x, y: y, width: w, height: h)
    }

    /// Origin and length along one axis from whatever is constrained.
    static func axis(
        _ minV: CGFloat?, _ midV: CGFloat?, _ maxV: CGFloat?, _ sizeV: CGFloat?, _ origin: CGFloat, _ length: CGFloat
    ) -> (CGFloat, CGFloat) {
        var size = sizeV
        if size == nil {
            if let a = minV, let b = maxV { size = b - a }
            else if let a = minV, let m = midV { size = 2 * (m - a) }
            else if let m = midV, let b = maxV { size = 2 * (b - m) }
        }
        let s = max(0, size ?? length)
        if let a = minV { return (a, s) }
        if let m = midV { return (m - s / 2, s) }
        if let b = maxV { return (b - s, s) }
        // Only the size: keep the centre.
        return (origin + length / 2 - s / 2, s)
    }

    private static func same(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9
            && abs(a.height - b.height) < 1e-9
    }
}
