import CoreGraphics
import Foundation
import QuartzCore

/// A radial gradient whose inner circle (radius 0) is off its centre: After Effects' highlight.
/// Core Animation's radial `CAGradientLayer` has no focal point, so this layer draws the
/// two-circle gradient Core Graphics has (`drawRadialGradient`) into its contents, once.
final class FocalGradientLayer: CALayer, @unchecked Sendable {
    /// The gradient, in the layer's coordinates (points): colours at `locations` (0…1) from the
    /// `focal` point out to the circle of `radius` about `center`; the last colour beyond it.
    struct Gradient: Sendable {
        var colors: [CGColor]
        var locations: [CGFloat]
        var focal: CGPoint
        var center: CGPoint
        var radius: CGFloat
    }

    var gradient: Gradient?

    init(gradient: Gradient) {
        self.gradient = gradient
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        super.init(layer: layer)
        gradient = (layer as? FocalGradientLayer)?.gradient
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func draw(in ctx: CGContext) {
        guard let g = gradient, g.radius > 0,
            let cg = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: g.colors as CFArray, locations: g.locations)
        else { return }
        ctx.drawRadialGradient(
            cg, startCenter: g.focal, startRadius: 0, endCenter: g.center, endRadius: g.radius, options: [.drawsAfterEndLocation])
    }
}
