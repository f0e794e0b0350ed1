import CoreGraphics

/// What the layer and path strategies take: the picture, and — when the test gave no scale —
/// how to draw it again at another, so that a reference recorded on an iOS device (2 or 3 pixels
/// a point) is compared at its own scale.
public struct LayerImage {
    /// The picture (sRGB, premultiplied), at the scale asked for, or at 1 pixel a point.
    public let image: CGImage
    /// The size drawn, in points.
    let size: CGSize
    /// The same picture at another scale (pixels a point); nil when the test named its scale.
    let redraw: ((CGFloat) -> CGImage)?

    init(image: CGImage, size: CGSize = .zero, redraw: ((CGFloat) -> CGImage)? = nil) {
        self.image = image
        self.size = size
        self.redraw = redraw
    }

    /// The scales a reference's size may show: iOS devices draw at 1, 2 or 3 pixels a point.
    static let deviceScales: [CGFloat] = [1, 2, 3]

    /// The picture at the scale whose size is the reference's, when no scale was named and one
    /// of the device scales gives it; else the picture as taken.
    func matching(_ reference: CGImage) -> CGImage {
        guard let redraw, reference.width != image.width || reference.height != image.height else { return image }
        for scale in Self.deviceScales where
            Int((size.width * scale).rounded()) == reference.width && Int((size.height * scale).rounded()) == reference.height {
            return redraw(scale)
        }
        return image
    }
}
