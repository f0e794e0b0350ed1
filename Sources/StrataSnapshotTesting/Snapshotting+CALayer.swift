import CoreGraphics
import QuartzCore
import SnapshotTesting

// swift-snapshot-testing's layer strategies, which exist only on Apple platforms, for Linux:
// the same test source (`assertSnapshot(of: layer, as: .image)`) compiles and runs.

extension Snapshotting where Value == CALayer, Format == CGImage {
    /// The layer drawn by `render(in:)` (model values, as Apple's strategy draws it), matching its
    /// reference pixel for pixel.
    public static var image: Snapshotting {
        .image(precision: 1)
    }

    /// The layer drawn by `render(in:)` (model values; animations are ignored).
    ///
    /// - Parameters:
    ///   - precision: the fraction of pixels that must match.
    ///   - perceptualPrecision: how close a pixel must be to match (1: the same bytes; 0.98–0.99
    ///     mimics the human eye). See `Diffing.image(precision:perceptualPrecision:)`.
    ///   - scale: pixels per point (1 by default; iOS devices use 2 or 3).
    public static func image(precision: Float, perceptualPrecision: Float = 1, scale: CGFloat = 1) -> Snapshotting {
        SimplySnapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
            .pullback { layer in LayerPicture.model(of: layer, scale: scale) }
    }

    /// The layer as presented `seconds` after its tree was committed, drawn by `CARenderer`
    /// (animations, 3D and perspective show). The strategy commits the tree first, so animations
    /// added just before the assertion start then. (Strata addition.)
    public static func image(
        at seconds: Double, precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat = 1
    ) -> Snapshotting {
        SimplySnapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
            .pullback { layer in LayerPicture.presented(layer, at: [seconds], scale: scale) }
    }

    /// A strip of the layer as presented at each of `times` (seconds after its tree was
    /// committed), left to right, drawn by `CARenderer`. (Strata addition.)
    public static func frames(
        times: [Double], precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat = 1
    ) -> Snapshotting {
        SimplySnapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
            .pullback { layer in LayerPicture.presented(layer, at: times, scale: scale) }
    }
}
