import CoreGraphics
import Foundation
import SnapshotTesting

// swift-snapshot-testing's path strategies (on Apple platforms for CGPath and UIBezierPath), for
// Linux: the path filled in black on a transparent picture of its bounding box, or its elements
// as text.

extension Snapshotting where Value == CGPath, Format == LayerImage {
    /// The path filled (even-odd) in black, matching its reference pixel for pixel.
    public static var image: Snapshotting {
        .image()
    }

    /// For references recorded on iOS: 99 % of pixels within a perceptual precision of 0.98.
    /// (Strata addition.)
    public static var imageRecordedOnIOS: Snapshotting {
        .image(precision: ImageComparison.recordedOnIOS.precision, perceptualPrecision: ImageComparison.recordedOnIOS.perceptualPrecision)
    }

    /// The path drawn with `drawingMode` in black over its bounding box (y down from the box's
    /// top left, as UIKit's renderer draws it), `scale` pixels a point; nil takes 1, 2 or 3 from
    /// the reference's size.
    public static func image(
        precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil, drawingMode: CGPathDrawingMode = .eoFill
    ) -> Snapshotting {
        SimplySnapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
            .pullback { path in
                let bounds = path.boundingBoxOfPath
                let draw = { (scale: CGFloat) in PathPicture.draw(path, in: bounds, scale: scale, mode: drawingMode) }
                return LayerImage(image: draw(scale ?? 1), size: bounds.size, redraw: scale == nil ? draw : nil)
            }
    }
}

extension Snapshotting where Value == CGPath, Format == String {
    /// The path's elements as text, a line each (`MoveTo (0.0, 0.0)`, `LineTo …`, `QuadCurveTo`,
    /// `CurveTo`, `Close`), numbers with one to three decimals, a blank line before each subpath
    /// after the first: the references swift-snapshot-testing records on Apple platforms read the same.
    public static var elementsDescription: Snapshotting {
        SimplySnapshotting.lines.pullback { path in PathPicture.elements(of: path, number: PathPicture.decimals) }
    }

    /// The path's elements as text, numbers written by `numberFormatter`.
    public static func elementsDescription(numberFormatter: NumberFormatter) -> Snapshotting {
        SimplySnapshotting.lines.pullback { path in
            PathPicture.elements(of: path) { numberFormatter.string(from: NSNumber(value: Double($0))) ?? "\($0)" }
        }
    }
}

/// How the path strategies draw and describe a path.
enum PathPicture {
    /// A number with one to three decimals and a point, whatever the locale (as the library's
    /// default formatter writes them on Apple platforms: 0.0, 10.5, 1.235).
    static func decimals(_ value: CGFloat) -> String {
        var text = String(format: "%.3f", Double(value))
        while text.hasSuffix("0"), let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 2 {
            text.removeLast()
        }
        return text
    }

    static func draw(_ path: CGPath, in bounds: CGRect, scale: CGFloat, mode: CGPathDrawingMode) -> CGImage {
        let empty = CGImage(pixels: PixelBuffer(width: 0, height: 0))
        let w = Int((bounds.width * scale).rounded(.up)), h = Int((bounds.height * scale).rounded(.up))
        guard bounds.width.isFinite, bounds.height.isFinite, w > 0, h > 0, w <= 16384, h <= 16384,
            let context = CGContext(
                data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return empty }
        // y down from the box's top left, as UIGraphicsImageRenderer(bounds:) draws.
        context.translateBy(x: 0, y: CGFloat(h))
        context.scaleBy(x: scale, y: -scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        context.addPath(path)
        context.drawPath(using: mode)
        return context.makeImage() ?? empty
    }

    static func elements(of path: CGPath, number: (CGFloat) -> String) -> String {
        var text = ""
        path.applyWithBlock { element in
            let (name, count): (String, Int) =
                switch element.pointee.type {
                case .moveToPoint: ("MoveTo", 1)
                case .addLineToPoint: ("LineTo", 1)
                case .addQuadCurveToPoint: ("QuadCurveTo", 2)
                case .addCurveToPoint: ("CurveTo", 3)
                case .closeSubpath: ("Close", 0)
                }
            if element.pointee.type == .moveToPoint && !text.isEmpty { text += "\n" }
            text += name
            for i in 0..<count {
                let point = element.pointee.points[i]
                text += " (\(number(point.x)), \(number(point.y)))"
            }
            text += "\n"
        }
        return text
    }
}
