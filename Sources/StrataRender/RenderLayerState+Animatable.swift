import CoreGraphics
import StrataAnimation

extension RenderLayerState {
    /// The value of one of CALayer's own animatable properties, as the engine sees it; nil for
    /// subclass properties.
    package func animatableValue(_ property: LayerProperty) -> AnimatableValue? {
        withUnsafePointer(to: self) { Self.animatableValue(property, of: $0) }
    }

    /// `animatableValue(_:)` of the state at `state`, read field by field in place (a method on
    /// the whole 700-byte state is handed a copy of it).
    @inline(__always)
    package static func animatableValue(_ property: LayerProperty, of state: UnsafePointer<Self>) -> AnimatableValue? {
        switch property {
        case .bounds: .rect(state.pointee.bounds)
        case .position: .point(state.pointee.position)
        case .zPosition: .scalar(state.pointee.zPosition)
        case .anchorPoint: .point(state.pointee.anchorPoint)
        case .anchorPointZ: .scalar(state.pointee.anchorPointZ)
        case .transform: .transform(state.pointee.transform)
        case .sublayerTransform: .transform(state.pointee.sublayerTransform)
        case .opacity: .scalar(Double(state.pointee.opacity))
        case .hidden: .bool(state.pointee.isHidden)
        case .backgroundColor: .color(state.pointee.backgroundColor?.sRGBComponents ?? .clear)
        case .cornerRadius: .scalar(state.pointee.cornerRadius)
        case .borderWidth: .scalar(state.pointee.borderWidth)
        case .borderColor: .color(state.pointee.borderColor?.sRGBComponents ?? .clear)
        case .shadowColor: .color(state.pointee.shadowColor?.sRGBComponents ?? .clear)
        case .shadowOpacity: .scalar(Double(state.pointee.shadowOpacity))
        case .shadowOffset: .size(state.pointee.shadowOffset)
        case .shadowRadius: .scalar(state.pointee.shadowRadius)
        case .shadowPath: state.pointee.shadowPath.map { .path($0.storage) } ?? AnimatableValue.none
        case .contents: state.pointee.contentsImage.map { .image($0) } ?? AnimatableValue.none
        case .contentsRect: .rect(state.pointee.contentsRect)
        case .contentsCenter: .rect(state.pointee.contentsCenter)
        case .contentsScale: .scalar(state.pointee.contentsScale)
        case .masksToBounds: .bool(state.pointee.masksToBounds)
        case .doubleSided: .bool(state.pointee.isDoubleSided)
        case .minificationFilterBias: .scalar(Double(state.pointee.minificationFilterBias))
        case .shouldRasterize: .bool(state.pointee.shouldRasterize)
        case .rasterizationScale: .scalar(state.pointee.rasterizationScale)
        default: subclassAnimatableValue(property, kind: state.pointee.kind)
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
