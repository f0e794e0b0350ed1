import QuartzCore

// Shared pieces of the demos ported from the seed documents.

/// A colour from 0–255 components (the seeds use UIColor-style values).
func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
    CGColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
}

/// The seeds' `[UIColor colorWithRed:arc4random() / INT_MAX ...]`, but reproducible: the same
/// sequence of colours on every run, so exported files are identical.
struct ColorSequence {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> CGColor {
        func unit() -> CGFloat {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return CGFloat(state >> 40) / CGFloat(1 << 24)
        }
        return CGColor(red: unit(), green: unit(), blue: unit(), alpha: 1)
    }
}

/// A white root layer of `size`, as a view controller's view would be.
func whiteRoot(_ size: CGSize = CGSize(width: 320, height: 240)) -> CALayer {
    let root = CALayer()
    root.frame = CGRect(origin: .zero, size: size)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    return root
}

/// An image drawn with Core Graphics at `size` points (the seeds load PNGs from their bundles;
/// Strata's demos draw their own).
func drawnImage(_ size: CGSize, scale: CGFloat = 2, _ draw: (CGContext) -> Void) -> CGImage {
    let context = CGContext(
        data: nil, width: Int(size.width * scale), height: Int(size.height * scale), bitsPerComponent: 8,
        bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    // Flip to UIKit's y-down drawing space.
    context.translateBy(x: 0, y: size.height * scale)
    context.scaleBy(x: scale, y: -scale)
    draw(context)
    return context.makeImage()!
}

/// A small spaceship pointing right (the seeds' Ship.png).
func shipImage() -> CGImage {
    drawnImage(CGSize(width: 64, height: 64)) { c in
        let hull = CGMutablePath()
        hull.move(to: CGPoint(x: 60, y: 32))
        hull.addLine(to: CGPoint(x: 8, y: 8))
        hull.addLine(to: CGPoint(x: 18, y: 32))
        hull.addLine(to: CGPoint(x: 8, y: 56))
        hull.closeSubpath()
        c.setFillColor(rgb(70, 90, 120))
        c.addPath(hull)
        c.fillPath()
        c.setFillColor(rgb(255, 170, 40))
        c.fillEllipse(in: CGRect(x: 28, y: 27, width: 12, height: 10))
    }
}

/// A layer showing the ship image (the seeds' shipLayer), fitted to `frame`.
func shipLayer(_ frame: CGRect) -> CALayer {
    let ship = CALayer()
    ship.frame = frame
    ship.contents = shipImage()
    ship.contentsScale = 2
    ship.contentsGravity = .resizeAspect
    return ship
}

/// The seeds' CAShapeLayer showing a path as a red line.
func pathLayer(_ path: CGPath, frame: CGRect, color: CGColor = rgb(200, 60, 60), width: CGFloat = 3) -> CALayer {
    let layer = CAShapeLayer()
    layer.frame = frame
    layer.path = path
    layer.fillColor = nil
    layer.strokeColor = color
    layer.lineWidth = width
    return layer
}
