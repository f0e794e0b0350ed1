/// Lays out a layer's sublayers (macOS: `CALayer.layoutManager`). Every method is optional, as
/// in Apple's protocol: the defaults do nothing, and `preferredSize(of:)` answers the layer's own
/// preferred size.
public protocol CALayoutManager: AnyObject {
    /// The size `layer` would like to be.
    func preferredSize(of layer: CALayer) -> CGSize
    /// Called when `layer` is marked as needing layout (cached layout can be dropped).
    func invalidateLayout(of layer: CALayer)
    /// Sets the frames of `layer`'s sublayers.
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    public func preferredSize(of layer: CALayer) -> CGSize { layer.defaultPreferredFrameSize() }
    public func invalidateLayout(of layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
}

/// How a layer's frame follows its superlayer's size when that changes (macOS), as AppKit's
/// view autoresizing: the flexible parts of each axis share the change in proportion to their
/// sizes.
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static let layerNotSizable = CAAutoresizingMask([])
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1 << 0)
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 1 << 1)
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 1 << 2)
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 1 << 3)
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 1 << 4)
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 1 << 5)
}
