/// A layer that draws nothing itself and does not flatten its sublayers: they share one 3D space
/// and are drawn back to front by depth, as on Apple. Its own background, contents, border,
/// shadow, mask and masksToBounds are ignored; its opacity applies to each sublayer separately.
open class CATransformLayer: CALayer {}

extension CALayer {
    /// Whether the render side treats this layer as a CATransformLayer.
    final var isTransformLayer: Bool { self is CATransformLayer }
}
