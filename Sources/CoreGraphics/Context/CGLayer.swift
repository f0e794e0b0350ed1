import Foundation

/// An offscreen drawing to reuse (Apple's CGLayer): drawn once into its own context, then
/// drawn into its reference context, or any other, as often as needed.
///
/// Strata keeps a layer as pixels at its reference context's resolution (the scale of that
/// context's current transform, at least 1; twice the points for a PDF context), premultiplied
/// ARGB; drawn into a context, it is an image.
public final class CGLayer: @unchecked Sendable {
    /// The layer's size in points (the units its context draws in).
    public let size: CGSize
    /// Where to draw the layer's contents: points, y up, origin at the bottom left.
    public let context: CGContext?
    /// Pixels a point.
    let scale: CGFloat

    /// A layer of `size` points for drawing into `context`; nil for an empty or huge size.
    public init?(_ context: CGContext, size: CGSize, auxiliaryInfo: CFDictionary?) {
        let m = context.userSpaceToDeviceSpaceTransform
        let det = abs(m.a * m.d - m.b * m.c)
        var scale = det.isFinite && det > 0 ? max(1, det.squareRoot()) : 1
        if context.pdf != nil { scale = max(scale, 2) }
        let w = Int((size.width * scale).rounded(.up)), h = Int((size.height * scale).rounded(.up))
        guard size.width > 0, size.height > 0, CGImage.validSize(width: w, height: h),
            let layerContext = CGContext(
                data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else {
            Diagnostics.warn("CGLayerCreateWithContext: size \(size) (1 to 32,767 pixels a side at \(scale) pixels a point)")
            return nil
        }
        layerContext.scaleBy(x: scale, y: scale)
        self.size = size
        self.scale = scale
        self.context = layerContext
    }

    public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGLayer.self) }
}

extension CGContext {
    /// Draws `layer`'s contents stretched to `rect`.
    public func draw(_ layer: CGLayer, in rect: CGRect) {
        guard let image = layer.context?.makeImage() else { return }
        draw(image, in: rect)
    }

    /// Draws `layer`'s contents at its own size with its bottom left corner at `point`.
    public func draw(_ layer: CGLayer, at point: CGPoint) {
        draw(layer, in: CGRect(origin: point, size: layer.size))
    }
}
