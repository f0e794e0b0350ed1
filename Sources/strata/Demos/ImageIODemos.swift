import Foundation
import ImageIO
import QuartzCore
import StrataExport

// ImageIO as an iOS app uses it: an animated GIF written with CGImageDestination, read back with
// CGImageSource, and played in a layer's contents frame by frame.

extension Demo {
    static let imageIODemos: [Demo] = [animatedGIF]

    /// Twelve frames of a ball bouncing over a shadow, written as a GIF (each frame its own delay,
    /// looping), then read back and played as a discrete `contents` keyframe animation whose key
    /// times come from the frames' delays.
    static let animatedGIF = animation(
        "animated-gif", "ImageIO: a GIF written by CGImageDestination, read by CGImageSource, played in a layer's contents",
        size: CGSize(width: 240, height: 200), duration: 2.4
    ) { _ in
        let root = whiteRoot(CGSize(width: 240, height: 200))
        guard let gif = makeBouncingBallGIF(), let source = CGImageSourceCreateWithData(gif as CFData, nil) else { return root }
        var frames: [CGImage] = []
        var delays: [Double] = []
        for i in 0..<CGImageSourceGetCount(source) {
            guard let frame = CGImageSourceCreateImageAtIndex(source, i, nil) else { continue }
            let properties = CGImageSourceCopyPropertiesAtIndex(source, i, nil)
            let gifProperties = properties?[kCGImagePropertyGIFDictionary] as? [String: Any]
            frames.append(frame)
            delays.append(gifProperties?[kCGImagePropertyGIFDelayTime] as? Double ?? 0.1)
        }
        let layer = CALayer()
        layer.frame = CGRect(x: 40, y: 20, width: 160, height: 160)
        layer.contents = frames.first
        layer.magnificationFilter = .nearest
        let total = delays.reduce(0, +)
        guard frames.count > 1, total > 0 else { return root }
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = frames
        animation.calculationMode = .discrete
        var start = 0.0
        animation.keyTimes = delays.map { d in
            defer { start += d }
            return NSNumber(value: start / total)
        }
        animation.duration = total
        animation.repeatCount = .infinity
        layer.add(animation, forKey: "gif")
        root.addSublayer(layer)
        return root
    }
}

/// A looping 80×80 GIF of a ball bouncing (slower at the top: longer delays there).
private func makeBouncingBallGIF() -> Data? {
    let count = 12
    let data = NSMutableData()
    guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, "com.compuserve.gif" as CFString, count, nil)
    else { return nil }
    CGImageDestinationSetProperties(destination, [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFLoopCount: 0]] as CFDictionary)
    for i in 0..<count {
        let phase = Double(i) / Double(count)
        let height = sin(phase * .pi)  // 0 on the ground, 1 at the top
        guard let context = CGContext(
            data: nil, width: 80, height: 80, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        context.setFillColor(CGColor(red: 0.93, green: 0.95, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 80, height: 80))
        let shadow = 18 - 8 * height
        context.setFillColor(CGColor(gray: 0.6, alpha: 1))
        context.fillEllipse(in: CGRect(x: 40 - shadow, y: 6, width: 2 * shadow, height: 6))
        context.setFillColor(CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1))
        context.fillEllipse(in: CGRect(x: 28, y: 10 + 44 * height, width: 24, height: 24))
        guard let frame = context.makeImage() else { return nil }
        let delay = 0.06 + 0.14 * height * height
        CGImageDestinationAddImage(destination, frame, [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFDelayTime: delay]] as CFDictionary)
    }
    return CGImageDestinationFinalize(destination) ? data as Data : nil
}
