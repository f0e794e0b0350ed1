/// The layer class that declares an animatable property (a `CATextLayer` key animates nothing on
/// a plain `CALayer`). Subclasses inherit `CALayer`'s keys.
package enum LayerClass: Hashable, Sendable, CaseIterable {
    case layer
    case shapeLayer
    case gradientLayer
    case replicatorLayer
    case textLayer
    case emitterLayer
}
