import CoreGraphics
import QuartzCore
import StrataRender

/// How the strategies draw a layer.
enum LayerPicture {
    /// The layer's bounds drawn by `render(in:)` in a y-down context (as on iOS), transparent
    /// where nothing is drawn, `scale` pixels per point.
    static func model(of layer: CALayer, scale: CGFloat) -> CGImage {
        layer.layoutIfNeeded()
        let size = layer.bounds.size
        guard let context = makeContext(size, scale: scale) else { return empty }
        context.translateBy(x: 0, y: CGFloat(context.height))
        context.scaleBy(x: scale, y: -scale)
        layer.render(in: context)
        return context.makeImage() ?? empty
    }

    /// The layer's frame as presented at each of `times` seconds after its tree's last commit,
    /// side by side; the tree is committed first (`CATransaction.flush()`).
    static func presented(_ layer: CALayer, at times: [Double], scale: CGFloat) -> CGImage {
        CATransaction.flush()
        let frame = layer.frame
        guard !times.isEmpty, let strip = makeContext(
            CGSize(width: frame.width * CGFloat(times.count), height: frame.height), scale: scale)
        else { return empty }
        let start = layer.committedSnapshot?.snapshot.commitTime ?? CACurrentMediaTime()
        for (i, t) in times.enumerated() {
            guard let context = makeContext(frame.size, scale: scale) else { return empty }
            let renderer = CARenderer(cgContext: context)
            renderer.layer = layer
            renderer.bounds = frame
            renderer.beginFrame(atTime: start + t, timeStamp: nil)
            renderer.render()
            renderer.endFrame()
            guard let image = context.makeImage() else { return empty }
            // Bitmap contexts are y-up: rows of frame i go to the strip's column i.
            strip.draw(image, in: CGRect(
                x: CGFloat(i) * CGFloat(context.width), y: 0, width: CGFloat(context.width), height: CGFloat(context.height)))
        }
        return strip.makeImage() ?? empty
    }

    private static func makeContext(_ size: CGSize, scale: CGFloat) -> CGContext? {
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        guard w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
        return CGContext(
            data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    }

    /// What an empty or unreadable layer gives: a 0×0 picture (it matches only a 0×0 reference).
    static var empty: CGImage { CGImage(pixels: PixelBuffer(width: 0, height: 0)) }
}
