import StrataCompositor

/// Which corners `cornerRadius` rounds, with Apple's raw values.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// Which edges are antialiased when `allowsEdgeAntialiasing` is on, with Apple's raw values.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 2)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 4)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 8)
}

/// The shape of rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// How `contents` is placed in the bounds (top is maximum y, as Apple defines it).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// The pixel format hint for drawn contents.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// How contents are resampled when scaled.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The event keys of actions that are not property names.
public let kCAOnOrderIn = "onOrderIn"
public let kCAOnOrderOut = "onOrderOut"

/// Something a layer runs in response to an event (a property change, insertion, removal).
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// NSNull in an actions dictionary, or from a delegate, stops the action search: no animation.
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// An animation run as an action adds itself to the layer under the event key.
extension CAAnimation: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        if let implicit = self as? ImplicitAnimation {
            layer.addImplicit(implicit, forKey: event)
        } else {
            layer.add(self, forKey: event)
        }
    }
}

/// What a layer asks of its delegate. Every method is optional: the defaults do nothing, and
/// `action(for:forKey:)` returning nil lets the search go on. (Swift on Linux cannot ask whether an
/// optional method is implemented: `display()` treats the delegate's `display(_:)` as having done
/// the work when it set new `contents`, and otherwise goes on to `draw(_:in:)`.)
public protocol CALayerDelegate: AnyObject {
    /// Sets the layer's contents itself; when implemented, `draw(_:in:)` is not called.
    func display(_ layer: CALayer)
    /// Draws the layer's contents into `ctx`.
    func draw(_ layer: CALayer, in ctx: CGContext)
    func layerWillDraw(_ layer: CALayer)
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`: NSNull stops the search with no action, nil lets it continue.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) {}
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

extension CALayer {
    /// How far beyond `cornerRadius` a corner of `curve` reaches along each edge: 1 for circular
    /// corners, about 1.528665 for continuous ones (the curve eases into the edge that far).
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? CornerShape.continuousExtent : 1
    }
}
