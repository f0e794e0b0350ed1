import CoreGraphics
import StrataAnimation
import StrataGeometry

// What a frame's evaluation needs to animate a layer in place: putting back the model value of
// only the properties its animations write (not a whole 700-byte state copy), and a fingerprint
// of those properties, which tells whether the layer's look or place changed since last frame.

extension RenderLayerState {
    /// Sets `property` back to its value in `node`'s model state (read in place). Subclass properties put back the whole
    /// subclass state (one reference: `kind` is boxed).
    @inline(__always)
    package mutating func restore(_ property: LayerProperty, from node: UnsafePointer<RenderNode>) {
        switch property {
        case .bounds: bounds = node.pointee.state.bounds
        case .position: position = node.pointee.state.position
        case .zPosition: zPosition = node.pointee.state.zPosition
        case .anchorPoint: anchorPoint = node.pointee.state.anchorPoint
        case .anchorPointZ: anchorPointZ = node.pointee.state.anchorPointZ
        case .transform: transform = node.pointee.state.transform
        case .sublayerTransform: sublayerTransform = node.pointee.state.sublayerTransform
        case .opacity: opacity = node.pointee.state.opacity
        case .hidden: isHidden = node.pointee.state.isHidden
        case .backgroundColor: backgroundColor = node.pointee.state.backgroundColor
        case .cornerRadius: cornerRadius = node.pointee.state.cornerRadius
        case .borderWidth: borderWidth = node.pointee.state.borderWidth
        case .borderColor: borderColor = node.pointee.state.borderColor
        case .shadowColor: shadowColor = node.pointee.state.shadowColor
        case .shadowOpacity: shadowOpacity = node.pointee.state.shadowOpacity
        case .shadowOffset: shadowOffset = node.pointee.state.shadowOffset
        case .shadowRadius: shadowRadius = node.pointee.state.shadowRadius
        case .shadowPath: shadowPath = node.pointee.state.shadowPath
        case .contents: contentsImage = node.pointee.state.contentsImage
        case .contentsRect: contentsRect = node.pointee.state.contentsRect
        case .contentsCenter: contentsCenter = node.pointee.state.contentsCenter
        case .contentsScale: contentsScale = node.pointee.state.contentsScale
        case .masksToBounds: masksToBounds = node.pointee.state.masksToBounds
        case .doubleSided: isDoubleSided = node.pointee.state.isDoubleSided
        case .minificationFilterBias: minificationFilterBias = node.pointee.state.minificationFilterBias
        case .shouldRasterize: shouldRasterize = node.pointee.state.shouldRasterize
        case .rasterizationScale: rasterizationScale = node.pointee.state.rasterizationScale
        default: kind = node.pointee.state.kind
        }
    }

    /// Adds the value of `property` of `state` to `h` (paths by identity: an animation makes a
    /// new path whenever it changes one). Read field by field in place: a method on the whole
    /// 700-byte state is handed a copy of it.
    @inline(__always)
    package static func combineValue(of property: LayerProperty, in state: UnsafePointer<Self>, into h: inout Signature) {
        switch property {
        case .bounds: Self.combine(state.pointee.bounds, into: &h)
        case .position: h.combine(state.pointee.position.x); h.combine(state.pointee.position.y)
        case .zPosition: h.combine(state.pointee.zPosition)
        case .anchorPoint: h.combine(state.pointee.anchorPoint.x); h.combine(state.pointee.anchorPoint.y)
        case .anchorPointZ: h.combine(state.pointee.anchorPointZ)
        case .transform: h.combine(state.pointee.transform)
        case .sublayerTransform: h.combine(state.pointee.sublayerTransform)
        case .opacity: h.combine(state.pointee.opacity)
        case .hidden: h.combine(state.pointee.isHidden)
        case .backgroundColor: h.combine(state.pointee.backgroundColor?.sRGBComponents)
        case .cornerRadius: h.combine(state.pointee.cornerRadius)
        case .borderWidth: h.combine(state.pointee.borderWidth)
        case .borderColor: h.combine(state.pointee.borderColor?.sRGBComponents)
        case .shadowColor: h.combine(state.pointee.shadowColor?.sRGBComponents)
        case .shadowOpacity: h.combine(state.pointee.shadowOpacity)
        case .shadowOffset: h.combine(state.pointee.shadowOffset.width); h.combine(state.pointee.shadowOffset.height)
        case .shadowRadius: h.combine(state.pointee.shadowRadius)
        case .shadowPath: h.combine(state.pointee.shadowPath?.serial)
        case .contents: h.combine(state.pointee.contentsImage?.serial)
        case .contentsRect: Self.combine(state.pointee.contentsRect, into: &h)
        case .contentsCenter: Self.combine(state.pointee.contentsCenter, into: &h)
        case .contentsScale: h.combine(state.pointee.contentsScale)
        case .masksToBounds: h.combine(state.pointee.masksToBounds)
        case .doubleSided: h.combine(state.pointee.isDoubleSided)
        case .minificationFilterBias: h.combine(state.pointee.minificationFilterBias)
        case .shouldRasterize: h.combine(state.pointee.shouldRasterize)
        case .rasterizationScale: h.combine(state.pointee.rasterizationScale)
        default: combineSubclassValue(of: property, kind: state.pointee.kind, into: &h)
        }
    }

    @inline(__always)
    private static func combineSubclassValue(of property: LayerProperty, kind: LayerKindState, into h: inout Signature) {
        switch (property, kind) {
        case (.path, .shape(let s)): h.combine(s.path?.serial)
        case (.fillColor, .shape(let s)): h.combine(s.fillColor?.sRGBComponents)
        case (.strokeColor, .shape(let s)): h.combine(s.strokeColor?.sRGBComponents)
        case (.strokeStart, .shape(let s)): h.combine(s.strokeStart)
        case (.strokeEnd, .shape(let s)): h.combine(s.strokeEnd)
        case (.lineWidth, .shape(let s)): h.combine(s.lineWidth)
        case (.miterLimit, .shape(let s)): h.combine(s.miterLimit)
        case (.lineDashPhase, .shape(let s)): h.combine(s.lineDashPhase)
        case (.colors, .gradient(let g)): h.combine(g.colors?.map(\.sRGBComponents))
        case (.locations, .gradient(let g)): h.combine(g.locations)
        case (.startPoint, .gradient(let g)): h.combine(g.startPoint.x); h.combine(g.startPoint.y)
        case (.endPoint, .gradient(let g)): h.combine(g.endPoint.x); h.combine(g.endPoint.y)
        case (.fontSize, .text(let t)): h.combine(t.fontSize)
        case (.foregroundColor, .text(let t)): h.combine(t.foregroundColor?.sRGBComponents)
        case (_, .replicator(let r)):
            h.combine(r.instanceCount)
            h.combine(r.instanceDelay)
            h.combine(r.instanceTransform)
            h.combine(r.instanceColor?.sRGBComponents)
            h.combine(r.instanceRedOffset); h.combine(r.instanceGreenOffset); h.combine(r.instanceBlueOffset); h.combine(r.instanceAlphaOffset)
        case (_, .emitter(let e)):
            for v in [e.birthRate, e.lifetime, e.velocity, e.scale, e.spin] { h.combine(v) }
            h.combine(e.emitterPosition.x); h.combine(e.emitterPosition.y)
            h.combine(e.emitterSize.width); h.combine(e.emitterSize.height)
        default:
            // A subclass property on a layer of another class: nothing is drawn from it.
            break
        }
    }

    private static func combine(_ r: CGRect, into h: inout Signature) {
        h.combine(r.origin.x); h.combine(r.origin.y); h.combine(r.size.width); h.combine(r.size.height)
    }
}
