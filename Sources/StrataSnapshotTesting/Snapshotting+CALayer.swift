import CoreGraphics
import QuartzCore
import SnapshotTesting

// swift-snapshot-testing's layer strategies, which exist only on Apple platforms, for Linux:
// the same test source (`assertSnapshot(of: layer, as: .image)`) compiles and runs.

extension Snapshotting where Value == CALayer, Format == LayerImage {
    /// The layer drawn by `render(in:)` (model values, as Apple's strategy draws it), matching its
    /// reference pixel for pixel, at the scale of the reference's size (1 when recording).
    public static var image: Snapshotting {
        .image(precision: 1)
    }

    /// For references recorded on iOS: 99 % of pixels within a perceptual precision of 0.98
    /// (CIE94 ΔE ≤ 2), at the reference's scale. Curves, strokes and gradients are antialiased
    /// differently by Core Graphics and by Strata; flat fills match exactly. (Strata addition.)
    public static var imageRecordedOnIOS: Snapshotting {
        .image(precision: ImageComparison.recordedOnIOS.precision, perceptualPrecision: ImageComparison.recordedOnIOS.perceptualPrecision)
    }

    /// The layer drawn by `render(in:)` (model values; animations are ignored).
    ///
    /// - Parameters:
    ///   - precision: the fraction of pixels that must match.
    ///   - perceptualPrecision: how close a pixel must be to match (1: the same bytes; 0.98–0.99
    ///     mimics the human eye). See `Diffing.image(precision:perceptualPrecision:)`.
    ///   - scale: pixels per point; nil (the default) takes 1, 2 or 3 from the reference's size, as
    ///     references recorded on iOS devices are (1 when there is no reference yet).
    public static func image(precision: Float, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Snapshotting {
        strategy(precision, perceptualPrecision, scale) { layer in (layer.bounds.size, { LayerPicture.model(of: layer, scale: $0) }) }
    }

    /// The layer as presented `seconds` after its tree was committed, drawn by `CARenderer`
    /// (animations, 3D and perspective show). The strategy commits the tree first, so animations
    /// added just before the assertion start then. (Strata addition.)
    public static func image(
        at seconds: Double, precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil
    ) -> Snapshotting {
        .frames(times: [seconds], precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
    }

    /// A strip of the layer as presented at each of `times` (seconds after its tree was
    /// committed), left to right, drawn by `CARenderer`. (Strata addition.)
    public static func frames(
        times: [Double], precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil
    ) -> Snapshotting {
        strategy(precision, perceptualPrecision, scale) { layer in
            let frame = layer.frame.size
            // Drawn once: the tree is committed by the first drawing and its clock starts there.
            var drawn: [CGFloat: CGImage] = [:]
            return (CGSize(width: frame.width * CGFloat(times.count), height: frame.height), { scale in
                if let image = drawn[scale] { return image }
                let image = LayerPicture.presented(layer, at: times, scale: scale)
                drawn[scale] = image
                return image
            })
        }
    }

    /// A strategy drawing what `picture` gives for a layer: its size in points and its drawing at
    /// a scale; without a scale, drawn at 1 and again at the reference's.
    private static func strategy(
        _ precision: Float, _ perceptualPrecision: Float, _ scale: CGFloat?,
        _ picture: @escaping (CALayer) -> (CGSize, (CGFloat) -> CGImage)
    ) -> Snapshotting {
        SimplySnapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
            .pullback { layer in
                let (size, draw) = picture(layer)
                return LayerImage(image: draw(scale ?? 1), size: size, redraw: scale == nil ? draw : nil)
            }
    }
}
