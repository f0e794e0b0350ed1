import QuartzCore

extension Demo {
    /// Core Graphics drawing as an iOS developer writes it: gradients, paths, dashes, shadows, an
    /// image, clipping, and a card turned in 3D with CATransform3D perspective.
    static let coreGraphics = Demo(
        name: "coregraphics",
        summary: "Core Graphics drawing: gradients, paths, dashes, shadows, images, a CATransform3D card",
        kind: .still(drawCoreGraphicsDemo))
}

private func drawCoreGraphicsDemo() -> CGImage? {
    let width = 640
    let height = 400
    guard let ctx = CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    else { return nil }

    // Background: a vertical gradient from deep blue (bottom) to a lighter blue (top).
    let sky = CGGradient(
        colorsSpace: CGColorSpaceCreateDeviceRGB(),
        colors: [CGColor(red: 0.05, green: 0.09, blue: 0.25, alpha: 1),
                 CGColor(red: 0.20, green: 0.40, blue: 0.75, alpha: 1)] as CFArray,
        locations: [0, 1])!
    ctx.drawLinearGradient(sky, start: .zero, end: CGPoint(x: 0, y: height), options: [])

    // A rounded card with a soft shadow, filled with a radial gradient through a clip.
    let card = CGRect(x: 40, y: 160, width: 240, height: 200)
    let cardPath = CGPath(roundedRect: card, cornerWidth: 24, cornerHeight: 24, transform: nil)
    ctx.saveGState()
    ctx.setShadow(offset: CGSize(width: 0, height: -8), blur: 16, color: CGColor(gray: 0, alpha: 0.6))
    ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
    ctx.addPath(cardPath)
    ctx.fillPath()
    ctx.restoreGState()
    ctx.saveGState()
    ctx.addPath(cardPath)
    ctx.clip()
    let glow = CGGradient(
        colorsSpace: nil,
        colors: [CGColor(red: 1, green: 0.85, blue: 0.3, alpha: 1), CGColor(red: 0.95, green: 0.3, blue: 0.2, alpha: 1)] as CFArray,
        locations: nil)!
    ctx.drawRadialGradient(
        glow, startCenter: CGPoint(x: card.midX, y: card.midY), startRadius: 0,
        endCenter: CGPoint(x: card.midX, y: card.midY), endRadius: 150, options: .drawsAfterEndLocation)
    ctx.restoreGState()

    // A five-pointed star, filled and stroked with a dashed round-capped outline.
    let star = CGMutablePath()
    let center = CGPoint(x: card.midX, y: card.midY)
    for i in 0..<10 {
        let radius: CGFloat = i % 2 == 0 ? 70 : 30
        let angle = CGFloat.pi / 2 + CGFloat(i) * .pi / 5
        let p = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
    }
    star.closeSubpath()
    ctx.addPath(star)
    ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 0.85)
    ctx.setStrokeColor(red: 0.3, green: 0.05, blue: 0.1, alpha: 1)
    ctx.setLineWidth(4)
    ctx.setLineCap(.round)
    ctx.setLineDash(phase: 0, lengths: [12, 8])
    ctx.drawPath(using: .fillStroke)
    ctx.setLineDash(phase: 0, lengths: [])

    // A checkerboard image drawn scaled up without interpolation, then the same tiled.
    if let checker = makeChecker() {
        ctx.interpolationQuality = .none
        ctx.draw(checker, in: CGRect(x: 40, y: 30, width: 96, height: 96))
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 160, y: 30, width: 120, height: 96))
        ctx.draw(checker, in: CGRect(x: 160, y: 30, width: 24, height: 24), byTiling: true)
        ctx.restoreGState()
    }

    drawPerspectiveCard(in: ctx, center: CGPoint(x: 470, y: 200))
    return ctx.makeImage()
}

/// An 8×8 checkerboard in two colours.
private func makeChecker() -> CGImage? {
    var bytes: [UInt8] = []
    for y in 0..<8 {
        for x in 0..<8 {
            bytes += (x + y) % 2 == 0 ? [250, 250, 250, 255] : [40, 160, 120, 255]
        }
    }
    return CGImage(
        width: 8, height: 8, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 32,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
        provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
}

/// A 200×140 card turned 50° about y with m34 = −1/500, projected through CATransform3D as Core
/// Animation would: the near edge grows, the far edge shrinks.
private func drawPerspectiveCard(in ctx: CGContext, center: CGPoint) {
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    let transform = CATransform3DConcat(CATransform3DMakeRotation(.pi * 50 / 180, 0, 1, 0), perspective)
    let corners = [CGPoint(x: -100, y: -70), CGPoint(x: 100, y: -70), CGPoint(x: 100, y: 70), CGPoint(x: -100, y: 70)]
    let projected = corners.map { p -> CGPoint in
        let t = transform
        let x = p.x * t.m11 + p.y * t.m21 + t.m41
        let y = p.x * t.m12 + p.y * t.m22 + t.m42
        let w = p.x * t.m14 + p.y * t.m24 + t.m44
        return CGPoint(x: center.x + x / w, y: center.y + y / w)
    }
    ctx.saveGState()
    ctx.addLines(between: projected)
    ctx.closePath()
    ctx.clip()
    let face = CGGradient(
        colorsSpace: nil,
        colors: [CGColor(red: 0.5, green: 0.9, blue: 0.6, alpha: 1), CGColor(red: 0.1, green: 0.5, blue: 0.4, alpha: 1)] as CFArray,
        locations: nil)!
    ctx.drawLinearGradient(face, start: projected[0], end: projected[2], options: [])
    ctx.restoreGState()
    ctx.addLines(between: projected)
    ctx.closePath()
    ctx.setStrokeColor(gray: 1, alpha: 0.9)
    ctx.setLineWidth(3)
    ctx.setLineJoin(.round)
    ctx.strokePath()
}
