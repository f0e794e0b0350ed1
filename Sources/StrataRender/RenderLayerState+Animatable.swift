import CoreGraphics
import StrataAnimation

extension RenderLayerState {
    /// The value of one of CALayer's own animatable properties, as the engine sees it; nil for
    /// subclass properties.
    package func animatableValue(_ property: LayerProperty) -> AnimatableValue? {
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
        case .backgroundColor: .color(backgroundColor?.sRGBComponents ?? .clear)
        case .cornerRadius: .scalar(cornerRadius)
        case .borderWidth: .scalar(borderWidth)
        case .borderColor: .color(borderColor?.sRGBComponents ?? .clear)
        case .shadowColor: .color(shadowColor?.sRGBComponents ?? .clear)
        case .shadowOpacity: .scalar(Double(shadowOpacity))
        case .shadowOffset: .size(shadowOffset)
        case .shadowRadius: .scalar(shadowRadius)
        case .shadowPath: shadowPath.map { .path($0.storage) } ?? AnimatableValue.none
        case .contents: contentsImage.map { .image($0) } ?? AnimatableValue.none
        case .contentsRect: .rect(contentsRect)
        case .contentsCenter: .rect(contentsCenter)
        case .contentsScale: .scalar(contentsScale)
        case .masksToBounds: .bool(masksToBounds)
        case .doubleSided: .bool(isDoubleSided)
        case .minificationFilterBias: .scalar(Double(minificationFilterBias))
        case .shouldRasterize: .bool(shouldRasterize)
        case .rasterizationScale: .scalar(rasterizationScale)
        default: subclassAnimatableValue(property)
        }
    }

    /// Stores an engine value into one of CALayer's own properties; false for subclass
    /// properties or a value of the wrong kind.
    @discardableResult
    package mutating func setAnimatableValue(_ value: AnimatableValue, _ property: LayerProperty) -> Bool {
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
        case (.backgroundColor, .color(let c)): backgroundColor = Self.color(c)
        case (.cornerRadius, .scalar(let v)): cornerRadius = v
        case (.borderWidth, .scalar(let v)): borderWidth = v
        case (.borderColor, .color(let c)): borderColor = Self.color(c)
        case (.shadowColor, .color(let c)): shadowColor = Self.color(c)
        case (.shadowOpacity, .scalar(let v)): shadowOpacity = Float(v)
        case (.shadowOffset, .size(let s)): shadowOffset = s
        case (.shadowRadius, .scalar(let v)): shadowRadius = v
        case (.shadowPath, .path(let p)): shadowPath = CGPath(storage: p)
        case (.shadowPath, .none): shadowPath = nil
        case (.contents, .image(let i)): contentsImage = i
        case (.contents, .none): contentsImage = nil
        case (.contentsRect, .rect(let r)): contentsRect = r
        case (.contentsCenter, .rect(let r)): contentsCenter = r
        case (.contentsScale, .scalar(let v)): contentsScale = v
        case (.masksToBounds, .bool(let b)): masksToBounds = b
        case (.doubleSided, .bool(let b)): isDoubleSided = b
        case (.minificationFilterBias, .scalar(let v)): minificationFilterBias = Float(v)
        case (.shouldRasterize, .bool(let b)): shouldRasterize = b
        case (.rasterizationScale, .scalar(let v)): rasterizationScale = v
        default: return setSubclassAnimatableValue(value, property)
        }
        return true
    }

    private static func color(_ c: RGBA) -> CGColor {
        CGColor(srgbRed: c.r, green: c.g, blue: c.b, alpha: c.a)
    }
}
