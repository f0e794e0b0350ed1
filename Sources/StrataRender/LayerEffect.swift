import CoreGraphics

/// A picture effect on a layer's whole composite (Strata's own, for Lottie's effects): applied to
/// the layer drawn in isolation, before it is composited with what is behind it.
package enum LayerEffect: Hashable, Sendable {
    /// Every pixel takes `color` (red, green, blue 0…1), its alpha times `opacity` (After
    /// Effects' Fill).
    case fill(red: Double, green: Double, blue: Double, opacity: Double)
    /// Each pixel's luminance looks up a colour in `stops` (position 0…1, red, green, blue),
    /// blended over the original by `amount` 0…1 (Tint: black and white; Tritone: shadows,
    /// midtones, highlights).
    case luminanceMap(stops: [[Double]], amount: Double)
    /// A Gaussian blur of standard deviation `sigmaX`, `sigmaY` (points, in the layer's space).
    case blur(sigmaX: Double, sigmaY: Double)
    /// A shadow inside the layer's outline (After Effects' inner shadow style): what lies outside
    /// the outline, grown by `spread`, moved by `offsetX`, `offsetY` and blurred by `sigma` (all
    /// points, in the layer's space), drawn in `color` (red, green, blue 0…1) at `opacity` over
    /// the layer where the layer is.
    case innerShadow(red: Double, green: Double, blue: Double, opacity: Double, offsetX: Double, offsetY: Double,
        sigma: Double, spread: Double)
    /// A band `width` points wide around the layer's outline, behind the layer (After Effects'
    /// stroke style, outside), in `color` (red, green, blue 0…1) at `opacity`.
    case outline(red: Double, green: Double, blue: Double, opacity: Double, width: Double)
}
