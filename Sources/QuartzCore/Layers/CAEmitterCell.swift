import StrataRender

/// One kind of particle a CAEmitterLayer emits. Random values are uniform in
/// [value − range/2, value + range/2]. A layer reads its cells when `emitterCells` is set:
/// change a cell, then set `emitterCells` again, to change what is emitted.
open class CAEmitterCell: NSObject, CAMediaTiming, NSSecureCoding {
    open var name: String?
    open var isEnabled = true
    /// Particles a second (0 by default).
    open var birthRate: Float = 0
    /// Seconds (0 by default).
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    /// Radians.
    open var emissionLatitude: CGFloat = 0
    /// Radians; 0 points along +x, π/2 along +y (down on iOS).
    open var emissionLongitude: CGFloat = 0
    open var emissionRange: CGFloat = 0
    /// Points a second.
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    /// Points a second².
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    open var scaleSpeed: CGFloat = 0
    /// Radians a second.
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    /// Multiplies the contents' colours (opaque white by default).
    open var color: CGColor? = CGColor(gray: 1, alpha: 1)
    open var redRange: Float = 0
    open var greenRange: Float = 0
    open var blueRange: Float = 0
    open var alphaRange: Float = 0
    open var redSpeed: Float = 0
    open var greenSpeed: Float = 0
    open var blueSpeed: Float = 0
    open var alphaSpeed: Float = 0
    /// A CGImage.
    open var contents: Any?
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var contentsScale: CGFloat = 1
    open var minificationFilter = "linear"
    open var magnificationFilter = "linear"
    open var minificationFilterBias: Float = 0
    /// Sub-cells (kept for source compatibility; Strata does not emit from particles yet).
    open var emitterCells: [CAEmitterCell]?
    open var style: [AnyHashable: Any]?

    // CAMediaTiming (kept; the layer's own timing drives the simulation).
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    /// The value a property has until it is set; subclasses override it. nil by default.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    public class var supportsSecureCoding: Bool { true }

    /// Every property, archived through a key path each.
    package static var archivedProperties: [ArchivedProperty] {
        [
        ArchivedProperty("name", \CAEmitterCell.name),
        ArchivedProperty("isEnabled", \CAEmitterCell.isEnabled),
        ArchivedProperty("birthRate", \CAEmitterCell.birthRate),
        ArchivedProperty("lifetime", \CAEmitterCell.lifetime),
        ArchivedProperty("lifetimeRange", \CAEmitterCell.lifetimeRange),
        ArchivedProperty("emissionLatitude", \CAEmitterCell.emissionLatitude),
        ArchivedProperty("emissionLongitude", \CAEmitterCell.emissionLongitude),
        ArchivedProperty("emissionRange", \CAEmitterCell.emissionRange),
        ArchivedProperty("velocity", \CAEmitterCell.velocity),
        ArchivedProperty("velocityRange", \CAEmitterCell.velocityRange),
        ArchivedProperty("xAcceleration", \CAEmitterCell.xAcceleration),
        ArchivedProperty("yAcceleration", \CAEmitterCell.yAcceleration),
        ArchivedProperty("zAcceleration", \CAEmitterCell.zAcceleration),
        ArchivedProperty("scale", \CAEmitterCell.scale),
        ArchivedProperty("scaleRange", \CAEmitterCell.scaleRange),
        ArchivedProperty("scaleSpeed", \CAEmitterCell.scaleSpeed),
        ArchivedProperty("spin", \CAEmitterCell.spin),
        ArchivedProperty("spinRange", \CAEmitterCell.spinRange),
        ArchivedProperty("color", \CAEmitterCell.color),
        ArchivedProperty("redRange", \CAEmitterCell.redRange),
        ArchivedProperty("greenRange", \CAEmitterCell.greenRange),
        ArchivedProperty("blueRange", \CAEmitterCell.blueRange),
        ArchivedProperty("alphaRange", \CAEmitterCell.alphaRange),
        ArchivedProperty("redSpeed", \CAEmitterCell.redSpeed),
        ArchivedProperty("greenSpeed", \CAEmitterCell.greenSpeed),
        ArchivedProperty("blueSpeed", \CAEmitterCell.blueSpeed),
        ArchivedProperty("alphaSpeed", \CAEmitterCell.alphaSpeed),
        ArchivedProperty("contents", \CAEmitterCell.contents),
        ArchivedProperty("contentsRect", \CAEmitterCell.contentsRect),
        ArchivedProperty("contentsScale", \CAEmitterCell.contentsScale),
        ArchivedProperty("minificationFilter", \CAEmitterCell.minificationFilter),
        ArchivedProperty("magnificationFilter", \CAEmitterCell.magnificationFilter),
        ArchivedProperty("minificationFilterBias", \CAEmitterCell.minificationFilterBias),
        ArchivedProperty("emitterCells", \CAEmitterCell.emitterCells),
        ArchivedProperty("style", \CAEmitterCell.style),
        ArchivedProperty("beginTime", \CAEmitterCell.beginTime),
        ArchivedProperty("duration", \CAEmitterCell.duration),
        ArchivedProperty("speed", \CAEmitterCell.speed),
        ArchivedProperty("timeOffset", \CAEmitterCell.timeOffset),
        ArchivedProperty("repeatCount", \CAEmitterCell.repeatCount),
        ArchivedProperty("repeatDuration", \CAEmitterCell.repeatDuration),
        ArchivedProperty("autoreverses", \CAEmitterCell.autoreverses),
        ArchivedProperty("fillMode", \CAEmitterCell.fillMode),
        ]
    }

    /// Writes every property (sub-cells too).
    open func encode(with coder: NSCoder) {
        for property in Self.archivedProperties where shouldArchiveValue(forKey: property.key) {
            if let object = ArchiveValue.encode(property.get(self)) { coder.encode(object, forKey: property.key) }
        }
    }

    /// A cell read from an archive.
    public required init?(coder: NSCoder) {
        super.init()
        for property in Self.archivedProperties {
            guard coder.containsValue(forKey: property.key),
                let stored = coder.decodeObject(of: ArchiveValue.allowedClasses, forKey: property.key)
            else { continue }
            property.set(self, ArchiveValue.decode(stored))
        }
    }

    /// Whether the value of `key` is archived; every key is, as on Apple.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    public override init() {
        super.init()
    }



    /// The cell as the render side needs it (non-finite numbers become 0, with a warning).
    var frozen: EmitterCellState {
        func f(_ v: Double, _ what: String) -> Double {
            if v.isFinite { return v }
            Diagnostics.warn("CAEmitterCell.\(what): non-finite value \(v) used as 0")
            return 0
        }
        var s = EmitterCellState()
        s.isEnabled = isEnabled
        s.birthRate = max(0, f(Double(birthRate), "birthRate"))
        s.lifetime = max(0, f(Double(lifetime), "lifetime"))
        s.lifetimeRange = f(Double(lifetimeRange), "lifetimeRange")
        s.emissionLongitude = f(emissionLongitude, "emissionLongitude")
        s.emissionLatitude = f(emissionLatitude, "emissionLatitude")
        s.emissionRange = f(emissionRange, "emissionRange")
        s.velocity = f(velocity, "velocity")
        s.velocityRange = f(velocityRange, "velocityRange")
        s.xAcceleration = f(xAcceleration, "xAcceleration")
        s.yAcceleration = f(yAcceleration, "yAcceleration")
        s.scale = f(scale, "scale")
        s.scaleRange = f(scaleRange, "scaleRange")
        s.scaleSpeed = f(scaleSpeed, "scaleSpeed")
        s.spin = f(spin, "spin")
        s.spinRange = f(spinRange, "spinRange")
        s.color = color?.sRGBComponents ?? RGBA(r: 1, g: 1, b: 1, a: 1)
        s.colorRange = RGBA(r: Double(redRange), g: Double(greenRange), b: Double(blueRange), a: Double(alphaRange))
        s.colorSpeed = RGBA(r: Double(redSpeed), g: Double(greenSpeed), b: Double(blueSpeed), a: Double(alphaSpeed))
        s.contents = contents as? CGImage
        s.contentsScale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        return s
    }
}

extension CAEmitterCell {
    /// Apple's convenience constructor.
    public class func emitterCell() -> CAEmitterCell { CAEmitterCell() }
}
