import StrataAnimation

/// A layer's own model properties as typed values (Apple's defaults), copied whole into
/// presentation layers and snapshots. Subclass properties live with the subclass.
struct LayerState {
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var opacity: Float = 1
    var isHidden = false
    var backgroundColor: CGColor?
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var cornerCurve: CALayerCornerCurve = .circular
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = CGColor(gray: 0, alpha: 1)
    var shadowColor: CGColor? = CGColor(gray: 0, alpha: 1)
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath?
    var contents: Any?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var contentsGravity: CALayerContentsGravity = .resize
    var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    var masksToBounds = false
    var isDoubleSided = true
    var isGeometryFlipped = false
    var minificationFilter: CALayerContentsFilter = .linear
    var magnificationFilter: CALayerContentsFilter = .linear
    var minificationFilterBias: Float = 0
    var isOpaque = false
    var allowsGroupOpacity = true
    var allowsEdgeAntialiasing = false
    var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    var needsDisplayOnBoundsChange = false
    var drawsAsynchronously = false
    var name: String?
    var style: [AnyHashable: Any]?
    var actions: [String: CAAction]?
    // CAMediaTiming
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed

    /// The layer's time map (local = (parent − beginTime)·speed + timeOffset).
    var timeMap: TimeMap {
        TimeMap(beginTime: beginTime, speed: Double(speed), timeOffset: timeOffset)
    }
}

extension LayerState {
    /// The value of one of CALayer's own animatable properties, as the engine sees it; nil for
    /// subclass properties.
    func animatableValue(_ property: LayerProperty) -> AnimatableValue? {
        switch property {
        case .bounds: .rect(bounds)
        case .position: .point(position)
        case .zPosition: .scalar(zPosition)
        case .anchorPoint: .point(anchorPoint)
        case .anchorPointZ: .scalar(anchorPointZ)
        case .transform: .transform(transform)
        case .sublayerTransform: .transform(sublayerTransform)
        case .opacity: .scalar(Double(opacity))
        case .hidden: .bool(isHidden)
        case .backgroundColor: backgroundColor.map { .color($0.sRGBComponents) } ?? .color(.clear)
        case .cornerRadius: .scalar(cornerRadius)
        case .borderWidth: .scalar(borderWidth)
        case .borderColor: borderColor.map { .color($0.sRGBComponents) } ?? .color(.clear)
        case .shadowColor: shadowColor.map { .color($0.sRGBComponents) } ?? .color(.clear)
        case .shadowOpacity: .scalar(Double(shadowOpacity))
        case .shadowOffset: .size(shadowOffset)
        case .shadowRadius: .scalar(shadowRadius)
        case .shadowPath: shadowPath.map { .path($0.storage) } ?? AnimatableValue.none
        case .contents: (contents as? CGImage).map { .image($0) } ?? AnimatableValue.none
        case .contentsRect: .rect(contentsRect)
        case .contentsCenter: .rect(contentsCenter)
        case .contentsScale: .scalar(contentsScale)
        case .masksToBounds: .bool(masksToBounds)
        case .doubleSided: .bool(isDoubleSided)
        case .minificationFilterBias: .scalar(Double(minificationFilterBias))
        case .shouldRasterize: .bool(shouldRasterize)
        case .rasterizationScale: .scalar(rasterizationScale)
        default: nil
        }
    }

    /// Stores an engine value into one of CALayer's own properties (a presentation copy); returns
    /// false for subclass properties or a value of the wrong kind.
    @discardableResult
    mutating func setAnimatableValue(_ value: AnimatableValue, _ property: LayerProperty) -> Bool {
        switch (property, value) {
        case (.bounds, .rect(let r)): bounds = r
        case (.position, .point(let p)): position = p
        case (.zPosition, .scalar(let v)): zPosition = v
        case (.anchorPoint, .point(let p)): anchorPoint = p
        case (.anchorPointZ, .scalar(let v)): anchorPointZ = v
        case (.transform, .transform(let t)): transform = t
        case (.sublayerTransform, .transform(let t)): sublayerTransform = t
        case (.opacity, .scalar(let v)): opacity = Float(v)
        case (.hidden, .bool(let b)): isHidden = b
        case (.backgroundColor, .color(let c)): backgroundColor = CGColor(srgbRed: c.r, green: c.g, blue: c.b, alpha: c.a)
        case (.cornerRadius, .scalar(let v)): cornerRadius = v
        case (.borderWidth, .scalar(let v)): borderWidth = v
        case (.borderColor, .color(let c)): borderColor = CGColor(srgbRed: c.r, green: c.g, blue: c.b, alpha: c.a)
        case (.shadowColor, .color(let c)): shadowColor = CGColor(srgbRed: c.r, green: c.g, blue: c.b, alpha: c.a)
        case (.shadowOpacity, .scalar(let v)): shadowOpacity = Float(v)
        case (.shadowOffset, .size(let s)): shadowOffset = s
        case (.shadowRadius, .scalar(let v)): shadowRadius = v
        case (.shadowPath, .path(let p)): shadowPath = CGPath(storage: p)
        case (.shadowPath, .none): shadowPath = nil
        case (.contents, .image(let i)): contents = i
        case (.contents, .none): contents = nil
        case (.contentsRect, .rect(let r)): contentsRect = r
        case (.contentsCenter, .rect(let r)): contentsCenter = r
        case (.contentsScale, .scalar(let v)): contentsScale = v
        case (.masksToBounds, .bool(let b)): masksToBounds = b
        case (.doubleSided, .bool(let b)): isDoubleSided = b
        case (.minificationFilterBias, .scalar(let v)): minificationFilterBias = Float(v)
        case (.shouldRasterize, .bool(let b)): shouldRasterize = b
        case (.rasterizationScale, .scalar(let v)): rasterizationScale = v
        default: return false
        }
        return true
    }
}
