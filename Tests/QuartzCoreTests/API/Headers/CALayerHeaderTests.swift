import QuartzCore
import Testing

// CALayer.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so that a
// missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact where a
// plain `let _: T = x` is not (a Double converts implicitly to CGFloat, a non-optional value to an
// optional); settable optionals are also set to nil. The macOS-only parts of CALayer.h are in
// CALayerMacOSHeaderTests.swift. `+layer` imports as `init()`; `-presentationLayer` and
// `-modelLayer` as `presentation()` and `model()`.

/// Implements every method of CALayerDelegate (all optional on Apple).
private final class LayerDelegateProbe: NSObject, CALayerDelegate {
    var displayed = 0
    var drew = 0
    var willDraw = 0
    var laidOut = 0
    var action: CAAction?
    func display(_ layer: CALayer) { displayed += 1 }
    func draw(_ layer: CALayer, in ctx: CGContext) { drew += 1 }
    func layerWillDraw(_ layer: CALayer) { willDraw += 1 }
    func layoutSublayers(of layer: CALayer) { laidOut += 1 }
    func action(for layer: CALayer, forKey event: String) -> CAAction? { event == "zPosition" ? action : nil }
}

/// A CAAction recording the events it runs for.
private final class RecordingAction: NSObject, CAAction {
    var events: [String] = []
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { events.append(event) }
}

private func isOpaqueBlack(_ color: CGColor?) -> Bool {
    guard let c = color?.components, let alpha = c.last else { return false }
    return alpha == 1 && c.dropLast().allSatisfy { $0 == 0 }
}

@Suite struct CALayerHeaderTests {
    @Test func creationAndPropertyModel() {
        let layer = CALayer()
        let _: () -> CALayer = CALayer.init
        let _: (Any) -> CALayer = CALayer.init(layer:)
        let _: CALayer?.Type = type(of: layer.presentation())
        let _: CALayer = layer.model()
        #expect(layer.model() === layer, "a non-presentation layer's model layer is itself")
        let _: (String) -> Any? = CALayer.defaultValue(forKey:)
        let _: Any?.Type = type(of: CALayer.defaultValue(forKey: "bounds"))
        let _: (String) -> Bool = CALayer.needsDisplay(forKey:)
        let _: (String) -> Bool = layer.shouldArchiveValue(forKey:)
        #expect(!CALayer.needsDisplay(forKey: "bounds"), "the default implementation returns NO")
        #expect(layer.shouldArchiveValue(forKey: "bounds"), "the base implementation returns YES")
        // CALayer implements key-value coding for its properties.
        layer.setValue(NSNumber(value: 0.25), forKey: "opacity")
        #expect(layer.opacity == 0.25)
        let opacity = layer.value(forKey: "opacity")
        #expect((opacity as? NSNumber)?.floatValue == 0.25 || (opacity as? Float) == 0.25)
    }

    @Test func geometry() {
        let layer = CALayer()
        let _: CGRect = layer.bounds
        let _: CGPoint = layer.position
        let _: CGFloat.Type = type(of: layer.zPosition)
        let _: CGPoint = layer.anchorPoint
        let _: CGFloat.Type = type(of: layer.anchorPointZ)
        let _: CATransform3D = layer.transform
        let _: () -> CGAffineTransform = layer.affineTransform
        let _: (CGAffineTransform) -> Void = layer.setAffineTransform(_:)
        let _: CGRect = layer.frame
        let _: Bool = layer.isHidden
        let _: Bool = layer.isDoubleSided
        let _: Bool = layer.isGeometryFlipped
        let _: () -> Bool = layer.contentsAreFlipped
        // The header's defaults.
        #expect(layer.bounds == .zero && layer.position == .zero && layer.zPosition == 0)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && layer.anchorPointZ == 0)
        #expect(CATransform3DIsIdentity(layer.transform))
        #expect(!layer.isHidden && layer.isDoubleSided && !layer.isGeometryFlipped)

        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(layer.position == CGPoint(x: 25, y: 40), "setting the frame moves the position")
        #expect(layer.bounds.size == CGSize(width: 30, height: 40))
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 5, y: 5)
        layer.zPosition = 1
        layer.anchorPoint = .zero
        layer.anchorPointZ = 2
        layer.isHidden = true
        layer.isDoubleSided = false
        layer.isGeometryFlipped = true
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 3))
        #expect(layer.transform.m11 == 2 && layer.transform.m22 == 3)
        let affine = layer.affineTransform()
        #expect(affine.a == 2 && affine.d == 3 && affine.b == 0 && affine.tx == 0)
        layer.transform = CATransform3DIdentity
        _ = layer.contentsAreFlipped()
    }

    @Test func hierarchy() {
        let parent = CALayer()
        let _: CALayer?.Type = type(of: parent.superlayer)
        let _: [CALayer]?.Type = type(of: parent.sublayers)
        let _: () -> Void = parent.removeFromSuperlayer
        let _: (CALayer) -> Void = parent.addSublayer(_:)
        let _: (CALayer, UInt32) -> Void = parent.insertSublayer(_:at:)
        let _: (CALayer, CALayer?) -> Void = parent.insertSublayer(_:below:)
        let _: (CALayer, CALayer?) -> Void = parent.insertSublayer(_:above:)
        let _: (CALayer, CALayer) -> Void = parent.replaceSublayer(_:with:)
        let _: CATransform3D = parent.sublayerTransform
        let _: CALayer?.Type = type(of: parent.mask)
        let _: Bool = parent.masksToBounds
        #expect(parent.sublayers == nil && parent.superlayer == nil && parent.mask == nil)
        #expect(CATransform3DIsIdentity(parent.sublayerTransform) && !parent.masksToBounds)

        let a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer(), e = CALayer()
        parent.addSublayer(a)
        parent.insertSublayer(b, at: 0)
        parent.insertSublayer(c, above: a)
        parent.insertSublayer(d, below: b)
        #expect(parent.sublayers?.map { ObjectIdentifier($0) } == [d, b, a, c].map { ObjectIdentifier($0) })
        #expect(a.superlayer === parent)
        parent.replaceSublayer(a, with: e)
        #expect(a.superlayer == nil && e.superlayer === parent && parent.sublayers?.count == 4)
        e.removeFromSuperlayer()
        #expect(e.superlayer == nil && parent.sublayers?.count == 3)
        parent.sublayers = nil
        #expect(b.superlayer == nil)

        let mask = CALayer()
        parent.mask = mask
        #expect(parent.mask === mask)
        parent.mask = nil
        parent.masksToBounds = true
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        #expect(parent.sublayerTransform.m11 == 2)
    }

    @Test func coordinateAndTimeSpacesAndHitTesting() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        parent.addSublayer(child)

        let _: (CGPoint, CALayer?) -> CGPoint = child.convert(_:from:)
        let _: (CGPoint, CALayer?) -> CGPoint = child.convert(_:to:)
        let _: (CGRect, CALayer?) -> CGRect = child.convert(_:from:)
        let _: (CGRect, CALayer?) -> CGRect = child.convert(_:to:)
        let _: (CFTimeInterval, CALayer?) -> CFTimeInterval = child.convertTime(_:from:)
        let _: (CFTimeInterval, CALayer?) -> CFTimeInterval = child.convertTime(_:to:)
        let _: (CGPoint) -> CALayer? = parent.hitTest(_:)
        let _: CALayer?.Type = type(of: parent.hitTest(.zero))
        let _: (CGPoint) -> Bool = child.contains(_:)

        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 10, y: 10))
        #expect(child.convert(CGPoint(x: 10, y: 10), from: parent) == .zero)
        #expect(child.convert(child.bounds, to: parent) == child.frame)
        #expect(parent.convert(child.frame, to: child) == child.bounds)
        child.speed = 2
        #expect(child.convertTime(3, from: parent) == 6)
        #expect(child.convertTime(6, to: parent) == 3)
        #expect(parent.hitTest(CGPoint(x: 15, y: 15)) === child)
        #expect(parent.hitTest(CGPoint(x: 50, y: 50)) === parent)
        #expect(parent.hitTest(CGPoint(x: 500, y: 50)) == nil)
        #expect(child.contains(CGPoint(x: 5, y: 5)) && !child.contains(CGPoint(x: 25, y: 5)))
    }

    @Test func contentsAndDisplay() throws {
        let layer = CALayer()
        let _: Any?.Type = type(of: layer.contents)
        let _: CGRect = layer.contentsRect
        let _: CALayerContentsGravity = layer.contentsGravity
        let _: CGFloat.Type = type(of: layer.contentsScale)
        let _: CGRect = layer.contentsCenter
        let _: CALayerContentsFormat = layer.contentsFormat
        let _: CALayerContentsFilter = layer.minificationFilter
        let _: CALayerContentsFilter = layer.magnificationFilter
        let _: Float = layer.minificationFilterBias
        let _: Bool = layer.isOpaque
        let _: () -> Void = layer.display
        let _: () -> Void = layer.setNeedsDisplay
        let _: (CGRect) -> Void = layer.setNeedsDisplay(_:)
        let _: () -> Bool = layer.needsDisplay
        let _: () -> Void = layer.displayIfNeeded
        let _: Bool = layer.needsDisplayOnBoundsChange
        let _: Bool = layer.drawsAsynchronously
        let _: (CGContext) -> Void = layer.draw(in:)
        let _: (CGContext) -> Void = layer.render(in:)
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        #expect(layer.contents == nil && layer.contentsRect == unit && layer.contentsCenter == unit)
        #expect(layer.contentsGravity == .resize && layer.contentsScale == 1 && layer.contentsFormat == .RGBA8Uint)
        #expect(layer.minificationFilter == .linear && layer.magnificationFilter == .linear)
        #expect(layer.minificationFilterBias == 0 && !layer.isOpaque)
        #expect(!layer.needsDisplayOnBoundsChange && !layer.drawsAsynchronously)

        layer.contents = nil
        layer.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        layer.contentsGravity = .resizeAspectFill
        layer.contentsScale = 2
        layer.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        layer.contentsFormat = .RGBA16Float
        layer.minificationFilter = .trilinear
        layer.magnificationFilter = .nearest
        layer.minificationFilterBias = 0.5
        layer.isOpaque = true
        layer.needsDisplayOnBoundsChange = true
        layer.drawsAsynchronously = true
        #expect(layer.contentsGravity == .resizeAspectFill && layer.minificationFilter == .trilinear)

        let probe = LayerDelegateProbe()
        layer.delegate = probe
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        #expect(!layer.needsDisplay())
        #expect(probe.displayed == 1, "display() hands the whole process to the delegate's display(_:)")
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.needsDisplay())
        layer.delegate = nil

        // render(in:) draws the layer tree into a bitmap context, in the layer's coordinate space.
        let red = CALayer()
        red.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let context = try #require(CGContext(
            data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        red.render(in: context)
        let image = try #require(context.makeImage())
        let bytes = try #require(image.dataProvider?.data) as Data
        let centre = 2 * image.bytesPerRow + 2 * 4
        #expect(Array(bytes[centre..<centre + 4]) == [0, 0, 255, 255], "BGRA: opaque red")
    }

    @Test func appearance() {
        let layer = CALayer()
        let _: CAEdgeAntialiasingMask = layer.edgeAntialiasingMask
        let _: Bool = layer.allowsEdgeAntialiasing
        let _: CGColor?.Type = type(of: layer.backgroundColor)
        let _: CGFloat.Type = type(of: layer.cornerRadius)
        let _: CACornerMask = layer.maskedCorners
        let _: CALayerCornerCurve = layer.cornerCurve
        let _: (CALayerCornerCurve) -> CGFloat = CALayer.cornerCurveExpansionFactor
        let _: CGFloat.Type = type(of: layer.borderWidth)
        let _: CGColor?.Type = type(of: layer.borderColor)
        let _: Float = layer.opacity
        let _: Bool = layer.allowsGroupOpacity
        let _: Any?.Type = type(of: layer.compositingFilter)
        let _: [Any]?.Type = type(of: layer.filters)
        let _: [Any]?.Type = type(of: layer.backgroundFilters)
        let _: Bool = layer.shouldRasterize
        let _: CGFloat.Type = type(of: layer.rasterizationScale)
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(!layer.allowsEdgeAntialiasing && layer.backgroundColor == nil && layer.cornerRadius == 0)
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(layer.cornerCurve == .circular && CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(layer.borderWidth == 0 && isOpaqueBlack(layer.borderColor), "border: zero wide, opaque black")
        #expect(layer.opacity == 1 && layer.allowsGroupOpacity)
        #expect(layer.compositingFilter == nil && layer.filters == nil && layer.backgroundFilters == nil)
        #expect(!layer.shouldRasterize && layer.rasterizationScale == 1)

        layer.edgeAntialiasingMask = [.layerLeftEdge]
        layer.allowsEdgeAntialiasing = true
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.backgroundColor = nil
        layer.cornerRadius = 8
        layer.maskedCorners = [.layerMinXMinYCorner]
        layer.cornerCurve = .continuous
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) > 1)
        layer.borderWidth = 2
        layer.borderColor = nil
        layer.opacity = 0.5
        layer.allowsGroupOpacity = false
        layer.compositingFilter = nil
        layer.filters = nil
        layer.backgroundFilters = nil
        layer.shouldRasterize = true
        layer.rasterizationScale = 2
        #expect(layer.cornerRadius == 8 && layer.cornerCurve == .continuous && layer.opacity == 0.5)
    }

    @Test func shadow() {
        let layer = CALayer()
        let _: CGColor?.Type = type(of: layer.shadowColor)
        let _: Float = layer.shadowOpacity
        let _: CGSize = layer.shadowOffset
        let _: CGFloat.Type = type(of: layer.shadowRadius)
        let _: CGPath?.Type = type(of: layer.shadowPath)
        #expect(isOpaqueBlack(layer.shadowColor) && layer.shadowOpacity == 0)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3) && layer.shadowRadius == 3 && layer.shadowPath == nil)
        layer.shadowColor = nil
        layer.shadowOpacity = 1
        layer.shadowOffset = CGSize(width: 2, height: 2)
        layer.shadowRadius = 5
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        layer.shadowPath = nil
        #expect(layer.shadowOpacity == 1 && layer.shadowRadius == 5)
    }

    @Test func layout() {
        let layer = CALayer()
        let _: () -> CGSize = layer.preferredFrameSize
        let _: () -> Void = layer.setNeedsLayout
        let _: () -> Bool = layer.needsLayout
        let _: () -> Void = layer.layoutIfNeeded
        let _: () -> Void = layer.layoutSublayers
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(layer.preferredFrameSize() == CGSize(width: 10, height: 20))
        let probe = LayerDelegateProbe()
        layer.delegate = probe
        layer.setNeedsLayout()
        #expect(layer.needsLayout())
        layer.layoutIfNeeded()
        #expect(!layer.needsLayout())
        #expect(probe.laidOut == 1, "the default layoutSublayers asks the delegate")
        layer.delegate = nil
    }

    @Test func actions() {
        let layer = CALayer()
        let _: (String) -> CAAction? = CALayer.defaultAction(forKey:)
        let _: (String) -> CAAction? = layer.action(forKey:)
        let _: CAAction?.Type = type(of: layer.action(forKey: "bounds"))
        let _: [String: CAAction]?.Type = type(of: layer.actions)
        #expect(layer.actions == nil)
        let _: String = kCAOnOrderIn
        let _: String = kCAOnOrderOut
        let _: String = kCATransition
        #expect(kCAOnOrderIn == "onOrderIn" && kCAOnOrderOut == "onOrderOut" && kCATransition == "transition")
        let _: CAAction = NSNull()

        // NSNull stops the search and becomes nil.
        layer.actions = ["position": NSNull()]
        #expect(layer.action(forKey: "position") == nil)
        // An action from the actions dictionary runs when its property changes (once the layer
        // has been committed: Strata runs no actions for a layer never shown, see the README).
        CATransaction.begin()
        layer.bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
        CATransaction.commit()
        let action = RecordingAction()
        layer.actions = ["bounds": action]
        #expect(layer.action(forKey: "bounds") as? RecordingAction === action)
        layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        #expect(action.events == ["bounds"])
        // The delegate is asked first.
        let probe = LayerDelegateProbe()
        probe.action = action
        layer.delegate = probe
        #expect(layer.action(forKey: "zPosition") as? RecordingAction === action)
        layer.delegate = nil
        layer.actions = nil
        let _: (String, Any, [AnyHashable: Any]?) -> Void = action.run(forKey:object:arguments:)
    }

    @Test func animations() {
        let layer = CALayer()
        let _: (CAAnimation, String?) -> Void = layer.add(_:forKey:)
        let _: () -> Void = layer.removeAllAnimations
        let _: (String) -> Void = layer.removeAnimation(forKey:)
        let _: [String]?.Type = type(of: layer.animationKeys())
        let _: CAAnimation?.Type = type(of: layer.animation(forKey: "fade"))
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 10
        layer.add(fade, forKey: "fade")
        #expect(layer.animationKeys() == ["fade"])
        #expect((layer.animation(forKey: "fade") as? CABasicAnimation)?.keyPath == "opacity")
        #expect(layer.animation(forKey: "fade") !== fade, "the animation is copied when added")
        layer.add(CABasicAnimation(keyPath: "position"), forKey: "move")
        layer.removeAnimation(forKey: "fade")
        #expect(layer.animation(forKey: "fade") == nil && layer.animationKeys() == ["move"])
        layer.removeAllAnimations()
        #expect((layer.animationKeys() ?? []).isEmpty)
    }

    @Test func miscellaneousAndDelegate() {
        let layer = CALayer()
        let _: String?.Type = type(of: layer.name)
        let _: [AnyHashable: Any]?.Type = type(of: layer.style)
        #expect(layer.name == nil && layer.delegate == nil && layer.style == nil)
        layer.name = "header"
        #expect(layer.name == "header")
        layer.name = nil
        layer.style = ["opacity": NSNumber(value: 0.5)]
        layer.style = nil
        do {
            let probe = LayerDelegateProbe()
            layer.delegate = probe
            #expect(layer.delegate === probe)
        }
        #expect(layer.delegate == nil, "the delegate is not retained")
        layer.delegate = nil

        let probe = LayerDelegateProbe()
        let _: (CALayer) -> Void = probe.display(_:)
        let _: (CALayer, CGContext) -> Void = probe.draw(_:in:)
        let _: (CALayer) -> Void = probe.layerWillDraw(_:)
        let _: (CALayer) -> Void = probe.layoutSublayers(of:)
        let _: (CALayer, String) -> CAAction? = probe.action(for:forKey:)
    }

    @Test func typedConstants() {
        let gravities: [(CALayerContentsGravity, String)] = [
            (.center, "center"), (.top, "top"), (.bottom, "bottom"), (.left, "left"), (.right, "right"),
            (.topLeft, "topLeft"), (.topRight, "topRight"), (.bottomLeft, "bottomLeft"), (.bottomRight, "bottomRight"),
            (.resize, "resize"), (.resizeAspect, "resizeAspect"), (.resizeAspectFill, "resizeAspectFill"),
        ]
        for (gravity, raw) in gravities { #expect(gravity.rawValue == raw) }
        #expect(CALayerContentsGravity(rawValue: "resizeAspectFill") == .resizeAspectFill)
        let formats: Set<CALayerContentsFormat> = [.RGBA8Uint, .RGBA16Float, .gray8Uint]
        #expect(formats.count == 3)
        let _: CALayerContentsFormat = CALayerContentsFormat(rawValue: CALayerContentsFormat.gray8Uint.rawValue)
        #expect(CALayerContentsFilter.nearest.rawValue == "nearest" && CALayerContentsFilter.linear.rawValue == "linear")
        #expect(CALayerContentsFilter.trilinear.rawValue == "trilinear")
        let _: CALayerContentsFilter = CALayerContentsFilter(rawValue: "nearest")
        #expect(CALayerCornerCurve.circular.rawValue == "circular" && CALayerCornerCurve.continuous.rawValue == "continuous")
        let _: CALayerCornerCurve = CALayerCornerCurve(rawValue: "continuous")
    }

    @Test func optionSets() {
        let _: UInt32 = CAEdgeAntialiasingMask.layerLeftEdge.rawValue
        let _: CAEdgeAntialiasingMask = CAEdgeAntialiasingMask(rawValue: 3)
        #expect(CAEdgeAntialiasingMask.layerLeftEdge.rawValue == 1 && CAEdgeAntialiasingMask.layerRightEdge.rawValue == 2)
        #expect(CAEdgeAntialiasingMask.layerBottomEdge.rawValue == 4 && CAEdgeAntialiasingMask.layerTopEdge.rawValue == 8)
        let _: UInt = CACornerMask.layerMinXMinYCorner.rawValue
        let _: CACornerMask = CACornerMask(rawValue: 15)
        #expect(CACornerMask.layerMinXMinYCorner.rawValue == 1 && CACornerMask.layerMaxXMinYCorner.rawValue == 2)
        #expect(CACornerMask.layerMinXMaxYCorner.rawValue == 4 && CACornerMask.layerMaxXMaxYCorner.rawValue == 8)
        #expect(CACornerMask(rawValue: 15).contains(.layerMaxXMaxYCorner))
    }

    @Test func conformances() {
        let layer = CALayer()
        let _: CAMediaTiming = layer
        let _: NSSecureCoding = layer
        #expect(CALayer.supportsSecureCoding)
        let _: (NSCoder) -> CALayer? = CALayer.init(coder:)
        let _: (NSCoder) -> Void = layer.encode(with:)
    }
}
