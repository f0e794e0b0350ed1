import CoreGraphics
import Foundation
import QuartzCore
import Testing

/// Golden-image checks: a scene is rendered and compared with `References/<name>.png`.
///
/// Metric: a pixel *differs* when any of its four premultiplied channels differs by more than
/// `channelTolerance` levels (of 255); a check passes when at most `allowedPixels` pixels differ.
/// Every check reports the largest channel difference and the count. The rendered image is
/// always written to `$TMPDIR/strata-goldens/<name>.png` for looking at; with
/// `STRATA_RECORD_GOLDENS=1` the references are rewritten instead of compared.
enum Golden {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("References")
    static let output = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("strata-goldens")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["STRATA_RECORD_GOLDENS"] == "1" }

    struct Difference: CustomStringConvertible {
        var maxChannel: Int
        var differingPixels: Int
        var description: String { "max channel difference \(maxChannel), \(differingPixels) pixels over tolerance" }
    }

    /// A premultiplied BGRA (native ARGB32) bitmap context, transparent.
    static func makeContext(width: Int, height: Int) -> CGContext {
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// Renders `layer` (as the root of a CARenderer) at media time `time`.
    static func render(_ layer: CALayer, width: Int, height: Int, at time: Double = 0) -> CGImage {
        let context = makeContext(width: width, height: height)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = layer
        renderer.beginFrame(atTime: time, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        return context.makeImage()!
    }

    /// Compares two images of the same size (nil when the sizes differ).
    static func compare(_ a: CGImage, _ b: CGImage, channelTolerance: Int) -> Difference? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var result = Difference(maxChannel: 0, differingPixels: 0)
        let pa = a.pixels.words, pb = b.pixels.words
        for i in 0..<(a.width * a.height) {
            let x = pa[i], y = pb[i]
            guard x != y else { continue }
            var worst = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((x >> UInt32(shift)) & 0xFF) - Int((y >> UInt32(shift)) & 0xFF)))
            }
            result.maxChannel = max(result.maxChannel, worst)
            if worst > channelTolerance { result.differingPixels += 1 }
        }
        return result
    }

    /// Checks `image` against its reference.
    static func check(
        _ image: CGImage, named name: String, channelTolerance: Int = 4, allowedPixels: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try? image.writePNG(to: output.appendingPathComponent("\(name).png"))
        let url = references.appendingPathComponent("\(name).png")
        if isRecording {
            try? image.writePNG(to: url)
            return
        }
        guard let reference = CGImage.load(contentsOf: url) else {
            Issue.record("no reference \(url.path); run with STRATA_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        guard let difference = compare(image, reference, channelTolerance: channelTolerance) else {
            Issue.record("size \(image.width)x\(image.height) differs from the reference's", sourceLocation: sourceLocation)
            return
        }
        #expect(
            difference.differingPixels <= allowedPixels, "\(name): \(difference)", sourceLocation: sourceLocation)
    }
}

/// Builds a scene inside a transaction without implicit animations.
func scene<T>(_ build: () -> T) -> T {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let result = build()
    CATransaction.commit()
    return result
}

/// A solid layer.
func solid(_ frame: CGRect, _ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = CGColor(red: r, green: g, blue: b, alpha: a)
    return layer
}

/// A white canvas root layer of the given size.
func canvas(_ width: CGFloat, _ height: CGFloat) -> CALayer {
    solid(CGRect(x: 0, y: 0, width: width, height: height), 1, 1, 1)
}

/// A 4×4-cell test image (each quadrant a different colour, a dark marker at the top-left
/// pixel row) for orientation and filtering checks.
func quadrantImage(size: Int = 8) -> CGImage {
    let context = Golden.makeContext(width: size, height: size)
    // CG space: y up, so the top-left quadrant is at high y.
    let h = CGFloat(size) / 2
    context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))  // top left: red
    context.fill(CGRect(x: 0, y: h, width: h, height: h))
    context.setFillColor(CGColor(red: 0, green: 0.7, blue: 0, alpha: 1))  // top right: green
    context.fill(CGRect(x: h, y: h, width: h, height: h))
    context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))  // bottom left: blue
    context.fill(CGRect(x: 0, y: 0, width: h, height: h))
    context.setFillColor(CGColor(red: 1, green: 0.8, blue: 0, alpha: 1))  // bottom right: yellow
    context.fill(CGRect(x: h, y: 0, width: h, height: h))
    return context.makeImage()!
}

extension CGImage {
    /// The pixel at (x, y), row 0 on top, as (r, g, b, a) premultiplied bytes.
    func rgba(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let p = pixels.pixel(x: x, y: y)
        return (Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF), Int(p >> 24))
    }
}

/// True when every channel of `pixel` is within `tolerance` levels of `expected`.
func near(_ pixel: (r: Int, g: Int, b: Int, a: Int), _ expected: (Int, Int, Int, Int), tolerance: Int = 1) -> Bool {
    abs(pixel.r - expected.0) <= tolerance && abs(pixel.g - expected.1) <= tolerance
        && abs(pixel.b - expected.2) <= tolerance && abs(pixel.a - expected.3) <= tolerance
}
