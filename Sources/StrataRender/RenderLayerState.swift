import CoreGraphics
import StrataAnimation
import StrataGeometry

/// How a mask layer's picture becomes coverage: its alpha (Core Animation's only way), its
/// alpha inverted, its luminance (over black), or that inverted.
package enum MaskMode: UInt8, Sendable {
    case alpha, invertedAlpha, luminance, invertedLuminance
}

/// Everything about a layer that shows on screen, as immutable typed values: what a commit hands
/// to the render side and what frames are evaluated from. (The model's CALayer keeps this plus
/// model-only state: actions, style, delegate, non-image contents.)
package struct RenderLayerState: Sendable {
    package var bounds = CGRect.zero
    package var position = CGPoint.zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var transform = CATransform3DIdentity
    package var sublayerTransform = CATransform3DIdentity
    package var opacity: Float = 1
    package var isHidden = false
    package var backgroundColor: CGColor?
    package var cornerRadius: CGFloat = 0
    /// CACornerMask's raw value (all four corners: 15).
    package var maskedCornersRaw: UInt = 15
    package var isCornerCurveContinuous = false
    package var borderWidth: CGFloat = 0
    package var borderColor: CGColor? = RenderLayerState.opaqueBlack
    package var shadowColor: CGColor? = RenderLayerState.opaqueBlack
    package var shadowOpacity: Float = 0
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var shadowPath: CGPath?
    /// The contents when it is an image (the only kind Strata draws).
    package var contentsImage: CGImage?
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var contentsGravity = ContentsGravity.resize
    package var masksToBounds = false
    package var isDoubleSided = true
    package var isGeometryFlipped = false
    package var minificationFilter = ContentsFilter.linear
    package var magnificationFilter = ContentsFilter.linear
    package var minificationFilterBias: Float = 0
    package var allowsGroupOpacity = true
    package var allowsEdgeAntialiasing = false
    package var edgeAntialiasingMaskRaw: UInt32 = 15
    package var shouldRasterize = false
    package var rasterizationScale: CGFloat = 1
    /// How the layer's composite combines with what is behind it (`compositingFilter`).
    package var compositingBlend = CompositingBlend.normal
    /// How the layer's `mask` cuts it (Strata's own, for Lottie's inverted and luma mattes).
    package var maskMode = MaskMode.alpha
    /// Effects on the layer's composite, in order (Strata's own, for Lottie's effects).
    package var effects: [LayerEffect] = []
    /// A CATiledLayer's content, drawn tile by tile as frames show it.
    package var tiles: TileSource?
    // The layer's own timing (CAMediaTiming on layers).
    package var beginTime: Double = 0
    package var duration: Double = 0
    package var speed: Float = 1
    package var timeOffset: Double = 0
    package var repeatCount: Float = 0
    package var repeatDuration: Double = 0
    package var autoreverses = false
    /// Shape, gradient or replicator state, for those layer classes.
    package var kind: LayerKindState = .plain

    /// The default border and shadow colour, one object for every layer (colours are immutable;
    /// a fresh one per layer made each snapshot copy touch two more cold objects).
    package static let opaqueBlack = CGColor(gray: 0, alpha: 1)

    package init() {}

    /// The layer's time map (local = (parent − beginTime)·speed + timeOffset).
    @inlinable
    package var timeMap: TimeMap {
        TimeMap(beginTime: beginTime, speed: Double(speed), timeOffset: timeOffset)
    }
}
